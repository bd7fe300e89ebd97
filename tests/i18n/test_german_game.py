"""A table on a German server: every public message (the lobby, the table message with
its buttons, the results) is German; ephemeral replies follow each user's own locale."""

from __future__ import annotations

import re

from bot.client import TappBot
from bot.engine import SeatView
from bot.sandbox import Sandbox
from bot.sandbox.actors import Actor
from bot.sandbox.harness import World
from bot.sandbox.models import Message
from tests.e2e.tables.driver import Game, offered_tokens

ENGLISH = re.compile(
    r"\b(the|and|of|is|your|Seat|Join|Leave|Start|Cancel|Turn|Trick|Game|Pot|chips|Deal|"
    r"deal|wins|loses|takes|played by|My hand|Last trick|Rules|End table|Waiting|table|"
    r"Session|result|free)\b")


class GermanGame(Game):
    async def open_hand(self, actor: Actor, view: SeatView) -> Message:
        ix = await actor.click(self.table_message(), label="Mein Blatt")
        panel = ix.response
        assert panel is not None and panel.ephemeral_to == actor.id, ix.errors
        assert offered_tokens(panel) == {a.token for a in view.legal}
        return panel


def _public_text(message: Message) -> str:
    parts = [message.text]
    for component in message.all_components():
        parts += [component.get("label") or "", component.get("placeholder") or ""]
        parts += [o.get("label") or "" for o in component.get("options") or []]
    return "\n".join(p for p in parts if p)


async def test_a_german_server_plays_in_german(sandbox: Sandbox, world: World,
                                               table_bot: TappBot) -> None:
    world.guild.locale = "de"
    host = world.players[0]
    ix = await host.slash(world.channel, "/tapp new", variant="zuger")
    assert ix.response is not None and not ix.errors, ix.errors
    thread = sandbox.threads(world.channel)[-1]
    assert table_bot.tables is not None
    live = table_bot.tables.located_in(thread.id)
    assert live is not None and live.language == "de"
    game = GermanGame(sandbox, table_bot, thread, live.table_id, {host.id: host})
    for _ in range(3):
        await host.click(game.table_message(), label="Computer dazu")
    ix = await host.click(game.table_message(), label="Starten")
    assert ix.response is not None and not ix.errors
    await game.play(until=lambda g: g.deals_settled() >= 1)
    await game.quiet()
    texts = [_public_text(m) for m in (*sandbox.public_messages(world.channel),
                                      *sandbox.public_messages(thread))]
    assert any("Tisch" in text for text in texts)
    assert any("Ergebnis" in text for text in texts)
    english = [(m.group(0), text) for text in texts if (m := ENGLISH.search(text))]
    assert english == []
    assert thread.name.startswith("Zuger Tapp · Tisch")


async def test_public_standings_follow_the_server(sandbox: Sandbox, world: World,
                                                  tapp_bot: TappBot) -> None:
    world.guild.locale = "de"
    ix = await world.players[0].slash(world.channel, "/tapp leaderboard")
    assert ix.response is not None and ix.response.ephemeral_to is None, ix.errors
    assert ix.response.text.startswith("Rangliste"), ix.response.text


async def test_public_standings_follow_the_language_setting(sandbox: Sandbox, world: World,
                                                            tapp_bot: TappBot) -> None:
    assert world.guild.locale == "en-US" and tapp_bot.store is not None
    await tapp_bot.store.settings.set_guild(world.guild.id, {"language": "de"})
    alice = world.players[0]
    ix = await alice.slash(world.channel, "/tapp leaderboard")
    assert ix.response is not None and ix.response.ephemeral_to is None, ix.errors
    assert ix.response.text.startswith("Rangliste"), ix.response.text
    ix = await alice.slash(world.channel, "/tapp history")
    assert ix.response is not None and ix.response.ephemeral_to is None, ix.errors
    assert not ENGLISH.search(ix.response.text), ix.response.text
    await tapp_bot.store.settings.set_guild(world.guild.id, {"language": "auto"})
    ix = await alice.slash(world.channel, "/tapp leaderboard")
    assert ix.response is not None and not ix.response.text.startswith("Rangliste")
