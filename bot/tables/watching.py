"""Who may watch a table, and what they are shown of a seat (Discord-free; the panel
itself is :mod:`bot.display.spectator_messages`)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine import SeatView

from .core import require_playing
from .errors import NoSpectators
from .live import LiveTable
from .spectators import spectator_view, spectators_on


@dataclass(frozen=True, slots=True)
class Spectated:
    """What a spectator is shown of one seat: ``view`` None while there is no play."""

    table_id: int
    seat: int
    view: SeatView | None
    names: tuple[str, ...]
    style: str
    players: int


def spectate(live: LiveTable, user_id: int, seat: int | None) -> Spectated:
    """What ``user_id`` may watch at ``live``: ``seat`` (None: the first) one trick
    behind. Refused to seated members, at tables without spectators, and outside play."""
    if not spectators_on(live.options):
        raise NoSpectators()
    if live.seat_of(user_id) is not None:
        raise NoSpectators("watch.error.seated")
    require_playing(live)
    seat = 0 if seat is None else seat
    if not 0 <= seat < live.players:
        raise NoSpectators("watch.error.seat")
    deal = live.deal
    view = spectator_view(deal, seat) if deal is not None else None
    return Spectated(live.table_id, seat, view, live.names(), live.style, live.players)


__all__ = ["Spectated", "spectate"]
