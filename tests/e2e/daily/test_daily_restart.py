"""A restart in the middle of a member's run loses nothing: a new bot on the same database
takes the click on the panel the old bot drew, and the run ends exactly as the same
choices end it without a restart (the computers meet the same situations and act the
same)."""

from __future__ import annotations

from bot.config import Settings
from standin import Sandbox
from standin.harness import World, running

from .conftest import daily_bot_for
from .driver import Member, baseline, store_of

STEPS_BEFORE = 4  # member actions before the restart


async def test_a_restart_mid_run_resumes_it(sandbox: Sandbox, world: World,
                                            settings: Settings) -> None:
    alice, bob = world.players[:2]
    async with running(daily_bot_for(sandbox, settings), sandbox) as bot_a:
        a = Member(sandbox, bot_a, alice, world.channel)
        await a.open()
        for _ in range(STEPS_BEFORE):
            await a.step(baseline)
        stopped_at = (await a.state()).step
        panel = a.panel

    # another seed source: what is stored is what counts
    async with running(daily_bot_for(sandbox, settings, seed=99), sandbox) as bot_b:
        a.bot = bot_b
        assert (await a.state()).step == stopped_at
        assert panel is not None
        await a.step(baseline)  # the old panel's buttons work on the new bot
        resumed = await a.open()  # and /tapp daily play shows where the run is
        assert a.stamp() == (await a.state()).step and resumed.ephemeral_to == alice.id
        final = await a.play(baseline)
        b = Member(sandbox, bot_b, bob, world.channel)  # the same choices, no restart
        await b.play(baseline)
        store = store_of(bot_b)
        ran_a, steps_a = await store.daily.run_with_steps(a.run_id)
        ran_b, steps_b = await store.daily.run_with_steps(b.run_id)
        assert steps_a == steps_b and ran_a.result == ran_b.result
        assert ran_a.chips == ran_b.chips and final.text.count("Your seat's result") == 1
