"""A kill -9 at a shared series table loses and doubles nothing: the bot process dies
right after committing a member's action (in the middle of the deal, and the deal's last
card, before it is settled); the next bot on the same database resumes the table,
settles the deal once, records each member's result in the series once, and
``check-ledger`` (which replays the tables' deals of the series) finds all in order."""

from __future__ import annotations

import pytest

from bot.cli.ledger import audit
from bot.config import Settings
from bot.store import Store
from bot.store.series import SeriesRunStatus
from standin import Sandbox
from standin.harness import World, running
from tests.conftest import BACKENDS
from tests.e2e.tables.driver import Game
from tests.e2e.tables.test_restart import click_and_crash, finishes_the_deal

from .conftest import series_bot_for
from .driver import seated_series, table_place

pytestmark = [pytest.mark.parametrize("database", BACKENDS, indirect=True),
              pytest.mark.usefixtures("threads_unpaced")]


@pytest.mark.parametrize("when", ["mid-deal", "last card"])
async def test_a_kill_at_a_series_table_loses_and_doubles_nothing(
        sandbox: Sandbox, world: World, settings: Settings, when: str) -> None:
    alice, bob, carol = world.players[:3]
    async with running(series_bot_for(sandbox, settings), sandbox) as first:
        series_id, table_id = await seated_series(world, "Kill", (alice, bob, carol))
        game = Game(sandbox, first, table_place(sandbox, first, table_id), table_id,
                    {a.id: a for a in (alice, bob, carol)})
        if when == "mid-deal":
            for _ in range(4):
                assert await game.step()
        else:
            await game.play(until=finishes_the_deal)
        move = game.next_move()
        assert move is not None and game.live is not None and game.live.deal is not None
        seat, actor, action = move
        ply = game.live.deal.ply
        panel = await game.open_hand(actor, game.live.deal.view(seat))

    clicked = await click_and_crash(sandbox, settings, actor, panel, action)
    assert not clicked.acknowledged
    async with await Store.open(settings.database_path) as store:
        [row] = await store.deals.for_table(table_id)
        assert row.ply == ply + 1 and row.result is None  # stored, not settled
        assert await store.series.results(series_id) == []

    async with running(series_bot_for(sandbox, settings), sandbox) as second:
        game.bot = second
        await game.quiet()
        await game.play()
        assert game.live is None  # the table's one deal is over: it closed
        store = second.database
        assert store is not None
        [row] = await store.deals.for_table(table_id)
        record = await store.deals.record(row.deal_id)
        assert len(record["actions"]) == row.ply  # the crashed action once
        results = await store.series.results(series_id)
        assert sorted(r[0] for r in results) == sorted(m.id for m in (alice, bob, carol))
        for member in (alice, bob, carol):
            run = await store.series.run_of(series_id, member.id, 1)
            assert run is not None and run.status is SeriesRunStatus.FINISHED
        ledger = [r for r in await store.ledger.for_deal(row.deal_id) if r.seat is not None]
        assert len(ledger) == 3
        _, problems = await audit(store)
        assert problems == [], problems
