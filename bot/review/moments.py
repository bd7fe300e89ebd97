"""A member's decisions in a finished deal, each as the member saw the deal then.

:func:`moments` replays the deal's record in the engine and, before each action the
member took themselves, keeps ``deal.view(seat)``: the seat's own view at that moment,
the only thing the review's judgement reads. Not the member's decisions, so left out:
actions a computer took for their seat (a timeout, away), the cards played out after a
claim came true, and kontra/rekontra (optional words the search does not weigh).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from bot.engine import Action, ActionType, SeatView, deal_from_record

#: optional words that are no decision of the seat's main turn
OPTIONAL_WORDS = frozenset({ActionType.KONTRA, ActionType.REKONTRA})


@dataclass(frozen=True, slots=True)
class Moment:
    """One decision: the action at ``ply`` and the seat's view just before it."""

    ply: int
    view: SeatView
    taken: Action


def moments(record: dict[str, Any], seat: int, *, skip: Collection[int] = (),
            until: int | None = None) -> list[Moment]:
    """The seat's own decisions in ``record``: ``skip`` the plies a computer took for
    it, ``until`` the ply the deal's last decision was taken before (a claim's
    play-out follows it). Raises the engine's errors for a broken record."""
    actions = record.get("actions") or []
    end = len(actions) if until is None else min(until, len(actions))
    deal = deal_from_record(record, stop_at=0)
    out: list[Moment] = []
    for ply, entry in enumerate(actions[:end]):
        who, action = Action.from_record(entry)
        if who == seat and ply not in skip and action.type not in OPTIONAL_WORDS:
            out.append(Moment(ply, deal.view(seat), action))
        deal.apply(who, action)
    return out


__all__ = ["OPTIONAL_WORDS", "Moment", "moments"]
