"""``python -m bot``: the runner starts the real bot against the stand-in and stops it
cleanly; without a token it explains and exits."""

from __future__ import annotations

import asyncio
import os
import socket
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


def test_with_a_token_and_no_route_to_discord_one_line_and_exit_1(tmp_path: Path) -> None:
    """Discord unreachable (here: a closed port on the loopback): one clear line on
    standard error, no traceback, exit status 1."""
    script = (
        "import sys\n"
        "from standin import discord_pointed_at\n"
        "from bot.cli.run import main\n"
        "with discord_pointed_at('http://127.0.0.1:9/api/v10', 'ws://127.0.0.1:9/gateway'):\n"
        "    sys.exit(main([]))\n"
    )
    env = {**os.environ, "DISCORD_TOKEN": "a-token", "TAPP_LOG_LEVEL": "WARNING",
           "TAPP_DATABASE": str(tmp_path / "tapp.sqlite3")}
    result = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, env=env,
                            capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    [line] = result.stderr.strip().splitlines()
    assert line.startswith("cannot reach Discord: 127.0.0.1:9: Connection refused")


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
    assert verdict(health, MAX_AGE_SECONDS) == (False, "the bot is stopped (0 s ago)")
