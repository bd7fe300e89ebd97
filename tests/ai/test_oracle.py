"""The benchmark's perfect-information players: legal, and the bound never ends a deal
worse than the baseline in its seat (rollout improvement on a deterministic deal)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.ai.oracle import ClairvoyantPlayer, OraclePlayer
from bot.engine import Deal

from .helpers import drive, players

SETTINGS: list[tuple[str, int, dict[str, Any]]] = [
    ("zuger", 4, {}), ("tapp1879", 3, {}), ("dapp", 4, {}), ("wuerttemberg", 4, {}),
]


@pytest.mark.parametrize(("variant", "n", "options"), SETTINGS)
def test_the_bound_never_does_worse_than_the_baseline(variant: str, n: int,
                                                      options: dict[str, Any]) -> None:
    better = 0
    for i in range(12):
        base = Deal.new(variant, players=n, dealer=i % n, rng=random.Random(i), **options)
        deal = base.copy()
        plain, _ = drive(base, players(n, seed=i))
        seats = players(n, seed=i)
        seats[0] = ClairvoyantPlayer(deal, 0, seats)
        result, _ = drive(deal, seats)
        assert result.payments[0] >= plain.payments[0]
        better += result.payments[0] > plain.payments[0]
    assert better >= 1


def test_the_minimax_oracle_plays_legally() -> None:
    deal = Deal.new("dapp", players=4, dealer=1, rng=random.Random(2))
    seats = players(4, seed=2)
    seats[0] = OraclePlayer(deal, random.Random(0))
    result, _ = drive(deal, seats)
    assert result.status == "finished"
