"""Turn timers through the stand-in, on the stand-in's clock: the bot's clock (table
service, display and store) is ``sandbox.clock``, so moving that clock moves the
deadlines. The timer loop of the bot is stopped in the tests that fire deadlines by
hand (``bot.timers.fire_due()`` after ``sandbox.clock.advance``); the restart test lets
the new bot's own loop fire what became overdue while no bot ran.

Settings: reminder after 60 s, timeout after 300 s (the shortest the settings allow).
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest

from bot.config import Settings
from bot.connection.client import TappBot
from bot.engine import Action
from bot.store import DealStatus, Store
from bot.store.settings import insert_table_settings
from bot.tables import TableConfig
from bot.tables.arming import turn_key
from standin import Message, Sandbox
from standin.harness import World, running

from .driver import Game, Watch, open_table, quick_sleep
from .fault_helpers import assert_state_replays

pytestmark = pytest.mark.no_latency  # the stand-in's clock jumps

REMINDER, TIMEOUT = 60, 300


def clock_of(sandbox: Sandbox) -> Callable[[], float]:
    return lambda: sandbox.clock.now().timestamp()


@contextlib.asynccontextmanager
async def timed_bot(sandbox: Sandbox, settings: Settings, watch: Watch | None = None, *,
                    loop: bool = False) -> AsyncIterator[TappBot]:
    """A bot whose every clock is the stand-in's; ``loop``: keep its timer loop."""
    now = clock_of(sandbox)

    async def store_factory(s: Settings) -> Store:
        return await Store.open(s.database_path, clock=now)

    config = TableConfig(computer_pause=0, computer_level="easy", rng=random.Random(7),
                         ai_seed=7, clock=now, observers=(watch,) if watch else (),
                         sleep=quick_sleep)
    bot = TappBot(settings, guild_ready_timeout=0.05, tables=config,
                  store_factory=store_factory)
    async with running(bot, sandbox):
        assert bot.timers is not None
        if not loop:
            await bot.timers.stop()
        yield bot


async def timed_table(sandbox: Sandbox, bot: TappBot, world: World,
                      **values: Any) -> Game:
    assert bot.store is not None
    await bot.store.settings.set_guild(world.guild.id, {  # type: ignore[attr-defined]
        "reminder_delay": REMINDER, "turn_timeout": TIMEOUT, **values})
    host, *others = world.players
    return await open_table(sandbox, bot, world.channel, host, "zuger", joiners=tuple(others))


def notices(sandbox: Sandbox, game: Game) -> list[Message]:
    """The timer notices in the table's thread (public messages with ⏰ or ⏱)."""
    return [m for m in sandbox.public_messages(game.thread)
            if m.content.startswith(("⏰", "⏱"))]


def seat_line(message: Message, name: str) -> str:
    [line] = [ln for ln in message.embeds[0]["description"].splitlines()
              if f"**{name}**" in ln]
    return line


async def fire(bot: TappBot, game: Game) -> int:
    assert bot.timers is not None
    fired = await bot.timers.fire_due()
    await game.quiet()
    return len(fired)


async def test_reminder_on_time_mentions_the_member_and_says_the_time_left(
        sandbox: Sandbox, world: World, settings: Settings, watch: Watch) -> None:
    async with timed_bot(sandbox, settings, watch) as bot:
        game = await timed_table(sandbox, bot, world)
        assert game.live is not None
        key = turn_key(game.live)
        assert key is not None
        member = game.member_seats()[key[2]]

        sandbox.clock.advance(REMINDER - 1)
        assert await fire(bot, game) == 0
        assert notices(sandbox, game) == []

        sandbox.clock.advance(1)
        assert await fire(bot, game) == 1
        [ping] = notices(sandbox, game)
        assert ping.mention_ids == [member.id]  # pings the member to act, nobody else
        assert member.mention in ping.content
        assert "Time left: 4 min." in ping.content  # 240 s left
        assert turn_key(game.live) == key  # a reminder changes nothing

        sandbox.clock.advance(REMINDER)  # no second reminder for the same turn
        assert await fire(bot, game) == 0
        assert len(notices(sandbox, game)) == 1
        assert bot.store is not None
        await watch.check(bot.store)  # type: ignore[arg-type]


async def test_timeout_substitute_acts_legally_is_marked_and_the_member_returns(
        sandbox: Sandbox, world: World, settings: Settings, watch: Watch) -> None:
    async with timed_bot(sandbox, settings, watch) as bot:
        store = bot.store
        assert isinstance(store, Store)
        game = await timed_table(sandbox, bot, world)
        live = game.live
        assert live is not None and live.deal is not None
        key = turn_key(live)
        assert key is not None
        deal_id, ply, seat = key
        name = live.seats[seat].display_name
        legal = {a.token for a in live.deal.legal_actions(seat)}
        assert "🤖" not in seat_line(game.table_message(), name)

        sandbox.clock.advance(REMINDER)
        assert await fire(bot, game) == 1
        sandbox.clock.advance(TIMEOUT - REMINDER - 1)
        assert await fire(bot, game) == 0
        sandbox.clock.advance(1)
        assert await fire(bot, game) == 1

        # the substitute's action is legal, stored as auto, and marked in public
        actions = await store.deals.actions(deal_id)
        taken = actions[ply]
        assert taken.auto and taken.seat == seat and len(actions) >= ply + 1
        assert Action.from_record(taken.entry)[1].token in legal
        assert [a.ply for a in actions if a.auto] == [ply]
        reminder, substitute = notices(sandbox, game)
        assert "🤖" in substitute.content and name in substitute.content
        assert substitute.mention_ids == []  # the notice pings nobody
        assert "🤖 (away" in seat_line(game.table_message(), name)
        assert not live.is_computer(seat)  # the seat stays the member's
        await assert_state_replays(bot, game.table_id)

        # while they are away a computer plays their turns at once, marked auto
        async def theirs() -> list[bool]:
            return [a.auto for d in await store.deals.for_table(game.table_id)
                    for a in await store.deals.actions(d.deal_id) if a.seat == seat]

        for _ in range(80):
            if len(await theirs()) >= 3:
                break
            assert await game.step()
            assert all(d.seat != seat for d in await store.deadlines.pending(game.table_id))
        played = await theirs()
        assert len(played) >= 3 and all(played)
        assert "🤖 (away" in seat_line(game.table_message(), name)
        assert len(notices(sandbox, game)) == 2  # no notice per substituted turn

        # they come back with *My hand*: the mark goes, and their next turn waits for them
        user_id = live.seats[seat].user_id
        assert user_id is not None and live.deal is not None
        await game.open_hand(game.members[user_id], live.deal.view(seat))
        await game.quiet()
        assert "🤖" not in seat_line(game.table_message(), name)
        for _ in range(80):
            move = game.next_move()
            if move is not None and move[0] == seat:
                break
            assert await game.step()
        else:
            raise AssertionError("the seat never came to act again")
        assert turn_key(live) is not None and turn_key(live)[2] == seat  # type: ignore[index]
        before = len(await theirs())
        assert await game.step()  # their own click through *My hand*
        own = await theirs()
        assert len(own) == before + 1 and not own[-1]
        assert len(notices(sandbox, game)) == 2
        await assert_state_replays(bot, game.table_id)
        await watch.check(store)


async def test_abandon_policy_moves_no_chips(
        sandbox: Sandbox, world: World, settings: Settings, watch: Watch) -> None:
    async with timed_bot(sandbox, settings, watch) as bot:
        store = bot.store
        assert isinstance(store, Store)
        game = await timed_table(sandbox, bot, world, timeout_policy="abandon")
        live = game.live
        assert live is not None and live.session is not None
        chips = tuple(live.session.chips)
        key = turn_key(live)
        assert key is not None
        board = await store.standings.leaderboard(world.guild.id)

        sandbox.clock.advance(TIMEOUT)
        assert await fire(bot, game) == 2  # the reminder, then the timeout
        assert (await store.deals.get(key[0])).status is DealStatus.ABANDONED
        assert await store.ledger.for_table(game.table_id) == ()
        assert tuple(live.session.chips) == chips
        assert await store.standings.leaderboard(world.guild.id) == board
        *_, abandoned = notices(sandbox, game)
        assert "abandoned, no chips moved" in abandoned.content
        assert live.deal_id is not None and live.deal_id != key[0]  # the next deal
        shown = game.table_message().embeds[0]["description"]
        assert "deal 2" in shown and shown.count("· 0 chips") == 4  # the next deal, no chips
        await assert_state_replays(bot, game.table_id)
        await watch.check(store)


async def test_overdue_timers_fire_once_after_a_restart(
        sandbox: Sandbox, world: World, settings: Settings, tmp_path: Path) -> None:
    async with timed_bot(sandbox, settings) as bot_a:
        game = await timed_table(sandbox, bot_a, world)
        assert game.live is not None
        key = turn_key(game.live)
        assert key is not None
    assert notices(sandbox, game) == []
    # the table speaks German from now on (a table's language is fixed when it is made,
    # and the driver clicks English labels: the test writes the table's own setting)
    async with await Store.open(settings.database_path) as store:
        await store.db.write(insert_table_settings, game.table_id, {"language": "de"},
                             store.db.now())

    sandbox.clock.advance(TIMEOUT + 60)  # both overdue while no bot runs
    async with timed_bot(sandbox, settings, loop=True) as bot_b:  # its loop fires them
        game.bot = bot_b
        await sandbox.wait_until(lambda: len(notices(sandbox, game)) == 1, timeout=30)
        await game.quiet()
        assert bot_b.timers is not None
        assert await bot_b.timers.fire_due() == []
        # the reminder, overdue with the timeout, pings nobody: the substitute acts
        [substitute] = notices(sandbox, game)
        assert "🤖" in substitute.content and "Zeit überschritten" in substitute.content
        assert game.live is not None and turn_key(game.live) != key
        await assert_state_replays(bot_b, game.table_id)
        after = turn_key(game.live)

    async with timed_bot(sandbox, settings, loop=True) as bot_c:  # nothing fires twice
        game.bot = bot_c
        await game.quiet()
        assert bot_c.timers is not None
        assert await bot_c.timers.fire_due() == []
        assert len(notices(sandbox, game)) == 1
        assert game.live is not None and turn_key(game.live) == after
        assert bot_c.store is not None
        actions = await bot_c.store.deals.actions(key[0])  # type: ignore[attr-defined]
        assert sum(a.auto for a in actions) == 1
