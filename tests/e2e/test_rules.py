"""``/tapp rules`` through the stand-in: the pages in the user's language, turned in place
by ◀ / ▶ and the select, also after a restart; the table's *Rules* button opens them."""

from __future__ import annotations

from bot.config import Settings
from bot.connection.client import TappBot
from bot.display.rules_messages import PAGES
from standin import Sandbox
from standin.harness import World, running
from standin.models import Message
from tests.e2e.tables.conftest import table_bot, table_config, watch  # noqa: F401
from tests.e2e.tables.driver import open_table


def embed(message: Message) -> dict[str, str]:
    [shown] = message.embeds
    return {"title": shown.get("title") or "", "description": shown.get("description") or "",
            "footer": (shown.get("footer") or {}).get("text") or ""}


async def test_german_pages_turn_in_place_also_after_a_restart(
        sandbox: Sandbox, world: World, settings: Settings, tapp_bot: TappBot) -> None:
    alice = world.players[0]
    alice.user.locale = "de"
    count = len(PAGES["dapp"])
    ix = await alice.slash(world.channel, "/tapp rules", variant="dapp")
    first = ix.response
    assert first is not None and not ix.errors and first.ephemeral_to == alice.id
    shown = embed(first)
    assert shown["title"] == "Dapp · Überblick und Geben"
    assert shown["footer"] == f"Seite 1/{count}"
    assert "32 Karten" in shown["description"] and "Ass 11" in shown["description"]
    assert first.button_labels() == ["◀ Zurück", "Weiter ▶"]
    assert first.buttons()[0].get("disabled") is True

    ix = await alice.click(first, label="Weiter ▶")
    assert not ix.errors and ix.response is not None and ix.response.id == first.id
    page = sandbox.message(first.id)
    shown = embed(page)
    assert shown["title"] == "Dapp · Spiele" and shown["footer"] == f"Seite 2/{count}"
    assert "**Rufer** (4)" in shown["description"] and "**Durch Herz** (12)" in shown["description"]
    assert not page.buttons()[0].get("disabled")
    assert len([m for m in sandbox.state.messages.values() if m.ephemeral_to == alice.id]) == 1

    # the same message, with a bot started anew on the same database
    await tapp_bot.close()
    bot = TappBot(settings, guild_ready_timeout=0.05)
    async with running(bot, sandbox):
        ix = await alice.click(sandbox.message(first.id), label="Weiter ▶")
        assert not ix.errors and ix.response is not None and ix.response.id == first.id
        shown = embed(sandbox.message(first.id))
        assert shown["title"] == "Dapp · Reizen" and shown["footer"] == f"Seite 3/{count}"
        ramsch = PAGES["dapp"].index("ramsch")
        ix = await alice.select(sandbox.message(first.id), [str(ramsch)])
        assert not ix.errors
        shown = embed(sandbox.message(first.id))
        assert shown["title"] == "Dapp · Ramsch" and "Jungfrau" in shown["description"]
        assert shown["footer"] == f"Seite {ramsch + 1}/{count}"
        ix = await alice.select(sandbox.message(first.id), [str(count - 1)])
        assert not ix.errors
        page = sandbox.message(first.id)
        shown = embed(page)  # the last page: the game's words, one line each
        assert shown["title"] == "Dapp · Begriffe" and "**Rufer Herz**:" in shown["description"]
        assert shown["footer"] == f"Seite {count}/{count}"
        assert page.buttons()[1].get("disabled") is True
        ix = await alice.click(page, label="◀ Zurück")
        assert embed(sandbox.message(first.id))["footer"] == f"Seite {count - 1}/{count}"


async def test_each_user_reads_their_own_language(sandbox: Sandbox, world: World,
                                                  tapp_bot: TappBot) -> None:
    alice, bob, carol = world.players[:3]
    world.guild.locale = "de"  # ephemeral: the user's locale counts, not the server's
    bob.user.locale = "sv-SE"
    ix = await bob.slash(world.channel, "/tapp rules", variant="zuger")
    assert ix.response is not None and ix.response.ephemeral_to == bob.id
    shown = embed(ix.response)
    assert shown["title"] == "Zuger Tapp · Översikt och giv"
    assert "spelare" in shown["description"] and "ess 11" in shown["description"]
    assert ix.response.button_labels() == ["◀ Föregående", "Nästa ▶"]
    ix = await bob.click(ix.response, label="Nästa ▶")
    assert "Tapp** < **Solo** < **Super** < **Vice" in embed(ix.response)["description"]
    ix = await carol.slash(world.channel, "/tapp rules", variant="wuerttemberg")
    assert ix.response is not None and embed(ix.response)["title"].startswith("Württemberg Tapp")
    assert embed(ix.response)["footer"] == f"Page 1/{len(PAGES['wuerttemberg'])}"


async def test_the_table_rules_button_opens_the_pages(sandbox: Sandbox, world: World,
                                                      table_bot: TappBot) -> None:  # noqa: F811
    host = world.players[0]
    game = await open_table(sandbox, table_bot, world.channel, host, "tapp1879", computers=2)
    host.user.locale = "sv-SE"
    ix = await host.click(game.table_message(), label="Rules")
    assert not ix.errors and ix.response is not None and ix.response.ephemeral_to == host.id
    shown = embed(ix.response)
    assert shown["title"] == "Tapp (1879) · Översikt och giv"
    assert shown["footer"] == f"Sida 1/{len(PAGES['tapp1879'])}"
    ix = await host.click(ix.response, label="Nästa ▶")
    assert embed(ix.response)["title"] == "Tapp (1879) · Budgivning"
    # without a variant, the command at the table shows the table's
    ix = await host.slash(game.thread, "/tapp rules")
    assert ix.response is not None and embed(ix.response)["title"].startswith("Tapp (1879)")


async def test_without_a_variant_or_a_table_the_servers_usual_variant(
        sandbox: Sandbox, world: World, tapp_bot: TappBot) -> None:
    assert tapp_bot.store is not None
    await tapp_bot.store.settings.set_guild(world.guild.id,  # type: ignore[attr-defined]
                                            {"default_variant": "dapp"})
    ix = await world.players[1].slash(world.channel, "/tapp rules")
    assert ix.response is not None and not ix.errors and ix.response.ephemeral
    assert embed(ix.response)["title"].startswith("Dapp ·")
