"""``python -m bot``: the runner starts the real bot against the stand-in and stops it
cleanly; without a token it explains and exits."""

from __future__ import annotations

import asyncio
import os
import re
import socket
import sqlite3
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

from bot.cli import run as runner
from bot.cli.health import MAX_AGE_SECONDS, verdict
from bot.cli.run import serve
from bot.config import Settings
from bot.ops.server import PortUnavailable
from standin import Sandbox, discord_pointed_at
from standin.harness import World

REPO = Path(__file__).resolve().parents[2]


class FakeStore:
    def __init__(self) -> None:
        self.closed = False

    async def close(self) -> None:
        self.closed = True


async def test_serve_runs_until_stopped_and_closes_everything(
    sandbox: Sandbox, world: World, settings: Settings
) -> None:
    stop = asyncio.Event()
    store = FakeStore()

    async def open_store(opened_with: Settings) -> FakeStore:
        assert opened_with is settings
        return store

    with discord_pointed_at(sandbox.api_base, sandbox.gateway.url):
        task = asyncio.create_task(
            serve(settings, stop=stop, store_factory=open_store, guild_ready_timeout=0.05)
        )
        await sandbox.wait_for_bot()
        ix = await world.players[0].slash(world.channel, "/tapp ping")
        assert ix.response is not None and ix.response.content.startswith("Pong!")
        stop.set()
        await asyncio.wait_for(task, 10)
    assert store.closed
    # discord.py closed the gateway itself (a close frame, not a dropped connection)
    [code] = sandbox.gateway.client_close_codes
    assert code in (1000, 4000)
    assert not sandbox.gateway.connections


async def test_with_an_api_base_every_rest_request_goes_there(
    sandbox: Sandbox, world: World, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """TAPP_API_BASE (a rate-limit proxy's address; the stand-in plays the proxy here):
    discord.py's REST requests, interaction answers among them, go there; the gateway
    does not (discord.py connects to it directly, as through nirn-proxy)."""
    default = Route.BASE
    assert default == "https://discord.com/api/v10"  # nothing else points it anywhere
    monkeypatch.setattr(DiscordWebSocket, "DEFAULT_GATEWAY", yarl.URL(sandbox.gateway.url))
    stop = asyncio.Event()

    async def open_store(opened_with: Settings) -> FakeStore:
        return FakeStore()

    task = asyncio.create_task(serve(replace(settings, api_base=sandbox.api_base), stop=stop,
                                     store_factory=open_store, guild_ready_timeout=0.05))
    await sandbox.wait_for_bot()
    assert sandbox.api_base == Route.BASE
    ix = await world.players[0].slash(world.channel, "/tapp ping")
    assert ix.response is not None and ix.response.content.startswith("Pong!")
    stop.set()
    await asyncio.wait_for(task, 10)
    assert sandbox.calls["GET /users/@me"] == 1
    assert sandbox.calls["POST /interactions/{interaction_id}/{interaction_token}/callback"] == 1
    assert default == Route.BASE  # put back once the bot stopped


async def test_a_metrics_port_in_use_stops_the_bot(
    sandbox: Sandbox, world: World, settings: Settings
) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with discord_pointed_at(sandbox.api_base, sandbox.gateway.url), \
                pytest.raises(PortUnavailable) as refused:
            await serve(replace(settings, metrics_port=port), guild_ready_timeout=0.05)
    assert str(refused.value).startswith(f"cannot serve /healthz and /metrics on "
                                         f"127.0.0.1:{port}: ")
    assert not sandbox.gateway.connections  # nothing left running


def test_the_cli_says_the_metrics_port_is_in_use_in_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    async def in_use(settings: Settings, **_: object) -> None:
        raise PortUnavailable("cannot serve /healthz and /metrics on 127.0.0.1:9100: "
                              "Address already in use")

    monkeypatch.setattr(runner, "serve", in_use)
    monkeypatch.setattr(runner, "setup_logging", lambda *a, **k: None)
    monkeypatch.setenv("DISCORD_TOKEN", "t")
    assert runner.main(["--env-file", "/dev/null"]) == 1
    [line] = capsys.readouterr().err.splitlines()
    assert line == ("cannot serve /healthz and /metrics on 127.0.0.1:9100: Address already in"
                    " use: choose another TAPP_METRICS_PORT, or stop what listens there")


def test_without_a_token_the_cli_explains_and_exits(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    result = subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 2
    assert "DISCORD_TOKEN is not set" in result.stderr


# -- what stops the bot: one line on stderr, no traceback, and the exit status ----------
# 2 where starting again would fail the same way, 1 where it may pass (README: Exit status)

CLOSED = "127.0.0.1:9"  # the discard port: nothing listens there


def run_bot(tmp_path: Path, api: str, gateway: str, **env: str) -> tuple[int, str]:
    """``python -m bot run`` in a process of its own, discord.py pointed at ``api`` and
    ``gateway`` (set directly: a name that does not resolve is no loopback address);
    its exit status and its one line on stderr."""
    script = (
        "import sys, yarl\n"
        "from discord.gateway import DiscordWebSocket\n"
        "from discord.http import Route\n"
        "from bot.cli.run import main\n"
        f"Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = {api!r}, yarl.URL({gateway!r})\n"
        "sys.exit(main([]))\n"
    )
    env = {**os.environ, "DISCORD_TOKEN": "a-token", "TAPP_LOG_LEVEL": "WARNING",
           "TAPP_RENDER_PROCESSES": "2", "TAPP_DATABASE": str(tmp_path / "tapp.sqlite3"),
           **env}
    result = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, env=env,
                            capture_output=True, text=True, timeout=60, check=False)
    assert "Traceback" not in result.stderr, result.stderr
    [line] = result.stderr.strip().splitlines()
    return result.returncode, line


async def run_bot_against(sandbox: Sandbox, tmp_path: Path, gateway: str,
                          **env: str) -> tuple[int, str]:
    """:func:`run_bot` with REST answered by the stand-in (running on this loop), with
    its token unless ``env`` names another."""
    env = {"DISCORD_TOKEN": sandbox.token, **env}
    return await asyncio.to_thread(run_bot, tmp_path, sandbox.api_base, gateway, **env)


def test_with_a_token_and_no_route_to_discord_one_line_and_exit_1(tmp_path: Path) -> None:
    """Discord unreachable (here: a closed port on the loopback)."""
    status, line = run_bot(tmp_path, f"http://{CLOSED}/api/v10", f"ws://{CLOSED}/gateway")
    assert status == 1
    assert line.startswith(f"cannot reach Discord: {CLOSED}: Connection refused; ")


def test_a_name_that_does_not_resolve_is_said_so_and_exit_1(tmp_path: Path) -> None:
    """DNS: the resolver's error in words (not "Unknown error -2")."""
    status, line = run_bot(tmp_path, "http://discord.invalid/api/v10",
                           f"ws://{CLOSED}/gateway")
    assert status == 1
    assert line.startswith("cannot reach Discord: discord.invalid:80: host name not found "
                           "(DNS): "), line
    assert "Unknown error" not in line


async def test_a_token_discord_rejects_is_one_line_and_exit_2(
        sandbox: Sandbox, tmp_path: Path) -> None:
    status, line = await run_bot_against(sandbox, tmp_path, sandbox.gateway.url,
                                         DISCORD_TOKEN="not-the-token")
    assert status == 2
    assert line.startswith("Discord rejected the token (DISCORD_TOKEN): ")
    assert sandbox.calls["GET /users/@me"] == 1
    assert not sandbox.gateway.connections


async def test_discord_failing_at_the_login_is_one_line_and_exit_1(
        sandbox: Sandbox, tmp_path: Path) -> None:
    """An outage (503: discord.py does not retry it) may pass: exit status 1."""
    sandbox.faults.server_error(route="GET /users/@me", status=503)
    status, line = await run_bot_against(sandbox, tmp_path, sandbox.gateway.url)
    assert status == 1
    assert line.startswith("Discord refused to start the bot: 503 Service Unavailable")
    assert line.endswith("; start it again later")


async def test_rest_without_a_gateway_is_one_line_and_exit_1(
        sandbox: Sandbox, tmp_path: Path) -> None:
    """The token is good (REST answers) but no gateway answers: discord.py's own retry
    would fail on a session it never had (AttributeError: ... 'sequence')."""
    status, line = await run_bot_against(sandbox, tmp_path, f"ws://{CLOSED}/gateway")
    assert status == 1
    assert line.startswith(f"cannot reach Discord: the gateway {CLOSED}: Connection refused;")
    assert sandbox.calls["GET /users/@me"] == 1


async def test_a_gateway_name_that_does_not_resolve_is_one_line_and_exit_1(
        sandbox: Sandbox, tmp_path: Path) -> None:
    status, line = await run_bot_against(sandbox, tmp_path, "wss://gateway.invalid/")
    assert status == 1
    assert line.startswith("cannot reach Discord: the gateway gateway.invalid:443: host "
                           "name not found (DNS): "), line


@pytest.mark.parametrize(("where", "why"), [
    ("data", "it is a folder, not a database file"),
    ("file/tapp.sqlite3", "cannot make its folder: file exists"),
    ("text.sqlite3", "file is not a database")])
def test_a_path_that_is_no_database_is_one_line_and_exit_2_before_discord(
        where: str, why: str, tmp_path: Path) -> None:
    """The database is opened before the bot reaches for Discord (unreachable here: the
    line is about the database)."""
    (tmp_path / "data").mkdir()
    (tmp_path / "file").write_text("a file")
    (tmp_path / "text.sqlite3").write_text("not an SQLite file, but long enough " * 40)
    status, line = run_bot(tmp_path, f"http://{CLOSED}/api/v10", f"ws://{CLOSED}/gateway",
                           TAPP_DATABASE=str(tmp_path / where))
    assert status == 2
    assert line == f"cannot use the database {tmp_path / where}: {why}: check TAPP_DATABASE"


def test_a_health_file_that_cannot_be_written_is_one_line_and_exit_2(
        tmp_path: Path) -> None:
    """Told before anything is opened (it used to end the beat, then read as Discord
    out of reach when the bot stopped)."""
    (tmp_path / "file").write_text("a file")
    health = tmp_path / "file" / "health"
    status, line = run_bot(tmp_path, f"http://{CLOSED}/api/v10", f"ws://{CLOSED}/gateway",
                           TAPP_HEALTH_FILE=str(health))
    assert status == 2
    assert line == (f"configuration error: TAPP_HEALTH_FILE {health}: cannot write it: "
                    "file exists")


def test_a_database_scheme_not_supported_is_one_line_and_exit_2(tmp_path: Path) -> None:
    status, line = run_bot(tmp_path, f"http://{CLOSED}/api/v10", f"ws://{CLOSED}/gateway",
                           TAPP_DATABASE="mysql://tapp:s3cret@db.example/tapp")
    assert status == 2
    assert line == ("configuration error: TAPP_DATABASE: mysql:// databases are not "
                    "supported: give an SQLite file's path or a postgresql:// URL")


def test_an_unreachable_postgresql_is_one_line_with_its_cause_and_exit_1(
        tmp_path: Path) -> None:
    with socket.socket() as probe:  # a port just freed: nothing listens there
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    url = f"postgresql://tapp:s3cret@127.0.0.1:{port}/tapp"
    status, line = run_bot(tmp_path, f"http://{CLOSED}/api/v10", f"ws://{CLOSED}/gateway",
                           TAPP_DATABASE=url)
    assert status == 1
    assert line == (f"cannot reach the database postgresql://tapp:***@127.0.0.1:{port}/tapp:"
                    " connection refused (no server listening at that address); start the "
                    "bot again once the database is up")


def test_a_schema_too_new_is_one_line_and_exit_2(tmp_path: Path) -> None:
    path = tmp_path / "tapp.sqlite3"
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA user_version = 999")
    conn.close()
    status, line = run_bot(tmp_path, f"http://{CLOSED}/api/v10", f"ws://{CLOSED}/gateway",
                           TAPP_DATABASE=str(path))
    assert status == 2
    assert line.startswith(f"cannot use the database {path}: the database has schema "
                           "version 999; this bot knows up to ")
    assert line.endswith(": run that newer version, or restore the backup taken before it")


async def test_serve_keeps_the_health_file_while_it_runs(
    sandbox: Sandbox, world: World, settings: Settings, tmp_path: Path
) -> None:
    """With TAPP_HEALTH_FILE the running bot says it is connected there (what
    ``python -m bot health``, Docker's HEALTHCHECK, reads), and ``stopped`` once stopped."""
    health = tmp_path / "run" / "health"
    settings = replace(settings, health_file=health)
    stop = asyncio.Event()
    with discord_pointed_at(sandbox.api_base, sandbox.gateway.url):
        task = asyncio.create_task(serve(settings, stop=stop, guild_ready_timeout=0.05))
        await sandbox.wait_for_bot()
        for _ in range(100):  # the first beat may come before the bot is ready
            healthy, line = verdict(health, MAX_AGE_SECONDS)
            if healthy:
                break
            await asyncio.sleep(0.1)
        stop.set()
        await asyncio.wait_for(task, 10)
    assert healthy and line.startswith("healthy: connected to Discord"), line
    healthy, line = verdict(health, MAX_AGE_SECONDS)
    # the age is whole seconds since the stop: 0, or 1 once a second boundary passed
    assert not healthy and re.fullmatch(r"the bot is stopped \([01] s ago\)", line), line
