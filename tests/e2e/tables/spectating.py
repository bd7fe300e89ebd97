"""The hidden-information check of a spectator's panel, worked out from the record alone.

At the moment the panel was sent (its stamp), a spectator may see: the followed seat's
hand as it was when the trick in play began, the tricks already complete, and the card
called (public). Nothing during the auction and the steps before play."""

from __future__ import annotations

from typing import Any

from bot.display import Disclosure
from bot.engine import Phase, deal_from_record


def allowed_cards(record: dict[str, Any], ply: int, seat: int) -> tuple[set[int], Any]:
    """The cards a spectator of ``seat`` may see at ``ply``, and the tricks complete."""
    deal = deal_from_record(record, stop_at=ply)
    public = deal.public_view()
    own = deal.view(seat)
    assert own.hand is not None
    allowed = set(own.hand)
    current = public.current_trick
    if current is not None:  # the seat's card in the trick in play is still in its hand
        allowed |= {c for i, c in enumerate(current.cards)
                    if current.seat_of(i, public.players) == seat}
    allowed |= {c for t in public.tricks for c in t.cards}
    if public.called_card is not None:
        allowed.add(public.called_card)
    return allowed, public


def check_spectator(d: Disclosure, record: dict[str, Any], named: set[int]) -> None:
    """``named``: the cards the panel's text and buttons name."""
    assert d.audience is not None and d.seat is None and d.stamp is not None
    model = d.model
    view = model.view
    before_play = deal_from_record(record, stop_at=d.stamp.ply).phase is not Phase.PLAY \
        and not deal_from_record(record, stop_at=d.stamp.ply).tricks
    if view is None:
        assert not named and model.image is None and not model.shown, model.description
        return
    assert not before_play, "a spectator saw cards before play"
    assert view.seat is not None
    allowed, public = allowed_cards(record, d.stamp.ply, view.seat)
    shown = set(view.visible_cards()) | set(model.shown) | named
    assert shown <= allowed, (d.stamp, sorted(shown - allowed))
    # exactly the complete tricks, none in progress; the hand as the trick in play began
    assert view.tricks == public.tricks and view.current_trick is None
    assert view.legal == () and view.actor is None and view.discards is None
    assert model.image is None or model.image.view is view
    current = public.current_trick
    if current is not None:
        for i, card in enumerate(current.cards):
            who = current.seat_of(i, public.players)
            if who == view.seat:
                assert view.hand is not None and card in view.hand  # not shown as played
            elif card != public.called_card:
                assert card not in shown, "a card of the trick in play reached a spectator"
