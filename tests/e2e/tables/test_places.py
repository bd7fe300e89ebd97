"""When Discord takes a table's place away (issue 29), through the stand-in: its thread
or channel deleted, the bot removed from the server (and invited again), a permission
taken (and given back), a click replayed by a slow RESUME, Cloudflare's ban. Each test
fails on a bot that plays on regardless."""

from __future__ import annotations

import asyncio
import time

import pytest

from bot.config import Settings
from bot.connection.client import TappBot
from bot.store import DealStatus
from bot.tables import TableConfig
from standin import Message, P, Sandbox
from standin.harness import World, running

from .driver import Game, check_ledger_against_replay, open_table
from .fault_helpers import store_of

EDIT = "PATCH /channels/{channel_id}/messages/{message_id}"
#: why a table is suspended (bot.tables.places), spelt out: these tests also run
#: against a bot that has no such thing
CHANNEL_GONE, BOT_REMOVED, NO_PERMISSION = "channel_gone", "bot_removed", "no_permission"


async def computer_table(sandbox: Sandbox, bot: TappBot, world: World) -> Game:
    """alice and three computers, the first deal under way."""
    game = await open_table(sandbox, bot, world.channel, world.players[0], "zuger",
                            computers=3)
    for _ in range(2):
        await game.step()
    return game


async def still(game: Game) -> tuple[int, int]:
    """(deal id, ply) after every timer of the table fired (a reminder, a turn timeout:
    a table that plays on posts them, and a substitute plays the turn) and its computers
    had time to play."""
    live = game.live
    assert live is not None and live.deal is not None and live.deal_id is not None
    before = (live.deal_id, live.deal.ply)
    assert game.bot.timers is not None
    await game.bot.timers.fire_due(time.time() + 10 ** 7)
    await asyncio.sleep(0.2)
    await game.quiet()
    assert live.deal is not None
    assert (live.deal_id, live.deal.ply) == before, "a suspended table played on"
    return before


async def chips_moved(bot: TappBot, table_id: int) -> int:
    return len(await store_of(bot).ledger.for_table(table_id))


async def test_a_deleted_thread_moves_the_table_to_its_channel(
        sandbox: Sandbox, world: World, table_bot: TappBot) -> None:
    game = await computer_table(sandbox, table_bot, world)
    thread = game.thread
    sandbox.delete_channel(thread)
    await game.quiet()
    live = game.live
    assert live is not None and live.row.thread_id is None
    assert getattr(live, "suspended", None) is None
    game.thread = world.channel  # the table plays on in its channel
    game.panels.clear()  # (ephemeral panels went with the thread)
    notes = [m for m in sandbox.public_messages(world.channel) if "was deleted" in m.text]
    assert len(notes) == 1
    await game.play(until=lambda g: g.deals_settled() >= 1)
    assert game.table_message().channel_id == world.channel.id
    assert sandbox.invalid.not_found <= 2, sandbox.invalid.not_found


async def test_a_deleted_channel_suspends_the_table_until_a_member_ends_it(
        sandbox: Sandbox, world: World, table_bot: TappBot) -> None:
    game = await computer_table(sandbox, table_bot, world)
    lounge = sandbox.create_channel(world.guild, "lounge")
    alice = world.players[0]
    ledger = await chips_moved(table_bot, game.table_id)
    sandbox.delete_channel(world.channel)
    await game.quiet()
    await still(game)  # it stopped: computers and timers wait
    live = game.live
    assert live is not None and getattr(live, "suspended", None) == CHANNEL_GONE
    row = await store_of(table_bot).tables.get(game.table_id)
    assert row.suspended_reason == CHANNEL_GONE
    assert sandbox.invalid.not_found <= 2, sandbox.invalid.not_found
    # alice sees it and ends it; the unfinished deal is abandoned: no chips move for it
    ix = await alice.slash(lounge, "/tapp table list")
    assert ix.response is not None and "its channel was deleted" in ix.response.text
    ix = await alice.click(ix.response, label=f"End table {game.table_id}")
    assert ix.response is not None and not ix.errors
    row = await store_of(table_bot).tables.get(game.table_id)
    assert not row.status.is_open
    assert await chips_moved(table_bot, game.table_id) == ledger
    deals = await store_of(table_bot).deals.for_table(game.table_id)
    assert deals[-1].status is DealStatus.ABANDONED
    await check_ledger_against_replay(store_of(table_bot), game.table_id)
    ix = await alice.slash(lounge, "/tapp table list")
    assert ix.response is not None and "no suspended table" in ix.response.text


async def test_the_bot_removed_suspends_and_invited_again_resumes(
        sandbox: Sandbox, world: World, table_bot: TappBot) -> None:
    game = await computer_table(sandbox, table_bot, world)
    sandbox.remove_bot(world.guild)
    await game.quiet()
    await still(game)  # it stopped: computers and timers wait
    live = game.live
    assert live is not None and getattr(live, "suspended", None) == BOT_REMOVED
    assert sandbox.invalid.total == 0  # not one request refused
    sandbox.add_bot(world.guild)
    await game.quiet()
    assert live.suspended is None
    await game.play(until=lambda g: g.deals_settled() >= 1)  # it plays on where it was
    assert sandbox.invalid.total == 0
    await check_ledger_against_replay(store_of(table_bot), game.table_id)


async def test_an_outage_suspends_nothing(
        sandbox: Sandbox, world: World, table_bot: TappBot) -> None:
    game = await computer_table(sandbox, table_bot, world)
    sandbox.outage(world.guild)
    await game.quiet()
    assert game.live is not None and getattr(game.live, "suspended", None) is None
    sandbox.outage_over(world.guild)
    await game.quiet()
    await game.play(until=lambda g: g.deals_settled() >= 1)


@pytest.mark.parametrize("taken", [P.SEND_MESSAGES_IN_THREADS, P.VIEW_CHANNEL])
async def test_a_permission_taken_suspends_is_told_once_and_given_back_resumes(
        sandbox: Sandbox, world: World, table_bot: TappBot, taken: P) -> None:
    """Taken from the bot in the table's channel (its thread takes the channel's): the
    channel is told once what the table needs, where the bot can still post there."""
    game = await computer_table(sandbox, table_bot, world)
    alice = world.players[0]
    sandbox.take_from_bot(world.channel, taken)
    await game.quiet()
    await still(game)  # it stopped: computers and timers wait
    live = game.live
    assert live is not None and getattr(live, "suspended", None) == NO_PERMISSION
    for _ in range(3):  # members' clicks are answered, nothing is posted
        ix = await alice.click(game.table_message(), label="My hand")
        assert ix.response is not None and "suspended" in ix.response.text
    notes = [m for m in sandbox.public_messages(world.channel)
             if "Discord refused me" in m.text]
    if taken is P.VIEW_CHANNEL:  # the note itself was refused: the log says so
        assert notes == []
    else:
        assert len(notes) == 1, [m.text for m in notes]
        assert f"<#{game.thread.id}>" in notes[0].text
        assert "Send Messages in Threads" in notes[0].text
    assert sandbox.invalid.total <= 1, sandbox.invalid.report()
    sandbox.overwrite(world.channel, None)  # given back
    await game.quiet()
    assert live.suspended is None
    await game.play(until=lambda g: g.deals_settled() >= 1)
    assert sandbox.invalid.total <= 1
    assert [ix for ix in sandbox.interactions if ix.failed] == []


async def test_a_click_replayed_after_a_slow_resume_is_not_acted_on(
        sandbox: Sandbox, world: World, table_bot: TappBot) -> None:
    game = await open_table(sandbox, table_bot, world.channel, world.players[0], "zuger",
                            joiners=(world.players[1],), computers=2)
    seat, actor, action, panel = await game.next_panel()
    live = game.live
    assert live is not None and live.deal is not None
    ply = live.deal.ply
    sandbox.gateway.resume_delay = 3.5  # Discord replays the click 3.5 s after it
    await sandbox.drop_gateway()
    ix = await Game.click_action(actor, panel, action, settle=False)
    await sandbox.gateway.wait_connected(15)
    await sandbox.settle(timeout=15)
    await game.quiet()
    assert live.deal.ply == ply, "a click Discord had failed was played"
    assert ix.response is None and not ix.acknowledged
    assert table_bot.display is not None and table_bot.display.gate.dropped >= 1
    sandbox.gateway.resume_delay = 0
    assert await game.step()  # the next click is taken


async def test_cloudflares_ban_is_not_retried_before_its_retry_after(
        sandbox: Sandbox, world: World, table_bot: TappBot) -> None:
    game = await computer_table(sandbox, table_bot, world)
    assert table_bot.tables is not None
    sandbox.invalid.ban(60)
    for _ in range(3):
        await table_bot.tables.places.repost(await table_bot.tables.table(game.table_id))
        await asyncio.sleep(0.3)
    assert sandbox.invalid.refused_by_ban == 1, sandbox.invalid.refused_by_ban
    budget = getattr(table_bot, "budget", None)
    assert budget is not None and budget.banned_for() > 50 and budget.strained


async def test_past_the_invalid_request_budget_optional_traffic_stops(
        sandbox: Sandbox, world: World, table_bot: TappBot,
        caplog: pytest.LogCaptureFixture) -> None:
    """Three refused requests with a budget of three: turn pings, panels' edits and the
    table message's picture updates stop (and the log says so); answers still go out."""
    game = await open_table(sandbox, table_bot, world.channel, world.players[0], "zuger",
                            joiners=(world.players[1],), computers=2)
    budget = getattr(table_bot, "budget", None)
    assert budget is not None
    budget.limit = 3
    table = game.table_message()
    sandbox.faults.rate_limit(3, route=EDIT, retry_after=0.01)  # discord.py waits them out
    assert await game.step()
    assert budget.count() >= 3 and budget.strained
    assert "INVALID-REQUEST BUDGET SPENT" in caplog.text
    edits, posts = sandbox.message(table.id).edit_count, len(public(sandbox, game))
    for _ in range(4):
        assert await game.step()  # members still play: their clicks are answered
    assert sandbox.message(table.id).edit_count == edits  # no picture updates
    assert len(public(sandbox, game)) == posts  # no pings
    assert [ix for ix in sandbox.interactions if ix.failed] == []


def public(sandbox: Sandbox, game: Game) -> list[Message]:
    return sandbox.public_messages(game.thread)


async def test_the_reminder_pings_a_member_whose_panel_seems_live(
        sandbox: Sandbox, world: World, table_bot: TappBot) -> None:
    """Discord keeps an ephemeral panel only in the client that got it: a member on
    another device sees nothing. Their turn's reminder mentions them all the same."""
    game = await computer_table(sandbox, table_bot, world)
    alice = world.players[0]
    live, display = game.live, table_bot.display
    assert live is not None and display is not None
    assert display.panels.get(game.table_id, alice.id) is not None  # "live"
    reminders = [d for d in await store_of(table_bot).deadlines.pending(game.table_id)
                 if d.kind == "reminder"]
    assert len(reminders) == 1
    assert table_bot.timers is not None
    await table_bot.timers.fire_due(reminders[0].due_at + 1)
    await game.quiet()
    [note] = [m for m in sandbox.public_messages(game.thread) if "turn" in m.text.lower()
              and alice.mention in m.text]
    assert alice.id in {int(u["id"]) for u in note.payload(sandbox.state)["mentions"]}


async def test_a_suspended_table_stays_suspended_across_a_restart(
        sandbox: Sandbox, world: World, settings: Settings, table_config: TableConfig) -> None:
    bot_a = TappBot(settings, guild_ready_timeout=0.05, tables=table_config)
    async with running(bot_a, sandbox):
        game = await computer_table(sandbox, bot_a, world)
        table_id = game.table_id
        sandbox.remove_bot(world.guild)
        await game.quiet()
        assert getattr(game.live, "suspended", None) == BOT_REMOVED
    bot_b = TappBot(settings, guild_ready_timeout=0.05, tables=table_config)
    async with running(bot_b, sandbox):
        assert bot_b.tables is not None
        game = Game(sandbox, bot_b, game.thread, table_id, game.members)
        await game.quiet()
        assert getattr(game.live, "suspended", None) == BOT_REMOVED
        await still(game)
        sandbox.add_bot(world.guild)
        await sandbox.wait_until(lambda: getattr(game.live, "suspended", 1) is None)
        await game.play(until=lambda g: g.deals_settled() >= 1)
    assert sandbox.invalid.total == 0, sandbox.invalid.report()


async def test_a_bot_removed_while_it_was_stopped_suspends_at_start(
        sandbox: Sandbox, world: World, settings: Settings, table_config: TableConfig) -> None:
    bot_a = TappBot(settings, guild_ready_timeout=0.05, tables=table_config)
    async with running(bot_a, sandbox):
        game = await computer_table(sandbox, bot_a, world)
    sandbox.remove_bot(world.guild)  # while no bot runs
    bot_b = TappBot(settings, guild_ready_timeout=0.05, tables=table_config)
    async with running(bot_b, sandbox):
        game = Game(sandbox, bot_b, game.thread, game.table_id, game.members)
        await sandbox.wait_until(lambda: getattr(game.live, "suspended", None) == BOT_REMOVED)
        await still(game)
        assert sandbox.invalid.total <= 1, sandbox.invalid.report()  # the start's update
