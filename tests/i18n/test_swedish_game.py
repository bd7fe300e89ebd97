"""A table on a server set to Swedish (``/tapp settings set language:sv``; its Discord
locale stays English): every public message, in every version it had, is Swedish."""

from __future__ import annotations

from bot.connection.client import TappBot
from standin import Sandbox
from standin.harness import World

from .games import a_deal_in


async def test_a_server_set_to_swedish_plays_in_swedish(sandbox: Sandbox, world: World,
                                                        table_bot: TappBot) -> None:
    assert world.guild.locale == "en-US"
    host = world.players[0]
    ix = await host.slash(world.channel, "/tapp settings set", language="sv")
    assert ix.response is not None and not ix.errors, ix.errors
    game, texts, english = await a_deal_in(sandbox, world, table_bot, "sv")
    assert any("bord" in text for text in texts)
    assert any("Giv 1: resultat" in text for text in texts), texts
    assert english == []
    assert game.thread.name.startswith("Zuger Tapp · bord")
