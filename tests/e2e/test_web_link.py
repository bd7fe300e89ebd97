"""``/tapp stats web`` through the stand-in: the address of the server's web pages once
it shows them (``TAPP_WEB_URL``, the server's ``web`` setting), or why there is none."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.config import Settings
from bot.connection.client import TappBot
from standin import Sandbox
from standin.harness import World

from .test_settings import answer

BASE = "https://tapp.example.org"


@pytest.fixture
def settings(sandbox: Sandbox, database: Path | str) -> Settings:
    return Settings(token=sandbox.token, database_path=database, render_processes=0,
                    web_url=BASE)


async def test_the_address_once_the_server_shows_its_pages(
        sandbox: Sandbox, world: World, tapp_bot: TappBot) -> None:
    alice, bob = world.players[:2]
    off = await answer(bob, world.channel, "/tapp stats web")
    assert "does not show its pages on the web" in off.content and BASE not in off.content
    await answer(alice, world.channel, "/tapp settings set", web="public")
    public = await answer(bob, world.channel, "/tapp stats web")
    assert public.content == (f"This server's standings and replays: {BASE}/servers/"
                              f"{world.guild.id}")
    await answer(alice, world.channel, "/tapp settings set", web="members")
    members = await answer(bob, world.channel, "/tapp stats web")
    assert "for its members (sign in with Discord)" in members.content
    assert sandbox.problems == []
