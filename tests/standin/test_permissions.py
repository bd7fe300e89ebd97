"""Permissions: Discord's overwrite algorithm, the 403s of the routes the bot uses,
embeds dropped without EMBED_LINKS, and the permissions interaction payloads carry."""

from __future__ import annotations

import io

import discord
import pytest

from standin import Sandbox
from standin.harness import World
from standin.permissions import ALL_PERMISSIONS, DEFAULT_EVERYONE, P

from .conftest import ProbeBot
from .rest import call


def test_overwrites_apply_in_discords_order(sandbox: Sandbox, world: World) -> None:
    """@everyone's overwrite, then the roles' (allow beats deny among roles), then the
    member's own; ADMINISTRATOR passes over all of them; no VIEW_CHANNEL, nothing."""
    alice, bob, carol = world.players
    guild, channel = world.guild, world.channel
    sandbox.set_role_permissions(guild.everyone, DEFAULT_EVERYONE)
    helpers = sandbox.create_role(guild, "helpers", 0, members=(alice, bob))
    mods = sandbox.create_role(guild, "mods", int(P.ADMINISTRATOR), members=(carol,))
    sandbox.overwrite(channel, guild, deny=P.SEND_MESSAGES | P.EMBED_LINKS)
    sandbox.overwrite(channel, helpers, allow=P.SEND_MESSAGES)
    sandbox.overwrite(channel, alice, deny=P.SEND_MESSAGES)
    assert not sandbox.permissions(channel, alice) & P.SEND_MESSAGES  # member beats role
    assert sandbox.permissions(channel, bob) & P.SEND_MESSAGES  # role beats @everyone
    assert not sandbox.permissions(channel, bob) & P.EMBED_LINKS
    assert sandbox.permissions(channel, carol) == ALL_PERMISSIONS  # administrator
    sandbox.overwrite(channel, helpers, deny=P.VIEW_CHANNEL)
    assert sandbox.permissions(channel, bob) == 0
    assert mods.permissions == P.ADMINISTRATOR


async def test_a_thread_takes_its_parents_permissions(sandbox: Sandbox, world: World) -> None:
    parent = world.channel
    thread = sandbox.state.create_thread(parent, "t", owner=sandbox.state.bot)
    sandbox.take_from_bot(thread, P.SEND_MESSAGES_IN_THREADS)  # lands on the parent
    assert parent.overwrites.items and not thread.overwrites.items
    assert not sandbox.permissions(thread) & P.SEND_MESSAGES_IN_THREADS
    assert sandbox.permissions(parent) & P.SEND_MESSAGES
    status, _, body = await call(sandbox, "POST", f"/channels/{thread.id}/messages",
                                 {"content": "hi"})
    assert (status, body["code"]) == (403, 50013)
    # SEND_MESSAGES counts for nothing in a thread, SEND_MESSAGES_IN_THREADS for nothing
    # in a channel
    status, _, _ = await call(sandbox, "POST", f"/channels/{parent.id}/messages",
                              {"content": "hi"})
    assert status == 200


@pytest.mark.parametrize(("taken", "method", "path", "body", "code"), [
    (P.VIEW_CHANNEL, "GET", "/channels/{c}", None, 50001),
    (P.SEND_MESSAGES, "POST", "/channels/{c}/messages", {"content": "x"}, 50013),
    (P.READ_MESSAGE_HISTORY, "GET", "/channels/{c}/messages/{m}", None, 50013),
    (P.CREATE_PUBLIC_THREADS, "POST", "/channels/{c}/messages/{m}/threads", {"name": "t"},
     50013),
    (P.CREATE_PRIVATE_THREADS, "POST", "/channels/{c}/threads", {"name": "t", "type": 12},
     50013),
    (P.MANAGE_CHANNELS, "PATCH", "/channels/{c}", {"name": "new"}, 50013),
])
async def test_routes_refuse_what_the_bot_may_not_do(
    sandbox: Sandbox, world: World, taken: P, method: str, path: str, body: object, code: int
) -> None:
    _, _, posted = await call(sandbox, "POST", f"/channels/{world.channel.id}/messages",
                              {"content": "first"})
    sandbox.take_from_bot(world.channel, taken)
    status, _, answer = await call(
        sandbox, method, path.format(c=world.channel.id, m=posted["id"]), body)
    assert status == 403 and answer["code"] == code
    assert answer["message"] == ("Missing Access" if code == 50001 else "Missing Permissions")


async def test_guild_wide_loss_and_history(sandbox: Sandbox, world: World) -> None:
    """Taken in the guild (from @everyone and the bot's role); without history the list
    of messages is empty, as Discord answers."""
    await call(sandbox, "POST", f"/channels/{world.channel.id}/messages", {"content": "a"})
    sandbox.take_from_bot(world.guild, P.READ_MESSAGE_HISTORY)
    status, _, listed = await call(sandbox, "GET", f"/channels/{world.channel.id}/messages")
    assert status == 200 and listed == []


async def test_embeds_are_dropped_without_embed_links(
    sandbox: Sandbox, world: World, probe: ProbeBot
) -> None:
    """Discord keeps the message and drops its embeds (an embed-only one is then empty:
    50006); files need ATTACH_FILES (403)."""
    sandbox.take_from_bot(world.channel, P.EMBED_LINKS)
    channel = probe.get_partial_messageable(world.channel.id)
    sent = await channel.send("text", embed=discord.Embed(title="card"))
    assert sent.embeds == [] and sandbox.embeds_dropped == [sent.id]
    with pytest.raises(discord.HTTPException) as empty:
        await channel.send(embed=discord.Embed(title="only an embed"))
    assert empty.value.code == 50006
    edited = await sent.edit(content="edited", embed=discord.Embed(title="again"))
    assert edited.embeds == [] and sandbox.embeds_dropped == [sent.id, sent.id]
    sandbox.take_from_bot(world.channel, P.ATTACH_FILES)
    with pytest.raises(discord.Forbidden) as files:
        await channel.send("a file", file=discord.File(io.BytesIO(b"x"), filename="x.txt"))
    assert files.value.code == 50013


async def test_interactions_carry_computed_permissions(
    sandbox: Sandbox, world: World, probe: ProbeBot
) -> None:
    alice, bob, _ = world.players
    sandbox.take_from_bot(world.channel, P.EMBED_LINKS, P.ATTACH_FILES)
    sandbox.overwrite(world.channel, bob, deny=P.ADD_REACTIONS)
    seen: dict[str, discord.Permissions] = {}

    async def answer(interaction: discord.Interaction) -> None:
        seen["app"] = interaction.app_permissions
        seen["member"] = interaction.permissions
        await interaction.response.send_message("ok", ephemeral=True)

    probe.on_command = answer
    await alice.slash(world.channel, "/probe")
    assert not seen["app"].embed_links and not seen["app"].attach_files
    assert seen["app"].send_messages and seen["member"].add_reactions
    await bob.slash(world.channel, "/probe")
    assert not seen["member"].add_reactions


async def test_a_member_without_commands_cannot_send_one(
    sandbox: Sandbox, world: World, probe: ProbeBot
) -> None:
    alice = world.players[0]
    sandbox.overwrite(world.channel, alice, deny=P.USE_APPLICATION_COMMANDS)
    ix = await alice.slash(world.channel, "/probe")
    assert ix.refused and ix not in sandbox.interactions
