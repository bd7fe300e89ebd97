"""Public pages kept a few seconds for every signed-out visitor: made once in that time,
never kept for a signed-in visitor or a members-only server, and a server that turns
its pages off shows none at once."""

from __future__ import annotations

from aiohttp.test_utils import TestClient

from bot.store import Store
from bot.web.app import PAGES
from bot.web.pages import PAGE_SECONDS, RecentPages

from .conftest import MEMBERS, PUBLIC, TEST_USER, CookieIdentity, World, serving


def test_a_page_is_kept_for_its_seconds() -> None:
    now = [100.0]
    recent = RecentPages(3.0, capacity=2, clock=lambda: now[0])
    recent.put("a", "page a")
    assert recent.get("a") == "page a"
    now[0] += 2.9
    assert recent.get("a") == "page a"
    now[0] += 0.1
    assert recent.get("a") is None  # made again after its seconds
    recent.put("a", "a2")
    recent.put("b", "b")
    recent.put("c", "c")
    assert recent.get("a") is None and recent.get("c") == "c"  # the oldest dropped
    assert recent.get(None) is None
    off = RecentPages(0)
    off.put("a", "x")
    assert off.get("a") is None
    assert PAGE_SECONDS <= 5  # a settled deal shows within seconds


async def test_public_pages_are_made_once_for_the_signed_out(store: Store,
                                                             world: World) -> None:
    async with serving(store, CookieIdentity(), page_seconds=60) as client:
        pages = client.app[PAGES]
        made = []
        board = pages.standings.board

        async def counted(*args: object, **kwargs: object) -> object:
            made.append(args)
            return await board(*args, **kwargs)  # type: ignore[arg-type]

        pages.standings.board = counted  # type: ignore[method-assign]
        for _ in range(3):
            assert (await client.get(f"/servers/{PUBLIC}")).status == 200
        assert len(made) == 1
        german = await client.get(f"/servers/{PUBLIC}", headers={"Accept-Language": "de"})
        assert 'lang="de"' in await german.text() and len(made) == 2  # its own language
        await client.get(f"/servers/{PUBLIC}?by=chips")
        assert len(made) == 3  # another query: another page
        for _ in range(2):  # a signed-in visitor's page is their own ("you")
            await client.get(f"/servers/{PUBLIC}", cookies={TEST_USER: "11"})
        assert len(made) == 5
        for _ in range(2):  # a members-only page is never kept
            response = await client.get(f"/servers/{MEMBERS}", cookies={TEST_USER: "21"})
            assert response.status == 200
        assert len(made) == 7
        client.session.cookie_jar.clear()
        await store.settings.set_guild(PUBLIC, {"web": "off"})
        assert (await client.get(f"/servers/{PUBLIC}")).status == 404  # at once
        await store.settings.set_guild(PUBLIC, {"web": "members"})
        assert (await client.get(f"/servers/{PUBLIC}")).status == 403


async def test_the_default_keeps_pages(store: Store, world: World,
                                       client: TestClient) -> None:
    async with serving(store) as default:
        assert default.app[PAGES].recent.seconds == 0  # the tests' own
    from aiohttp import web

    from bot.config import WebSettings
    from bot.web import create_app

    app: web.Application = create_app(store, WebSettings())
    assert app[PAGES].recent.seconds == PAGE_SECONDS
