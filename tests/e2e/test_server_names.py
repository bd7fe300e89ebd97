"""A server's name through the stand-in: the bot keeps it when the server becomes
available (GUILD_CREATE) and when it is renamed (GUILD_UPDATE), and the web pages,
reading the bot's database, show the new name (escaped)."""

from __future__ import annotations

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.config import WebSettings
from bot.connection.client import TappBot
from bot.store import Store
from bot.web import create_app
from standin import Sandbox
from standin.harness import World
from tests.conftest import BACKENDS

pytestmark = pytest.mark.parametrize("database", BACKENDS, indirect=True)


def store_of(bot: TappBot) -> Store:
    assert bot.database is not None
    return bot.database


async def test_a_renamed_server_shows_its_new_name_on_its_pages(
        sandbox: Sandbox, world: World, tapp_bot: TappBot) -> None:
    store = store_of(tapp_bot)
    guild = world.guild.id
    names: list[str | None] = [None]

    async def name() -> str | None:
        names[0] = await store.servers.name(guild)
        return names[0]

    assert await name() == world.guild.name  # kept when the server became available
    sandbox.rename_guild(world.guild, "The <b>new</b> Club")
    for _ in range(100):
        await sandbox.settle()
        if await name() == "The <b>new</b> Club":
            break
    assert names[0] == "The <b>new</b> Club"
    await store.settings.set_guild(guild, {"web": "public"})
    client = TestClient(TestServer(create_app(store, WebSettings(), page_seconds=0)))
    await client.start_server()
    try:
        text = await (await client.get(f"/servers/{guild}")).text()
    finally:
        await client.close()
    assert "The &lt;b&gt;new&lt;/b&gt; Club" in text and "<b>new</b>" not in text
    assert sandbox.problems == []
