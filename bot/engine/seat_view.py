"""What a deal shows: a seat's view (:class:`~bot.engine.view.SeatView`, exactly what
that seat or a spectator may see now; hidden cards never enter it), and the results of
a deal thrown in or not over yet."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import CARDS, CardSet
from .view import DealResult, Phase, ResultStatus, SeatView

if TYPE_CHECKING:
    from .deal import Deal

_FINISHED = Phase.FINISHED


def seat_view(deal: Deal, seat: int | None) -> SeatView:
    """What ``seat`` (None: a spectator) may see of the deal now."""
    over = deal.phase is _FINISHED
    is_decl = seat is not None and seat == deal.declarer
    talon = None
    if over or (is_decl and deal.picked_up):
        talon = CardSet(deal.dealt_talon)
    discards = CardSet(deal.discards) if (is_decl or over) and deal.discards else None
    exchange = None
    if deal.exchange_card is not None and (over or is_decl or seat == deal.called_from):
        exchange = CARDS[deal.exchange_card]
    opened = {s: CardSet(deal.hands[s]) for s in deal.open_hand_seats()}
    return SeatView(
        variant=deal.v.name,
        options=dict(deal.v.options),
        players=deal.n,
        seat=seat,
        dealer=deal.dealer,
        forehand=deal.forehand,
        phase=deal.phase,
        to_act=deal.to_act(),
        actor=None if over else deal.main_actor(),
        hand=None if seat is None else CardSet(deal.hands[seat]),
        hand_sizes=tuple(h.bit_count() for h in deal.hands),
        legal=() if seat is None else tuple(deal.legal_actions(seat)),
        auction=tuple(deal.bids),
        contract=deal.contract,
        declarer=deal.declarer,
        trump=deal.trump,
        called_card=None if deal.called_card is None else CARDS[deal.called_card],
        called_from=deal.called_from,
        called_in_talon=deal.called_in_talon,
        exchange_card=exchange,
        talon=talon,
        discards=discards,
        open_hands=opened,
        current_trick=deal.current_trick_view(),
        tricks=deal.trick_views(),
        tricks_won=tuple(deal.tricks_won),
        points_taken=tuple(deal.points),
        announcements=deal.announcements(),
        kontra_by=deal.kontra_by,
        rekontra_by=deal.rekontra_by,
        pot=deal.pot,
        result=deal.result,
        dealt_hands=tuple(CardSet(h) for h in deal.dealt) if over else None,
        dealt_talon=CardSet(deal.dealt_talon) if over else None,
    )


def thrown_in_result(deal: Deal) -> DealResult:
    """The result of a deal nobody played (the dealer's ante stays in the pot)."""
    payments = [0] * deal.n
    payments[deal.dealer] -= deal.v.ante_chips
    return DealResult(
        status=ResultStatus.THROWN_IN, contract=None, declarer=None, trump=None, multipliers=(),
        announcements=(), declarer_points=None, points=tuple(deal.points),
        tricks=deal.trick_views(), payments=tuple(payments), pot=deal.pot,
    )


def incomplete_result(deal: Deal) -> DealResult:
    """The state of a deal not over yet, as an ``incomplete`` result."""
    payments = [0] * deal.n
    payments[deal.dealer] -= deal.v.ante_chips
    return DealResult(
        status=ResultStatus.INCOMPLETE, contract=deal.contract, declarer=deal.declarer,
        trump=deal.trump, multipliers=(), announcements=deal.announcements(),
        declarer_points=None, points=tuple(deal.points), tricks=deal.trick_views(),
        payments=tuple(payments), pot=deal.pot,
    )
