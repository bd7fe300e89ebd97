"""``bench web``: a tiny run reports the page beside its query, the sizes, and pages a
second from a web process of its own; every page it fetched answered 200."""

from __future__ import annotations

import json

import pytest

from bench import BENCHMARKS
from bench.web import main


def test_web_is_a_benchmark() -> None:
    assert "web" in BENCHMARKS


def test_a_tiny_run(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--rows", "3000", "--servers", "3", "--deals", "300", "--members", "12",
                 "--repeat", "3", "--seconds", "1", "--concurrency", "2", "--json"]) == 0
    f = json.loads(capsys.readouterr().out)
    assert f["leaderboard_query_ms"] > 0 and f["leaderboard_page_ms"] > 0
    assert f["leaderboard_page_ms"] <= f["leaderboard_page_p95_ms"]
    assert 1000 < f["page_bytes"] < 100_000 and 1000 < f["member_page_bytes"] < 100_000
    assert f["members"] == 12 and f["backend"] == "sqlite" and f["fill_s"] is not None
    assert f["pages"] > 0 and f["pages_per_s"] > 0 and f["failed"] == 0
    assert f["p50_ms"] <= f["p99_ms"] and f["web_cpu_ms_per_page"] > 0


def test_the_table_without_the_web_process(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--rows", "2000", "--servers", "2", "--deals", "200", "--members", "8",
                 "--repeat", "2", "--seconds", "0"]) == 0
    out = capsys.readouterr().out
    assert "leaderboard page over HTTP" in out and "the bare query behind it" in out
    assert "pages/s" not in out


def test_pages_at_a_rate(capsys: pytest.CaptureFixture[str]) -> None:
    """An open loop: the pages started on schedule, a page a 1/rate s, all of them."""
    assert main(["--rows", "2000", "--servers", "2", "--deals", "200", "--members", "8",
                 "--repeat", "2", "--seconds", "1", "--rate", "40", "--concurrency", "4",
                 "--json"]) == 0
    f = json.loads(capsys.readouterr().out)
    assert f["pages"] == 40 and f["rate"] == 40 and f["failed"] == 0
    assert 20 <= f["pages_per_s"] <= 41
