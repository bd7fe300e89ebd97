"""Running some of the bot's shards in a process: the shard range, the settings and
the command line, and the refusal to share SQLite between processes."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.config import ConfigError, Settings
from bot.connection.shards import ShardError, ShardPlan, ranges

REPO = Path(__file__).resolve().parents[2]
PG = "postgresql://tapp@db/tapp"


def test_a_range_and_a_list_of_shards() -> None:
    plan = ShardPlan.parse("0-3", "8")
    assert (plan.shard_ids, plan.shard_count, plan.partial) == ((0, 1, 2, 3), 8, True)
    assert ShardPlan.parse("0-1,5, 7", 8).shard_ids == (0, 1, 5, 7)
    assert ShardPlan.parse(None, "4").shard_ids == (0, 1, 2, 3)  # a count alone: all
    assert not ShardPlan.parse(None, "4").partial and ShardPlan.parse(None, "4").scope is None
    assert not ShardPlan.parse(None, None).sharded
    assert ranges((0, 1, 2, 3, 6, 8, 9)) == "0-3,6,8-9"
    assert ShardPlan.parse("4-7", 8).describe() == "shards 4-7 of 8"


def test_only_the_process_with_shard_0_syncs_the_commands() -> None:
    assert ShardPlan.parse("0-3", 8).syncs_commands
    assert not ShardPlan.parse("4-7", 8).syncs_commands
    assert ShardPlan().syncs_commands  # unsharded: the one process


@pytest.mark.parametrize(("shards", "count", "why"), [
    ("8", "8", "shard 8 does not exist"),
    ("3-1", "8", "runs backwards"),
    ("a-b", "8", "must be like 0-3"),
    ("0-3", None, "needs the shard count"),
    ("0", "0", "from 1 to"),
    ("0", "x", "whole number"),
])
def test_a_wrong_shard_range_says_why(shards: str, count: str | None, why: str) -> None:
    with pytest.raises(ShardError, match=why):
        ShardPlan.parse(shards, count)


def test_the_settings_read_the_shards_from_the_environment() -> None:
    settings = Settings.from_env({"DISCORD_TOKEN": "t", "TAPP_DATABASE": PG,
                                  "TAPP_SHARDS": "4-7", "TAPP_SHARD_COUNT": "8"},
                                 env_file=None)
    assert settings.shards == ShardPlan((4, 5, 6, 7), 8)
    with pytest.raises(ConfigError, match="TAPP_SHARDS"):
        Settings.from_env({"DISCORD_TOKEN": "t", "TAPP_SHARDS": "9", "TAPP_SHARD_COUNT": "8"},
                          env_file=None)


def test_sqlite_serves_one_process_only(tmp_path: Path) -> None:
    """Every shard in one process may use SQLite; some of them may not."""
    sqlite = tmp_path / "tapp.sqlite3"
    assert Settings(token="t", database_path=sqlite, shards=ShardPlan.parse(None, 2))
    with pytest.raises(ConfigError, match="PostgreSQL"):
        Settings(token="t", database_path=sqlite, shards=ShardPlan.parse("0", 2))
    assert Settings(token="t", database_path=PG, shards=ShardPlan.parse("0", 2))


def test_run_with_some_shards_on_sqlite_stops_with_one_line(tmp_path: Path) -> None:
    env = {**os.environ, "DISCORD_TOKEN": "not-used",
           "TAPP_DATABASE": str(tmp_path / "tapp.sqlite3")}
    env.pop("TAPP_SHARDS", None)
    done = subprocess.run([sys.executable, "-m", "bot", "run", "--shards", "0-3",
                           "--shard-count", "8", "--env-file", os.devnull], cwd=tmp_path,
                          env={**env, "PYTHONPATH": str(REPO)}, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "shards 0-3 of 8" in lines[0] and "PostgreSQL" in lines[0]
    assert not (tmp_path / "tapp.sqlite3").exists()  # nothing was opened


def test_run_says_which_shards_in_its_help() -> None:
    done = subprocess.run([sys.executable, "-m", "bot", "run", "--help"], cwd=REPO,
                          capture_output=True, text=True, timeout=60)
    assert "--shards RANGE" in done.stdout and "TAPP_SHARD_COUNT" in done.stdout
