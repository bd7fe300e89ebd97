"""A shared series table whose channel is deleted mid-deal is suspended as any table
(docs/series.md, "Shared tables"; docs/operations.md): alice, bob and carol play deal 1
together, then deal 2 until the series' channel is deleted under it. The table stops
(computers and timers wait), the series' standings lose nothing (deal 1 as before, deal
2 counted for nobody); when the host closes the series from another channel its table
ends: the deal in play is abandoned, no chips move for it, nothing is counted twice,
and ``check-ledger`` finds all in order. On both backends."""

from __future__ import annotations

import asyncio
import re

import pytest

from bot.cli.ledger import audit
from bot.connection.client import TappBot
from bot.store import DealStatus
from bot.store.series import SeriesRunStatus
from standin import Sandbox
from standin.harness import World
from tests.conftest import BACKENDS
from tests.e2e.tables.driver import Game, check_ledger_against_replay

from .driver import store_of
from .test_series_tables_week import take_seat

pytestmark = pytest.mark.parametrize("database", BACKENDS, indirect=True)

#: why a table is suspended (bot.tables.places), spelt out as tests/e2e/tables/test_places
CHANNEL_GONE = "channel_gone"


async def test_a_series_table_whose_channel_is_deleted_is_suspended_and_loses_nothing(
        sandbox: Sandbox, world: World, series_bot: TappBot) -> None:
    alice, bob, carol = world.players[:3]
    members = (alice, bob, carol)
    store = store_of(series_bot)
    assert series_bot.series is not None and series_bot.timers is not None
    lounge = sandbox.create_channel(world.guild, "lounge")
    ix = await alice.slash(world.channel, "/tapp series open", title="Gone",
                           variant="tapp1879", deals=6, days=7, level="easy",
                           pairing="tables")
    assert ix.response is not None, ix.errors
    found = re.search(r"Series (\d+)", ix.response.embeds[0]["title"])
    assert found is not None
    series_id = int(found.group(1))
    for member in members:
        await member.click(ix.response, label="Join")

    # deal 1, played to its end at one table
    [first] = {await take_seat(m, world, series_id) for m in members}
    game = Game(sandbox, series_bot, world.channel, first, {a.id: a for a in members})
    await game.play()
    assert game.live is None
    board = await series_bot.series.standings(world.guild.id, series_id, alice.id)
    before = {line.user_id: (line.total, line.deals) for line in board.lines}
    assert {deals for _, deals in before.values()} == {1}
    results = await store.series.results(series_id)
    assert len(results) == 3

    # deal 2: the channel is deleted mid-deal
    [second] = {await take_seat(m, world, series_id) for m in members}
    game = Game(sandbox, series_bot, world.channel, second, {a.id: a for a in members})
    for _ in range(4):
        assert await game.step()
    ledger = len(await store.ledger.for_table(second))
    sandbox.delete_channel(world.channel)
    await game.quiet()
    live = game.live
    assert live is not None and getattr(live, "suspended", None) == CHANNEL_GONE
    assert live.deal is not None and live.deal_id is not None
    stopped = (live.deal_id, live.deal.ply)
    await series_bot.timers.fire_due(sandbox.clock.now().timestamp() + 10 ** 7)
    await asyncio.sleep(0.2)
    await game.quiet()
    assert live.deal is not None and (live.deal_id, live.deal.ply) == stopped, \
        "a suspended series table played on"
    row = await store.tables.get(second)
    assert row.suspended_reason == CHANNEL_GONE

    # the series lost nothing meanwhile
    board = await series_bot.series.standings(world.guild.id, series_id, alice.id)
    assert {line.user_id: (line.total, line.deals) for line in board.lines} == before
    assert await store.series.results(series_id) == results

    # the host closes the series from another channel: its suspended table ends
    closed = await alice.slash(lounge, "/tapp series close", series=series_id)
    assert closed.response is not None, closed.errors
    await sandbox.wait_until(lambda: series_bot.tables.registry.peek(second) is None,
                             timeout=10)
    row = await store.tables.get(second)
    assert not row.status.is_open
    [dropped] = await store.deals.for_table(second)
    assert dropped.status is DealStatus.ABANDONED
    assert len(await store.ledger.for_table(second)) == ledger  # no chips moved for it
    assert await store.series.results(series_id) == results  # nothing counted twice
    for member in members:
        runs = await store.series.runs_of(series_id, member.id)
        assert [r.deal for r in runs if r.status is SeriesRunStatus.FINISHED] == [1]
    board = await series_bot.series.standings(world.guild.id, series_id, alice.id)
    assert board.final
    assert {line.user_id: (line.total, line.deals) for line in board.lines} == before
    await check_ledger_against_replay(store, first)
    await check_ledger_against_replay(store, second)
    _, problems = await audit(store)
    assert problems == [], problems
