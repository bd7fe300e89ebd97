"""``/tapp about`` and ``/tapp ping`` answer in the reader's Discord language."""

from __future__ import annotations

from bot.connection.client import TappBot
from cogs.meta import ping_text
from standin import Sandbox
from standin.harness import World


async def test_about_and_ping_follow_the_readers_locale(sandbox: Sandbox, world: World,
                                                        tapp_bot: TappBot) -> None:
    alice, bob, carol = world.players[:3]
    alice.user.locale, bob.user.locale = "de", "sv-SE"
    about = (await alice.slash(world.channel, "/tapp about")).response
    assert about is not None and about.ephemeral_to == alice.id
    [embed] = about.embeds
    assert "Eröffne einen Tisch mit `/tapp tisch neu`" in embed["description"], embed
    assert embed["footer"]["text"].startswith("tapp-bot ")
    about = (await bob.slash(world.channel, "/tapp about")).response
    assert about is not None and "Öppna ett bord med `/tapp bord ny`" in about.text
    about = (await carol.slash(world.channel, "/tapp about")).response
    assert about is not None and "Start a table with `/tapp table new`" in about.text
    pong = (await bob.slash(world.channel, "/tapp ping")).response
    assert pong is not None and pong.ephemeral_to == bob.id
    assert pong.content.startswith("Pong! Latens till gatewayen: "), pong.content
    pong = (await alice.slash(world.channel, "/tapp ping")).response
    assert pong is not None and pong.content.startswith("Pong! Gateway-Latenz: ")


def test_an_unmeasured_latency_is_said_in_words() -> None:
    assert ping_text(float("inf"), "de") == "Pong! Gateway-Latenz: noch nicht gemessen"
    assert ping_text(0.0123, "en-US") == "Pong! Gateway latency: 12 ms"
