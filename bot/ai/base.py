"""The interface every computer player shares, and the registry of levels.

A player reads only the :class:`~bot.engine.SeatView` it is given and answers with one
of ``view.legal`` (a discard template answered by a concrete discard). ``choose`` is
asked when the seat is on its main turn; ``announcement`` may be asked at any time
for the optional announcements that block nobody (``kontra``, ``rekontra``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol, runtime_checkable

from bot.engine import Action, SeatView
from bot.engine import main_actions as _main_actions


@runtime_checkable
class Player(Protocol):
    """A computer player for one seat."""

    def choose(self, view: SeatView) -> Action:
        """The action to take on the seat's main turn (one of ``view.legal``)."""
        ...

    def announcement(self, view: SeatView) -> Action | None:
        """An optional announcement (kontra, rekontra) to make now, or ``None``."""
        ...


PlayerFactory = Callable[[random.Random], Player]

_LEVELS: dict[str, PlayerFactory] = {}


def register_level(name: str, factory: PlayerFactory) -> None:
    """Make ``make_player(name, rng)`` build players with ``factory(rng)``."""
    _LEVELS[name] = factory


def levels() -> tuple[str, ...]:
    """The registered level names."""
    return tuple(_LEVELS)


def make_player(level: str = "easy", rng: random.Random | None = None) -> Player:
    """A player of ``level``; ``rng`` drives any randomness it has (seed it for tests)."""
    factory = _LEVELS.get(level)
    if factory is None:
        raise ValueError(f"unknown level {level!r} (one of: {', '.join(_LEVELS)})")
    return factory(rng if rng is not None else random.Random())


def main_actions(view: SeatView) -> list[Action]:
    """The seat's legal actions without the optional announcements.

    Empty when the seat is not on its main turn."""
    return _main_actions(view.legal)
