"""The operator's view through a real bot against the stand-in: ``/metrics`` counts what
the bot did (turns as the store has them, requests as the stand-in got them, refusals as
it answered them), ``/healthz`` goes 503 while the gateway is unreachable or the
database is, and 200 again when they are back."""

from __future__ import annotations

import asyncio
import dataclasses
import io
import json
import logging
from collections.abc import AsyncIterator, Iterator
from typing import Any
from urllib.parse import urlsplit

import aiohttp
import asyncpg
import pytest
from prometheus_client.parser import text_string_to_metric_families

from bot.__main__ import main as bot_main
from bot.config import Settings
from bot.connection.client import TappBot
from bot.engine.cards import CARD_NAMES
from bot.logs import JsonFormatter
from bot.store import Store
from standin import Sandbox
from standin.harness import World
from standin.server import ENDPOINTS
from tests.postgres import PgServer

from .driver import CARD_TOKEN, cards_in_text, open_table

CALLBACK = "POST /interactions/{interaction_id}/{interaction_token}/callback"


@pytest.fixture
async def sandbox() -> AsyncIterator[Sandbox]:
    """The tables' stand-in, with heartbeats every 0.2 s (Discord's are ~41 s apart): the
    gateway latency is known from the first acknowledgement on."""
    async with Sandbox(settle_quiet=0.02, heartbeat_interval_ms=200) as stand_in:
        yield stand_in
        assert stand_in.problems == [], stand_in.problems
        assert stand_in.rate_limits.global_refused == 0


@pytest.fixture
def json_log() -> Iterator[io.StringIO]:
    """What the bot logs at INFO and above, as ``TAPP_LOG_FORMAT=json`` writes it."""
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(JsonFormatter())
    root = logging.getLogger()
    level = root.level
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    yield stream
    root.removeHandler(handler)
    root.setLevel(level)


@pytest.fixture
def settings(settings: Settings) -> Settings:
    return dataclasses.replace(settings, metrics_port=0)  # any free port


async def get(bot: TappBot, path: str) -> tuple[int, str]:
    assert bot.ops is not None
    async with aiohttp.ClientSession() as session, session.get(
            f"http://127.0.0.1:{bot.ops.port}{path}") as response:
        return response.status, await response.text()


async def scrape(bot: TappBot) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of ``/metrics``: (name, sorted labels) -> value."""
    status, text = await get(bot, "/metrics")
    assert status == 200
    return {(s.name, tuple(sorted(s.labels.items()))): s.value
            for family in text_string_to_metric_families(text) for s in family.samples}


def sample(samples: dict[tuple[str, tuple[tuple[str, str], ...]], float], name: str,
           **labels: str) -> float:
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


async def turns_in_store(store: Store, table_id: int) -> dict[str, int]:
    """The table's committed actions by who made them, as the store has them."""
    computers = {s.seat for s in await store.tables.seats(table_id) if s.is_computer}
    counts = {"member": 0, "computer": 0, "substitute": 0}
    for deal in await store.deals.for_table(table_id):
        for action in await store.deals.actions(deal.deal_id):
            by = ("computer" if action.seat in computers
                  else "substitute" if action.auto else "member")
            counts[by] += 1
    return counts


async def test_metrics_count_turns_requests_and_refusals(
        json_log: io.StringIO, sandbox: Sandbox, world: World, table_bot: TappBot) -> None:
    alice, bob, carol = world.players[:3]
    game = await open_table(sandbox, table_bot, world.channel, alice, "zuger",
                            joiners=(bob,), computers=2)
    for _ in range(3):
        assert await game.step()
    # one 429 and one 500 on the table message's edits: discord.py retries both
    sandbox.faults.rate_limit(1, route="PATCH /channels/{channel_id}/messages/{message_id}")
    sandbox.faults.server_error(1, route="PATCH /channels/{channel_id}/messages/{message_id}")
    for _ in range(3):
        assert await game.step()
    await game.quiet()
    assert not sandbox.faults.pending
    await open_table(sandbox, table_bot, world.channel, carol, "zuger", start=False)
    await sandbox.wait_until(lambda: table_bot.latency < float("inf"), timeout=5)

    samples = await scrape(table_bot)
    assert table_bot.database is not None
    turns = await turns_in_store(table_bot.database, game.table_id)
    assert turns["member"] == 6 and turns["computer"] > 0
    for by, count in turns.items():
        assert sample(samples, "tapp_turns_total", by=by) == count, by
    # each computer action was a decision, timed by its level (easy: in the loop), and
    # no baseline had to answer for a player
    decisions = sample(samples, "tapp_computer_decision_seconds_count", level="easy")
    assert decisions >= turns["computer"]
    assert sample(samples, "tapp_computer_decision_seconds_bucket", level="easy",
                  le="+Inf") == decisions
    assert sample(samples, "tapp_computer_decision_seconds_count", level="strong") == 0
    assert not any(value for (name, _), value in samples.items()
                   if name == "tapp_computer_fallbacks_total")
    # every request the stand-in got, as the bot counted it, by whose token it used
    assert sandbox.calls[CALLBACK] > 6
    bot_token = {f"{e.method} {e.template}" for e in ENDPOINTS if e.auth}
    assert sample(samples, "tapp_discord_requests_total", token="bot") == sum(
        n for route, n in sandbox.calls.items() if route in bot_token)
    assert sample(samples, "tapp_discord_requests_total", token="interaction") == sum(
        n for route, n in sandbox.calls.items() if route not in bot_token)
    refusals = {labels: value for (name, labels), value in samples.items()
                if name == "tapp_discord_refusals_total"}
    assert refusals == {(("status", "429"), ("token", "bot")): 1,
                        (("status", "500"), ("token", "bot")): 1}
    assert sample(samples, "tapp_invalid_requests") == 1  # the 429 (a 500 is not counted)
    assert sample(samples, "tapp_invalid_requests_limit") == table_bot.budget.limit
    assert sample(samples, "tapp_invalid_requests_strained") == 0
    # each answer once, seconds from Discord making the interaction
    assert sample(samples, "tapp_answer_seconds_count") == sandbox.calls[CALLBACK]
    assert 0 < sample(samples, "tapp_answer_seconds_sum") < 3 * sandbox.calls[CALLBACK]
    assert sample(samples, "tapp_tables", state="playing") == 1
    assert sample(samples, "tapp_tables", state="lobby") == 1
    assert sample(samples, "tapp_tables", state="suspended") == 0
    assert sample(samples, "tapp_images_waiting") == 0
    assert ("tapp_images_drawing", ()) in samples
    assert sample(samples, "tapp_pace_rate") == 45
    latency = sample(samples, "tapp_gateway_latency_seconds", shard="0")
    assert latency == pytest.approx(table_bot.latency, abs=0.5) and latency > 0

    # the bot's log, as JSON: one object a line, and no card still in a hand named (the
    # stand-in's own access log left out)
    entries = [json.loads(line) for line in json_log.getvalue().splitlines()]
    assert any(e["logger"] == "bot.connection.client" and "paced at 45" in e["message"]
               for e in entries)
    live = game.live
    assert live is not None and live.deal is not None
    held = {card for hand in live.deal.hands for card in range(36) if hand >> card & 1}
    logged = "\n".join(e["message"] + e.get("exception", "") for e in entries
                        if e["logger"].split(".")[0] in ("bot", "cogs", "discord"))
    assert held and not cards_in_text(logged) & held
    assert not {CARD_NAMES[c] for c in held} & set(CARD_TOKEN.findall(logged))

    # a few more turns move the counters by exactly that many
    before = dict(samples)
    for _ in range(2):
        assert await game.step()
    await game.quiet()
    samples = await scrape(table_bot)
    after = await turns_in_store(table_bot.database, game.table_id)
    assert sample(samples, "tapp_turns_total", by="member") - sample(
        before, "tapp_turns_total", by="member") == 2 == after["member"] - turns["member"]
    assert sample(samples, "tapp_turns_total", by="computer") == after["computer"]


async def health(bot: TappBot) -> tuple[int, dict[str, Any]]:
    assert bot.ops is not None
    async with aiohttp.ClientSession() as session, session.get(
            f"http://127.0.0.1:{bot.ops.port}/healthz") as response:
        return response.status, await response.json()


async def until_health(bot: TappBot, status: int, timeout: float = 20.0) -> dict[str, Any]:
    """``/healthz``'s body once it answers ``status`` (asked every 50 ms)."""
    async with asyncio.timeout(timeout):
        while True:
            got, body = await health(bot)
            if got == status:
                return body
            await asyncio.sleep(0.05)


async def test_healthz_follows_the_gateway(sandbox: Sandbox, table_bot: TappBot,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    assert await health(table_bot) == (200, {"gateway": "connected",
                                             "database": "reachable"})
    assert table_bot.ops is not None
    command = ["health", "--port", str(table_bot.ops.port)]  # for a compose health check
    assert await asyncio.to_thread(bot_main, command) == 0
    assert capsys.readouterr().out == ('healthy: {"gateway": "connected", "database": '
                                       '"reachable"}\n')
    sandbox.gateway.unreachable = True
    await sandbox.drop_gateway()
    assert await until_health(table_bot, 503) == {"gateway": "disconnected",
                                                  "database": "reachable"}
    assert await asyncio.to_thread(bot_main, command) == 1
    assert capsys.readouterr().err.startswith('unhealthy (503): {"gateway": "disconnected"')
    await sandbox.wait_until(lambda: sandbox.gateway.refused >= 1, timeout=10)
    assert (await health(table_bot))[0] == 503  # still away while it cannot reconnect
    sandbox.gateway.unreachable = False
    await sandbox.gateway.wait_connected(timeout=20)
    assert await until_health(table_bot, 200) == {"gateway": "connected",
                                                  "database": "reachable"}


@pytest.mark.parametrize("database", ["postgres"], indirect=True)
async def test_healthz_follows_the_database(table_bot: TappBot, database: str,
                                            pg_server: PgServer) -> None:
    assert await health(table_bot) == (200, {"gateway": "connected",
                                             "database": "reachable"})
    name = urlsplit(database).path.lstrip("/")
    admin = await asyncpg.connect(pg_server.admin_url)
    try:
        # the database refuses new connections and the bot's are cut
        await admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS false')
        await admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                            "WHERE datname = $1", name)
        # the store's error's kind, not its text (which may name the server)
        assert await until_health(table_bot, 503) == {
            "gateway": "connected", "database": "unreachable: StoreUnavailable"}
        await admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS true')
        assert await until_health(table_bot, 200) == {"gateway": "connected",
                                                      "database": "reachable"}
    finally:
        await admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS true')
        await admin.close()
