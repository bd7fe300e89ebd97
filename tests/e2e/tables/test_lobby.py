"""Opening, filling, starting, leaving and ending tables; the table message over time
(edited in place, re-posted when old, one turn ping at a time); option errors."""

from __future__ import annotations

import asyncio
import random

import pytest

from bot.config import Settings
from bot.connection.client import TappBot
from bot.settings import TableMode
from bot.store import DealStatus, TableStatus
from bot.tables import ComponentId, TableConfig
from standin import Sandbox
from standin.harness import World, running

from .driver import Game, open_table, quick_sleep, quiet


def pings(game: Game) -> list[str]:
    return [m.content for m in game.sandbox.public_messages(game.thread)
            if "your turn" in m.content]


async def test_a_lobby_fills_and_starts_in_its_own_thread(
        sandbox: Sandbox, world: World, table_bot: TappBot) -> None:
    alice, bob, carol, dave = world.players
    ix = await alice.slash(world.channel, "/tapp table new", variant="wuerttemberg", players=3,
                           deck=32)
    assert ix.response is not None and not ix.response.ephemeral
    assert "Württemberg Tapp" in ix.response.content
    [thread] = sandbox.threads(world.channel)
    assert sandbox.message(ix.response.id).thread_id == thread.id
    lobby = next(m for m in sandbox.public_messages(thread) if m.buttons())
    assert "Seat 1: **alice**" in lobby.text and "32 cards" in lobby.text
    assert lobby.button_labels() == ["Join", "Leave", "Add computer", "Start", "Cancel"]
    assert lobby.find_button("Start")["disabled"]  # type: ignore[index]

    ix = await alice.click(lobby, label="Leave")
    assert ix.response is not None and "cancel" in ix.response.content  # the host stays
    await bob.click(lobby, label="Join")
    ix = await bob.click(lobby, label="Join")
    assert ix.response is not None and "already have a seat" in ix.response.content
    await bob.click(lobby, label="Leave")
    await carol.click(lobby, label="Join")
    ix = await dave.click(lobby, label="Add computer")
    assert ix.response is not None and "Only the host" in ix.response.content
    await alice.click(lobby, label="Add computer")
    await quiet(sandbox, table_bot)
    lobby = sandbox.message(lobby.id)
    assert "Seat 2: **carol**" in lobby.text and "Computer 3" in lobby.text
    assert not lobby.find_button("Start")["disabled"]  # type: ignore[index]
    ix = await alice.click(lobby, label="Start")
    assert ix.response is not None and "started" in ix.response.content
    await quiet(sandbox, table_bot)
    table = sandbox.message(lobby.id)  # the lobby message became the table message
    # (no Last trick before a trick is over)
    assert table.button_labels()[:2] == ["My hand", "Rules"]
    assert table.attachments and table.attachments[0].filename == "table.jpg"
    ix = await dave.click(table, label="Rules")
    assert ix.response is not None and "Württemberg" in ix.response.text


async def test_option_errors_are_explained(sandbox: Sandbox, world: World,
                                           table_bot: TappBot) -> None:
    alice = world.players[0]
    for options, expected in (({"variant": "zuger", "players": 3}, "played by 4 players"),
                              ({"variant": "zuger", "deck": 32}, "does not belong"),
                              ({"variant": "tapp1879", "closing_round": True},
                               "does not belong")):
        ix = await alice.slash(world.channel, "/tapp table new", **options)
        assert ix.response is not None and ix.response.ephemeral_to == alice.id
        assert expected in ix.response.content, ix.response.content
    assert sandbox.threads(world.channel) == []
    ix = await alice.slash(world.channel, "/tapp rules")  # no table here: the server's
    assert ix.response is not None and ix.response.ephemeral  # usual variant
    assert "Zuger Tapp" in ix.response.text
    ix = await alice.slash(world.channel, "/tapp rules", variant="dapp")
    assert ix.response is not None and "Ramsch" in ix.response.text and ix.response.ephemeral


async def test_in_channel_mode_and_inside_a_thread(sandbox: Sandbox, world: World,
                                                   table_bot: TappBot) -> None:
    alice, bob = world.players[:2]
    assert table_bot.store is not None
    await table_bot.store.settings.set_guild(world.guild.id, {"table_mode": TableMode.CHANNEL})
    ix = await alice.slash(world.channel, "/tapp table new", variant="zuger")
    assert ix.response is not None and ix.response.ephemeral
    assert sandbox.threads(world.channel) == []
    [lobby] = [m for m in sandbox.public_messages(world.channel) if m.buttons()]
    ix = await bob.slash(world.channel, "/tapp table new", variant="dapp")
    assert ix.response is not None and "already open" in ix.response.content
    ix = await bob.click(lobby, label="Join")
    assert ix.response is not None and "seat 2" in ix.response.content
    ix = await bob.slash(world.channel, "/tapp table leave")
    assert ix.response is not None and "left" in ix.response.content
    ix = await alice.slash(world.channel, "/tapp table end")
    assert ix.response is not None and "cancelled" in ix.response.content
    await sandbox.settle()
    assert sandbox.message(lobby.id).buttons() == []


async def test_the_table_message_over_a_game(sandbox: Sandbox, world: World,
                                             table_bot: TappBot) -> None:
    alice, bob, carol, dave = world.players
    game = await open_table(sandbox, table_bot, world.channel, alice, "zuger",
                            joiners=(bob, carol, dave))
    first = game.table_message()
    for _ in range(8):
        assert await game.step()
        move = game.next_move()
        assert move is not None
        if game.live_panel(move[1], move[0]) is None:  # away from the table: pinged
            assert len(pings(game)) == 1  # the previous ping is deleted
            assert pings(game)[0].startswith(move[1].mention)
        else:  # their live panel shows their turn: nobody pings them
            assert pings(game) == []
    assert game.hand_opens == 0  # their Join and Start answers became their live panels
    assert game.table_message().id == first.id and first.edit_count > 5
    assert not any(m.ephemeral for m in sandbox.public_messages(game.thread))

    ix = await dave.slash(game.thread, "/tapp table show")
    assert ix.response is not None and "posted again" in ix.response.content
    await game.quiet()
    assert game.table_message().id != first.id and sandbox.message(first.id).deleted
    # /tapp play hand from the parent channel finds the one table the member sits at
    ix = await bob.slash(world.channel, "/tapp play hand")
    assert ix.response is not None and ix.response.ephemeral_to == bob.id
    assert ix.response.attachments[0].filename == "hand.jpg"


@pytest.mark.no_latency
async def test_an_hour_old_table_message_is_posted_again(
        sandbox: Sandbox, world: World, settings: Settings) -> None:
    config = TableConfig(computer_pause=0, computer_level="easy", rng=random.Random(2), ai_seed=2,
                         clock=lambda: sandbox.clock.now().timestamp(), sleep=quick_sleep)
    bot = TappBot(settings, guild_ready_timeout=0.05, tables=config)
    async with running(bot, sandbox):
        alice, bob, carol, dave = world.players
        game = await open_table(sandbox, bot, world.channel, alice, "zuger",
                                joiners=(bob, carol, dave))
        first = game.table_message()
        sandbox.clock.advance(3700)
        for _ in range(5):
            assert await game.step()
        assert game.table_message().id != first.id
        assert sandbox.message(first.id).deleted
        assert not [ix for ix in sandbox.interactions if ix.errors]


@pytest.mark.no_latency
async def test_a_refused_edit_of_an_old_message_reposts_it(
        sandbox: Sandbox, world: World, table_bot: TappBot) -> None:
    """The bot's clock does not know the message is old (here the stand-in's clock moved,
    the bot's did not): Discord's 30046 refusal makes it post the table message anew. (The
    members' live panels are past Discord's 15 minutes too: their edits are refused as
    an invalid token, 50027, or, through a fresh click's token, as an edit of an old
    message, 30046; either way the bot drops the panel and pings the member instead.)"""
    alice, bob, carol, dave = world.players
    game = await open_table(sandbox, table_bot, world.channel, alice, "zuger",
                            joiners=(bob, carol, dave))
    first = game.table_message()
    sandbox.clock.advance(3700)
    for _ in range(6):
        assert await game.step()
    assert sandbox.message(first.id).deleted and game.table_message().id != first.id
    assert not [ix for ix in sandbox.interactions if ix.failed]
    assert {e["code"] for ix in sandbox.interactions for e in ix.errors} <= {50027, 30046}
    # a panel whose message is past the hour is refused (30046) once and then left alone,
    # not edited again and again for an hour
    for ix in sandbox.interactions:
        assert sum(e["code"] == 30046 for e in ix.errors) <= 1, ix.errors


async def test_ending_by_vote_by_the_host_at_once_and_leaving(
        sandbox: Sandbox, world: World, table_bot: TappBot) -> None:
    alice, bob, carol, dave = world.players
    game = await open_table(sandbox, table_bot, world.channel, alice, "dapp", players=4,
                            joiners=(bob, carol), computers=1)
    store = table_bot.store
    assert store is not None
    ix = await dave.slash(game.thread, "/tapp table end")
    assert ix.response is not None and "not seated" in ix.response.content
    ix = await bob.click(game.table_message(), label="End table")
    assert ix.response is not None and "vote" in ix.response.content
    await game.quiet()
    assert "1 of 2 votes" in game.table_message().text
    ix = await carol.slash(game.thread, "/tapp table end", now=True)
    assert ix.response is not None and "Only the host" in ix.response.content

    # carol leaves: a computer takes her seat and plays on
    ix = await carol.slash(game.thread, "/tapp table leave")
    assert ix.response is not None and "computer player takes over" in ix.response.content
    live = game.live
    assert live is not None and live.seat_of(carol.id) is None
    del game.members[carol.id]
    await game.play(until=lambda g: g.deals_settled() >= 1)

    ix = await alice.slash(game.thread, "/tapp table end", now=True)
    assert ix.response is not None and "abandoned" in ix.response.content
    await game.quiet()
    assert game.live is None
    table = await store.tables.get(game.table_id)
    assert table.status is TableStatus.CLOSED
    deals = await store.deals.for_table(game.table_id)
    assert [d.status for d in deals] == [DealStatus.SETTLED, DealStatus.ABANDONED]
    ledger = await store.ledger.for_table(game.table_id)
    assert {r.deal_id for r in ledger} == {deals[0].deal_id}
    closing = sandbox.public_messages(game.thread)[-1]
    assert "closed" in closing.text and not closing.buttons()
    for message in sandbox.public_messages(game.thread):
        for b in message.buttons():
            assert ComponentId.parse(b["custom_id"]) is not None


async def test_the_bots_buttons_leave_nothing_listening_in_the_bot(
        sandbox: Sandbox, world: World, table_bot: TappBot) -> None:
    """Every component is answered by the bot's one registered item, so a message sent
    with buttons leaves no view behind: discord.py keeps the view of an ephemeral answer
    sent with ``send_message`` (a *My hand* panel) with a 15-minute timeout task of its
    own, unless the view says it is finished."""
    alice, bob, carol, dave = world.players
    game = await open_table(sandbox, table_bot, world.channel, alice, "zuger",
                            joiners=(bob, carol, dave))
    _, _, _, panel = await game.next_panel()  # sent as a new ephemeral message
    assert panel.buttons() or panel.selects()
    await game.quiet()
    timers = [task for task in asyncio.all_tasks()
              if "__timeout_task_impl" in getattr(task.get_coro(), "__qualname__", "")]
    assert timers == []
    assert table_bot._connection._view_store.persistent_views == []
