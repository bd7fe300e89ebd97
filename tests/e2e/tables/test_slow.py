"""Work that takes longer than Discord's 3 seconds: the answer is deferred in time, then
filled in; nothing is lost."""

from __future__ import annotations

import asyncio
import random

import pytest

from bot.config import Settings
from bot.connection.client import TappBot
from bot.tables import TableConfig
from standin import Sandbox
from standin.harness import World, running
from tests.store_hooks import opening_with_hook

from .driver import Game, open_table, quick_sleep


@pytest.mark.no_latency
async def test_a_slow_commit_is_deferred_then_answered(sandbox: Sandbox, world: World,
                                                       settings: Settings) -> None:
    slow = False

    async def after_commit(deal_id: int, ply: int) -> None:
        if slow:
            await asyncio.sleep(2.5)

    config = TableConfig(computer_pause=0, computer_level="easy", rng=random.Random(1), ai_seed=1,
                         sleep=quick_sleep)
    bot = TappBot(settings, store_factory=opening_with_hook(after_commit),
                  guild_ready_timeout=0.05, tables=config)
    async with running(bot, sandbox):
        host, *others = world.players
        game = await open_table(sandbox, bot, world.channel, host, "zuger",
                                joiners=tuple(others))
        slow = True

        move = game.next_move()
        assert move is not None and game.live is not None and game.live.deal is not None
        seat, actor, action = move
        panel = await game.open_hand(actor, game.live.deal.view(seat))
        clicked = await Game.click_action(actor, panel, action)
        assert clicked.deferred and not clicked.failed and not clicked.errors
        await sandbox.wait_until(lambda: "You said" in panel.text)  # the panel, edited
        assert clicked.response is panel

        move = game.next_move()
        assert move is not None
        seat, actor, action = move
        typed = await actor.slash(game.thread, "/tapp play bid", value=action.token)
        assert typed.deferred and not typed.failed and not typed.errors
        assert typed.response is not None and not typed.response.loading
        assert "You said" in typed.response.text and typed.response.ephemeral_to == actor.id
        await game.quiet()
        assert game.live.deal.ply == 2
