"""A server manager may close or delete any series of the server, so an absent host
blocks nothing; anyone else is refused, privately: every refusal of ``open``, ``close``,
``delete`` and ``standings`` is seen by the asker alone, and only what succeeds is
posted in the channel."""

from __future__ import annotations

from bot.connection.client import TappBot
from standin import Sandbox
from standin.harness import World

from .driver import open_series, store_of
from .test_series_hostile import NOT_A_MANAGER


async def test_a_manager_closes_or_deletes_a_series_someone_else_opened(
        sandbox: Sandbox, world: World, series_bot: TappBot) -> None:
    alice, bob, carol = world.players[:3]
    world.guild.members[carol.id].permissions = NOT_A_MANAGER
    store = store_of(series_bot)
    first, _ = await open_series(alice, world.channel)
    second, _ = await open_series(alice, world.channel)
    shown = len(sandbox.public_messages(world.channel))
    refusals = [
        (await carol.slash(world.channel, "/tapp series open", title="Mine", deals=6),
         "Manage Server"),
        (await carol.slash(world.channel, "/tapp series close", series=first),
         "or a member with Manage Server"),
        (await carol.slash(world.channel, "/tapp series delete", series=first),
         "or a member with Manage Server"),
        (await carol.slash(world.channel, "/tapp series standings", series=999_999),
         "no such series")]
    for ix, said in refusals:
        assert ix.response is not None and said in ix.response.text, ix.response
        assert ix.response.ephemeral_to == carol.id  # the asker's alone
    assert len(sandbox.public_messages(world.channel)) == shown
    closed = await bob.slash(world.channel, "/tapp series close", series=first)
    assert closed.response is not None and closed.response.ephemeral_to is None, closed.errors
    row = await store.series.get(first)
    assert row.status.value == "closed" and row.seed.hex() in closed.response.text
    deleted = await bob.slash(world.channel, "/tapp series delete", series=second)
    assert deleted.response is not None and "is deleted" in deleted.response.text
    assert (await store.series.get(second)).status.value == "deleted"
    board = await alice.slash(world.channel, "/tapp series standings", series=first)
    assert board.response is not None and board.response.ephemeral_to is None
