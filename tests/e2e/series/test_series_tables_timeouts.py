"""A member who does not act at a shared series table is reminded, then timed out, as at
any table (docs/series.md, "Shared tables"; bot/tables/timeouts.py), on the stand-in's
clock: alice, bob and carol play deal 1 at one table; when it is a member's turn the
clock moves past the reminder (they are pinged in the table's thread) and past the turn
timeout (a computer acts for them, marked, and plays their seat on). The deal ends once
and counts once in the series for each of the three (the timed-out member included: the
seat stayed theirs), with the chips of the table's record; the series' table equals
what the records give; ``check-ledger`` finds all in order. The abandon policy drops the
deal instead: no chips move and it is counted for nobody. On both backends."""

from __future__ import annotations

import pytest

from bot.cli.ledger import audit
from bot.connection.client import TappBot
from bot.engine import deal_from_record
from bot.store import DealStatus
from bot.store.series import SeriesRunStatus
from bot.tables.arming import turn_key
from standin import Sandbox
from standin.harness import World
from tests.conftest import BACKENDS
from tests.e2e.tables.driver import Game
from tests.e2e.tables.test_timers import REMINDER, TIMEOUT, notices

from .driver import seated_series, store_of, table_place
from .test_series_week import independent_totals

pytestmark = [pytest.mark.parametrize("database", BACKENDS, indirect=True),
              pytest.mark.usefixtures("threads_unpaced")]


async def seated_table(sandbox: Sandbox, world: World, bot: TappBot,
                       **settings: object) -> tuple[int, Game]:
    """The reminder and timeout of ``tests/e2e/tables/test_timers`` (and ``settings``);
    a series of shared tables; alice, bob and carol at deal 1's table, the timer loop
    stopped (the test fires the deadlines): the series' id and the game."""
    assert bot.timers is not None and bot.store is not None
    await bot.timers.stop()
    await bot.store.settings.set_guild(world.guild.id, {  # type: ignore[attr-defined]
        "reminder_delay": REMINDER, "turn_timeout": TIMEOUT, **settings})
    members = world.players[:3]
    series_id, table_id = await seated_series(world, "Slow", members)
    game = Game(sandbox, bot, table_place(sandbox, bot, table_id), table_id,
                {a.id: a for a in members})
    await game.quiet()
    for _ in range(3):  # a few actions in, a member on turn
        assert await game.step()
    return series_id, game


async def fire(bot: TappBot, game: Game) -> int:
    assert bot.timers is not None
    fired = await bot.timers.fire_due()
    await game.quiet()
    return len(fired)


async def test_a_member_who_does_not_act_is_reminded_timed_out_and_counted_once(
        sandbox: Sandbox, world: World, series_bot: TappBot) -> None:
    store = store_of(series_bot)
    assert series_bot.series is not None
    series_id, game = await seated_table(sandbox, world, series_bot)
    live = game.live
    assert live is not None and live.deal is not None
    key = turn_key(live)
    assert key is not None
    deal_id, ply, seat = key
    member = game.member_seats()[seat]

    sandbox.clock.advance(REMINDER)
    assert await fire(series_bot, game) == 1
    [ping] = notices(sandbox, game)
    assert ping.mention_ids == [member.id]  # the member on turn is pinged
    sandbox.clock.advance(TIMEOUT - REMINDER)
    assert await fire(series_bot, game) == 1
    _, substitute = notices(sandbox, game)
    assert "🤖" in substitute.content
    taken = (await store.deals.actions(deal_id))[ply]
    assert taken.auto and taken.seat == seat  # a computer acted for them
    assert not live.is_computer(seat)  # the seat stays the member's

    await game.play()  # the others play on; a computer plays the absent member's seat
    assert game.live is None  # the table's one deal is over: it closed
    [row] = await store.deals.for_table(game.table_id)
    assert row.status is DealStatus.SETTLED
    deal = deal_from_record(await store.deals.record(row.deal_id))
    outcome = deal.outcome()
    assert outcome is not None

    # the deal counts once for each of the three, the timed-out member included
    results = await store.series.results(series_id)
    assert sorted(r[0] for r in results) == sorted(p.id for p in world.players[:3])
    counted = []
    for player in world.players[:3]:
        [run] = await store.series.runs_of(series_id, player.id)
        assert run.status is SeriesRunStatus.FINISHED and run.deal == 1
        assert run.table_id == game.table_id
        assert run.chips == outcome.payments[run.seat]
        counted.append((player.id, run.deal, run.seat, run.chips))
    board = await series_bot.series.standings(world.guild.id, series_id, member.id)
    assert {line.user_id: (round(float(line.total), 6), line.deals)
            for line in board.lines} == {
        m: (round(v, 6), 1) for m, v in independent_totals(counted).items()}  # type: ignore[arg-type]
    ledger = [r for r in await store.ledger.for_deal(row.deal_id) if r.seat is not None]
    assert len(ledger) == 3
    _, problems = await audit(store)
    assert problems == [], problems


async def test_the_abandon_policy_drops_a_series_deal_counted_for_nobody(
        sandbox: Sandbox, world: World, series_bot: TappBot) -> None:
    store = store_of(series_bot)
    series_id, game = await seated_table(sandbox, world, series_bot,
                                         timeout_policy="abandon")
    live = game.live
    assert live is not None and turn_key(live) is not None
    sandbox.clock.advance(REMINDER)
    assert await fire(series_bot, game) == 1
    sandbox.clock.advance(TIMEOUT - REMINDER)
    assert await fire(series_bot, game) == 1
    await game.quiet()
    [row] = await store.deals.for_table(game.table_id)
    assert row.status is DealStatus.ABANDONED
    assert not await store.ledger.for_deal(row.deal_id)  # no chips moved
    assert await store.series.results(series_id) == []  # counted for nobody
    for player in world.players[:3]:  # their run of deal 1 is dropped, not counted
        [run] = await store.series.runs_of(series_id, player.id)
        assert run.deal == 1 and run.status is SeriesRunStatus.DROPPED, run
    assert not (await store.tables.get(game.table_id)).status.is_open  # its one deal
    _, problems = await audit(store)
    assert problems == [], problems
