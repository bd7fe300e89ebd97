"""Threads over a day: auto-archiving on the stand-in's clock (and earlier), locked
threads, what may happen in an archived one, and clicks the clients do not send."""

from __future__ import annotations

import discord
import pytest

from standin import Sandbox
from standin.harness import World
from standin.models import Channel
from standin.permissions import P

from .conftest import ProbeBot
from .rest import call


async def _thread(sandbox: Sandbox, world: World, minutes: int = 60) -> tuple[Channel, dict]:
    _, _, starter = await call(sandbox, "POST", f"/channels/{world.channel.id}/messages",
                               {"content": "table"})
    status, _, made = await call(
        sandbox, "POST", f"/channels/{world.channel.id}/messages/{starter['id']}/threads",
        {"name": "table 1", "auto_archive_duration": minutes})
    assert status == 201
    thread = sandbox.state.channel(int(made["id"]))
    _, _, message = await call(sandbox, "POST", f"/channels/{thread.id}/messages",
                               {"content": "lobby",
                                "components": [{"type": 1, "components": [
                                    {"type": 2, "style": 1, "label": "Join",
                                     "custom_id": "join"}]}]})
    return thread, message


async def test_a_thread_archives_after_its_duration_of_inactivity(
    sandbox: Sandbox, world: World, probe: ProbeBot
) -> None:
    thread, _ = await _thread(sandbox, world, minutes=60)
    await sandbox.settle()
    guild = probe.get_guild(world.guild.id)
    assert guild is not None and guild.get_thread(thread.id) is not None
    assert sandbox.advance(59 * 60) == [] and not thread.archived
    await call(sandbox, "POST", f"/channels/{thread.id}/messages", {"content": "activity"})
    assert sandbox.advance(59 * 60) == []  # the message restarted the timer
    assert sandbox.advance(61) == [thread] and thread.archived
    await sandbox.settle()
    assert guild.get_thread(thread.id) is None  # THREAD_UPDATE told discord.py: archived


async def test_threads_can_archive_earlier_as_in_a_busy_server(
    sandbox: Sandbox, world: World
) -> None:
    thread, _ = await _thread(sandbox, world, minutes=10080)
    sandbox.limits.thread_archive_after_s = 3600
    sandbox.advance(3601)
    assert thread.archived
    other, _ = await _thread(sandbox, world, minutes=10080)
    sandbox.archive_thread(other)  # or at once
    assert other.archived


async def test_an_archived_thread(sandbox: Sandbox, world: World) -> None:
    """Editing a message there fails with 50083; posting unarchives it; deleting works."""
    thread, message = await _thread(sandbox, world)
    sandbox.archive_thread(thread)
    path = f"/channels/{thread.id}/messages/{message['id']}"
    status, _, body = await call(sandbox, "PATCH", path, {"content": "edited"})
    assert (status, body["code"]) == (400, 50083)
    status, _, _ = await call(sandbox, "PUT", f"/channels/{thread.id}/thread-members/"
                              f"{world.players[0].id}")
    assert status == 400
    status, _, _ = await call(sandbox, "POST", f"/channels/{thread.id}/messages",
                              {"content": "back"})
    assert status == 200 and not thread.archived
    assert (await call(sandbox, "PATCH", path, {"content": "edited"}))[0] == 200
    sandbox.archive_thread(thread)
    assert (await call(sandbox, "DELETE", path))[0] == 204


async def test_a_locked_thread(sandbox: Sandbox, world: World) -> None:
    """Posting in a locked thread fails with 160005 (without MANAGE_THREADS even while it
    is active), and it stays archived."""
    thread, message = await _thread(sandbox, world)
    sandbox.archive_thread(thread, locked=True)
    status, _, body = await call(sandbox, "POST", f"/channels/{thread.id}/messages",
                                 {"content": "no"})
    assert (status, body["code"]) == (400, 160005) and thread.archived
    sandbox.unarchive_thread(thread)
    sandbox.take_from_bot(world.channel, P.MANAGE_THREADS)
    path = f"/channels/{thread.id}/messages/{message['id']}"
    status, _, body = await call(sandbox, "PATCH", path, {"content": "no"})
    assert (status, body["code"]) == (400, 160005)


async def test_patching_a_thread_needs_the_right_permissions(
    sandbox: Sandbox, world: World
) -> None:
    thread, _ = await _thread(sandbox, world)
    path = f"/channels/{thread.id}"
    status, _, body = await call(sandbox, "PATCH", path, {"archived": True, "locked": True})
    assert status == 200 and body["thread_metadata"]["archived"] and thread.locked
    status, _, body = await call(sandbox, "PATCH", path, {"archived": False, "locked": False})
    assert status == 200 and not thread.archived and not thread.locked
    sandbox.take_from_bot(world.channel, P.MANAGE_THREADS)
    status, _, body = await call(sandbox, "PATCH", path, {"locked": True})
    assert (status, body["code"]) == (403, 50013)
    # the bot made the thread: it may archive and unarchive it without MANAGE_THREADS
    assert (await call(sandbox, "PATCH", path, {"archived": True}))[0] == 200
    assert (await call(sandbox, "PATCH", path, {"archived": False}))[0] == 200
    assert (await call(sandbox, "DELETE", path))[0] == 403


@pytest.mark.parametrize("locked", [False, True])
async def test_clicks_in_an_archived_thread_are_not_sent(
    sandbox: Sandbox, world: World, probe: ProbeBot, locked: bool
) -> None:
    thread, message = await _thread(sandbox, world)
    got: list[str] = []

    async def clicked(interaction: discord.Interaction) -> None:
        got.append("click")
        await interaction.response.defer()

    probe.on_component = clicked
    alice = world.players[0]
    assert not (await alice.click(int(message["id"]), label="Join")).refused
    sandbox.archive_thread(thread, locked=locked)
    refused = await alice.click(int(message["id"]), label="Join")
    assert refused.refused == "the thread is archived" and refused.response is None
    assert refused not in sandbox.interactions and got == ["click"]
    ix = await alice.slash(thread, "/probe")
    assert ix.refused
