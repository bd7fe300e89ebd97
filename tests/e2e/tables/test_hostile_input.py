"""Hostile and careless input through the stand-in: a click crafted to reach another
server's table, numbers beyond every range, a member leaving where no computer may take
the seat, and a database with one corrupted table beside healthy ones."""

from __future__ import annotations

import random
import sqlite3

from bot.config import Settings
from bot.connection.client import TappBot
from bot.store import TableStatus
from bot.tables import TableConfig
from standin import Sandbox
from standin.harness import World, make_world, running

from .driver import check_ledger_against_replay, open_table, quick_sleep


async def test_a_click_crafted_from_another_server_finds_no_table(
        sandbox: Sandbox, world: World, table_bot: TappBot) -> None:
    alice = world.players[0]
    game = await open_table(sandbox, table_bot, world.channel, alice, "tapp1879", start=False)
    other = make_world(sandbox, 1, guild_name="Elsewhere", names=("mallory",))
    mallory = other.players[0]
    await sandbox.settle()
    theirs = await open_table(sandbox, table_bot, other.channel, mallory, "zuger", start=False)
    forged = f"tapp:{game.table_id}:-:join"  # the id of a Join button of alice's table
    ix = await mallory.forge_click(theirs.table_message(), forged)
    assert ix.response is not None and ix.response.ephemeral_to == mallory.id
    assert "no longer exists" in ix.response.content
    assert game.live is not None and game.live.seat_of(mallory.id) is None
    assert [s.user_id for s in game.live.seats.values()] == [alice.id]


async def test_numbers_beyond_every_range_are_refused_clearly(
        sandbox: Sandbox, world: World, table_bot: TappBot) -> None:
    alice = world.players[0]
    store = table_bot.database
    assert store is not None
    for stake in (2**62, 0, -1, True):
        ix = await alice.slash(world.channel, "/tapp table new", variant="tapp1879",
                               forged={"stake": stake})
        assert ix.response is not None and ix.response.ephemeral_to == alice.id
        assert ix.response.content == "stake must be a whole number from 1 to 1000."
    ix = await alice.slash(world.channel, "/tapp table new", variant="tapp1879",
                           forged={"ante": 10**6})
    assert ix.response is not None and "ante must be a whole number from 0 to 100" in \
        ix.response.content
    assert sandbox.threads(world.channel) == []  # nothing half-made
    assert await store.tables.find_open(channel_id=world.channel.id) == []

    game = await open_table(sandbox, table_bot, world.channel, alice, "zuger", start=False)
    for forged in (f"tapp:{'9' * 19}:-:join", f"tapp:{2**63}:-:hand", "tapp:0:1.2:play:AH"):
        ix = await alice.forge_click(game.table_message(), forged)
        assert ix.response is not None and ix.response.ephemeral_to == alice.id
        assert "no longer exists" in ix.response.content, forged

    for forged in ("tapp:zz:1", "tapp:t:", "tapp-rules:nope", "tappd:1:2:"):  # no kind of ours
        ix = await alice.forge_click(game.table_message(), forged)
        assert ix.response is not None and ix.response.ephemeral_to == alice.id
        assert "not one I know" in ix.response.content, forged
    forged = f"tapp:t:{game.table_id}:-:hand"  # today's format: *My hand* of the table
    ix = await alice.forge_click(game.table_message(), forged)
    assert ix.response is not None and ix.response.ephemeral_to == alice.id
    assert "not one I know" not in ix.response.content

async def test_leaving_where_no_computer_may_sit_ends_the_table(
        sandbox: Sandbox, world: World, table_bot: TappBot) -> None:
    """Computers are forbidden: nobody can take a leaving member's seat, so the table ends
    at once; the deal in play is dropped with no chips moved (documented in the README)."""
    alice, bob, carol, dave = world.players[:4]
    store = table_bot.database
    assert store is not None
    await store.settings.set_guild(world.guild.id, {"computers_allowed": False})
    game = await open_table(sandbox, table_bot, world.channel, alice, "zuger",
                            joiners=(bob, carol, dave))
    await game.play(until=lambda g: (g.deals_settled() >= 1 and g.live is not None
                                     and g.live.deal is not None and g.live.deal.ply >= 3))
    assert game.live is not None and game.live.session is not None
    chips = list(game.live.session.chips)
    ix = await bob.slash(game.thread, "/tapp table leave")
    assert ix.response is not None and "the table has ended" in ix.response.content
    await game.quiet()
    assert (await store.tables.get(game.table_id)).status is TableStatus.CLOSED
    ledger = await store.ledger.for_table(game.table_id)
    assert [sum(r.amount for r in ledger if r.seat == s) for s in range(4)] == chips
    assert await check_ledger_against_replay(store, game.table_id) >= 1
    closing = sandbox.public_messages(game.thread)[-1]
    assert "closed" in closing.text


async def test_a_corrupted_table_does_not_stop_the_others(
        sandbox: Sandbox, world: World, settings: Settings) -> None:
    """Three tables in play; the database is then damaged under one of them (a stored
    action that is no JSON, in another an action the engine refuses). The bot starts,
    the healthy table plays on, each damaged one is marked and reported in its thread,
    refuses clicks clearly, and its host can still close it."""
    alice, bob = world.players[:2]

    def bot() -> TappBot:
        config = TableConfig(computer_pause=0, computer_level="easy", rng=random.Random(3),
                             ai_seed=3, sleep=quick_sleep)
        return TappBot(settings, guild_ready_timeout=0.05, tables=config)

    async with running(bot(), sandbox) as first:
        games = [await open_table(sandbox, first, world.channel, host, "zuger", computers=3)
                 for host in (alice, bob, alice)]
        hosts = {g.table_id: host for g, host in zip(games, (alice, bob, alice), strict=True)}
        for game in games:
            await game.play(until=lambda g: (g.live is not None and g.live.deal is not None
                                             and g.live.deal.ply >= 6))
        store = first.database
        assert store is not None
        deal_ids = [(await store.deals.current(g.table_id)) for g in games]
    healthy, unreadable, illegal = games
    conn = sqlite3.connect(settings.database_path)
    conn.execute("DROP TRIGGER actions_no_update")  # damage, as a broken disk or hand does
    conn.execute("UPDATE actions SET entry = '{not json' WHERE deal_id = ? AND ply = 2",
                 (deal_ids[1].deal_id,))  # type: ignore[union-attr]
    conn.execute("UPDATE actions SET entry = '{\"seat\": 0, \"type\": \"play\", \"card\": \"AH\"}'"
                 " WHERE deal_id = ? AND ply = 0", (deal_ids[2].deal_id,))  # type: ignore[union-attr]
    conn.execute("CREATE TRIGGER actions_no_update BEFORE UPDATE ON actions"
                 " BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END")
    conn.commit()
    conn.close()

    async with running(bot(), sandbox) as second:
        await sandbox.settle()
        tables = second.tables
        store2 = second.database
        assert tables is not None and store2 is not None
        assert tables.registry.peek(healthy.table_id) is not None
        healthy.bot = second
        ply = healthy.live.deal.ply  # type: ignore[union-attr]
        assert await healthy.step() and healthy.live.deal.ply > ply  # type: ignore[union-attr]
        for game in (unreadable, illegal):
            row = await store2.tables.get(game.table_id)
            assert row.broken_reason is not None and row.status is TableStatus.PLAYING
            notice = sandbox.public_messages(game.thread)[-1]
            assert "ran into an error and is paused" in notice.content
            ix = await hosts[game.table_id].click(game.table_message(), label="My hand")
            assert ix.response is not None and "paused" in ix.response.content
        ix = await bob.slash(unreadable.thread, "/tapp table end", now=True)
        assert ix.response is not None and "closed" in ix.response.content
        await sandbox.settle()
        assert (await store2.tables.get(unreadable.table_id)).status is TableStatus.CLOSED
        assert "closed" in sandbox.public_messages(unreadable.thread)[-1].text

    async with running(bot(), sandbox) as third:  # once marked, it is left alone
        assert third.tables is not None and third.tables.registry.peek(illegal.table_id) is None
        store3 = third.database
        assert store3 is not None
        assert [t.table_id for t in await store3.tables.broken()] == [illegal.table_id]
        assert sum("paused" in m.content for m in sandbox.public_messages(illegal.thread)) == 1

