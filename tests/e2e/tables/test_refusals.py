"""What Discord refuses after a table began, through the stand-in: a permission taken
away mid-game is told once in the table's channel, never silently; and a clock that runs
ahead of or behind Discord's does not make the bot drop clicks."""

from __future__ import annotations

import pytest

from bot.client import TappBot
from standin import P, Sandbox
from standin.harness import World

from .driver import open_table


async def test_a_permission_taken_mid_game_is_told_once(
        sandbox: Sandbox, world: World, table_bot: TappBot) -> None:
    alice = world.players[0]
    game = await open_table(sandbox, table_bot, world.channel, alice, "zuger", computers=3)
    sandbox.take_from_bot(world.channel, P.SEND_MESSAGES_IN_THREADS)  # threads take it
    await game.play(until=lambda g: g.deals_settled() >= 1)  # a result to post: refused
    ix = await alice.slash(game.thread, "/tapp end", now=True)  # a summary: refused too
    assert ix.response is not None
    await game.quiet()
    notes = [m for m in sandbox.public_messages(world.channel)
             if "Discord refused me" in m.text]
    assert len(notes) == 1, [m.text for m in notes]
    assert f"<#{game.thread.id}>" in notes[0].text and "Send Messages in Threads" in notes[0].text
    assert [ix for ix in sandbox.interactions if ix.failed] == []


@pytest.mark.parametrize("skew", [-2.5, 3.0])
async def test_every_click_is_answered_whatever_the_clock_skew(
        sandbox: Sandbox, world: World, table_bot: TappBot, skew: float) -> None:
    """Discord's timestamps (snowflakes) run ``skew`` seconds off the bot's clock; the
    three seconds to answer are counted from when the bot received the click."""
    sandbox.set_skew(skew)
    alice, bob = world.players[:2]
    ix = await alice.slash(world.channel, "/tapp about")
    assert ix.response is not None and not ix.failed
    game = await open_table(sandbox, table_bot, world.channel, alice, "zuger",
                            joiners=(bob,), computers=2)
    await game.play(until=lambda g: g.deals_settled() >= 1)
    clicks = [ix for ix in sandbox.interactions if ix.type in (2, 3)]
    assert len(clicks) > 10
    assert [ix for ix in sandbox.interactions if ix.failed or ix.response_type is None] == []
