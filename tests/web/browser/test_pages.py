"""Every kind of web page in a real browser (Debian's Chromium, through Playwright), as
a phone shows it, with the sign-in through the stand-in's OAuth2; and, with a deal in
play, nothing of it in any page, image or response, for any visitor.

The world: a public server (1) with a settled zuger deal and a second deal in play, a
members-only server (2) where Mira has played a dapp deal; Otto has played nowhere.
On the public server, a series that Mira has joined and played a deal of.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from dataclasses import dataclass
from urllib.parse import urljoin, urlsplit

import aiohttp
import pytest
from aiohttp import web
from aiohttp.test_utils import unused_port
from axe_playwright_python.async_playwright import Axe
from playwright.async_api import Browser, BrowserContext, Page

from bot.config import WebSettings
from bot.engine import Deal
from bot.engine.record import deal_from_record
from bot.series.config import SeriesConfig
from bot.series.service import SeriesService
from bot.store import DealRow, SettledDeal, Store
from bot.web import create_app
from bot.web.auth import SESSION_COOKIE, SignInRoutes
from standin import Actor, Sandbox
from tests.conftest import open_store
from tests.series.helpers import play_deal as play_series_deal
from tests.series.helpers import spec as series_spec
from tests.store.helpers import log_actions, new_game, play_deal, scripted_entries, start_deal
from tests.web.signin_site import settings_for

PUBLIC, MEMBERS = 1, 2
PHONE = {"width": 390, "height": 844}
#: the stores' clock, fixed: two crawls of the same pages read the same
NOW = 1_900_000_000.0


@dataclass
class Web:
    base: str
    sandbox: Sandbox
    store: Store
    member: Actor
    outsider: Actor
    public_deal: SettledDeal
    members_deal: SettledDeal
    in_play: DealRow
    in_play_deal: Deal
    rest_of_play: list[dict[str, object]]
    series_id: int


@pytest.fixture
async def site(request: pytest.FixtureRequest, sandbox: Sandbox) -> AsyncIterator[Web]:
    member = sandbox.create_user("mira")
    outsider = sandbox.create_user("otto")
    async with open_store(request, "sqlite", clock=lambda: NOW) as store:
        await store.settings.set_guild(PUBLIC, {"web": "public"})
        await store.settings.set_guild(MEMBERS, {"web": "members"})
        game = await new_game(store, "zuger", guild_id=PUBLIC, users=[11, 12, None, 14],
                              seed=5)
        public_deal = await play_deal(store, game)
        row, deal = await start_deal(store, game)
        script = scripted_entries(deal, game.rng)
        await log_actions(store, row, deal, script[:6])
        members = await new_game(store, "dapp", guild_id=MEMBERS, channel_id=200,
                                 users=[member.id, 22, None], seed=6)
        members_deal = await play_deal(store, members)
        series = SeriesService(store, SeriesConfig(offload=False, seeds=lambda: bytes(32)),
                               clock=store.db.now, levels=("easy",))
        cup = await series.open(guild_id=PUBLIC, channel_id=100, host_id=11,
                                title="Autumn cup", spec=series_spec(6))
        await series.join(PUBLIC, cup.series_id, member.id, "mira")
        await play_series_deal(series, cup.series_id, member.id)
        port = unused_port()
        # (page_seconds=0: every page made for its request, so that a crawl after the
        # deal in play moved on reads pages made after it, not kept from before)
        app = create_app(store, WebSettings(), identity=SignInRoutes(settings_for(sandbox, port)),
                         page_seconds=0)
        runner = web.AppRunner(app)
        await runner.setup()
        await web.TCPSite(runner, "127.0.0.1", port).start()
        try:
            yield Web(f"http://127.0.0.1:{port}", sandbox, store, member, outsider,
                      public_deal, members_deal, row, deal, script[6:-1], cup.series_id)
        finally:
            await runner.cleanup()


async def phone(browser: Browser, locale: str = "en-GB") -> BrowserContext:
    return await browser.new_context(viewport=PHONE, locale=locale)


async def sign_in(page: Page, site: Web, actor: Actor, goal: str) -> None:
    """From a members-only page's refusal, through its sign-in link and the stand-in's
    authorization page, back."""
    await page.goto(site.base + goal)
    await page.click("main a[href^='/login']")
    await page.select_option("#user", label=actor.name)
    await page.click("button[value=authorize]")
    await page.wait_for_url(site.base + goal)


async def check_page(page: Page, what: str) -> None:
    """No sideways scroll at 390 px, alt text on every image (and each image loaded), no
    serious or critical axe-core violation."""
    await page.wait_for_load_state("load")  # (a click returns once the page commits)
    width, inner = await page.evaluate(
        "[document.scrollingElement.scrollWidth, window.innerWidth]")
    assert width <= inner, f"{what}: {width} px wide in a {inner} px window"
    images = await page.evaluate(
        "[...document.images].map(i => [i.getAttribute('alt'), i.complete && i.naturalWidth,"
        " i.src])")
    for alt, loaded, src in images:
        assert alt and alt.strip(), f"{what}: an image without alt text: {src}"
        assert loaded, f"{what}: an image that did not load: {src}"
    results = await Axe().run(page)
    serious = [f"{v['id']} ({v['impact']}): {v['help']}"
               for v in results.response["violations"]
               if v["impact"] in ("serious", "critical")]
    assert serious == [], f"{what}: {serious}"


async def test_every_page_kind_on_a_phone(site: Web, browser: Browser) -> None:
    context = await phone(browser)
    page = await context.new_page()
    deal = f"/servers/{PUBLIC}/deals/{site.public_deal.deal.deal_id}"
    kinds = {
        "home": ("/", 200),
        "leaderboard": (f"/servers/{PUBLIC}", 200),
        "ratings": (f"/servers/{PUBLIC}?order=rating", 200),
        "member": (f"/servers/{PUBLIC}/members/11", 200),
        "deal": (deal, 200),
        "trick": (f"{deal}/tricks/1", 200),
        "daily": (f"/servers/{PUBLIC}/daily", 200),
        "not found": (f"/servers/{PUBLIC}/deals/{site.in_play.deal_id}", 404),
        "sign-in needed": (f"/servers/{MEMBERS}", 403),
        "sign-out": ("/logout", 200),
    }
    for what, (path, status) in kinds.items():
        response = await page.goto(site.base + path)
        assert response is not None and response.status == status, what
        await check_page(page, what)
    # the members-only pages, signed in
    await sign_in(page, site, site.member, f"/servers/{MEMBERS}")
    await check_page(page, "members-only leaderboard")
    members_deal = f"/servers/{MEMBERS}/deals/{site.members_deal.deal.deal_id}"
    for path in (members_deal, f"{members_deal}/tricks/1",
                 f"/servers/{MEMBERS}/members/{site.member.id}"):
        response = await page.goto(site.base + path)
        assert response is not None and response.status == 200, path
        await check_page(page, path)
    await context.close()


async def test_the_series_pages_on_a_phone(site: Web, browser: Browser) -> None:
    context = await phone(browser)
    page = await context.new_page()
    series = f"/servers/{PUBLIC}/series"
    for what, path in (("series list", series),
                       ("series standings", f"{series}/{site.series_id}")):
        response = await page.goto(site.base + path)
        assert response is not None and response.status == 200, what
        await check_page(page, what)
    # the member's own page (signed in), the replay of the deal they played, a trick
    mine = f"{series}/{site.series_id}/me"
    await page.goto(f"{site.base}/login?next={mine}")
    await page.select_option("#user", label=site.member.name)
    await page.click("button[value=authorize]")
    await page.wait_for_url(site.base + mine)
    await check_page(page, "a member's series page")
    await page.click("main table a[href*='/runs/']")
    assert await page.locator("main table").count() == 1
    await check_page(page, "a series deal")
    await page.click("main nav a[href$='/tricks/1']")
    await check_page(page, "a series deal's trick")
    await context.close()


async def test_the_pages_speak_the_browsers_language(site: Web, browser: Browser) -> None:
    context = await phone(browser, locale="de-DE")
    page = await context.new_page()
    await page.goto(f"{site.base}/servers/{PUBLIC}/deals/{site.public_deal.deal.deal_id}")
    assert await page.get_attribute("html", "lang") == "de"
    await check_page(page, "deal in German")
    await context.close()


async def test_a_replay_followed_through_every_trick(site: Web, browser: Browser) -> None:
    context = await phone(browser)
    page = await context.new_page()
    deal = f"{site.base}/servers/{PUBLIC}/deals/{site.public_deal.deal.deal_id}"
    await page.goto(deal)
    links = await page.eval_on_selector_all(
        "main nav a[href*='/tricks/']", "links => links.map(a => a.href)")
    record = await site.store.deals.record(site.public_deal.deal.deal_id)
    tricks = len(deal_from_record(record).tricks)
    assert len(links) == tricks > 1
    await page.click("main nav a[href$='/tricks/1']")
    seen = [page.url]
    while await page.locator("a[rel=next]").count():
        await check_page(page, page.url)
        await page.click("a[rel=next]")
        seen.append(page.url)
    await check_page(page, page.url)
    assert seen == links  # every trick once, in order, and the last has no "next"
    await page.click("a[rel=prev]")
    assert page.url == links[-2]
    await context.close()


async def test_a_member_signs_in_and_sees_the_members_only_pages(
        site: Web, browser: Browser) -> None:
    context = await phone(browser)
    page = await context.new_page()
    response = await page.goto(f"{site.base}/servers/{MEMBERS}")
    assert response is not None and response.status == 403
    await sign_in(page, site, site.member, f"/servers/{MEMBERS}")
    assert await page.locator("main table").count() >= 1  # the leaderboard itself
    [session] = [c for c in await context.cookies() if c["name"] == SESSION_COOKIE]
    assert session["httpOnly"] and session["sameSite"] == "Lax"
    await context.close()


async def test_the_header_signs_in_names_the_member_and_signs_out(
        site: Web, browser: Browser) -> None:
    context = await phone(browser)
    page = await context.new_page()
    board = f"{site.base}/servers/{PUBLIC}"
    await page.goto(board)
    account = page.locator("header nav.account")
    assert "mira" not in (await account.text_content() or "")
    await account.get_by_role("link", name="Sign in").click()
    await page.select_option("#user", label=site.member.name)
    await page.click("button[value=authorize]")
    await page.wait_for_url(board)  # back where they were
    assert "Signed in as mira" in (await account.text_content() or "")
    await check_page(page, "signed in")
    await account.get_by_role("button", name="Sign out").click()
    await page.wait_for_url(f"{site.base}/")
    assert "mira" not in (await account.text_content() or "")
    assert await account.get_by_role("link", name="Sign in").count() == 1
    await page.goto(board)
    assert await account.get_by_role("link", name="Sign in").count() == 1
    await check_page(page, "signed out")
    await context.close()


async def test_an_outsider_is_refused_after_signing_in(site: Web, browser: Browser) -> None:
    context = await phone(browser)
    page = await context.new_page()
    await page.goto(f"{site.base}/servers/{MEMBERS}")
    await page.click("main a[href^='/login']")
    await page.select_option("#user", label="otto")
    await page.click("button[value=authorize]")
    await page.wait_for_url(f"{site.base}/servers/{MEMBERS}")
    response = await page.reload()
    assert response is not None and response.status == 403
    assert "mira" not in (await page.text_content("body") or "")
    members_deal = f"/servers/{MEMBERS}/deals/{site.members_deal.deal.deal_id}"
    response = await page.goto(site.base + members_deal)
    assert response is not None and response.status == 403
    await check_page(page, "members only, refused")
    await context.close()


# -- hidden information ------------------------------------------------------------------
async def session_of(site: Web, actor: Actor) -> str:
    """A session cookie got through the real sign-in (HTTP, as a browser would)."""
    from tests.standin.oauth import answer

    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as client:
        async with client.get(f"{site.base}/login", allow_redirects=False) as response:
            authorize = response.headers["Location"]
        callback = await answer(client, authorize, actor)
        async with client.get(callback, allow_redirects=False) as response:
            assert response.status == 303
        return next(c.value for c in client.cookie_jar if c.key == SESSION_COOKIE)


LINK = re.compile(r'(?:href|src)="([^"#]+)"')


async def crawl(site: Web, session: str | None) -> dict[str, tuple[int, bytes]]:
    """Every page, image and file of the site a visitor reaches by following links from
    the home page and the two servers' pages: address -> (status, body). Links with a
    query (a leaderboard's filters, another page of it, another day; not pictures) are
    followed from those three pages only, and not the language switches (the three are
    read in German and Swedish too), nor the sign-in's own routes: the site has a page
    for every day before the deal of the day's."""
    headers = {"Cookie": f"{SESSION_COOKIE}={session}"} if session else {}
    seen: dict[str, tuple[int, bytes]] = {}
    seeds = [f"/{suffix}" for suffix in ("", f"servers/{PUBLIC}", f"servers/{MEMBERS}")]
    todo = [(path, 0) for path in seeds]
    todo += [(f"{path}?lang={lang}", 0) for path in seeds for lang in ("de", "sv")]
    async with aiohttp.ClientSession(headers=headers) as client:
        while todo:
            path, depth = todo.pop()
            if path in seen or path.startswith(("/login", "/callback", "/logout")):
                continue
            async with client.get(site.base + path, allow_redirects=False) as response:
                body = await response.read()
                seen[path] = (response.status, body)
                kind = response.headers.get("Content-Type", "")
            if not kind.startswith("text/html"):
                continue
            for link in LINK.findall(body.decode("utf-8")):
                target = urljoin(site.base + path, link.replace("&amp;", "&"))
                parts = urlsplit(target)
                picture = "/images/" in parts.path or parts.path.endswith("/chart")
                if not target.startswith(site.base) or "lang=" in parts.query \
                        or (parts.query and depth > 0 and not picture):
                    continue
                todo.append((parts.path + (f"?{parts.query}" if parts.query else ""),
                             depth + 1))
    assert 20 < len(seen) < 1000, sorted(seen)
    return seen


async def test_nothing_of_a_deal_in_play_is_shown_to_anyone(site: Web) -> None:
    """For a signed-out visitor, a member and an outsider: the deal in play's own
    addresses are "not found", and every page, image and file of the site reads the same
    byte for byte after the deal in play has moved on (cards played, tricks taken), so
    nothing in them depends on its cards."""
    visitors = {"signed out": None, "member": await session_of(site, site.member),
                "outsider": await session_of(site, site.outsider)}
    before = {who: await crawl(site, session) for who, session in visitors.items()}
    deal = f"/servers/{PUBLIC}/deals/{site.in_play.deal_id}"
    for who, session in visitors.items():
        headers = {"Cookie": f"{SESSION_COOKIE}={session}"} if session else {}
        async with aiohttp.ClientSession(headers=headers) as client:
            for path in (deal, f"{deal}/tricks/1", f"{deal}/record.json",
                         f"{deal}/images/hands.jpg?l=en", f"{deal}/images/trick-01.jpg?l=en"):
                async with client.get(site.base + path) as response:
                    assert response.status == 404, (who, path)
        assert not [path for path in before[who] if path.startswith(deal)], who
    # the deal in play moves on: most of its tricks are played
    await log_actions(site.store, site.in_play, site.in_play_deal, site.rest_of_play)
    assert site.in_play_deal.outcome() is None and len(site.in_play_deal.tricks) > 1
    for who, session in visitors.items():
        after = await crawl(site, session)
        assert after.keys() == before[who].keys(), who
        changed = [path for path in after if after[path] != before[who][path]]
        assert changed == [], (who, changed)


async def test_a_forged_session_meets_the_sign_in_page_in_the_visitors_language(
        site: Web) -> None:
    value = await session_of(site, site.member)
    user, expires, name, mac = value.split(".")
    server = f"{site.base}/servers/{MEMBERS}"
    for forged in (f"{user}.{int(expires) + 3600}.{name}.{mac}", value[:-1],
                   f"{site.outsider.id}.{expires}.{name}.{mac}", f"{user}.{expires}"):
        headers = {"Cookie": f"{SESSION_COOKIE}={forged}", "Accept-Language": "de"}
        async with aiohttp.ClientSession(headers=headers) as client, \
                client.get(server) as response:
            text = await response.text()
            assert response.status == 403, forged
            assert '<html lang="de">' in text and 'href="/login?next=' in text, forged
    async with aiohttp.ClientSession(
            headers={"Cookie": f"{SESSION_COOKIE}={value}"}) as client, \
            client.get(server) as response:
        assert response.status == 200
