"""A shared series table whose channel is deleted mid-deal is suspended as any table
(docs/series.md, "Shared tables"; docs/operations.md): alice, bob and carol play deal 1
together, then deal 2 until the series' channel is deleted under it. The table stops
(computers and timers wait), the series' standings lose nothing (deal 1 as before, deal
2 counted for nobody); when the host closes the series from another channel its table
ends: the deal in play is abandoned, no chips move for it, nothing is counted twice,
and ``check-ledger`` finds all in order. A member who ends the suspended table drops
its deal for the three and nothing else. On both backends.

Found here and not fixed (the last test, an expected failure): a member who asks for
their next deal once the series' channel is gone is seated at a new table posted in
that channel, suspended at once, and told it starts when its seats are taken."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from bot.cli.ledger import audit
from bot.connection.client import TappBot
from bot.store import DealStatus
from bot.store.series import SeriesRunStatus
from standin import Channel, Sandbox
from standin.harness import World
from tests.conftest import BACKENDS
from tests.e2e.tables.driver import Game, check_ledger_against_replay

from .driver import seated_series, store_of, table_place, take_seat

pytestmark = [pytest.mark.parametrize("database", BACKENDS, indirect=True),
              pytest.mark.usefixtures("threads_unpaced")]

#: why a table is suspended (bot.tables.places), spelt out as tests/e2e/tables/test_places
CHANNEL_GONE = "channel_gone"


async def test_a_series_table_whose_channel_is_deleted_is_suspended_and_loses_nothing(
        sandbox: Sandbox, world: World, series_bot: TappBot) -> None:
    alice, bob, carol = world.players[:3]
    members = (alice, bob, carol)
    store = store_of(series_bot)
    assert series_bot.series is not None and series_bot.timers is not None
    lounge = sandbox.create_channel(world.guild, "lounge")

    # deal 1, played to its end at one table
    series_id, first = await seated_series(world, "Gone", members)
    game = Game(sandbox, series_bot, table_place(sandbox, series_bot, first), first,
                {a.id: a for a in members})
    await game.play()
    assert game.live is None
    board = await series_bot.series.standings(world.guild.id, series_id, alice.id)
    before = {line.user_id: (line.total, line.deals) for line in board.lines}
    assert {deals for _, deals in before.values()} == {1}
    results = await store.series.results(series_id)
    assert len(results) == 3

    # deal 2: the channel is deleted mid-deal
    [second] = {await take_seat(m, world, series_id) for m in members}
    game = Game(sandbox, series_bot, table_place(sandbox, series_bot, second), second,
                {a.id: a for a in members})
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
    await game.quiet()
    _, problems = await audit(store)
    assert problems == [], problems


async def suspended_series(sandbox: Sandbox, world: World, bot: TappBot
                           ) -> tuple[int, Game, Channel]:
    """A series of shared tables; alice, bob and carol four actions into deal 1 when
    the series' channel is deleted: the series' id, the suspended game, and another
    channel of the server."""
    members = world.players[:3]
    lounge = sandbox.create_channel(world.guild, "lounge")
    series_id, table_id = await seated_series(world, "Gone", members)
    game = Game(sandbox, bot, table_place(sandbox, bot, table_id), table_id,
                {a.id: a for a in members})
    for _ in range(4):
        assert await game.step()
    sandbox.delete_channel(world.channel)  # (its threads go with it: more events to take)
    await sandbox.wait_until(lambda: getattr(game.live, "suspended", None) == CHANNEL_GONE,
                             timeout=10)
    return series_id, game, lounge


async def test_a_suspended_series_table_ended_by_a_member_drops_its_deal_only(
        sandbox: Sandbox, world: World, series_bot: TappBot) -> None:
    bob = world.players[1]
    store = store_of(series_bot)
    series_id, game, lounge = await suspended_series(sandbox, world, series_bot)
    # bob ends it: the deal is abandoned, no chips move, deal 1 is dropped for the three
    ix = await bob.slash(lounge, "/tapp table list")
    assert ix.response is not None and "its channel was deleted" in ix.response.text
    ix = await bob.click(ix.response, label=f"End table {game.table_id}")
    assert ix.response is not None and not ix.errors
    assert not (await store.tables.get(game.table_id)).status.is_open
    [dropped] = await store.deals.for_table(game.table_id)
    assert dropped.status is DealStatus.ABANDONED
    assert not await store.ledger.for_table(game.table_id)
    for member in world.players[:3]:
        [run] = await store.series.runs_of(series_id, member.id)
        assert run.deal == 1 and run.status is SeriesRunStatus.DROPPED, run
    # the window passes with nobody asking: the series closes, nothing was counted
    sandbox.clock.advance(timedelta(days=7, minutes=1))
    cog = series_bot.get_cog("Series")
    assert cog is not None
    await cog.closer.coro(cog)  # type: ignore[attr-defined]  # the loop's turn
    await sandbox.settle()
    assert await store.series.results(series_id) == []
    assert await store.series.final(series_id) == []
    _, problems = await audit(store)
    assert problems == [], problems


async def test_after_the_series_channel_is_deleted_play_seats_nobody_at_a_dead_table(
        sandbox: Sandbox, world: World, series_bot: TappBot) -> None:
    bob = world.players[1]
    series_id, game, lounge = await suspended_series(sandbox, world, series_bot)
    ix = await bob.slash(lounge, "/tapp table list")
    assert ix.response is not None
    ix = await bob.click(ix.response, label=f"End table {game.table_id}")
    assert ix.response is not None and not ix.errors
    asked = await bob.slash(lounge, "/tapp series play", series=series_id)
    await game.quiet()
    assert asked.response is not None and asked.response.ephemeral_to == bob.id
    stuck = [t for t in series_bot.tables.registry  # type: ignore[union-attr]
             if t.suspended is not None and t.table_id != game.table_id]
    assert stuck == [], stuck  # nobody is seated at a table that could never start
    assert "channel was deleted" in asked.response.text, asked.response.text
