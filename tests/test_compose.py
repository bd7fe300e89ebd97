"""compose.yaml, without a Docker engine: read as text (no YAML parser is a dependency),
and what it configures checked by running it outside Docker: the bot processes'
settings load (their shard ranges together run every shard exactly once, on the shared
PostgreSQL database), their command and health check are real commands, and the proxy
and database they point at are the services beside them."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from bot.__main__ import SUBCOMMANDS
from bot.config import Settings

REPO = Path(__file__).resolve().parents[1]
TEXT = (REPO / "compose.yaml").read_text(encoding="utf-8")


def block(name: str, text: str = TEXT) -> str:
    """The lines of a top-level (``name:``) or service (``  name:``) block."""
    match = re.search(rf"^( *){re.escape(name)}:.*\n((?:\1 +.*\n|\n)*)", text, flags=re.M)
    assert match is not None, name
    return match.group(2)


def values(text: str) -> dict[str, str]:
    """``KEY: value`` lines (quotes dropped; the compose file's ${VAR} substituted)."""
    found = dict(re.findall(r"^\s+([A-Z_]+): \"?([^\"\n]*)\"?$", text, flags=re.M))
    return {k: re.sub(r"\$\{(\w+)[^}]*\}", lambda m: f"secret-{m[1]}", v)
            for k, v in found.items()}


def bot_services() -> list[str]:
    return re.findall(r"^  (bot-[a-z]+):$", block("services"), flags=re.M)


def bot_env(service: str) -> dict[str, str]:
    return {**values(block("x-bot-env")), **values(block(service, block("services")))}


def test_the_bot_processes_run_every_shard_exactly_once() -> None:
    services = bot_services()
    assert len(services) >= 2
    plans = [Settings.from_env(bot_env(s), env_file=None).shards for s in services]
    counts = {plan.shard_count for plan in plans}
    assert len(counts) == 1 and all(plan.partial for plan in plans)
    [count] = counts
    run = sorted(shard for plan in plans for shard in plan.shard_ids)
    assert run == list(range(count or 0))  # every shard once
    assert [0 in plan.shard_ids for plan in plans].count(True) == 1  # one syncs commands
    settings = Settings.from_env(bot_env(services[0]), env_file=None)
    assert settings.process_count == len(services)


def test_the_bots_share_the_database_and_the_proxy_beside_them() -> None:
    env = bot_env("bot-a")
    database = values(block("db", block("services")))
    url = env["TAPP_DATABASE"]
    assert url == (f"postgresql://{database['POSTGRES_USER']}:secret-POSTGRES_PASSWORD"
                   f"@db:5432/{database['POSTGRES_DB']}")
    proxy = values(block("nirn", block("services")))
    assert env["TAPP_API_BASE"] == f"http://nirn:{proxy['PORT']}/api/v10"
    assert "germanoeich/nirn-proxy" in block("nirn", block("services"))
    for service in ("db", "nirn", *bot_services()):
        assert "restart: unless-stopped" in block(service, block("services")) or (
            "<<: *bot" in block(service, block("services")))
    assert "restart: unless-stopped" in block("x-bot")


def test_the_bots_command_and_health_check_are_real_commands(tmp_path: Path) -> None:
    bot = block("x-bot")
    [command] = re.findall(r'command: \["(\w[\w-]*)"\]', bot)
    assert command in SUBCOMMANDS
    [health] = re.findall(r'test: \["CMD", "python", "-m", "bot", "(\w+)"\]', bot)
    assert health == "health"
    done = subprocess.run([sys.executable, "-m", "bot", health, "--file",
                           str(tmp_path / "none")], cwd=REPO, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 1 and "no health file" in done.stderr  # runs, says why
    assert "service_healthy" in bot and 'pg_isready' in block("db", block("services"))
