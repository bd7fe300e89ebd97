"""Which computer seat decides next: the one rule that the tables' computer players
(:mod:`bot.tables.computers`) and the deal of the day's (:mod:`bot.daily.computers`)
both follow.

At each position, first every computer seat that may announce (Kontra, Rekontra) and has
not been asked at this position is asked, in seat order; then the main actor, if it is a
computer, makes its move. A seat is asked about an announcement once per position.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.engine import OPTIONAL, Deal


@dataclass(frozen=True, slots=True)
class Turn:
    """A computer decision due: ``seat`` is to choose its move (``main``) or to say
    whether it announces."""

    seat: int
    main: bool


def next_turn(deal: Deal, computer: Callable[[int], bool],
              asked: Callable[[int], bool]) -> Turn | None:
    """The next computer decision of ``deal`` (None: none is due). ``computer(seat)``:
    a computer decides for the seat now; ``asked(seat)``: it was asked at this position."""
    if deal.is_over:
        return None
    for seat in deal.to_act():
        if computer(seat) and not asked(seat) and any(
                a.type in OPTIONAL for a in deal.legal_actions(seat)):
            return Turn(seat, False)
    actor = deal.main_actor()
    if computer(actor) and any(a.type not in OPTIONAL for a in deal.legal_actions(actor)):
        return Turn(actor, True)
    return None
