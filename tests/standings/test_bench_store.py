"""``python -m bot bench store`` on a small database: the figures it promises."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from bench import main as bench
from bench.store import main
from tests.postgres import PgServer

SMALL = ["--rows", "3000", "--servers", "5", "--deals", "300", "--members", "12",
         "--repeat", "3"]


def test_json_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench(["store", *SMALL, "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    for key in ("leaderboard_ms", "stats_ms", "count_floor_ms", "leaderboard_30d_ms",
                "leaderboard_7d_ms", "history_ms"):
        assert figures[key] > 0
    assert figures["ledger_rows"] >= 3000 and figures["servers"] == 5
    assert figures["server_deals"] == 300 and figures["reused_db"] is False


def test_a_kept_database_is_reused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "bench.sqlite3"
    assert main([*SMALL, "--db", str(db)]) == 0
    first = capsys.readouterr().out
    assert "filled in" in first and "leaderboard, last 30 days" in first
    assert "floor: count(*) over the whole ledger" in first
    assert main([*SMALL, "--db", str(db), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["reused_db"] is True
    assert main([*SMALL, "--db", str(db), "--fresh", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["reused_db"] is False


def test_bad_sizes_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--servers", "1"]) == 2


async def test_postgres_figures_beside_sqlites(pg_server: PgServer,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    async with pg_server.database(empty=True) as url:
        args = [*SMALL, "--actions", "40", "--backend", "postgres", "--pg", url, "--json"]
        assert await asyncio.to_thread(main, args) == 0
    figures = json.loads(capsys.readouterr().out)
    sqlite = figures.pop("sqlite")
    assert (figures["backend"], sqlite["backend"]) == ("postgres", "sqlite")
    assert set(figures) == set(sqlite)  # the same keys, the same figures
    for f in (figures, sqlite):
        assert f["action_commits"] == 40
        assert 0 < f["action_commit_p50_ms"] <= f["action_commit_p99_ms"]
        assert f["leaderboard_ms"] > 0 and f["stats_ms"] > 0
        assert f["server_deals"] == 300 and f["ledger_rows"] >= 3000
