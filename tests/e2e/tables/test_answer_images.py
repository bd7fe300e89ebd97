"""The answer to a member's action shows their hand's picture while they have more to
do; that picture is drawn while the action is being stored, not after."""

from __future__ import annotations

from bot.connection.client import TappBot
from bot.i18n import language_of
from bot.tables.state import HandContext
from bot.ui.hand_messages import hand_image
from standin import Sandbox
from standin.harness import World
from tests.store_hooks import install

from .driver import open_table
from .fault_helpers import store_of


async def test_the_answers_picture_is_drawn_while_the_action_is_stored(
        sandbox: Sandbox, world: World, table_bot: TappBot) -> None:
    """At the moment the store commits a member's action after which they act again,
    the picture their answer will carry is drawn or being drawn already (begun once
    the engine took the action)."""
    host, *others = world.players
    game = await open_table(sandbox, table_bot, world.channel, host, "zuger",
                            joiners=tuple(others))
    images = table_bot.display.images
    begun: list[bool] = []

    def at_commit(deal_id: int, ply: int) -> None:
        live = game.live
        assert live is not None and live.deal is not None and live.deal.ply == ply + 1
        seat = live.deal.log[-1][0]
        user = live.seats[seat].user_id
        hand = HandContext(game.table_id, live.stamp, seat, live.deal.view(seat),
                           live.names(), live.style, live.language)
        member = game.members[user or 0]
        spec = hand_image(hand, language_of(member.user.locale), after_action=True)
        if spec is not None:  # they act again: their answer has a picture
            begun.append(images.started(spec))

    remove = install(store_of(table_bot), at_commit)
    try:
        await game.play(until=lambda g: g.deals_settled() >= 1)
    finally:
        remove()
    assert len(begun) >= 3 and all(begun), begun
    assert game.clicks >= 30  # a whole deal of zuger, by clicks

