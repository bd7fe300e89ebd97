"""The deadlines of a member's turn: which turn a table waits for, and the reminder and
timeout it gets (stored by the write that makes it the member's turn)."""

from __future__ import annotations

from bot.settings import Settings
from bot.store import Arming, DeadlineKind, DeadlineSpec, TableStatus

from .claim_views import claim_state
from .live import LiveTable
from .state import ClaimState

#: (deal id, ply, seat) of a member's turn
Turn = tuple[int, int, int]


def waiting_seat(live: LiveTable) -> int | None:
    """The seat of the member the deal in play waits for (None: a computer's turn, or
    no deal in play)."""
    return seat_waited(live, claim_state(live))


def seat_waited(live: LiveTable, claim: ClaimState | None) -> int | None:
    """:func:`waiting_seat` with ``claim`` made at this moment: while it is pending the
    table waits for those who decide on it (the first still to answer), not for the
    claimer, whose turn it is again once it is over (they answer in the order of play
    from the claimer)."""
    deal = live.deal
    if live.status is not TableStatus.PLAYING or deal is None or deal.is_over:
        return None
    if claim is not None and claim.pending:
        n = live.players
        return min((s for s in claim.waiting if s in live.seats
                    and not live.computer_plays(s)),
                   key=lambda s: (s - claim.seat) % n, default=None)
    actor = deal.public_view().actor
    if actor is None or actor not in live.seats or live.computer_plays(actor):
        return None
    return actor


def turn_key(live: LiveTable) -> Turn | None:
    """The member's turn the table waits for, or None."""
    return claim_turn_key(live, claim_state(live))


def claim_turn_key(live: LiveTable, claim: ClaimState | None) -> Turn | None:
    """The member's turn the table waits for with ``claim`` made at this moment."""
    seat = seat_waited(live, claim)
    if seat is None or live.deal_id is None:
        return None
    assert live.deal is not None
    return live.deal_id, live.deal.ply, seat


def turn_specs(settings: Settings, seat: int | None, now: float) -> tuple[DeadlineSpec, ...]:
    """The deadlines of a turn of ``seat`` starting ``now``: a reminder (unless it would
    come with or after the timeout) and the timeout, each where it is not off; none
    for no seat."""
    if seat is None:
        return ()
    reminder, timeout = settings.reminder_delay, settings.turn_timeout
    specs = []
    if reminder and (not timeout or reminder < timeout):
        specs.append(DeadlineSpec(DeadlineKind.REMINDER, now + reminder, seat))
    if timeout:
        specs.append(DeadlineSpec(DeadlineKind.TIMEOUT, now + timeout, seat))
    return tuple(specs)


def arming(before: Turn | None, after: Turn | None, settings: Settings,
           now: float) -> Arming | None:
    """The deadlines a write must set when the turn goes from ``before`` to ``after``
    (None: the turn is the same, its deadlines stay as they are)."""
    if after == before:
        return None
    if after is None:
        return Arming()
    deal_id, ply, seat = after
    return Arming(deal_id, ply, turn_specs(settings, seat, now))
