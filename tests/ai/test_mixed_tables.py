"""The baseline beside players who do anything legal (wild bids, kontra, tout): it
must still act legally in every situation they lead it into."""

from __future__ import annotations

import random

import pytest

from bot.ai import OPTIONAL, Player, main_actions
from bot.engine import Action, ActionType, Deal, SeatView
from bot.engine.cards import iter_bits

from .helpers import drive, players
from .test_selfplay import SETTINGS


class RandomPlayer:
    """Any legal action, uniformly; kontra and rekontra whenever a coin says so."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: SeatView) -> Action:
        action = self.rng.choice(main_actions(view))
        if action.type is ActionType.DISCARD:
            assert view.hand is not None and action.count is not None
            cards = self.rng.sample(list(iter_bits(view.hand.mask)), action.count)
            return Action.discard(sum(1 << c for c in cards))
        return action

    def announcement(self, view: SeatView) -> Action | None:
        extra = [a for a in view.legal if a.type in OPTIONAL]
        return extra[0] if extra and self.rng.random() < 0.5 else None


@pytest.mark.parametrize(("variant", "n", "options"), SETTINGS,
                         ids=[f"{v}-{n}-{'-'.join(f'{k}={x}' for k, x in o.items())}"
                              for v, n, o in SETTINGS])
def test_baseline_acts_legally_beside_random_players(variant: str, n: int,
                                                      options: dict) -> None:
    rng = random.Random(f"mixed{variant}{n}{sorted(options.items())}")
    baseline = players(n, seed=2)
    for i in range(25):
        seats: list[Player] = [
            baseline[s] if (s + i) % 2 else RandomPlayer(random.Random(rng.random()))
            for s in range(n)
        ]
        deal = Deal.new(variant, players=n, dealer=i % n, rng=random.Random(rng.random()),
                        **options)
        result, _ = drive(deal, seats)
        assert result.status in ("finished", "thrown_in")
