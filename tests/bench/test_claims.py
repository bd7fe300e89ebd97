"""``bench claims``: a tiny run reports every figure for every variant, and the figures
hang together (shares of the claims checked, p50 <= p99 <= max)."""

from __future__ import annotations

import json

import pytest

from bench import BENCHMARKS
from bench.claims import main
from bot.engine import VARIANTS


def test_claims_is_a_benchmark() -> None:
    assert "claims" in BENCHMARKS


def test_a_tiny_run_reports_every_variant(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--positions", "4", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert set(figures["variants"]) == set(VARIANTS)
    for f in figures["variants"].values():
        assert f["claims"] >= 4  # at least one offered claim per position
        shares = f["proven_share"] + f["put_share"] + f["refused_share"]
        assert shares == pytest.approx(1, abs=0.002)
        assert 0 <= f["over_budget_share"] <= 1 - f["proven_share"]
        assert 0 < f["p50_ms"] <= f["p99_ms"] <= f["max_ms"]
        assert f["floor_p50_ms"] > 0
