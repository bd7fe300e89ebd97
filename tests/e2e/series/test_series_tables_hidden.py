"""Nothing of a shared series table's deal reaches a member who has yet to play it: dave,
a member of the series, reads the channel while alice, bob and carol play deal 1, and
forges what a card could come from (watching the table, its last trick, the deal's
hands and review once it is over): each is refused, and no message he could see names
a card. Bob, who played the deal, gets its hands; once the series closes, so does dave.
On both backends."""

from __future__ import annotations

import pytest

from bot.connection.client import TappBot
from bot.tables.ids import Stamp, custom_id
from bot.tables.spectators import watch_token
from standin import Sandbox
from standin.harness import World
from tests.conftest import BACKENDS
from tests.e2e.daily.driver import seen_by
from tests.e2e.tables.driver import Game

from .driver import seated_series, table_place
from .test_series_tables_week import leaks


@pytest.mark.parametrize("database", BACKENDS, indirect=True)
@pytest.mark.usefixtures("threads_unpaced")
async def test_a_member_who_has_yet_to_play_a_deal_learns_nothing_of_it(
        sandbox: Sandbox, world: World, series_bot: TappBot) -> None:
    alice, bob, carol, dave = world.players
    channel = world.channel
    series_id, table_id = await seated_series(world, "Hidden", (alice, bob, carol), (dave,))
    place = table_place(sandbox, series_bot, table_id)  # the table's thread
    game = Game(sandbox, series_bot, place, table_id, {a.id: a for a in (alice, bob, carol)})

    async def refused(forged: str, expected: str) -> None:
        if place.archived:  # (its deal is over: as a client that unarchives it first)
            sandbox.unarchive_thread(place)
        asked = await dave.forge_click(table_message, forged)
        assert asked.response is not None and asked.response.ephemeral_to == dave.id
        assert expected in asked.response.content, asked.response.content
        assert not asked.response.attachments

    await game.play(until=lambda g: g.live is not None and g.live.deal is not None
                    and len(g.live.deal.tricks) >= 2)
    table_message = game.table_message()
    await refused(custom_id(table_id, None, watch_token(0)), "Spectators are off")
    await refused(custom_id(table_id, None, "last"), "You are not seated at this table.")
    assert not game.table_message().attachments  # no picture of the tricks
    await game.play()
    await refused(custom_id(table_id, Stamp(0, 1), "hands"), "only to those who played it")
    await refused(custom_id(table_id, Stamp(0, 1), "review"), "you did not play in it")
    sandbox.unarchive_thread(place)
    hands = await bob.forge_click(table_message, custom_id(table_id, Stamp(0, 1), "hands"))
    assert hands.response is not None and hands.response.attachments  # he played it

    for version in [*seen_by(sandbox, channel, dave.id), *seen_by(sandbox, place, dave.id)]:
        assert leaks(version) == [], leaks(version)

    closed = await alice.slash(channel, "/tapp series close", series=series_id)
    assert closed.response is not None, closed.errors
    sandbox.unarchive_thread(place)
    after = await dave.forge_click(table_message, custom_id(table_id, Stamp(0, 1), "hands"))
    assert after.response is not None and after.response.attachments  # all is open now
