"""A restart in the middle of a member's deal of a series loses and doubles nothing: a new
bot on the same database takes the click on the panel the old bot drew, the deal ends
as the same choices end it without a restart, and check-ledger finds all in order."""

from __future__ import annotations

from bot.cli.ledger import audit
from bot.config import Settings
from standin import Sandbox
from standin.harness import World, running

from .conftest import series_bot_for
from .driver import open_panel, open_series, play_next, press, run_ids, stamp, store_of


async def test_a_restart_mid_deal_resumes_it(sandbox: Sandbox, world: World,
                                             settings: Settings) -> None:
    alice, bob = world.players[:2]
    async with running(series_bot_for(sandbox, settings), sandbox) as first:
        series_id, posted = await open_series(alice, world.channel)
        for member in (alice, bob):
            await member.click(posted, label="Join")
        panel = await press(first, alice, await open_panel(alice, world.channel, series_id),
                            actions=3)
        stopped_at = stamp(panel)
        assert stopped_at is not None
        run_id = run_ids(panel)[0].run_id

    # another seed source: what is stored is what counts
    async with running(series_bot_for(sandbox, settings, seed=99), sandbox) as second:
        store = store_of(second)
        assert (await store.series.run(run_id)).steps == stopped_at
        resumed = await press(second, alice, panel)  # the old panel works on the new bot
        assert stamp(resumed) is None
        again = await open_panel(alice, world.channel, series_id)  # her next deal: 2
        assert run_ids(again)[0].run_id != run_id
        theirs = await play_next(second, bob, world.channel, series_id)  # no restart
        ran_a, steps_a = await store.series.run_with_steps(run_id)
        ran_b, steps_b = await store.series.run_with_steps(theirs)
        assert (ran_a.deal, ran_a.seat) == (ran_b.deal, ran_b.seat) == (1, 0)
        assert steps_a == steps_b and ran_a.result == ran_b.result
        assert ran_a.chips == ran_b.chips
        assert len(await store.series.results(series_id)) == 2  # each deal counted once
        _, problems = await audit(store)
        assert problems == []
