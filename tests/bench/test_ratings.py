"""``bench ratings``: a tiny run reports every figure for 3 to 6 seats, the figures hang
together, and the ratings it wrote replay to themselves."""

from __future__ import annotations

import json

import pytest

from bench import BENCHMARKS
from bench.ratings import main


def test_ratings_is_a_benchmark() -> None:
    assert "ratings" in BENCHMARKS


def test_a_tiny_run_reports_every_seat_count(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--deals", "40", "--samples", "5", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert set(figures["seats"]) == {"3", "4", "5", "6"}
    for f in figures["seats"].values():
        assert 0 < f["rating_p50_ms"] <= f["rating_p99_ms"] <= f["rating_max_ms"]
        assert 0 <= f["rating_cpu_p50_ms"] <= f["rating_cpu_p99_ms"]
        assert f["chips_p50_ms"] > 0 and f["arithmetic_p50_ms"] > 0
    assert figures["ratings_stored"] > 0 and figures["rebuild_deals_per_s"] > 0
    assert figures["replay_matches"] is True
    assert isinstance(figures["within_aim"], bool)


def test_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--deals", "10", "--samples", "2"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[1].split()[:3] == ["seats", "chips", "p50"]
    assert "Aim: a rating's CPU p99 < 5 ms" in out
