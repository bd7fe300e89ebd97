"""``bench ai`` on a tiny budget: every pair of levels and the bound are reported."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bench import ai
from bot.ai import search


@pytest.fixture
def tiny_levels(monkeypatch: pytest.MonkeyPatch) -> None:
    tiny = {name: replace(cfg.with_seconds(None), bid_samples=2,
                          play=replace(cfg.play, seconds=None, samples=2, min_samples=2))
            for name, cfg in search.LEVELS.items()}
    monkeypatch.setattr(search, "LEVELS", tiny)


def test_reports_every_pair_and_the_bound(tiny_levels: None) -> None:
    settings = [s for s in ai.SETTINGS if s[0] in ("zuger", "dapp")]
    out = ai.run(deals=2, bound_deals=2, settings=settings, workers=1)
    assert set(out["variants"]) == {"zuger", "dapp"}
    for entry in out["variants"].values():
        for a, b in ai.PAIRS:
            pair = entry[f"{a}_vs_{b}"]
            assert pair["deals"] == 2
            assert pair["ci95"][0] <= pair["mean"] <= pair["ci95"][1]
        assert entry["bound_vs_easy"]["mean"] >= 0  # the bound never does worse
    assert {"easy", "normal", "strong", "bound"} <= set(out["decision_ms"])
    assert len(out["load_avg"]["before"]) == len(out["load_avg"]["after"]) == 3
    ai.print_table(out)
