"""What the display owes Discord is done, whatever Discord refuses for a while and even
across a restart: an old ping whose deletion was refused goes later, a closing edit that
was refused is made later, a deal's result the bot never posted is posted after a
restart. Every public message converges to the table's stored state."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.config import Settings
from bot.connection.client import TappBot
from bot.tables import TableConfig
from standin import Message, Sandbox
from standin.harness import World, running

from .driver import Game, open_table
from .fault_helpers import store_of

DELETE = "DELETE /channels/{channel_id}/messages/{message_id}"
EDIT = "PATCH /channels/{channel_id}/messages/{message_id}"
POST = "POST /channels/{channel_id}/messages"


def pings(sandbox: Sandbox, game: Game) -> list[Message]:
    return [m for m in sandbox.public_messages(game.thread) if "your turn" in m.content]


@pytest.fixture
async def quick_bot(sandbox: Sandbox, world: World, settings: Settings,
                    table_config: TableConfig) -> AsyncIterator[TappBot]:
    """A bot that gives up a refused update quickly (three tries)."""
    bot = TappBot(settings, guild_ready_timeout=0.05, tables=table_config)
    async with running(bot, sandbox):
        assert bot.display is not None
        bot.display.retry_delays = (0.01, 0.01)
        yield bot


async def test_a_ping_whose_deletion_was_refused_goes_later(
        sandbox: Sandbox, world: World, quick_bot: TappBot) -> None:
    """Members away from their panels are pinged in turn; Discord refuses deleting the
    old ping (503) longer than the display tries. It is deleted with the next update,
    and after the table closes no ping is left."""
    assert quick_bot.display is not None
    quick_bot.display.panels.lifetime = 0  # no panel is live: every member is pinged
    host, *others = world.players
    game = await open_table(sandbox, quick_bot, world.channel, host, "zuger",
                            joiners=tuple(others))
    assert len(pings(sandbox, game)) == 1
    game.slash_rate = 1.0  # members act by slash command
    outage = sandbox.faults.server_error(20, route=DELETE, status=503)
    assert await game.step()  # the next member is pinged, the old ping stays
    assert outage.hits and len(pings(sandbox, game)) == 2
    outage.remaining = 0
    assert await game.step()
    assert len(pings(sandbox, game)) == 1  # the owed deletion was done with this update
    outage = sandbox.faults.server_error(20, route=DELETE, status=503)
    ix = await host.slash(game.thread, "/tapp table end", now=True)
    assert ix.response is not None and "closed" in ix.response.content
    await game.quiet()
    assert outage.hits and pings(sandbox, game)  # refused: still there
    outage.remaining = 0
    store = store_of(quick_bot)
    assert await store.messages.owed(game.table_id)
    async with running(TappBot(quick_bot.settings, guild_ready_timeout=0.05), sandbox):
        await sandbox.settle()
    assert pings(sandbox, game) == [] and await store.messages.owed(game.table_id) == []


async def test_a_closing_edit_that_was_refused_is_made_later(
        sandbox: Sandbox, world: World, quick_bot: TappBot) -> None:
    """The table closes while Discord refuses edits (503) longer than the display tries:
    its table message keeps its buttons for now; after a restart it shows the table
    closed, with no live button left (before, it kept *My hand* and *End table*)."""
    host, *others = world.players
    game = await open_table(sandbox, quick_bot, world.channel, host, "zuger",
                            joiners=tuple(others))
    message = game.table_message()
    outage = sandbox.faults.server_error(50, route=EDIT, status=503)
    ix = await host.slash(game.thread, "/tapp table end", now=True)
    assert ix.response is not None and "closed" in ix.response.content
    await game.quiet()
    assert outage.hits and sandbox.message(message.id).buttons()
    outage.remaining = 0
    async with running(TappBot(quick_bot.settings, guild_ready_timeout=0.05), sandbox):
        await sandbox.settle()
    shown = sandbox.message(message.id)
    assert shown.buttons() == [] and "closed" in shown.text.lower()
    closings = [m for m in sandbox.public_messages(game.thread) if "closed" in m.text.lower()
                and m.id != message.id]
    assert len(closings) == 1  # the closing summary, once


async def test_a_result_never_posted_is_posted_after_a_restart(
        sandbox: Sandbox, world: World, quick_bot: TappBot) -> None:
    """A deal settles while Discord refuses every new message (the bot might as well
    have died right then): its result is not shown. After a restart it is, once."""
    host, *others = world.players
    game = await open_table(sandbox, quick_bot, world.channel, host, "zuger",
                            joiners=tuple(others))
    def results_now() -> list[Message]:
        return [m for m in sandbox.public_messages(game.thread)
                if any("Deal 1" in (e.get("title") or "") for e in m.embeds)]

    outage = None
    while game.deals_settled() < 1:
        live = game.live
        assert live is not None and live.deal is not None
        if outage is None and len(live.deal.tricks) >= 7:  # the last trick: no posting now
            outage = sandbox.faults.server_error(500, route=POST, status=503)
        assert await game.step()
    await game.quiet()
    assert outage is not None and outage.hits
    assert results_now() == []
    outage.remaining = 0
    store = store_of(quick_bot)
    assert [d.number for d in await store.deals.unshown(game.table_id)] == [0]
    async with running(TappBot(quick_bot.settings, guild_ready_timeout=0.05), sandbox):
        await sandbox.settle()
    assert len(results_now()) == 1 and await store.deals.unshown(game.table_id) == []
