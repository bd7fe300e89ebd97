"""A simulated day of 50 tables across 5 servers while Discord takes places away (issue
29): threads deleted, the bot removed from a server and invited back, a permission taken
and given back, a channel deleted, clicks replayed late by a slow RESUME. The refused
requests stay under 50 per 10 minutes, no chips move for a suspended deal, every
suspended table resumes or is ended cleanly, and the ledger checks out."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pytest

from bot.connection.client import TappBot
from bot.store import DealStatus, Store
from bot.store.check_ledger import check
from bot.tables import TableConfig
from standin import Actor, Channel, Guild, Message, P, Sandbox
from standin.harness import World

from .driver import Game, Watch, open_table, quick_sleep, quiet

HOUR = 3600.0
STEP = 2 * HOUR  # the day passes in twelve steps
SERVERS, TABLES = 5, 10


@pytest.fixture
def table_config(watch: Watch, sandbox: Sandbox) -> TableConfig:
    """Deadlines on the stand-in's clock: the day passes with ``sandbox.advance``."""
    return TableConfig(computer_pause=0, computer_level="easy", rng=random.Random(29),
                       ai_seed=29, observers=(watch,), sleep=quick_sleep,
                       clock=lambda: sandbox.clock.now().timestamp())


@dataclass
class Server:
    guild: Guild
    channel: Channel
    games: list[Game] = field(default_factory=list)


def store_of(bot: TappBot) -> Store:
    assert isinstance(bot.store, Store)
    return bot.store


async def chips(bot: TappBot, game: Game) -> int:
    return len(await store_of(bot).ledger.for_table(game.table_id))


async def time_passes(sandbox: Sandbox, bot: TappBot, servers: list[Server]) -> None:
    """Two hours on the stand-in's clock (timers fire: reminders after one hour), and one
    move of each member whose table plays (back, they open *My hand* anew)."""
    sandbox.advance(STEP)
    assert bot.timers is not None
    await bot.timers.fire_due()
    await quiet(sandbox, bot)
    for server in servers:
        for game in server.games:
            live = game.live
            if live is not None and getattr(live, "suspended", None) is None:
                game.panels.clear()
                await game.step()


async def test_a_day_of_places_going_away(sandbox: Sandbox, world: World,
                                          table_bot: TappBot) -> None:
    servers = [Server(world.guild, world.channel)]
    for n in range(1, SERVERS):
        guild = sandbox.create_guild(f"Club {n}")
        servers.append(Server(guild, sandbox.create_channel(guild, "tapp")))
    for n, server in enumerate(servers):
        for i in range(TABLES):
            host: Actor = sandbox.create_user(f"host{n}-{i}", server.guild)
            game = await open_table(sandbox, table_bot, server.channel, host, "zuger",
                                    computers=3)
            server.games.append(game)
    assert sum(len(s.games) for s in servers) == 50
    moved, kicked, denied, deleted, replayed = servers
    await time_passes(sandbox, table_bot, servers)

    # threads deleted: those tables play on in their channel
    for game in moved.games[:3]:
        sandbox.delete_channel(game.thread)
        await quiet(sandbox, table_bot)
        game.thread, game.panels = moved.channel, {}
    # the bot removed; a permission taken; a channel deleted
    sandbox.remove_bot(kicked.guild)
    sandbox.take_from_bot(denied.channel, P.SEND_MESSAGES_IN_THREADS)
    lounge = sandbox.create_channel(deleted.guild, "lounge")
    sandbox.delete_channel(deleted.channel)
    await quiet(sandbox, table_bot)
    suspended = [g for s in (kicked, denied, deleted) for g in s.games]
    await sandbox.wait_until(lambda: all(getattr(g.live, "suspended", None)
                                         for g in suspended), timeout=20)
    held = {g.table_id: (g.live.deal_id if g.live else None, await chips(table_bot, g))
            for g in suspended}
    # a slow RESUME replays clicks 3.5 s late: none is acted on
    plies = {}
    sandbox.gateway.resume_delay = 3.5
    await sandbox.drop_gateway()
    for game in replayed.games[:3]:
        move = game.next_move()
        if move is None:
            continue
        seat, actor, action = move
        assert game.live is not None and game.live.deal is not None
        plies[game.table_id] = game.live.deal.ply
        panel = await _panel(game, actor)
        await Game.click_action(actor, panel, action, settle=False)
    await sandbox.gateway.wait_connected(15)
    await sandbox.settle(timeout=20)
    await quiet(sandbox, table_bot)
    sandbox.gateway.resume_delay = 0
    for game in replayed.games[:3]:
        if game.table_id in plies:
            assert game.live is not None and game.live.deal is not None
            assert game.live.deal.ply == plies[game.table_id]

    for hour in range(4, 25, 2):
        await time_passes(sandbox, table_bot, servers)
        for game in suspended:  # nothing moved while they wait
            live = game.live
            if live is not None and getattr(live, "suspended", None):
                assert (live.deal_id, await chips(table_bot, game)) == held[game.table_id]
        if hour == 6:
            sandbox.overwrite(denied.channel, None)  # given back
            await sandbox.wait_until(lambda: all(getattr(g.live, "suspended", 1) is None
                                                 for g in denied.games), timeout=20)
            await quiet(sandbox, table_bot)
        elif hour == 8:
            sandbox.add_bot(kicked.guild)
            await sandbox.wait_until(lambda: all(getattr(g.live, "suspended", 1) is None
                                                 for g in kicked.games), timeout=20)
            await quiet(sandbox, table_bot)
        elif hour == 10:  # the hosts end the tables whose channel is gone
            for game in deleted.games:
                host = next(iter(game.members.values()))
                ix = await host.slash(lounge, "/tapp table list")
                assert ix.response is not None
                ix = await host.click(ix.response, label=f"End table {game.table_id}")
                assert ix.response is not None and not ix.errors
            await quiet(sandbox, table_bot)

    store = store_of(table_bot)
    for game in deleted.games:  # ended cleanly: the suspended deal moved no chips
        row = await store.tables.get(game.table_id)
        assert not row.status.is_open
        assert await chips(table_bot, game) == held[game.table_id][1]
        deals = await store.deals.for_table(game.table_id)
        assert all(d.status is not DealStatus.PLAYING for d in deals)
    for server in (moved, kicked, denied, replayed):  # every other table plays
        for game in server.games:
            live = game.live
            assert live is None or getattr(live, "suspended", None) is None
    assert sandbox.invalid.peak < 50, sandbox.invalid.report()
    settled, problems = await check(store)
    assert problems == [] and settled > 0


async def _panel(game: Game, actor: Actor) -> Message:
    assert game.live is not None and game.live.deal is not None
    seat = game.live.seat_of(actor.id)
    assert seat is not None
    return game.live_panel(actor, seat) or await game.open_hand(actor,
                                                                game.live.deal.view(seat))
