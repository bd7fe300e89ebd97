"""``python -m bot bench scale`` in a tiny configuration, on the tests' PostgreSQL
server: real bot processes, one killed mid-load and started again; the figures are all
there, and nothing was lost or doubled (no assertion on how fast: the machine is
shared)."""

from __future__ import annotations

import json

import pytest

from bench import BENCHMARKS
from bench.scale import main
from tests.postgres import PgServer

REQUIRED = ("speedup_2_over_1", "cpu_ratio_2_over_1", "p99_ms", "lost", "doubled",
            "global_limit_exceeded", "simulated_speedup_2_over_1")


def test_scale_is_a_benchmark() -> None:
    assert "scale" in BENCHMARKS


def test_tiny_scale_run_loses_and_doubles_nothing(pg_server: PgServer,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["--tables", "2", "--seconds", "4", "--rate", "4", "--kill-at", "1",
                 "--down", "0.5", "--pg", pg_server.admin_url, "--json"])
    assert code == 0
    figures = json.loads(capsys.readouterr().out)
    for key in REQUIRED:
        assert figures[key] is not None, key
    runs = figures["runs"]
    assert [runs[r]["processes"] for r in ("one", "two", "fault")] == [1, 2, 2]
    for run in runs.values():
        assert run["recorded_actions"] > 0 and run["turns_per_s"] > 0
        assert run["lost"] == 0 and run["doubled"] == 0, run
        assert run["identify_refused"] == 0  # the processes took turns to identify
    assert figures["lost"] == 0 and figures["doubled"] == 0
    assert figures["global_limit_exceeded"] is False
