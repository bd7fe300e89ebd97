"""Server settings through the stand-in: ``/tapp settings show|set|reset`` (changes need
Manage Server) and the settings ``/tapp table new`` picks up, or overrides for its table."""

from __future__ import annotations

import discord

from bot.config import Settings as BotSettings
from bot.connection.client import TappBot
from bot.settings import DeckStyle, Settings, TableMode, TimeoutPolicy
from bot.store import Store
from standin import Actor, Sandbox
from standin.harness import World, running
from standin.models import ALL_PERMISSIONS, Message

NOT_A_MANAGER = ALL_PERMISSIONS & ~(discord.Permissions(manage_guild=True, administrator=True)
                                    .value)


def store_of(bot: TappBot) -> Store:
    assert isinstance(bot.store, Store)
    return bot.store


def lobbies(sandbox: Sandbox, channel: object) -> list[Message]:
    return [m for m in sandbox.public_messages(channel) if m.buttons()]  # type: ignore[arg-type]


def fields(message: Message) -> dict[str, str]:
    [embed] = message.embeds
    return {f["name"]: f["value"] for f in embed["fields"]}


async def answer(actor: Actor, channel: object, command: str, **options: object) -> Message:
    """The ephemeral answer ``actor`` gets to ``command``."""
    ix = await actor.slash(channel, command, **options)  # type: ignore[arg-type]
    assert ix.response is not None and ix.response.ephemeral_to == actor.id, ix.response
    return ix.response


async def test_a_member_without_manage_server_may_look_but_not_change(
        sandbox: Sandbox, world: World, tapp_bot: TappBot) -> None:
    alice, bob = world.players[:2]
    world.guild.members[bob.id].permissions = NOT_A_MANAGER
    store = store_of(tapp_bot)
    await store.settings.set_guild(world.guild.id, {"stake": 3})
    for command, options in (("/tapp settings set", {"stake": 5, "language": "de"}),
                             ("/tapp settings reset", {}),
                             ("/tapp settings reset", {"setting": "stake"})):
        refusal = await answer(bob, world.channel, command, **options)
        assert "Only members with the Manage Server permission" in refusal.content
    assert await store.settings.guild_overrides(world.guild.id) == {"stake": 3}
    shown = await answer(bob, world.channel, "/tapp settings show")
    assert shown.embeds[0]["title"] == "Tapp settings of Tapp Club"
    assert fields(shown)["Stake"] == "3 chips per unit"
    assert fields(shown)["Reminder"] == "1 h · *default*"
    done = await answer(alice, world.channel, "/tapp settings set", stake=4)
    assert done.content == "Saved:\n**Stake**: 4 chips per unit"
    late = await answer(alice, world.channel, "/tapp settings set", timeout="1h")
    assert late.content.splitlines() == [
        "Saved:", "**Turn timeout**: 1 h",
        "Note: the turn timeout comes before the reminder, so no reminder is sent."]
    assert sandbox.problems == []


async def test_an_admin_sets_the_server_and_new_tables_follow(
        sandbox: Sandbox, world: World, tapp_bot: TappBot) -> None:
    alice, bob = world.players[:2]
    store = store_of(tapp_bot)
    done = await answer(alice, world.channel, "/tapp settings set", reminder="2h",
                        timeout="1d 12h", on_timeout="abandon", computers=False,
                        variant="dapp", stake=5, deck_style="swiss", mode="channel",
                        language="de")
    assert done.content.splitlines() == [
        "Saved:", "**Reminder**: 2 h", "**Turn timeout**: 1 d 12 h",
        "**When the time is up**: The deal is abandoned (no chips move)",
        "**Computer players**: not allowed", "**Default variant**: Dapp",
        "**Stake**: 5 chips per unit", "**Deck style**: Swiss suits",
        "**Table mode**: In the channel", "**Language**: Deutsch"]
    expected = Settings(reminder_delay=7200, turn_timeout=129600,
                        timeout_policy=TimeoutPolicy.ABANDON, computers_allowed=False,
                        default_variant="dapp", stake=5, deck_style=DeckStyle.SWISS,
                        table_mode=TableMode.CHANNEL, language="de")
    assert await store.settings.for_guild(world.guild.id) == expected

    opened = await answer(bob, world.channel, "/tapp table new")  # no variant: the server's
    assert opened.content == "Your table of **Dapp** is open below."  # bob reads English
    assert sandbox.threads(world.channel) == []  # channel mode: the lobby is here
    [lobby] = lobbies(sandbox, world.channel)
    assert lobby.edit_count == 0  # its first render is already German
    assert "Dapp · Tisch" in lobby.text and "Platz 1: **bob**" in lobby.text
    assert "Einsatz 5" in lobby.text
    assert lobby.button_labels()[0] == "Beitreten"
    live = tapp_bot.tables.registry.located_in(world.channel.id) if tapp_bot.tables else None
    assert live is not None and live.language == "de" and live.style == "swiss"
    assert await store.settings.for_table(live.table_id) == expected
    refused = (await bob.click(lobby, label="Computer dazu")).response
    assert refused is not None and "switched off" in refused.content

    reset = await answer(alice, world.channel, "/tapp settings reset", setting="stake")
    assert reset.content == "**Stake** is back to its default: 1 chip per unit."
    assert (await store.settings.for_guild(world.guild.id)).stake == 1
    assert (await answer(alice, world.channel, "/tapp settings reset")).content == (
        "All settings are back to their defaults.")
    assert await store.settings.guild_overrides(world.guild.id) == {}
    assert sandbox.problems == []


async def test_a_tables_own_settings_beat_the_servers(
        sandbox: Sandbox, world: World, tapp_bot: TappBot) -> None:
    alice, bob, carol = world.players[:3]
    store = store_of(tapp_bot)
    await store.settings.set_guild(world.guild.id, {
        "table_mode": "channel", "language": "de", "reminder_delay": 600,
        "timeout_policy": "abandon"})
    ix = await alice.slash(world.channel, "/tapp table new", variant="zuger", mode="thread",
                           language="sv", reminder="30m", timeout="off",
                           on_timeout="computer", computers=False, deck_style="german")
    assert ix.response is not None and not ix.response.ephemeral
    assert ix.response.content.startswith(f"{alice.mention} öppnade ett bord")  # Swedish, public
    [thread] = sandbox.threads(world.channel)
    assert thread.name.startswith("Zuger Tapp · bord")
    [lobby] = lobbies(sandbox, thread)
    assert "Plats 1: **alice**" in lobby.text
    assert tapp_bot.tables is not None
    live = tapp_bot.tables.registry.located_in(thread.id)
    assert live is not None
    effective = await store.settings.for_table(live.table_id)
    assert (effective.reminder_delay, effective.turn_timeout, effective.timeout_policy) == (
        1800, 0, TimeoutPolicy.COMPUTER)
    assert (effective.table_mode, effective.language, effective.deck_style) == (
        TableMode.THREAD, "sv", DeckStyle.GERMAN)
    refused = (await alice.click(lobby, label="Lägg till dator")).response
    assert refused is not None and refused.ephemeral_to == alice.id
    assert live.seats.keys() == {0}  # the table forbids computer players

    # a server's language and locale: a table with none of its own takes the server's
    ix = await bob.slash(world.channel, "/tapp table new", variant="dapp", players=3)
    assert ix.response is not None and ix.response.ephemeral
    [here] = lobbies(sandbox, world.channel)
    assert "Dapp · Tisch" in here.text

    # a table may not allow what the server forbids
    await store.settings.set_guild(world.guild.id, {"computers_allowed": False})
    ix = await carol.slash(thread, "/tapp table new", variant="zuger", computers=True)
    assert ix.response is not None and ix.response.ephemeral_to == carol.id
    assert "Computer players are switched off on this server" in ix.response.content
    assert len(lobbies(sandbox, thread)) == 1
    assert sandbox.problems == []


async def test_bad_values_are_explained_in_the_members_language(
        sandbox: Sandbox, world: World, tapp_bot: TappBot) -> None:
    admin = sandbox.create_user("gerda", world.guild, locale="de")
    store = store_of(tapp_bot)
    unread = await answer(admin, world.channel, "/tapp settings set", reminder="bald")
    assert unread.content == ("„bald“ kann ich nicht als Dauer lesen: schreib z. B. 30m, 2h,"
                              " 1h30m, 1d oder aus.")
    short = await answer(admin, world.channel, "/tapp settings set", timeout="2m", stake=3)
    assert short.content == "Bedenkzeit ist aus oder liegt zwischen 5 Min und 14 Tg."
    empty = await answer(admin, world.channel, "/tapp settings set")
    assert empty.content == "Wähle mindestens eine Einstellung, die du ändern willst."
    assert await store.settings.guild_overrides(world.guild.id) == {}  # nothing half-saved

    swede = sandbox.create_user("sven", world.guild, locale="sv-SE")
    bad = await answer(swede, world.channel, "/tapp table new", variant="zuger", reminder="8d")
    assert bad.content == "Påminnelse ska vara av eller mellan 1 min och 7 d."
    bad = await answer(swede, world.channel, "/tapp table new", variant="zuger", timeout="1 vecka")
    assert bad.content.startswith("Jag kan inte läsa ”1 vecka” som en tid")
    assert sandbox.threads(world.channel) == [] and lobbies(sandbox, world.channel) == []
    assert tapp_bot.tables is not None
    assert tapp_bot.tables.registry.located_in(world.channel.id) is None
    assert sandbox.problems == []


async def test_a_tables_settings_outlive_a_restart_and_later_server_changes(
        sandbox: Sandbox, world: World, settings: BotSettings) -> None:
    alice, bob = world.players[:2]
    async with running(TappBot(settings, guild_ready_timeout=0.05), sandbox):
        await answer(alice, world.channel, "/tapp table new", variant="zuger", mode="channel",
                     language="de", timeout="2h")
        await answer(alice, world.channel, "/tapp settings set", language="sv",
                     timeout="3h")
    async with running(TappBot(settings, guild_ready_timeout=0.05), sandbox) as bot:
        [lobby] = lobbies(sandbox, world.channel)
        joined = (await bob.click(lobby, label="Beitreten")).response
        assert joined is not None and joined.ephemeral_to == bob.id
        await sandbox.settle()
        assert "Platz 2: **bob**" in sandbox.message(lobby.id).text  # still German
        assert bot.tables is not None
        live = bot.tables.registry.located_in(world.channel.id)
        assert live is not None and live.language == "de"
        effective = await store_of(bot).settings.for_table(live.table_id)
        assert (effective.turn_timeout, effective.language) == (7200, "de")
    assert sandbox.problems == []


async def test_settings_show_in_the_readers_language(
        sandbox: Sandbox, world: World, tapp_bot: TappBot) -> None:
    alice = world.players[0]
    reader = sandbox.create_user("greta", world.guild, locale="de")
    await answer(alice, world.channel, "/tapp settings set", timeout="90m", deck_style="german")
    shown = await answer(reader, world.channel, "/tapp settings show")
    [embed] = shown.embeds
    assert embed["title"] == "Tapp-Einstellungen von Tapp Club"
    assert fields(shown) == {
        "Erinnerung": "1 Std · *Standard*", "Bedenkzeit": "1 Std 30 Min",
        "Wenn die Zeit abläuft": "Ein Computerspieler übernimmt den Zug · *Standard*",
        "Computerspieler": "erlaubt · *Standard*",
        "Standardvariante": "Zuger Tapp · *Standard*",
        "Einsatz": "1 Chip pro Einheit · *Standard*", "Kartenbild": "Deutsches Blatt",
        "Tischmodus": "Ein Thread pro Tisch · *Standard*",
        "Sprache": "Die Discord-Sprache des Servers · *Standard*",
        "Saisons": "aus · *Standard*", "Webseiten": "aus · *Standard*",
        "Serien eröffnen": "Mitglieder mit „Server verwalten“ · *Standard*"}
    assert "/tapp settings set" in embed["footer"]["text"]


async def test_a_server_shows_its_web_pages_once_it_chooses(
        sandbox: Sandbox, world: World, tapp_bot: TappBot) -> None:
    """Off by default: the server's pages answer as an unknown server's; ``web:public``
    and they are there, read from the bot's own store."""
    from tests.web.conftest import serving

    alice = world.players[0]
    async with serving(store_of(tapp_bot)) as client:
        before = await client.get(f"/servers/{world.guild.id}")
        assert before.status == 404
        done = await answer(alice, world.channel, "/tapp settings set", web="public")
        assert done.content == "Saved:\n**Web pages**: public"
        after = await client.get(f"/servers/{world.guild.id}")
        assert after.status == 200
        done = await answer(alice, world.channel, "/tapp settings set", web="members")
        assert (await client.get(f"/servers/{world.guild.id}")).status == 403
    shown = await answer(alice, world.channel, "/tapp settings show")
    assert fields(shown)["Web pages"] == "members only"
    assert sandbox.problems == []


async def test_the_settings_commands_are_localized_and_within_discords_size(
        sandbox: Sandbox, tapp_bot: TappBot) -> None:
    [command] = [c for c in sandbox.commands() if c.name == "tapp"]
    group = next(o for o in command.data["options"] if o["name"] == "settings")
    assert group["name_localizations"] == {"de": "einstellungen", "sv-SE": "inställningar"}
    change = next(o for o in group["options"] if o["name"] == "set")
    assert {o["name"] for o in change["options"]} == {
        "reminder", "timeout", "on_timeout", "computers", "variant", "stake", "deck_style",
        "mode", "language", "season", "web", "series_hosts"}
    assert all(o["description_localizations"].keys() == {"de", "sv-SE"}
               for o in change["options"])
    table = next(o for o in command.data["options"] if o["name"] == "table")
    new = next(o for o in table["options"] if o["name"] == "new")
    assert len(new["options"]) <= 25 and not any(o.get("required") for o in new["options"])
    # Discord: names, descriptions and choice values of one command, with the longest
    # localization of each, at most 8000 characters
    assert size(command.data) <= 8000


def size(item: dict[str, object]) -> int:
    def longest(part: dict[str, object], key: str) -> int:
        local = part.get(f"{key}_localizations") or {}
        return max([len(str(part.get(key) or ""))]
                   + [len(v) for v in local.values()])  # type: ignore[attr-defined]
    total = longest(item, "name") + longest(item, "description")
    for choice in item.get("choices") or []:  # type: ignore[attr-defined]
        total += longest(choice, "name") + len(str(choice["value"]))
    return total + sum(size(o) for o in item.get("options") or [])  # type: ignore[attr-defined]


async def test_a_bot_without_web_pages_says_so(sandbox: Sandbox, world: World,
                                               tapp_bot: TappBot) -> None:
    alice = world.players[0]
    await answer(alice, world.channel, "/tapp settings set", web="public")
    told = await answer(alice, world.channel, "/tapp stats web")
    assert told.content == ("This bot serves no web pages (its operator has not set "
                            "TAPP_WEB_URL).")
