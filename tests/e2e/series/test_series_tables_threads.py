"""Each shared table of a series plays in its own thread of the series' channel, made as
``/tapp table new`` makes a table's thread (docs/series.md, "Shared tables"): named for
the series, the deal and the table, the members seated there added to it, the table's
messages there and none in the channel, the thread archived once the table's deal is
over; the next deal gets a thread of its own. Where the bot may not make threads in the
channel, the table lives in the channel, as other tables do."""

from __future__ import annotations

import re

from bot.connection.client import TappBot
from bot.tables.ids import ComponentId
from standin import Actor, Channel, Message, Sandbox
from standin.harness import World
from standin.permissions import P
from tests.e2e.tables.driver import Game

from .driver import store_of, table_place

THREADS = "POST /channels/{channel_id}/threads"


async def open_series(world: World, title: str) -> int:
    alice = world.players[0]
    ix = await alice.slash(world.channel, "/tapp series open", title=title,
                           variant="tapp1879", deals=6, days=7, level="easy",
                           pairing="tables")
    assert ix.response is not None, ix.errors
    found = re.search(r"Series (\d+)", ix.response.embeds[0]["title"])
    assert found is not None
    for member in world.players[:3]:
        joined = await member.click(ix.response, label="Join")
        assert joined.response is not None and "You have joined" in joined.response.text
    return int(found.group(1))


async def seat(actor: Actor, world: World, series_id: int) -> tuple[int, str]:
    """``/tapp series play``: the table's id and the answer's text."""
    ix = await actor.slash(world.channel, "/tapp series play", series=series_id)
    assert ix.response is not None and ix.response.ephemeral_to == actor.id, ix.errors
    found = re.search(r"at table (\d+)", ix.response.text)
    assert found is not None, ix.response.text
    return int(found.group(1)), ix.response.text


def table_messages(sandbox: Sandbox, place: Channel, table_id: int) -> list[Message]:
    """The public messages of ``place`` with a component of the table."""
    def of_table(custom_id: str) -> bool:
        cid = ComponentId.parse(custom_id)
        return cid is not None and cid.table_id == table_id
    return [m for m in sandbox.public_messages(place)
            if any(of_table(b.get("custom_id", "")) for b in m.buttons())]


async def test_each_shared_table_plays_in_its_own_thread_of_the_series_channel(
        sandbox: Sandbox, world: World, series_bot: TappBot) -> None:
    alice, bob, carol = world.players[:3]
    store = store_of(series_bot)
    series_id = await open_series(world, "Thread cup")

    table_id, text = await seat(alice, world, series_id)
    [thread] = sandbox.threads(world.channel)
    assert thread.name == f"Thread cup · deal 1 · table {table_id}"
    assert (await store.tables.get(table_id)).thread_id == thread.id
    assert f"<#{thread.id}>" in text  # the answer leads to the table's thread
    assert alice.id in thread.thread_member_ids
    assert table_messages(sandbox, thread, table_id)  # the lobby is in the thread
    assert not table_messages(sandbox, world.channel, table_id)
    for member in (bob, carol):
        same, text = await seat(member, world, series_id)
        assert same == table_id and f"<#{thread.id}>" in text
        assert member.id in thread.thread_member_ids
    assert [t.id for t in sandbox.threads(world.channel)] == [thread.id]  # no second one
    assert table_place(sandbox, series_bot, table_id).id == thread.id

    game = Game(sandbox, series_bot, thread, table_id, {a.id: a for a in (alice, bob, carol)})
    await game.play()
    assert game.live is None  # its one deal is over: the table closed
    assert thread.archived  # as any table's thread once it ends
    assert not table_messages(sandbox, world.channel, table_id)

    # deal 2: a table of its own, in a thread of its own
    second, _ = await seat(alice, world, series_id)
    assert second != table_id
    threads = sandbox.threads(world.channel)
    assert len(threads) == 2 and threads[-1].name == f"Thread cup · deal 2 · table {second}"
    assert alice.id in threads[-1].thread_member_ids
    bucket = f"channel messages channel_id={world.channel.id}"
    assert sandbox.rate_limits.spent_by_bucket[bucket] == 0


async def test_without_leave_to_make_threads_a_series_table_lives_in_the_channel(
        sandbox: Sandbox, world: World, series_bot: TappBot) -> None:
    alice, bob, carol = world.players[:3]
    store = store_of(series_bot)
    series_id = await open_series(world, "No threads")
    sandbox.take_from_bot(world.channel, P.CREATE_PUBLIC_THREADS)
    await sandbox.settle()

    table_id, text = await seat(alice, world, series_id)
    assert sandbox.threads(world.channel) == []
    assert sandbox.calls[THREADS] == 0  # not tried: no refusal counted against the bot
    assert (await store.tables.get(table_id)).thread_id is None
    assert f"<#{world.channel.id}>" in text
    assert table_messages(sandbox, world.channel, table_id)
    for member in (bob, carol):
        assert (await seat(member, world, series_id))[0] == table_id
    game = Game(sandbox, series_bot, world.channel, table_id,
                {a.id: a for a in (alice, bob, carol)})
    await game.play()
    assert game.live is None
