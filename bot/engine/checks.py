"""Whether an action is legal now, and why not: :func:`check` raises an
:class:`~bot.engine.errors.IllegalAction` naming its :class:`~bot.engine.errors.Refusal`
(``Deal.apply`` always checks; searchers that draw from ``legal_actions`` may skip it)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Action, ActionType
from .cards import CARD_NAMES, SUIT_MASKS, SUITS, CardSet
from .errors import IllegalAction, NotYourTurn, Refusal
from .view import Phase

if TYPE_CHECKING:
    from .deal import Deal

_T = ActionType
_T_PLAY, _T_KONTRA, _T_REKONTRA, _T_DISCARD, _T_CALL, _T_GIVE = (
    _T.PLAY, _T.KONTRA, _T.REKONTRA, _T.DISCARD, _T.CALL, _T.GIVE)
_AUCTION, _DECLARE, _DISCARD, _PLAY, _FINISHED = (
    Phase.AUCTION, Phase.DECLARE, Phase.DISCARD, Phase.PLAY, Phase.FINISHED)


def check(deal: Deal, seat: int, action: Action) -> None:
    """Raise :class:`IllegalAction` (with its :class:`Refusal`) unless ``seat`` may take
    ``action`` now."""
    if deal.phase is _FINISHED:
        raise IllegalAction("the deal is over", Refusal.DEAL_OVER)
    if not 0 <= seat < deal.n:
        raise IllegalAction(f"there is no seat {seat}", Refusal.NO_SEAT)
    t = action.type
    if t is _T_KONTRA or t is _T_REKONTRA:
        if not deal.v.has_kontra:
            raise IllegalAction(f"there is no {t.value} in {deal.v.name}", Refusal.NO_KONTRA)
        if action not in deal.v.kontra_actions(deal, seat):
            raise IllegalAction(deal.v.kontra_refusal(deal, seat, t), Refusal.NO_KONTRA)
        return
    actor = deal.main_actor()
    if seat != actor:
        raise NotYourTurn(f"not your turn: seat {actor} is to act")
    ph = deal.phase
    if ph is _AUCTION or ph is _DECLARE:
        if action not in deal.main_legal(seat):
            raise IllegalAction(deal.v.auction_refusal(deal, seat, action))
        return
    if t is _T_PLAY:
        if ph is not _PLAY:
            raise IllegalAction(f"no card may be played during the {ph.value}",
                                Refusal.WRONG_STEP)
        _check_play(deal, action.card)
        return
    if t is _T_DISCARD:
        if ph is not _DISCARD:
            raise IllegalAction(f"no discard is expected during the {ph.value}",
                                Refusal.WRONG_STEP)
        cards = action.cards or 0
        k = deal.discard_count
        if cards & ~deal.hands[seat]:
            bad = CardSet(cards & ~deal.hands[seat])
            raise IllegalAction(f"cannot discard {bad}: not in hand", Refusal.NOT_IN_HAND)
        if cards.bit_count() != k:
            raise IllegalAction(f"must discard exactly {k} cards", Refusal.DISCARD_COUNT,
                                count=k)
        return
    if action in deal.main_legal(seat):
        return
    expected = _PHASE_ACTION.get(ph)
    if expected is not None and t is not expected:
        raise IllegalAction(f"a {expected.value} action is expected now, not {t.value}",
                            Refusal.WRONG_STEP)
    if t is _T_CALL and action.card is not None and deal.hands[seat] >> action.card & 1:
        raise IllegalAction(f"cannot call {CARD_NAMES[action.card]}: it is in your hand",
                            Refusal.CALL_OWN_CARD)
    if t is _T_CALL and action.card is None:
        raise IllegalAction("a card must be called", Refusal.MUST_CALL)
    if t is _T_GIVE and action.card is not None:
        if action.card == deal.called_card:
            raise IllegalAction("cannot give back the called card", Refusal.GIVE_CALLED_CARD)
        raise IllegalAction(f"cannot give {CARD_NAMES[action.card]}: not in hand",
                            Refusal.NOT_IN_HAND)
    legal = ", ".join(a.argument or a.token for a in deal.main_legal(seat))
    raise IllegalAction(f"{action.argument} is not allowed now (allowed: {legal})")

def _check_play(deal: Deal, card: int | None) -> None:
    assert card is not None
    bit = 1 << card
    hand = deal.hands[deal.turn]
    if not hand & bit:
        raise IllegalAction(f"{CARD_NAMES[card]} is not in hand", Refusal.NOT_IN_HAND)
    if deal.legal_play_mask() & bit:
        return
    if hand & deal.led_mask:
        led = SUIT_MASKS.index(deal.led_mask)
        raise IllegalAction(f"must follow suit {SUITS[led]}", Refusal.MUST_FOLLOW, suit=led)
    raise IllegalAction(f"must play a trump ({SUITS[deal.trump or 0]})", Refusal.MUST_TRUMP,
                        suit=deal.trump)


_PHASE_ACTION = {
    Phase.CONTRACT: _T.CONTRACT,
    Phase.TRUMP: _T.TRUMP,
    Phase.CALL: _T.CALL,
    Phase.GIVE: _T.GIVE,
    Phase.ANNOUNCE: _T.ANNOUNCE,
    Phase.DISCARD: _T.DISCARD,
}
