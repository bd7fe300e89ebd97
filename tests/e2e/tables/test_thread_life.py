"""A table's thread over a day, through the stand-in: Discord archives a quiet thread
(sometimes well before its auto-archive time), a moderator may lock it, and a finished
table's thread should not keep counting against the server's active threads.

- Archived while the table waits: when the bot must show a move there, it unarchives the
  thread and its edits go through again.
- Locked: the bot cannot post or edit there any more; the table moves to its channel
  with a note, and play goes on there.
- Closed: once the closing summary is posted, the bot archives the table's thread.
"""

from __future__ import annotations

import pytest

from bot.connection.client import TappBot
from standin import P, Sandbox
from standin.harness import World

from .driver import Watch, open_table

pytestmark = pytest.mark.no_latency  # the stand-in's clock jumps

HOURS = 3600


def turn_line(text: str) -> str:
    return next((ln for ln in text.splitlines() if ln.startswith("**Turn:**")), "")


async def test_a_thread_archived_at_every_turn_over_a_day(
        sandbox: Sandbox, world: World, table_bot: TappBot, watch: Watch) -> None:
    """Each time the table waits, Discord archives the thread; the member on turn, whose
    client cannot click in an archived thread, plays with a command in the channel. The
    bot's edits of the table message then meet an archived thread."""
    alice, bob = world.players[:2]
    store = table_bot.database
    assert store is not None
    game = await open_table(sandbox, table_bot, world.channel, alice, "zuger",
                            joiners=(bob,), computers=2)
    thread = sandbox.state.channel(game.thread.id)
    played = 0
    while played < 12:
        move = game.next_move()
        if move is None:
            break
        _, actor, action = move
        sandbox.archive_thread(game.thread)  # quiet for hours: Discord archives it
        sandbox.advance(2 * HOURS)
        in_thread, game.thread = game.thread, world.channel
        try:
            await game._slash(actor, action)  # from the channel: the table is found
        finally:
            game.thread = in_thread
        await game.quiet()
        played += 1
        assert not thread.archived  # the bot unarchived it to show the move
        live = game.live
        assert live is not None and live.deal is not None
        actor_seat = live.deal.view(0).actor
        if actor_seat is not None and live.deal_id is not None:
            assert live.seats[actor_seat].display_name in turn_line(game.table_message().text)
    assert played >= 6
    assert [ix for ix in sandbox.interactions if ix.failed] == []
    await watch.check(store)


async def test_a_locked_thread_moves_the_table_to_its_channel(
        sandbox: Sandbox, world: World, table_bot: TappBot, watch: Watch) -> None:
    alice, bob = world.players[:2]
    store = table_bot.database
    assert store is not None
    game = await open_table(sandbox, table_bot, world.channel, alice, "zuger",
                            joiners=(bob,), computers=2)
    for _ in range(3):
        assert await game.step()
    sandbox.take_from_bot(world.guild, P.MANAGE_THREADS)  # as most bots: no moderator
    sandbox.lock_thread(game.thread)  # a moderator locks it; the bot may not post there
    assert await game.step()  # a member's click still reaches the bot
    await game.quiet()
    table = await store.tables.get(game.table_id)
    assert table.thread_id is None  # the table lives in the channel now
    in_channel = sandbox.public_messages(world.channel)
    assert any("locked" in m.text for m in in_channel)
    assert table_bot.tables is not None
    assert table_bot.tables.registry.located_in(world.channel.id) is not None
    game.thread = sandbox.state.channel(world.channel.id)  # play on where the table is
    await game.play(until=lambda g: g.deals_settled() >= 1)
    assert [ix for ix in sandbox.interactions if ix.failed] == []
    await watch.check(store)


async def test_a_closed_tables_thread_is_archived(
        sandbox: Sandbox, world: World, table_bot: TappBot) -> None:
    alice = world.players[0]
    game = await open_table(sandbox, table_bot, world.channel, alice, "zuger", computers=3)
    ix = await alice.slash(game.thread, "/tapp table end", now=True)
    assert ix.response is not None and not ix.errors
    await game.quiet()
    thread = sandbox.state.channel(game.thread.id)
    assert thread.archived and not thread.locked
    summary = sandbox.public_messages(game.thread)[-1]
    assert "closed" in summary.text.lower()
