"""Layout invariants: 14 cards fit, six seats fit, nothing overlaps."""

from __future__ import annotations

import math

import pytest

from bot.engine.cards import CARD_NAMES, CardSet
from bot.engine.view import Phase
from renderer.cards import card_size, strip_width
from renderer.describe import sort_hand, suit_order
from renderer.hand import CARD_W, draw_hand
from renderer.layout import outer_ring, ring_radii, seat_vector, turn_seat
from renderer.samples import sample_names
from renderer.table import PANEL_H, PANEL_W, TRICK
from renderer.trick import GAP, TrickStyle, draw_trick, unit_size

from .conftest import VIEWS


def _boxes(n: int, a: float, b: float, w: float, h: float) -> list[tuple[float, ...]]:
    out = []
    for k in range(n):
        ux, uy = math.sin(2 * math.pi * k / n), math.cos(2 * math.pi * k / n)
        out.append((a * ux - w / 2, b * uy - h / 2, a * ux + w / 2, b * uy + h / 2))
    return out


def _overlap(p: tuple[float, ...], q: tuple[float, ...]) -> bool:
    return p[0] < q[2] and q[0] < p[2] and p[1] < q[3] and q[1] < p[3]


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_trick_cards_and_names_never_overlap(n: int) -> None:
    uw, uh = unit_size(TrickStyle())
    a, b = ring_radii(n, uw, uh, GAP)
    boxes = _boxes(n, a, b, uw, uh)
    assert not any(_overlap(p, q) for i, p in enumerate(boxes) for q in boxes[i + 1:])


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_table_panels_clear_the_trick_and_each_other(n: int) -> None:
    tw, th = unit_size(TRICK)
    ta, tb = ring_radii(n, tw, th, GAP)
    pa, pb = outer_ring(n, (ta, tb, tw, th), PANEL_W, PANEL_H, GAP)
    cards = _boxes(n, ta, tb, tw, th)
    panels = _boxes(n, pa, pb, PANEL_W, PANEL_H)
    assert not any(_overlap(p, q) for i, p in enumerate(panels) for q in panels[i + 1:])
    assert not any(_overlap(p, c) for p in panels for c in cards)


def test_a_hand_of_fourteen_cards_fits_phone_friendly_width() -> None:
    view = VIEWS["tapp1879-discard"]
    assert view.hand is not None and len(view.hand) == 14
    img = draw_hand(view, names=sample_names(3))
    w, _ = card_size(CARD_W)
    assert img.width <= 1000
    assert img.width >= 14 * strip_width(CARD_W) + (w - strip_width(CARD_W))


def test_six_seats_fit_in_the_trick_image() -> None:
    view = VIEWS["dapp-6-durch"]
    assert view.players == 6
    img = draw_trick(view, names=sample_names(6))
    assert img.width <= 800 and img.height <= 720


def test_viewer_sits_at_the_bottom_and_seats_follow_the_direction() -> None:
    ccw = VIEWS["zuger-play"]  # counter-clockwise: the next seat is to the right
    assert seat_vector(ccw, ccw.seat) == pytest.approx((0.0, 1.0))
    assert seat_vector(ccw, (ccw.seat + 1) % 4)[0] > 0.9
    cw = VIEWS["tapp1879-play"]  # clockwise: the next seat is to the left
    assert seat_vector(cw, (cw.seat + 1) % 3)[0] < -0.5


def test_hand_sorts_trump_first_then_alternating_colours_high_to_low() -> None:
    hand = CardSet.parse("6C AC 7H TD 9S AH KS")
    assert [CARD_NAMES[c] for c in sort_hand(hand, 1)] == [
        "KS", "9S", "AH", "7H", "AC", "6C", "TD"]
    assert [CARD_NAMES[c] for c in sort_hand(hand, None)] == [
        "AC", "6C", "AH", "7H", "KS", "9S", "TD"]
    assert suit_order(None) == (0, 2, 1, 3)
    for trump in range(4):
        order = suit_order(trump)
        assert order[0] == trump and sorted(order) == [0, 1, 2, 3]


def test_turn_seat_is_the_engines_actor_not_a_seat_that_may_only_say_kontra() -> None:
    """The renderer marks the seat the engine names; while a Kontra may be said, the
    seats that may only say it are not the one the deal waits for."""
    import random

    from bot.engine import Deal
    from bot.engine.playout import random_action

    seen = 0
    for seed in range(40):
        rng = random.Random(seed)
        deal = Deal.new("dapp", players=4, rng=rng)
        while not deal.is_over:
            for seat in (None, *range(4)):
                view = deal.public_view() if seat is None else deal.view(seat)
                assert turn_seat(view) == view.actor
            if len(deal.to_act()) > 1 and deal.phase is Phase.PLAY:
                assert turn_seat(deal.public_view()) == deal.turn
                seen += 1
            deal.apply(*random_action(deal, rng))
        assert turn_seat(deal.public_view()) is None
    assert seen


def test_all_views_have_a_turn_seat_in_to_act_while_running() -> None:
    for view in VIEWS.values():
        seat = turn_seat(view)
        assert (seat is None) == (not view.to_act or view.is_over)
        if seat is not None:
            assert seat in view.to_act
