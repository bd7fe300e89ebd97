"""A server's pages are titled with its name as the bot last saw it (escaped: a name is
text, never markup), or with its id when the bot has recorded none."""

from __future__ import annotations

from aiohttp.test_utils import TestClient

from bot.store import Store

from .conftest import PUBLIC, World
from .html import parse


async def test_a_servers_pages_show_its_name_escaped(client: TestClient, store: Store,
                                                     world: World) -> None:
    unnamed = await client.get(f"/servers/{PUBLIC}")
    assert f"Server {PUBLIC}" in parse(await unnamed.text()).main
    await store.servers.record_name(PUBLIC, "Tapp <b>Club</b> & co")
    for path in (f"/servers/{PUBLIC}", f"/servers/{PUBLIC}/members/11",
                 f"/servers/{PUBLIC}/daily", f"/servers/{PUBLIC}/series"):
        text = await (await client.get(path)).text()
        assert "Tapp &lt;b&gt;Club&lt;/b&gt; &amp; co" in text, path
        assert "<b>Club</b>" not in text, path

