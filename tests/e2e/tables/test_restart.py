"""Restarts lose nothing: a bot stopped in the middle of a deal, and a bot process that
dies between committing an action and answering it, are followed by a new bot on the
same database; the deal is finished by clicking the old messages' buttons, and it ends
exactly as the same deal played without any restart."""

from __future__ import annotations

import asyncio
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.config import Settings
from bot.connection.client import TappBot
from bot.store import Store
from bot.tables import TableConfig
from standin import Sandbox
from standin.harness import World, make_world, running
from tests.conftest import BACKENDS

from .botproc import CRASHED
from .driver import Game, open_table, quick_sleep

#: on both store backends
pytestmark = pytest.mark.parametrize("database", BACKENDS, indirect=True)

REPO = Path(__file__).resolve().parents[3]
MEMBER_STEPS = 14  # into the trick play of the first deal


def config() -> TableConfig:
    return TableConfig(computer_pause=0, computer_level="easy", rng=random.Random(7), ai_seed=7,
                       sleep=quick_sleep)


async def first_deal(store: Store, table_id: int) -> tuple[dict[str, Any], Any]:
    row = (await store.deals.for_table(table_id))[0]
    return await store.deals.record(row.deal_id), row.result


async def play_without_restart(tmp_path: Path) -> tuple[dict[str, Any], Any]:
    """The reference: the same deal, the same choices, one bot throughout."""
    async with Sandbox(settle_quiet=0.02) as sandbox:
        sandbox.rate_limits.realistic = False  # as the table fixture's: a whole deal fast
        world = make_world(sandbox, 4)
        settings = Settings(token=sandbox.token, database_path=tmp_path / "reference.sqlite3")
        bot = TappBot(settings, guild_ready_timeout=0.05, tables=config())
        async with running(bot, sandbox):
            host, *others = world.players
            game = await open_table(sandbox, bot, world.channel, host, "zuger",
                                    joiners=tuple(others))
            await game.play(until=lambda g: g.deals_settled() >= 1)
            assert bot.store is not None
            return await first_deal(bot.store, game.table_id)  # type: ignore[arg-type]


async def click_and_crash(sandbox: Sandbox, settings: Settings, actor: Any, panel: Any,
                          action: Any) -> Any:
    """Start a bot process that dies right after committing its next action, and have
    ``actor`` click ``action`` on ``panel``; returns the click (never answered)."""
    child = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tests.e2e.tables.botproc", sandbox.api_base,
        sandbox.gateway.url, sandbox.token, str(settings.database_path), "1", cwd=REPO,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
    try:
        await sandbox.gateway.wait_connected(30)
        await sandbox.settle(quiet=0.5)
        clicked = await Game.click_action(actor, panel, action, settle=False)
        code = await asyncio.wait_for(child.wait(), 30)
    finally:
        if child.returncode is None:
            child.kill()
            await child.wait()
    output = (await child.stdout.read()).decode(errors="replace") if child.stdout else ""
    assert code == CRASHED, output
    return clicked


async def test_restarts_mid_deal_and_between_commit_and_answer(
        sandbox: Sandbox, world: World, settings: Settings, tmp_path: Path) -> None:
    expected_record, expected_result = await play_without_restart(tmp_path)
    host, *others = world.players

    # bot A: open the table, play into the deal, then stop cleanly
    bot_a = TappBot(settings, guild_ready_timeout=0.05, tables=config())
    async with running(bot_a, sandbox):
        game = await open_table(sandbox, bot_a, world.channel, host, "zuger",
                                joiners=tuple(others))
        for _ in range(MEMBER_STEPS):
            assert await game.step()
        move = game.next_move()
        assert move is not None and game.live is not None and game.live.deal is not None
        seat, actor, action = move
        ply = game.live.deal.ply
        panel = await game.open_hand(actor, game.live.deal.view(seat))
        table_message = game.table_message()

    # a bot process that dies right after committing the next action
    clicked = await click_and_crash(sandbox, settings, actor, panel, action)
    assert not clicked.acknowledged  # the member never got an answer ...
    async with await Store.open(settings.database_path) as store:
        record, _ = await first_deal(store, game.table_id)
    assert len(record["actions"]) == ply + 1  # ... yet the action is committed

    # bot B: same database; finish the deal through the old messages' buttons
    bot_b = TappBot(settings, guild_ready_timeout=0.05, tables=config())
    async with running(bot_b, sandbox):
        game.bot = bot_b
        await game.quiet()
        assert clicked.failed  # Discord's 3 seconds are over
        assert game.table_message().id == table_message.id  # edited in place, not re-posted
        again = await Game.click_action(actor, panel, action)  # the old panel is stale now
        assert again.response is not None and "out of date" in again.response.content
        await game.play(until=lambda g: g.deals_settled() >= 1)
        assert game.table_message().id == table_message.id
        assert bot_b.store is not None
        record, result = await first_deal(bot_b.store, game.table_id)  # type: ignore[arg-type]
    assert record == expected_record
    assert result == expected_result


async def test_computer_turns_resume_after_a_restart(
        sandbox: Sandbox, world: World, settings: Settings) -> None:
    """Stopped while computers had turns to take, the new bot takes them."""
    host = world.players[0]
    paused = TableConfig(computer_pause=3600, computer_level="easy", rng=random.Random(3),
                         ai_seed=3)
    bot_a = TappBot(settings, guild_ready_timeout=0.05, tables=paused)
    async with running(bot_a, sandbox):
        game = await open_table(sandbox, bot_a, world.channel, host, "tapp1879",
                                computers=2, start=False)
        await game.quiet()  # the lobby shows every seat (and Start) once its edit is out
        await host.click(game.table_message(), label="Start")
        assert game.live is not None and game.live.deal is not None
        ply = game.live.deal.ply
    bot_b = TappBot(settings, guild_ready_timeout=0.05, tables=config())
    async with running(bot_b, sandbox):
        game.bot = bot_b
        await game.quiet()
        live = game.live
        assert live is not None and live.deal is not None
        deal = live.deal
        assert deal.ply > ply or not live.is_computer(deal.view(0).actor or 0)
        await game.play(until=lambda g: g.deals_settled() >= 1)


def finishes_the_deal(game: Game) -> bool:
    """The next member action is the deal's last (its card ends the deal)."""
    move = game.next_move()
    live = game.live
    if move is None or live is None or live.deal is None:
        return False
    seat, _, action = move
    after = live.deal.copy()
    after.apply(seat, action)
    return after.is_over


async def test_a_result_is_posted_once_after_a_crash_before_the_deal_settled(
        sandbox: Sandbox, world: World, settings: Settings) -> None:
    """The bot dies right after storing a deal's last card, before settling it. The next
    bot settles the deal while it resumes its tables, and also catches up on results
    never posted: the result appears exactly once."""
    host, *others = world.players
    bot_a = TappBot(settings, guild_ready_timeout=0.05, tables=config())
    async with running(bot_a, sandbox):
        game = await open_table(sandbox, bot_a, world.channel, host, "zuger",
                                joiners=tuple(others))
        await game.play(until=finishes_the_deal)
        move = game.next_move()
        assert move is not None and game.live is not None and game.live.deal is not None
        seat, actor, action = move
        panel = await game.open_hand(actor, game.live.deal.view(seat))

    await click_and_crash(sandbox, settings, actor, panel, action)
    async with await Store.open(settings.database_path) as store:
        row = (await store.deals.for_table(game.table_id))[0]
        assert row.result is None  # the last card is stored, the deal not settled

    def results() -> list[str]:
        return [m.id for m in sandbox.public_messages(game.thread)
                if any("Deal 1" in (e.get("title") or "") for e in m.embeds)]

    assert results() == []
    bot_b = TappBot(settings, guild_ready_timeout=0.05, tables=config())
    async with running(bot_b, sandbox):
        game.bot = bot_b
        await game.quiet()
        await sandbox.settle(quiet=0.5)
        assert len(results()) == 1
        assert bot_b.store is not None
        assert await bot_b.store.deals.unshown(game.table_id) == []  # type: ignore[union-attr]
