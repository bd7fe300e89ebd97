"""What a claim at a table changes in what is shown (see :mod:`.claims`)."""

from __future__ import annotations

import dataclasses

from bot.engine import Deal, SeatView
from bot.engine.claims import offered_claims
from bot.store import ClaimStatus

from .live import LiveTable
from .state import ClaimState


def claim_state(live: LiveTable) -> ClaimState | None:
    """The claim made at the deal's current moment, if any."""
    row, deal = live.claim, live.deal
    if row is None or deal is None or row.deal_id != live.deal_id or row.ply != deal.ply:
        return None
    return ClaimState(row.seat, row.kind, row.status,
                      tuple(s for s in range(live.players) if s != row.seat),
                      row.accepted, row.refused_by)


def claimable(live: LiveTable, seat: int) -> tuple[str, ...]:
    """The claims ``seat`` may make now (none once a claim was made at this moment)."""
    deal = live.deal
    if deal is None or claim_state(live) is not None:
        return ()
    return tuple(kind.value for kind in offered_claims(deal, seat))


def seen_by(deal: Deal, seat: int, claim: ClaimState | None) -> SeatView:
    """``seat``'s view of the deal; while a claim is put to it, with the claimer's hand
    laid open (what a claim shows, and only to those who decide on it)."""
    view = deal.view(seat)
    if claim is None or not claim.pending or seat not in claim.deciders:
        return view
    hand = deal.view(claim.seat).hand
    assert hand is not None
    return dataclasses.replace(view, open_hands={**view.open_hands, claim.seat: hand})


def ended_by(live: LiveTable, deal_id: int) -> ClaimState | None:
    """The claim that ended the deal ``deal_id``, if one did (for its result)."""
    row = live.claim
    if row is None or row.deal_id != deal_id or row.status not in (
            ClaimStatus.PROVEN, ClaimStatus.ACCEPTED):
        return None
    return ClaimState(row.seat, row.kind, row.status, accepted=row.accepted)
