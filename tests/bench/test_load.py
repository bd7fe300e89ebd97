"""``python -m bot bench load`` in a tiny configuration: the figures are all there and
sane (no assertion on how fast: the machine is shared)."""

from __future__ import annotations

import json

import pytest

from bench import BENCHMARKS
from bench.load import main

REQUIRED = ("actions_per_s", "p50_ms", "p99_ms", "floor_p99_ms", "rss_per_table_kb")


def test_load_is_a_benchmark() -> None:
    assert "load" in BENCHMARKS


def test_tiny_load_run_reports_every_figure(capsys: pytest.CaptureFixture[str]) -> None:
    # three tables at 20 turns/s play far faster than Discord's per-channel limits allow
    code = main(["--tables", "3", "--seconds", "3", "--rate", "20", "--no-route-limits",
                 "--json"])
    assert code == 0
    figures = json.loads(capsys.readouterr().out)
    for key in REQUIRED:
        assert figures[key] is not None, key
    assert figures["tables"] == 3 and figures["route_limits"] is False
    assert figures["opening"]["tables_ready"] == 3
    assert figures["play"]["actions"] > 0 and figures["actions_per_s"] > 0
    assert 0 < figures["p50_ms"] <= figures["p99_ms"]
    assert figures["rss_per_table_kb"] > 0
    assert figures["floor"]["actions"] > 0 and figures["floor_actions_per_s"] > 0
    assert 0 < figures["floor_p50_ms"] <= figures["floor_p99_ms"]
    # the courier answered every action with a turn's requests (one of them, the table's
    # edit, with the bot's token); nothing failed or was refused
    courier = figures["courier"]
    assert courier["actions"] > 0 and figures["courier_failed"] == 0
    assert courier["kinds"]["courier_act"]["answered"] == courier["kinds"]["courier_act"]["n"]
    assert figures["courier_global_refused"] == 0
    assert 0 < figures["courier_p50_ms"] <= figures["courier_p99_ms"]
    assert figures["cpu_vs_courier"] > 0 and figures["p99_vs_courier"] > 0
    assert figures["play"]["timeouts"] == 0 and figures["play"]["unanswered"] == 0
    # Discord's global limit held, and the bot stayed under it
    assert (figures["global_limit"], figures["global_pace"]) == (50, 45)
    assert figures["token_requests_per_s"] > 0 and figures["global_refused"] == 0
    assert figures["admission_shed"] == 0  # three tables never fill the admission
