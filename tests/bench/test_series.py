"""``bench series``: a tiny run reports every figure, its standings equal the
independent count, and the table reads as documented."""

from __future__ import annotations

import json

import pytest

from bench import BENCHMARKS
from bench.series import main


def test_series_is_a_benchmark() -> None:
    assert "series" in BENCHMARKS


def test_a_tiny_run_reports_every_figure(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--members", "5", "--deals", "6", "--results", "100", "--samples", "3",
                 "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["series_results"] == 30 and figures["results_stored"] == 100
    assert 0 < figures["rows_alone_p50_ms"] <= figures["rows_alone_max_ms"]
    assert 0 < figures["standings_p50_ms"] <= figures["standings_max_ms"]
    assert figures["standings_match_independent_count"] is True
    assert isinstance(figures["within_aim"], bool)


def test_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--members", "3", "--deals", "6", "--results", "18", "--samples", "2"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[1].split() == ["p50", "max"]
    assert "Aim: the standings' p50 < 50 ms" in out
    with pytest.raises(SystemExit):
        main(["--deals", "60"])
