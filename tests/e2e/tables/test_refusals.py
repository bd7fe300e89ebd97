"""What Discord refuses after a table began, through the stand-in: a clock that runs
ahead of or behind Discord's does not make the bot drop clicks. (A permission taken away
mid-game: ``test_places.py``, where the table is suspended and its channel told once.)"""

from __future__ import annotations

import pytest

from bot.connection.client import TappBot
from standin import Sandbox
from standin.harness import World

from .driver import open_table


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
