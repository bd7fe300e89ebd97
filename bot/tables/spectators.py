"""Spectators: a member not seated follows one seat's hand, one trick behind.

A table opened with the ``spectators`` option (a table option like ``computer_level``,
not a rule of the game: the engine never sees it) has a *Watch* button. Its private
panel shows a seat's hand as it was when the current trick began, and only the tricks
that are complete: :func:`spectator_view` is the seat's own view at the last moment a
trick was completed (or play began), with everything the seat knows beyond its hand
taken out (its discards, the talon, a card handed over, open hands) and no seat to act.
So no card of a trick in progress reaches a spectator, not even as a card missing from
the hand, and during the auction (and the steps before play) nothing is shown.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from bot.engine import Action, Deal, Phase, SeatView, deal_from_record
from bot.engine.record import deal_to_record

from .config import SPECTATORS_OPTION
from .ids import MAX_SEATS, WATCH, WATCH_VERBS


def watch_token(seat: int | None) -> str:
    """``watch`` (the table message's button) or ``watch.<seat>`` (follow that seat)."""
    return WATCH if seat is None else f"{WATCH}.{seat}"


def watched_seat(token: str) -> int | None:
    """The seat of a ``watch.<seat>`` token (None for plain ``watch``)."""
    _, _, seat = token.partition(".")
    return int(seat) if seat else None


def spectators_on(options: dict[str, Any]) -> bool:
    return bool(options.get(SPECTATORS_OPTION))


def trick_start(record: dict[str, Any]) -> int | None:
    """The ply at which the deal's last complete trick ended, or play began (the
    moment a spectator sees); None before play (the auction and the steps after it)."""
    deal = deal_from_record(record, stop_at=0)
    found: int | None = None
    tricks = 0
    for ply, entry in enumerate(record.get("actions") or []):
        if deal.phase is Phase.PLAY and found is None:
            found = ply
        deal.apply(*Action.from_record(entry))
        if len(deal.tricks) > tricks:
            tricks = len(deal.tricks)
            found = ply + 1
    if found is None and deal.phase is Phase.PLAY:
        found = len(record.get("actions") or [])
    return found


def spectator_view(deal: Deal, seat: int) -> SeatView | None:
    """What a spectator following ``seat`` sees of ``deal`` now (see the module
    docstring); None while there is no play to follow."""
    record = deal_to_record(deal)
    ply = trick_start(record)
    if ply is None:
        return None
    then = deal_from_record(record, stop_at=ply)
    view = then.view(seat)
    return dataclasses.replace(
        view, to_act=(), actor=None, legal=(), talon=None, discards=None,
        exchange_card=None, open_hands={}, current_trick=None, dealt_hands=None,
        dealt_talon=None, result=None, phase=Phase.PLAY)


__all__ = ["MAX_SEATS", "SPECTATORS_OPTION", "WATCH", "WATCH_VERBS", "spectator_view",
           "spectators_on", "trick_start", "watch_token", "watched_seat"]
