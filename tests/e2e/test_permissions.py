"""``/tapp table new`` checks the bot's permissions first: where one is missing it says which
and where, in the member's language, and makes nothing (no table, message or thread)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.connection.client import TappBot
from bot.connection.permissions import INVITE
from standin import Sandbox
from standin.harness import World
from standin.permissions import DEFAULT_EVERYONE, P

THREAD_WORDS = {
    "en-US": ("I can't open a table here", "in the table's thread", "Embed Links"),
    "de": ("Ich kann hier keinen Tisch eröffnen", "im Thread des Tisches", "Links einbetten"),
    "sv-SE": ("Jag kan inte öppna ett bord här", "i bordets tråd", "Bädda in länkar"),
}


async def _nothing_made(sandbox: Sandbox, world: World, bot: TappBot) -> None:
    assert sandbox.public_messages(world.channel) == []
    assert sandbox.threads(world.channel) == []
    assert bot.database is not None and await bot.database.tables.load_open() == []


@pytest.mark.parametrize("locale", sorted(THREAD_WORDS))
async def test_missing_embed_links_is_named_in_the_members_language(
    sandbox: Sandbox, world: World, tapp_bot: TappBot, locale: str
) -> None:
    alice = world.players[0]
    alice.user.locale = locale
    sandbox.take_from_bot(world.channel, P.EMBED_LINKS)
    ix = await alice.slash(world.channel, "/tapp table new")
    answer = ix.response
    assert answer is not None and answer.ephemeral_to == alice.id
    opening, where, name = THREAD_WORDS[locale]
    assert answer.content.startswith(opening)
    [line] = [line for line in answer.content.splitlines() if line.startswith("•")]
    assert where in line and name in line and world.channel.mention in line
    await _nothing_made(sandbox, world, tapp_bot)


async def test_each_missing_permission_is_listed_where_it_is_missing(
    sandbox: Sandbox, world: World, tapp_bot: TappBot
) -> None:
    sandbox.take_from_bot(world.guild, P.CREATE_PUBLIC_THREADS, P.ATTACH_FILES,
                          P.SEND_MESSAGES_IN_THREADS)
    ix = await world.players[0].slash(world.channel, "/tapp table new")
    assert ix.response is not None
    lines = [line for line in ix.response.content.splitlines() if line.startswith("•")]
    assert lines == [
        f"• in {world.channel.mention}: Create Public Threads",
        f"• in the table's thread (threads take {world.channel.mention}'s permissions):"
        " Send Messages in Threads, Attach Files",
    ]
    await _nothing_made(sandbox, world, tapp_bot)


async def test_a_table_in_the_channel_needs_send_messages_there(
    sandbox: Sandbox, world: World, tapp_bot: TappBot
) -> None:
    sandbox.take_from_bot(world.channel, P.SEND_MESSAGES)
    ix = await world.players[0].slash(world.channel, "/tapp table new", mode="channel")
    assert ix.response is not None and ix.response.ephemeral
    assert f"• in {world.channel.mention}: Send Messages" in ix.response.content
    await _nothing_made(sandbox, world, tapp_bot)


async def test_with_the_invite_permissions_only_a_table_opens(
    sandbox: Sandbox, tapp_bot: TappBot
) -> None:
    """A server as Discord makes it (@everyone's defaults) and the bot invited with the
    README's permission integer: the lobby opens in its thread, image and all."""
    guild = sandbox.create_guild("Fresh", everyone=DEFAULT_EVERYONE & ~(
        P.EMBED_LINKS | P.ATTACH_FILES | P.CREATE_PUBLIC_THREADS),
        bot_permissions=INVITE.value)
    channel = sandbox.create_channel(guild, "games")
    alice = sandbox.create_user("alice", guild)
    await sandbox.settle()
    ix = await alice.slash(channel, "/tapp table new")
    assert ix.response is not None and not ix.response.ephemeral
    [thread] = sandbox.threads(channel)
    await sandbox.wait_until(lambda: sandbox.public_messages(thread) != [])
    lobby = sandbox.public_messages(thread)[0]
    assert lobby.embeds and sandbox.embeds_dropped == []


def test_the_readme_invites_with_exactly_the_permissions_the_bot_checks() -> None:
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    section = readme.split("### Permissions", 1)[1].split("\n### ", 1)[0]
    assert f"permission integer `{INVITE.value}`" in section
    assert f"&scope=bot+applications.commands&permissions={INVITE.value}" in section
    rows = [line.split("|")[1].strip() for line in section.splitlines()
            if line.startswith("| ") and not line.startswith("| permission")]
    named = {n.lower().replace(" ", "_") for n in rows}
    granted = {n for n, v in INVITE if v} - {"read_messages"} | {"view_channels"}
    assert named == granted
