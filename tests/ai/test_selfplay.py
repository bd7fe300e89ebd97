"""Baseline players at every seat: every action legal, every deal finishes."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.engine import Deal

from .helpers import drive, players

SETTINGS: list[tuple[str, int, dict[str, Any]]] = [
    ("zuger", 4, {}),
    ("zuger", 4, {"tapp_threshold": 65}),
    ("tapp1879", 3, {}),
    ("dapp", 3, {}),
    ("dapp", 4, {}),
    ("dapp", 5, {}),
    ("dapp", 6, {}),
    ("dapp", 4, {"closing_ramsch": True}),
    ("wuerttemberg", 3, {}),
    ("wuerttemberg", 4, {}),
    ("wuerttemberg", 3, {"deck": 32}),
    ("wuerttemberg", 4, {"deck": 32}),
    ("wuerttemberg", 3, {"herz_aufnehmen": True}),
    ("wuerttemberg", 4, {"herz_aufnehmen": True, "deck": 32}),
    ("wuerttemberg", 4, {"forced_ramsch": True}),
]
DEALS = 40


@pytest.mark.parametrize(("variant", "n", "options"), SETTINGS,
                         ids=[f"{v}-{n}-{'-'.join(f'{k}={x}' for k, x in o.items())}"
                              for v, n, o in SETTINGS])
def test_baseline_plays_legally_to_the_end(variant: str, n: int, options: dict[str, Any]
                                           ) -> None:
    rng = random.Random(f"{variant}{n}{sorted(options.items())}")
    seats = players(n, seed=1)
    statuses = set()
    for i in range(DEALS):
        deal = Deal.new(variant, players=n, dealer=i % n, rng=random.Random(rng.random()),
                        **options)
        result, _ = drive(deal, seats)
        assert result.status in ("finished", "thrown_in")
        assert sum(result.payments) + result.pot - deal.pot_before == 0  # chips conserved
        statuses.add(result.status)
        assert "kontra" not in result.announcements  # the baseline never says kontra
    assert "finished" in statuses


def test_self_play_is_reproducible() -> None:
    logs = []
    for _ in range(2):
        deal = Deal.new("dapp", players=4, dealer=1, rng=random.Random(99))
        logs.append(drive(deal, players(4, seed=5))[1])
    assert logs[0] == logs[1]
