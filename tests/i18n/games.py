"""A table played through the stand-in by members whose Discord client speaks the
server's language (shared by the German and Swedish game tests)."""

from __future__ import annotations

from bot.client import TappBot
from bot.engine import Action, ActionType, SeatView
from bot.i18n import t
from bot.sandbox import Sandbox
from bot.sandbox.actors import Actor
from bot.sandbox.harness import World
from bot.sandbox.models import Message
from tests.e2e.tables.driver import Game, offered_tokens


class LocalGame(Game):
    """A :class:`Game` whose members click the buttons by their ``language`` labels."""

    language: str = "en"

    async def open_hand(self, actor: Actor, view: SeatView) -> Message:
        ix = await actor.click(self.table_message(), label=t("button.hand", self.language))
        panel = ix.response
        assert panel is not None and panel.ephemeral_to == actor.id, ix.errors
        assert offered_tokens(panel) == {a.token for a in view.legal}
        return panel


async def open_local_table(sandbox: Sandbox, world: World, bot: TappBot, language: str,
                           variant: str = "zuger") -> LocalGame:
    """``/tapp new`` by the first player in a server whose public language is already
    ``language`` (its locale or its setting); three computers join and the table starts."""
    host = world.players[0]
    ix = await host.slash(world.channel, "/tapp new", variant=variant)
    assert ix.response is not None and not ix.errors, ix.errors
    thread = sandbox.threads(world.channel)[-1]
    assert bot.tables is not None
    live = bot.tables.located_in(thread.id)
    assert live is not None and live.language == language
    game = LocalGame(sandbox, bot, thread, live.table_id, {host.id: host})
    game.language = language
    for _ in range(3):
        await host.click(game.table_message(), label=t("button.computer", language))
    ix = await host.click(game.table_message(), label=t("button.start", language))
    assert ix.response is not None and not ix.errors
    return game


def bid_tapp(view: SeatView) -> Action | None:
    """A member who bids Tapp whenever it is offered (to get to discarding), else passes."""
    bids = [a for a in view.legal if a.type is ActionType.BID]
    if not bids:
        return None
    return next((a for a in bids if a.value == "tapp"),
                next((a for a in bids if a.value == "pass"), None))
