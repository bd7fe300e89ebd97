"""Faults a real deployment meets, injected through the stand-in or the SQLite file:
a gateway drop mid-deal, a 429 storm on the table message's edits, a 5xx on an
interaction response, a locked database and a full disk. After each, the table's live
state equals a replay of its stored log."""

from __future__ import annotations

import random
import sqlite3
from collections.abc import AsyncIterator
from dataclasses import replace

import pytest

from bot.client import TappBot
from bot.config import Settings
from bot.engine import Action, deal_from_record
from bot.store import DealStatus, Store, restore_session
from bot.tables import Disclosure, Stamp, TableConfig
from bot.tables.arming import turn_key
from bot.tables.scheduler import Scheduler
from bot.tables.view_models import MessageModel, table_message
from bot.tables.words import Words
from standin import Actor, Message, Sandbox
from standin.harness import World, running

from .driver import Game, Watch, check_ledger_against_replay, open_table, quick_sleep, quiet

EDIT = "PATCH /channels/{channel_id}/messages/{message_id}"
CALLBACK = "POST /interactions/{interaction_id}/{interaction_token}/callback"


async def assert_state_replays(bot: TappBot, table_id: int) -> None:
    """The live table equals the table rebuilt from the store (session state + the deal
    in play replayed from its record)."""
    assert bot.tables is not None and isinstance(bot.store, Store)
    live = bot.tables.peek(table_id)
    opened = await bot.store.tables.load(table_id)
    if live is None:
        assert not opened.table.status.is_open
        return
    assert opened.table.status is live.status
    assert (opened.deal.deal_id if opened.deal else None) == live.deal_id
    assert {s.seat: s for s in opened.seats} == live.seats
    session = restore_session(opened.session_state, opened.record)
    if live.session is None:
        assert session is None
        return
    assert session is not None
    assert session.chips == live.session.chips
    assert session.deals_played == live.session.deals_played
    replayed, deal = session.current, live.deal
    assert (replayed is None) == (deal is None)
    if deal is not None and replayed is not None:
        assert replayed.to_record() == deal.to_record()
        assert replayed.public_view() == deal.public_view()


# -- the bot and its table ----------------------------------------------------------------
@pytest.fixture
async def fault_bot(sandbox: Sandbox, world: World, settings: Settings,
                    table_config: TableConfig) -> AsyncIterator[TappBot]:
    """The table bot, with a store that waits only 0.2 s for another connection's lock."""
    async def store_factory(s: Settings) -> Store:
        return await Store.open(s.database_path, busy_timeout=0.2)

    bot = TappBot(settings, guild_ready_timeout=0.05, tables=table_config,
                  store_factory=store_factory)
    async with running(bot, sandbox):
        yield bot


async def table(sandbox: Sandbox, bot: TappBot, world: World, steps: int = 4) -> Game:
    host, *others = world.players
    game = await open_table(sandbox, bot, world.channel, host, "zuger", joiners=tuple(others))
    for _ in range(steps):
        assert await game.step()
    return game


def store_of(bot: TappBot) -> Store:
    assert isinstance(bot.store, Store)
    return bot.store


def table_shown(watch: Watch, message: Message) -> list[Disclosure]:
    """The states shown on the table message, in order (each one successful post/edit)."""
    return [d for d in watch.seen if d.message_id == message.id and d.kind == "table"]


def fresh_render(bot: TappBot, game: Game) -> MessageModel:
    """The table message as a fresh render of the live state would make it."""
    assert bot.tables is not None and game.live is not None
    state = bot.tables.core.state(game.live)  # the snapshot the display gets
    return table_message(state, Words(state.language, state.variant, state.style))


async def until_turn_of(game: Game, actor: Actor) -> tuple[int, Action]:
    for _ in range(40):
        move = game.next_move()
        if move is not None and move[1] is actor:
            return move[0], move[2]
        assert await game.step()
    raise AssertionError(f"{actor} never came to act")


# -- the tests ----------------------------------------------------------------------------
async def test_gateway_drop_mid_deal_resumes_and_loses_no_click(
        sandbox: Sandbox, world: World, fault_bot: TappBot, watch: Watch) -> None:
    game = await table(sandbox, fault_bot, world)
    live = game.live
    assert live is not None and live.deal is not None
    seat, actor, action, panel = await game.next_panel()
    ply = live.deal.ply
    resumes = sandbox.gateway.resumes

    await sandbox.drop_gateway()  # mid-deal; the click below happens while the bot is away
    ix = await Game.click_action(actor, panel, action)
    await game.quiet()
    assert sandbox.gateway.resumes == resumes + 1  # resumed, not a new session
    assert ix.acknowledged and not ix.failed and not ix.errors
    assert ix.response is not None and "out of date" not in ix.response.text
    actions = await store_of(fault_bot).deals.actions(live.deal_id or 0)
    assert actions[ply].seat == seat and not actions[ply].auto
    await assert_state_replays(fault_bot, game.table_id)

    for _ in range(3):
        assert await game.step()

    # a drop Discord does not let the bot resume: it identifies anew and plays on
    await sandbox.drop_gateway(invalidate=True)
    await sandbox.gateway.wait_connected(10)
    assert sandbox.gateway.resumes == resumes + 1
    await game.play(until=lambda g: g.deals_settled() >= 1)  # play carries on
    assert all(r.acknowledged and not r.failed for r in sandbox.interactions)
    await assert_state_replays(fault_bot, game.table_id)
    assert await check_ledger_against_replay(store_of(fault_bot), game.table_id) == 1
    await watch.check(store_of(fault_bot))


async def test_a_429_storm_on_table_edits_ends_on_the_latest_state(
        sandbox: Sandbox, world: World, fault_bot: TappBot, watch: Watch) -> None:
    """Every edit of the table message is refused with 429 many times over (more than
    discord.py's own five tries) while members play. Afterwards the table message is
    exactly a fresh render of the table's state; the states it showed came in order,
    none twice, each shown by one edit (the display coalesces what piled up)."""
    game = await table(sandbox, fault_bot, world, steps=0)
    message = game.table_message()
    storm = sandbox.faults.rate_limit(60, route=EDIT, retry_after=0.01)
    for _ in range(8):
        assert await game.step()
    await game.quiet()
    assert storm.remaining == 0 and len(storm.hits) == 60  # the storm was met, and passed
    assert game.table_message().id == message.id  # still edited in place

    fresh = fresh_render(fault_bot, game)
    shown = sandbox.message(message.id)
    assert shown.embeds[0]["description"] == fresh.description
    assert shown.embeds[0]["title"] == fresh.title
    assert [b["custom_id"] for b in shown.buttons()] == [
        c.custom_id for c in fresh.components]
    states = table_shown(watch, message)
    assert game.live is not None and states[-1].stamp == game.live.stamp
    stamps = [d.stamp for d in states]
    assert stamps == sorted(stamps, key=lambda s: (s.deal, s.ply))  # in order
    assert len(set(stamps)) == len(stamps)  # none shown twice
    edits = len([d for d in watch.seen if d.message_id == message.id])
    assert shown.edit_count == edits - 1  # one edit per state shown (the first: the post)
    await assert_state_replays(fault_bot, game.table_id)

    # then Discord answers edits with 503 (which discord.py does not retry) for a while
    outage = sandbox.faults.server_error(6, route=EDIT, status=503)
    for _ in range(3):
        assert await game.step()
    await game.quiet()
    assert outage.remaining == 0
    shown = sandbox.message(message.id)
    assert shown.embeds[0]["description"] == fresh_render(fault_bot, game).description
    assert table_shown(watch, message)[-1].stamp == game.live.stamp
    edits = len([d for d in watch.seen if d.message_id == message.id])
    assert shown.edit_count == edits - 1
    await assert_state_replays(fault_bot, game.table_id)
    await watch.check(store_of(fault_bot))


async def test_a_5xx_on_the_answer_still_commits_and_shows_the_action(
        sandbox: Sandbox, world: World, fault_bot: TappBot, watch: Watch) -> None:
    game = await table(sandbox, fault_bot, world)
    store = store_of(fault_bot)
    live = game.live
    assert live is not None and live.deal is not None and live.deal_id is not None

    # one 5xx: discord.py tries the answer again (after 1 s) and it arrives
    seat, actor, action, panel = await game.next_panel()
    fault = sandbox.faults.server_error(1, route=CALLBACK, status=503)
    ix = await Game.click_action(actor, panel, action)
    await game.quiet()
    assert len(fault.hits) == 1
    assert ix.response is not None and ix.response.ephemeral_to == actor.id
    words = Words(None, "zuger", live.style)
    assert words.done(action) in ix.response.text  # the panel, with what they did
    await assert_state_replays(fault_bot, game.table_id)

    # two 5xx: discord.py's next try (after 1 + 3 s) is past Discord's 3 seconds, the
    # member gets no answer; yet the action is committed
    move = game.next_move()
    assert move is not None and live.deal is not None
    seat, actor, action = move
    ply, deal_id = live.deal.ply, live.deal_id
    panel = await game.open_hand(actor, live.deal.view(seat))
    table_before = sandbox.message(game.table_message().id).edit_count
    fault = sandbox.faults.server_error(2, route=CALLBACK, status=503)
    ix = await Game.click_action(actor, panel, action)
    await game.quiet()
    assert len(fault.hits) == 2
    assert not ix.acknowledged and ix.response is None and ix.failed
    actions = await store.deals.actions(deal_id)
    assert (actions[ply].seat, actions[ply].entry) == (seat, action.to_record(seat))
    # ... and shown on the next update of the table message
    assert sandbox.message(game.table_message().id).edit_count > table_before
    last = table_shown(watch, game.table_message())[-1]
    assert last.stamp is not None and (last.stamp.deal, last.stamp.ply) > (
        live.deal_number or 0, ply)
    # the member tries again: a clear "out of date", nothing applied twice
    again = await Game.click_action(actor, panel, action)
    assert again.response is not None and "out of date" in again.response.text
    after = await store.deals.actions(deal_id)
    assert [a.ply for a in after] == list(range(len(after)))
    assert sum(1 for a in after if a.seat == seat and a.ply == ply) == 1
    await assert_state_replays(fault_bot, game.table_id)
    await game.play(until=lambda g: g.deals_settled() >= 1)
    await assert_state_replays(fault_bot, game.table_id)
    await watch.check(store)


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

    store.db.simulate_full_disk()  # the action's write runs, then cannot be committed
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

    def after_commit(table_id: int, stamp: Stamp) -> None:
        if stamp.ply == 3 and not held:  # another process takes the write lock
            other = sqlite3.connect(settings.database_path, isolation_level=None)
            other.execute("BEGIN EXCLUSIVE")
            held.append(other)

    async def store_factory(s: Settings) -> Store:
        return await Store.open(s.database_path, busy_timeout=0.2)

    config = TableConfig(computer_pause=0, computer_level="easy", rng=random.Random(7),
                         ai_seed=7, observers=(watch,), after_commit=after_commit,
                         sleep=quick_sleep)
    bot = TappBot(settings, guild_ready_timeout=0.05, tables=config,
                  store_factory=store_factory)
    async with running(bot, sandbox):
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
    and come back after a restart); the next /tapp new works."""
    store = store_of(fault_bot)
    host = world.players[0]
    store.db.simulate_full_disk(1)
    ix = await host.slash(world.channel, "/tapp new", variant="zuger")
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
    store.db.simulate_full_disk(1, after=1)  # the table commits, its thread's record not
    ix = await host.slash(world.channel, "/tapp new", variant="zuger")
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

    store.db.simulate_full_disk(1, after=1)  # the card commits, settling the deal not
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


async def test_a_bot_behind_leaves_clicks_it_can_no_longer_answer(
        sandbox: Sandbox, world: World, fault_bot: TappBot, watch: Watch) -> None:
    """The bot has fallen behind (here: its clock says every interaction is 3 s old when
    it gets to it): it takes up nothing it could not answer in Discord's 3 s, so nothing
    is done and nothing acknowledged; the member sees the click fail and clicks again
    once the bot has caught up."""
    store = store_of(fault_bot)
    game = await table(sandbox, fault_bot, world, steps=2)
    live = game.live
    assert live is not None and live.deal is not None and live.deal_id is not None
    seat, actor, action, panel = await game.next_panel()
    ply = live.deal.ply
    display = fault_bot.display
    assert display is not None
    on_time = display.clock
    display.clock = lambda: on_time() + 3.0
    try:
        late = await Game.click_action(actor, panel, action)
        await game.quiet()
        slash = await actor.slash(game.thread, "/tapp hand")
        await game.quiet()
    finally:
        display.clock = on_time
    assert late.response is None and not late.acknowledged
    assert slash.response is None and not slash.acknowledged
    assert display.dropped == 2
    assert len(await store.deals.actions(live.deal_id)) == ply == live.deal.ply
    again = await Game.click_action(actor, panel, action)  # caught up: the same click
    await game.quiet()
    assert again.response is not None and again.acknowledged
    assert len(await store.deals.actions(live.deal_id)) == ply + 1
    await assert_state_replays(fault_bot, game.table_id)
    await watch.check(store)


@pytest.mark.parametrize("rate", [7, 0])
async def test_a_paced_bot_stays_under_discords_global_limit(
        sandbox: Sandbox, world: World, settings: Settings, table_config: TableConfig,
        watch: Watch, rate: int) -> None:
    """Discord allows a bot 50 requests a second with its token (here 8, so that a game
    with three computers reaches it); interaction answers do not count. Paced at 7, the
    bot is never refused and the deal is shown to its end; unpaced, the same game is
    refused (the check can fail)."""
    sandbox.rate_limits.set_global(8, 1.0)
    bot = TappBot(replace(settings, global_rate=rate), guild_ready_timeout=0.05,
                  tables=table_config)
    async with running(bot, sandbox):
        host = world.players[0]
        game = await open_table(sandbox, bot, world.channel, host, "zuger", computers=3)
        if rate:
            await game.play(until=lambda g: g.deals_settled() >= 1)
            await game.quiet()
            assert bot.pace is not None and bot.pace.waited > 0  # it did have to wait
            assert sandbox.rate_limits.global_refused == 0
            assert [d.kind for d in watch.seen].count("result") == 1  # the deal, shown
        else:
            for _ in range(6):
                assert await game.step()
            await game.quiet()
            assert bot.pace is None and sandbox.rate_limits.global_refused > 0
            sandbox.rate_limits.global_refused = 0  # seen; the fixture checks none other
        assert all(r.acknowledged and not r.failed for r in sandbox.interactions)
        await assert_state_replays(bot, game.table_id)
