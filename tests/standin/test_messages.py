"""Channel messages, uploads, threads, unknown ids, and edits of hour-old messages."""

from __future__ import annotations

import io
from datetime import timedelta

import discord
import pytest
from PIL import Image

from standin import Sandbox
from standin.clock import snowflake_time
from standin.harness import World

from .conftest import ProbeBot

PNG = (
    b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x02\x00\x00\x00\x03"
    b"\x08\x02\x00\x00\x00" + bytes(64)
)


def text_channel(probe: ProbeBot, world: World) -> discord.TextChannel:
    channel = probe.get_channel(world.channel.id)
    assert isinstance(channel, discord.TextChannel)
    return channel


async def test_image_upload_keeps_the_bytes(
    sandbox: Sandbox, world: World, probe: ProbeBot
) -> None:
    async def show(interaction: discord.Interaction) -> None:
        await interaction.response.send_message(
            "the trick", file=discord.File(io.BytesIO(PNG), filename="trick.png")
        )

    probe.on_command = show
    ix = await world.players[0].slash(world.channel, "/probe")
    assert ix.response is not None
    [attachment] = ix.response.attachments
    assert (attachment.filename, attachment.data, attachment.content_type) == (
        "trick.png",
        PNG,
        "image/png",
    )
    fetched = await text_channel(probe, world).fetch_message(ix.response.id)
    assert fetched.attachments[0].width == 2 and fetched.attachments[0].height == 3
    assert await fetched.attachments[0].read() == PNG


async def test_a_jpeg_has_its_size_and_a_text_file_none(
    sandbox: Sandbox, world: World, probe: ProbeBot
) -> None:
    jpeg = io.BytesIO()
    Image.new("RGB", (5, 4), "green").save(jpeg, format="JPEG")

    async def show(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("files", files=[
            discord.File(io.BytesIO(jpeg.getvalue()), filename="table.jpg"),
            discord.File(io.BytesIO(b"not an image"), filename="notes.txt")])

    probe.on_command = show
    ix = await world.players[0].slash(world.channel, "/probe")
    assert ix.response is not None
    fetched = await text_channel(probe, world).fetch_message(ix.response.id)
    image, text = fetched.attachments
    assert (image.width, image.height, image.content_type) == (5, 4, "image/jpeg")
    assert text.width is None and text.height is None


async def test_edit_replaces_or_keeps_attachments(
    sandbox: Sandbox, world: World, probe: ProbeBot
) -> None:
    channel = text_channel(probe, world)
    sent = await channel.send("table", file=discord.File(io.BytesIO(b"one"), filename="a.png"))
    await sent.edit(content="table v2")
    assert [a.data for a in sandbox.message(sent.id).attachments] == [b"one"]
    await sent.edit(attachments=[discord.File(io.BytesIO(b"two"), filename="b.png")])
    assert [a.filename for a in sandbox.message(sent.id).attachments] == ["b.png"]
    assert sandbox.message(sent.id).content == "table v2"


async def test_timestamps_and_ids_follow_the_clock(
    sandbox: Sandbox, world: World, probe: ProbeBot
) -> None:
    channel = text_channel(probe, world)
    sandbox.clock.advance(timedelta(days=2))
    sent = await channel.send("later")
    now = sandbox.clock.now()
    assert abs((sent.created_at - now).total_seconds()) < 1
    assert abs((snowflake_time(sent.id) - now).total_seconds()) < 1


async def test_edits_of_hour_old_messages_are_limited(
    sandbox: Sandbox, world: World, probe: ProbeBot
) -> None:
    sandbox.rate_limits.realistic = False  # the point is 30046, not 5 edits per 5 s
    channel = text_channel(probe, world)
    old = await channel.send("table")
    for n in range(10):  # young messages: no limit
        await old.edit(content=f"young edit {n}")
    sandbox.clock.advance(timedelta(minutes=61))
    for n in range(sandbox.limits.old_message_edits_per_hour):
        await old.edit(content=f"old edit {n}")
    with pytest.raises(discord.HTTPException) as caught:
        await old.edit(content="one too many")
    assert (caught.value.status, caught.value.code) == (429, 30046)
    assert sandbox.message(old.id).content == "old edit 2"
    fresh = await channel.send("a fresh table message")  # the remedy: re-post
    await fresh.edit(content="fine")
    sandbox.clock.advance(timedelta(hours=1))
    await old.edit(content="allowed again an hour later")


async def test_unknown_ids_answer_404_with_discord_codes(world: World, probe: ProbeBot) -> None:
    channel = text_channel(probe, world)
    with pytest.raises(discord.NotFound) as caught:
        await channel.fetch_message(1)
    assert caught.value.code == 10008
    with pytest.raises(discord.NotFound) as caught:
        await probe.fetch_channel(2)
    assert caught.value.code == 10003
    with pytest.raises(discord.NotFound) as caught:
        await probe.fetch_user(3)
    assert caught.value.code == 10013
    guild = probe.get_guild(world.guild.id)
    assert guild is not None
    with pytest.raises(discord.NotFound) as caught:
        await guild.fetch_member(4)
    assert caught.value.code == 10007
    member = await guild.fetch_member(world.players[0].id)
    assert member.name == "alice"


async def test_threads_from_a_channel_and_from_a_message(
    sandbox: Sandbox, world: World, probe: ProbeBot
) -> None:
    channel = text_channel(probe, world)
    lobby = await channel.send("lobby")
    table = await lobby.create_thread(name="Table 1")
    assert table.id == lobby.id and table.parent_id == channel.id
    await table.send("deal 1")
    private = await channel.create_thread(name="Table 2", type=discord.ChannelType.private_thread)
    assert private.type is discord.ChannelType.private_thread
    await sandbox.settle()
    threads = sandbox.threads(world.channel)
    assert [t.name for t in threads] == ["Table 1", "Table 2"]
    assert [m.content for m in sandbox.public_messages(threads[0])] == ["deal 1"]
    assert probe.get_channel(table.id) is not None  # THREAD_CREATE reached the client
    assert sandbox.message(lobby.id).thread_id == table.id


async def test_deleted_messages_disappear(sandbox: Sandbox, world: World, probe: ProbeBot) -> None:
    channel = text_channel(probe, world)
    ping = await channel.send(f"{world.players[1].mention}, your turn")
    assert sandbox.message(ping.id).mention_ids == [world.players[1].id]
    await ping.delete()
    assert sandbox.public_messages(world.channel) == []
    with pytest.raises(discord.NotFound):
        await channel.fetch_message(ping.id)


async def test_user_messages_reach_the_bot_without_content(
    sandbox: Sandbox, world: World, probe: ProbeBot
) -> None:
    await world.players[0].say(world.channel, "hello table")
    await sandbox.settle()
    assert [m.author.id for m in probe.received] == [world.players[0].id]
    assert probe.received[0].content == ""  # no MESSAGE_CONTENT intent, like Discord


async def test_every_version_of_every_message_is_kept(
    sandbox: Sandbox, world: World, probe: ProbeBot
) -> None:
    channel = text_channel(probe, world)
    sent = await channel.send(
        "table", embed=discord.Embed(title="Seat 1"),
        file=discord.File(io.BytesIO(PNG), filename="table.png", description="Table: empty"),
    )
    await sent.edit(content="table v2", embed=discord.Embed(title="Seat 2"))
    await sent.edit(content="table v3", view=None)

    async def whisper(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("only you", ephemeral=True)

    probe.on_command = whisper
    await world.players[0].slash(world.channel, "/probe")
    await sent.delete()
    versions = sandbox.message_history(world.channel)
    assert [(v.message_id, v.edit, v.content) for v in versions] == [
        (sent.id, 0, "table"), (sent.id, 1, "table v2"), (sent.id, 2, "table v3")]
    assert [v.embeds[0]["title"] for v in versions[:2]] == ["Seat 1", "Seat 2"]
    assert versions[0].attachments == (("table.png", "Table: empty"),)
    everything = sandbox.message_history(world.channel, public=False)
    assert [v.content for v in everything][-1] == "only you"
    assert everything[-1].ephemeral_to == world.players[0].id

    thread = await channel.create_thread(name="Table 1", type=discord.ChannelType.public_thread)
    await thread.edit(name="Table 1 (ended)")
    assert sandbox.channel_names(thread.id) == ["Table 1", "Table 1 (ended)"]
    assert sandbox.channel_names(world.channel) == ["tapp"]
