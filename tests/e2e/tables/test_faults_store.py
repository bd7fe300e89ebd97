"""Faults of the SQLite file that a real deployment meets: a locked database and a full
disk, when a member acts, while the display posts, at /tapp table new, when recording a
table's thread and at settling. After each, the table's live state equals a replay of
its stored log."""

from __future__ import annotations

import random
import sqlite3

from bot.config import Settings
from bot.connection.client import TappBot
from bot.engine import Action, deal_from_record
from bot.store import DealStatus, Store
from bot.tables import TableConfig
from bot.tables.arming import turn_key
from bot.tables.scheduler import Scheduler
from standin import Actor, Message, Sandbox
from standin.harness import World, running
from tests.faults import simulate_full_disk
from tests.store_hooks import install

from .driver import Game, Watch, check_ledger_against_replay, open_table, quick_sleep, quiet
from .fault_helpers import assert_state_replays, store_of, table


async def until_turn_of(game: Game, actor: Actor) -> tuple[int, Action]:
    for _ in range(40):
        move = game.next_move()
        if move is not None and move[1] is actor:
            return move[0], move[2]
        assert await game.step()
    raise AssertionError(f"{actor} never came to act")


async def test_a_locked_database_refuses_clearly_and_the_click_works_after(
        sandbox: Sandbox, world: World, fault_bot: TappBot, watch: Watch,
        settings: Settings) -> None:
    erika = sandbox.create_user("erika", world.guild, locale="de")  # answered in German
    host, bob, carol, _ = world.players
    game = await open_table(sandbox, fault_bot, world.channel, host, "zuger",
                            joiners=(bob, carol), start=False)
    joined = await erika.click(game.table_message(), label="Join")
    assert joined.response is not None and "Platz 4" in joined.response.text
    game.members[erika.id] = erika
    await host.click(game.table_message(), label="Start")
    await game.quiet()
    store = store_of(fault_bot)
    seat, action = await until_turn_of(game, erika)
    live = game.live
    assert live is not None and live.deal is not None and live.deal_id is not None
    ply, deal_id = live.deal.ply, live.deal_id
    panel = await game.open_hand(erika, live.deal.view(seat))
    message = sandbox.message(game.table_message().id)
    edits = message.edit_count

    other = sqlite3.connect(settings.database_path, isolation_level=None)
    try:
        other.execute("BEGIN EXCLUSIVE")  # another process holds the write lock
        ix = await Game.click_action(erika, panel, action)
        await game.quiet()
        assert ix.response is not None and ix.response.ephemeral_to == erika.id
        assert "Spielspeicher ist beschäftigt; nichts wurde geändert" in ix.response.text
        # nothing written, nothing shown
        assert len(await store.deals.actions(deal_id)) == ply
        assert live.deal is not None and live.deal.ply == ply
        assert sandbox.message(message.id).edit_count == edits
        await assert_state_replays(fault_bot, game.table_id)
    finally:
        other.execute("ROLLBACK")
        other.close()

    again = await Game.click_action(erika, panel, action)  # the same click, lock gone
    await game.quiet()
    assert again.response is not None and "beschäftigt" not in again.response.text
    assert len(await store.deals.actions(deal_id)) == ply + 1
    await assert_state_replays(fault_bot, game.table_id)
    await game.play(until=lambda g: g.deals_settled() >= 1)
    await assert_state_replays(fault_bot, game.table_id)
    await watch.check(store)


async def test_a_full_disk_refuses_clearly_and_writes_nothing(
        sandbox: Sandbox, world: World, fault_bot: TappBot, watch: Watch) -> None:
    game = await table(sandbox, fault_bot, world)
    store = store_of(fault_bot)
    live = game.live
    assert live is not None and live.deal is not None and live.deal_id is not None
    seat, actor, action, panel = await game.next_panel()
    ply, deal_id = live.deal.ply, live.deal_id
    message = sandbox.message(game.table_message().id)
    edits = message.edit_count

    simulate_full_disk(store.db)  # the action's write runs, then cannot be committed
    ix = await Game.click_action(actor, panel, action)
    await game.quiet()
    assert ix.response is not None
    assert "disk is full, so nothing was changed" in ix.response.text
    assert "tell the server's admin" in ix.response.text
    assert len(await store.deals.actions(deal_id)) == ply
    assert live.deal is not None and live.deal.ply == ply
    assert sandbox.message(message.id).edit_count == edits
    await assert_state_replays(fault_bot, game.table_id)

    again = await Game.click_action(actor, panel, action)  # space again: the same click
    await game.quiet()
    assert again.response is not None and "nothing was changed" not in again.response.text
    assert len(await store.deals.actions(deal_id)) == ply + 1
    await assert_state_replays(fault_bot, game.table_id)
    await game.play(until=lambda g: g.deals_settled() >= 1)
    await assert_state_replays(fault_bot, game.table_id)
    assert await check_ledger_against_replay(store, game.table_id) == 1
    await watch.check(store)


async def test_a_busy_store_while_posting_leaves_no_unknown_message_behind(
        sandbox: Sandbox, world: World, settings: Settings, watch: Watch) -> None:
    """The store is locked right after an action commits: the turn ping is sent but
    cannot be recorded. The display deletes it again and tries the update later; once
    the lock is gone there is exactly one ping, the recorded one (before, a ping the bot
    did not know of stayed behind for good). The turn's timers were stored with the
    action, before the lock."""
    held: list[sqlite3.Connection] = []

    def after_commit(deal_id: int, ply: int) -> None:
        if ply == 2 and not held:  # after the third action, another process takes the lock
            other = sqlite3.connect(settings.database_path, isolation_level=None)
            other.execute("BEGIN EXCLUSIVE")
            held.append(other)

    async def store_factory(s: Settings) -> Store:
        store = await Store.open(s.database_path, busy_timeout=0.2)
        install(store, after_commit)
        return store

    config = TableConfig(computer_pause=0, computer_level="easy", rng=random.Random(7),
                         ai_seed=7, observers=(watch,), sleep=quick_sleep)
    bot = TappBot(settings, guild_ready_timeout=0.05, tables=config,
                  store_factory=store_factory)
    async with running(bot, sandbox):
        assert bot.display is not None
        bot.display.panels.lifetime = 0  # no live panel: the member to act is pinged
        game = await table(sandbox, bot, world, steps=2)
        store = store_of(bot)

        def pings(deleted: bool) -> list[Message]:
            return [m for m in sandbox.state.messages.values()
                    if m.channel_id == game.thread.id and m.deleted is deleted
                    and "your turn" in m.content]

        move = game.next_move()
        assert move is not None and game.live is not None and game.live.deal is not None
        assert game.live.deal.ply == 2
        seat, actor, action = move
        panel = await game.open_hand(actor, game.live.deal.view(seat))
        before = max(m.id for m in pings(deleted=False))
        ix = await Game.click_action(actor, panel, action)
        assert held and ix.response is not None and "busy" not in ix.response.text
        try:  # until the display gave up recording the new ping, and deleted it
            await sandbox.wait_until(lambda: any(m.id > before for m in pings(deleted=True)),
                                     timeout=30)
        finally:
            held[0].execute("ROLLBACK")
            held[0].close()
        await game.quiet()
        [ping] = pings(deleted=False)
        assert [m.message_id for m in await store.messages.current(game.table_id, "turn_ping")
                ] == [ping.id]
        assert game.live is not None and game.live.deal is not None
        assert f"<@{game.live.seats[game.live.deal.view(0).actor or 0].user_id}>" in ping.content
        key = turn_key(game.live)
        assert {(d.deal_id, d.ply, d.seat) for d in await store.deadlines.pending(
            game.table_id)} == {key}
        await assert_state_replays(bot, game.table_id)
        await game.play(until=lambda g: g.deals_settled() >= 1)
        assert len(pings(deleted=False)) <= 1
        await assert_state_replays(bot, game.table_id)
        await watch.check(store)


async def test_a_full_disk_at_tapp_new_leaves_no_half_made_table(
        sandbox: Sandbox, world: World, fault_bot: TappBot, watch: Watch) -> None:
    """The table, its settings and its host's seat are one write: refused whole, the
    member is told, and no lobby without a host is left open (it would block the channel,
    and come back after a restart); the next /tapp table new works."""
    store = store_of(fault_bot)
    host = world.players[0]
    simulate_full_disk(store.db, 1)
    ix = await host.slash(world.channel, "/tapp table new", variant="zuger")
    assert ix.response is not None and ix.response.ephemeral_to == host.id
    assert "disk is full, so nothing was changed" in ix.response.text
    assert await store.tables.load_open() == []
    assert sandbox.threads(world.channel) == []
    game = await table(sandbox, fault_bot, world, steps=1)
    assert [o.table.table_id for o in await store.tables.load_open()] == [game.table_id]
    await assert_state_replays(fault_bot, game.table_id)


async def test_a_full_disk_when_recording_the_thread_keeps_the_table_in_the_channel(
        sandbox: Sandbox, world: World, fault_bot: TappBot, watch: Watch) -> None:
    """The table is made and announced, then recording its new thread is refused: the
    lobby lives in the channel (as when no thread can be made), the empty thread is
    removed, and the table is played there."""
    store = store_of(fault_bot)
    host = world.players[0]
    simulate_full_disk(store.db, 1, after=1)  # the table commits, its thread's record not
    ix = await host.slash(world.channel, "/tapp table new", variant="zuger")
    assert ix.response is not None and ix.response.ephemeral_to is None  # announced
    await quiet(sandbox, fault_bot)
    [opened] = await store.tables.load_open()
    assert opened.table.thread_id is None and opened.seats[0].user_id == host.id
    assert [t for t in sandbox.threads(world.channel) if not t.deleted] == []
    lobby = [m for m in sandbox.public_messages(world.channel)
             if any(b.get("label") == "Join" for b in m.buttons())]
    assert len(lobby) == 1
    for member in world.players[1:4]:
        await member.click(lobby[0], label="Join")
    await quiet(sandbox, fault_bot)
    assert len((await store.tables.load(opened.table.table_id)).seats) == 4


async def test_a_full_disk_at_settling_is_caught_up_without_a_click(
        sandbox: Sandbox, world: World, fault_bot: TappBot, watch: Watch) -> None:
    """The last card of a deal is committed, then settling it fails (disk full): the
    member's card stands, and the table settles and deals on by itself once the store
    takes writes again, without anyone having to click (nobody has anything to do)."""
    store = store_of(fault_bot)
    game = await table(sandbox, fault_bot, world, steps=0)
    for _ in range(200):
        move = game.next_move()
        live = game.live
        assert live is not None and live.deal is not None
        if move is not None:
            trial = deal_from_record(live.deal.to_record())
            trial.apply(move[0], move[2])
            if trial.is_over:
                break
        assert await game.step()
    else:
        raise AssertionError("no member played a deal's last card")
    seat, actor, action = move
    deal_id = live.deal_id
    assert deal_id is not None
    panel = await game.open_hand(actor, live.deal.view(seat))

    simulate_full_disk(store.db, 1, after=1)  # the card commits, settling the deal not
    ix = await Game.click_action(actor, panel, action)
    assert ix.response is not None and "busy" not in ix.response.text
    assert bot_timers(fault_bot) is not None
    await bot_timers(fault_bot).fire_due()  # what the timer loop does next
    await game.quiet()
    assert (await store.deals.get(deal_id)).status is DealStatus.SETTLED
    assert game.deals_settled() == 1 and live.deal_id not in (None, deal_id)
    results = [m for m in sandbox.public_messages(game.thread) if m.attachments
               and m.attachments[0].filename.startswith("result")]
    assert len(results) == 1
    await assert_state_replays(fault_bot, game.table_id)
    assert await check_ledger_against_replay(store, game.table_id) == 1
    await watch.check(store)


def bot_timers(bot: TappBot) -> Scheduler:
    assert bot.timers is not None
    return bot.timers
