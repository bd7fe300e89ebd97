"""The window passes with nobody asking: the bot's loop closes the series, posts it in
its channel with the seed and the command that deals its deals again, and drops the
deal that was in play (not counted)."""

from __future__ import annotations

from datetime import timedelta

from bot.connection.client import TappBot
from bot.engine.shuffle import commitment
from standin import Sandbox
from standin.harness import World

from .driver import joined_series, open_panel, play_next, press, store_of


async def test_the_window_passes_and_the_channel_is_told(sandbox: Sandbox, world: World,
                                                          series_bot: TappBot) -> None:
    alice, bob = world.players[:2]
    series_id = await joined_series(world.channel, (alice, bob))
    await play_next(series_bot, alice, world.channel, series_id)
    await press(series_bot, bob, await open_panel(bob, world.channel, series_id), actions=1)
    before = len(sandbox.public_messages(world.channel))
    sandbox.clock.advance(timedelta(days=7, minutes=1))
    cog = series_bot.get_cog("Series")
    assert cog is not None
    await cog.closer.coro(cog)  # the loop's turn (it runs once a minute)
    await sandbox.settle()
    store = store_of(series_bot)
    row = await store.series.get(series_id)
    news = sandbox.public_messages(world.channel)[before:]
    assert len(news) == 1 and f"`{row.seed.hex()}`" in news[0].text
    assert f"--commitment {commitment(row.seed)}" in news[0].text
    final = await store.series.final(series_id)
    assert [(f.user_id, f.deals) for f in final] == [(alice.id, 1)]  # bob's was dropped
    await cog.closer.coro(cog)  # closed once: told once
    await sandbox.settle()
    assert len(sandbox.public_messages(world.channel)) == before + 1
