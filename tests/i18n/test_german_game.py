"""A table on a German server: every public message (the lobby, the table message with
its buttons, the results), in every version it had, is German; ephemeral replies follow
each user's own locale."""

from __future__ import annotations

from bot.connection.client import TappBot
from standin import Sandbox
from standin.harness import World

from .games import a_deal_in, english_in, seen_texts


async def test_a_german_server_plays_in_german(sandbox: Sandbox, world: World,
                                               table_bot: TappBot) -> None:
    world.guild.locale = "de"
    game, texts, english = await a_deal_in(sandbox, world, table_bot, "de")
    assert any("Tisch" in text for text in texts)
    assert any("Ergebnis" in text for text in texts)
    assert english == []
    assert game.thread.name.startswith("Zuger Tapp · Tisch")


def test_the_check_knows_english_from_german() -> None:
    """The vocabulary comes from the catalogues: English sentences are caught (whatever
    their case), German ones and the game's words are not."""
    assert english_in(["YOUR TURN: play a card"], "de") == [
        ("card", "YOUR TURN: play a card"), ("play", "YOUR TURN: play a card"),
        ("turn", "YOUR TURN: play a card"), ("your", "YOUR TURN: play a card")]
    assert [w for w, _ in english_in(["the pot"], "de")] == ["pot", "the"]
    assert english_in(["Du bist dran: spiel eine Karte", "Solo · Kontra · Zuger Tapp",
                       "alice: 10♥", "bord.jpg"], "de", ["alice"]) == []
    assert english_in(["Waiting for carol"], "sv", ["carol"]) == [
        ("waiting", "Waiting for carol")]
    # a command in backticks is code, not English; the words around it still count
    assert english_in(["Prüfen: `python -m bot verify --players 4`"], "de") == []
    assert [w for w, _ in english_in(["Check: `python -m bot verify`"], "de")] == ["check"]


async def test_public_standings_follow_the_server(sandbox: Sandbox, world: World,
                                                  tapp_bot: TappBot) -> None:
    world.guild.locale = "de"
    ix = await world.players[0].slash(world.channel, "/tapp stats leaderboard")
    assert ix.response is not None and ix.response.ephemeral_to is None, ix.errors
    assert ix.response.text.startswith("Rangliste"), ix.response.text


async def test_public_standings_follow_the_language_setting(sandbox: Sandbox, world: World,
                                                            tapp_bot: TappBot) -> None:
    assert world.guild.locale == "en-US" and tapp_bot.store is not None
    await tapp_bot.store.settings.set_guild(world.guild.id, {"language": "de"})
    alice = world.players[0]
    ix = await alice.slash(world.channel, "/tapp stats leaderboard")
    assert ix.response is not None and ix.response.ephemeral_to is None, ix.errors
    assert ix.response.text.startswith("Rangliste"), ix.response.text
    ix = await alice.slash(world.channel, "/tapp stats history")
    assert ix.response is not None and ix.response.ephemeral_to is None, ix.errors
    assert english_in(seen_texts(ix.response.version()), "de", [alice.name]) == []
    await tapp_bot.store.settings.set_guild(world.guild.id, {"language": "auto"})
    ix = await alice.slash(world.channel, "/tapp stats leaderboard")
    assert ix.response is not None and not ix.response.text.startswith("Rangliste")
