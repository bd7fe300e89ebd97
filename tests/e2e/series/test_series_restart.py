"""A restart in the middle of a member's deal of a series loses and doubles nothing: a new
bot on the same database takes the click on the panel the old bot drew, the deal ends
as the same choices end it without a restart, and check-ledger finds all in order."""

from __future__ import annotations

from bot.cli.ledger import audit
from bot.config import Settings
from standin import Sandbox
from standin.harness import World, running

from .conftest import series_bot_for
from .driver import (
    open_panel,
    play_next,
    press,
    run_ids,
    same_as_uninterrupted,
    stamp,
    store_of,
    three_actions_in,
)


async def test_a_restart_mid_deal_resumes_it(sandbox: Sandbox, world: World,
                                             settings: Settings) -> None:
    alice, bob = world.players[:2]
    async with running(series_bot_for(sandbox, settings), sandbox) as first:
        series_id, panel, stopped_at, run_id = await three_actions_in(first, world)

    # another seed source: what is stored is what counts
    async with running(series_bot_for(sandbox, settings, seed=99), sandbox) as second:
        store = store_of(second)
        assert (await store.series.run(run_id)).steps == stopped_at
        resumed = await press(second, alice, panel)  # the old panel works on the new bot
        assert stamp(resumed) is None
        again = await open_panel(alice, world.channel, series_id)  # her next deal: 2
        assert run_ids(again)[0].run_id != run_id
        theirs = await play_next(second, bob, world.channel, series_id)  # no restart
        await same_as_uninterrupted(store, series_id, run_id, theirs)
        _, problems = await audit(store)
        assert problems == []
