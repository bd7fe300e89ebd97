"""``bench review``: a tiny run reports every figure for every variant, and the figures
hang together (p50 <= max, a review judges at least one decision)."""

from __future__ import annotations

import json

import pytest

from bench import BENCHMARKS
from bench.review import SETTINGS, main


def test_review_is_a_benchmark() -> None:
    assert "review" in BENCHMARKS


def test_a_tiny_run_reports_every_variant(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--deals", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out["variants"]) == {v for v, _ in SETTINGS}
    for (_, players), f in zip(SETTINGS, out["variants"].values(), strict=True):
        assert f["reviews"] == players
        assert f["decisions_per_review"] >= 1
        assert 0 < f["p50_s"] <= f["max_s"]
        assert 0 <= f["mistake_share"] <= 1
        assert f["review_vs_choose"] > 0
