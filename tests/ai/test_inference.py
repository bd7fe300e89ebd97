"""Inference from the auction: the model of the others' bids is the baseline's, so among
baseline players the true layout always explains every public choice."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.ai.determinize import Sampler
from bot.ai.inference import MISMATCH, AuctionModel
from bot.ai.knowledge import Knowledge
from bot.ai.selfplay import SETTINGS
from bot.engine import Deal

from .helpers import main_seat, players


@pytest.mark.parametrize(("label", "variant", "n", "options"), SETTINGS)
def test_the_true_layout_explains_baseline_choices(label: str, variant: str, n: int,
                                                   options: dict[str, Any]) -> None:
    rng = random.Random(label)
    seats = players(n, seed=5)
    checked = 0
    for i in range(25):
        deal = Deal.new(variant, players=n, dealer=i % n, rng=rng, **options)
        for _ in range(rng.randrange(0, 40)):
            if deal.is_over:
                break
            seat = main_seat(deal)
            deal.apply(seat, seats[seat].choose(deal.view(seat)))
        if deal.is_over:
            continue
        me = main_seat(deal)
        k = Knowledge(deal.view(me))
        model = AuctionModel(k, plays=True)
        inside = 0
        for h in deal.hands:
            inside |= h
        assert model.weight(tuple(deal.hands), k.table.deck & ~inside & ~k.played) == 1.0
        checked += model.active
    assert checked >= 5 or variant == "wuerttemberg" and options.get("forced_ramsch")


def test_layouts_follow_the_auction() -> None:
    # zuger: seat 1 passed at once; with inference its sampled hands are weak ones
    rng = random.Random(3)
    seats = players(4, seed=1)
    weighted = plain = 0.0
    for _ in range(40):
        deal = Deal.new("zuger", dealer=3, rng=rng)
        for _ in range(2):
            seat = main_seat(deal)
            deal.apply(seat, seats[seat].choose(deal.view(seat)))
        view = deal.view(main_seat(deal))
        if [a.value for _, a in view.auction][1:] != ["pass"]:
            continue
        k = Knowledge(view)
        model = AuctionModel(k)
        with_model, without = Sampler(k, model), Sampler(k)
        for _ in range(10):
            weighted += model.weight(with_model.sample(rng).hands)
            plain += model.weight(without.sample(rng).hands)
    assert weighted > plain * 1.2 and plain > 0
    assert MISMATCH < 1
