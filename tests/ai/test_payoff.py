"""The searches' scorer (the engine's scoring over numbers) agrees with the settlement."""

from __future__ import annotations

import random

import pytest

from bot.ai.payoff import Scorer
from bot.ai.selfplay import SETTINGS
from bot.engine import Deal
from bot.engine.cards import mask_points
from bot.engine.playout import play_out


@pytest.mark.parametrize(("label", "variant", "n", "options"), SETTINGS)
def test_scorer_matches_the_engine(label: str, variant: str, n: int,
                                   options: dict[str, object]) -> None:
    rng = random.Random(label)
    checked = 0
    for i in range(150):
        deal = play_out(Deal.new(variant, players=n, dealer=i % n, rng=rng, pot=i % 7,
                                 **options), rng)
        result = deal.outcome()
        assert result is not None
        if result.status != "finished":
            continue
        view = deal.view(0)
        scorer = Scorer.of(view)
        extra = mask_points(deal.discards if deal.picked_up else deal.dealt_talon)
        pay = scorer.payments(deal.points[:], deal.tricks_won[:], extra, deal.tricks[-1][2])
        pay[deal.dealer] -= deal.v.ante_chips
        assert pay == list(result.payments), (deal.contract, deal.to_record())
        checked += 1
    assert checked > 50
