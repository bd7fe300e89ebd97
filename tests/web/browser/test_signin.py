"""Signing in with Discord in a real browser: Chromium through the stand-in's OAuth2
authorization page, as a person would."""

from __future__ import annotations

from axe_playwright_python.async_playwright import Axe
from playwright.async_api import Browser, Page

from bot.web.auth import SESSION_COOKIE
from standin import Sandbox
from tests.web.signin_site import Site


async def authorize_as(page: Page, name: str) -> None:
    """On the stand-in's authorization page: choose who is at the browser, Authorize."""
    await page.select_option("#user", label=name)
    await page.click("button[value=authorize]")


async def serious_violations(page: Page) -> list[str]:
    results = await Axe().run(page)
    return [f"{v['id']} ({v['impact']}): {v['help']}" for v in results.response["violations"]
            if v["impact"] in ("serious", "critical")]


async def test_signing_in_in_a_browser(sandbox: Sandbox, site: Site, browser: Browser) -> None:
    alice = sandbox.create_user("alice", sandbox.create_guild())
    page = await browser.new_page()
    await page.goto(f"{site.base}/members")
    assert await page.text_content("body") == "members only"
    await page.goto(f"{site.base}/login?next=/members")
    assert page.url.startswith(f"http://127.0.0.1:{sandbox.port}/oauth2/authorize?")
    await authorize_as(page, "alice")
    await page.wait_for_url(f"{site.base}/members")
    assert await page.text_content("body") == f"member {alice.id}"
    [session] = [c for c in await page.context.cookies() if c["name"] == SESSION_COOKIE]
    assert session["httpOnly"] is True and session["sameSite"] == "Lax"
    assert await page.evaluate("document.cookie") == ""  # no script of the page reads it
    # signing out, with the button of the sign-out page
    await page.goto(f"{site.base}/logout")
    assert await serious_violations(page) == []
    await page.click("button[type=submit]")
    await page.wait_for_url(f"{site.base}/")
    await page.goto(f"{site.base}/members")
    assert await page.text_content("body") == "members only"


async def test_a_refused_sign_in_is_a_page_in_the_browsers_language(
        sandbox: Sandbox, site: Site, browser: Browser) -> None:
    sandbox.create_user("alice", sandbox.create_guild())
    context = await browser.new_context(locale="sv-SE", viewport={"width": 390, "height": 844})
    page = await context.new_page()
    await page.goto(f"{site.base}/login?next=/members")
    await authorize_as(page, "alice")
    await page.wait_for_url(f"{site.base}/members")
    # a callback this browser did not start (its pre-login cookie is spent)
    response = await page.goto(f"{site.base}/callback?code=x&state=y")
    assert response is not None and response.status == 403
    assert await page.get_attribute("html", "lang") == "sv"
    assert "Inloggningen nekades" in (await page.text_content("h1") or "")
    assert await serious_violations(page) == []
    width = await page.evaluate("[document.scrollingElement.scrollWidth, innerWidth]")
    assert width[0] <= width[1]
