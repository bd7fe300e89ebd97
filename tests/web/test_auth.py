"""Signing in with Discord (bot/web/auth.py) through the stand-in's real OAuth2 endpoints,
with aiohttp's client as the browser."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator
from http.cookies import SimpleCookie
from pathlib import Path

import aiohttp
import pytest
from aiohttp.test_utils import unused_port

from bot.cli.web import WebServer
from bot.config import ConfigError, SignInSettings, WebSettings
from bot.store import Store
from bot.web.auth import LOGIN_COOKIE, SESSION_COOKIE
from standin import Actor, Sandbox
from tests.standin.oauth import answer, query_of

from .signin_site import SECRET, Site, serve, settings_for


@pytest.fixture
def alice(sandbox: Sandbox) -> Actor:
    return sandbox.create_user("alice", sandbox.create_guild())


@pytest.fixture
async def site(sandbox: Sandbox) -> AsyncIterator[Site]:
    port = unused_port()
    settings = settings_for(sandbox, port)
    here = Site(f"http://127.0.0.1:{port}", settings)
    async with serve(settings, port, here.clock):
        yield here


async def start(site: Site, browser: aiohttp.ClientSession, goal: str = "/members") -> str:
    """``/login``: the address of Discord's authorization page it sends the browser to."""
    async with browser.get(f"{site.base}/login", params={"next": goal},
                           allow_redirects=False) as response:
        assert response.status == 302
        return response.headers["Location"]


async def sign_in(site: Site, sandbox: Sandbox, browser: aiohttp.ClientSession, actor: Actor,
                  goal: str = "/members") -> aiohttp.ClientResponse:
    """The whole dance; the callback's answer (not followed)."""
    callback = await answer(browser, await start(site, browser, goal), actor)
    async with browser.get(callback, allow_redirects=False) as response:
        await response.read()
        return response


async def members(site: Site, browser: aiohttp.ClientSession) -> tuple[int, str]:
    async with browser.get(f"{site.base}/members") as response:
        return response.status, await response.text()


def set_cookie(response: aiohttp.ClientResponse, name: str) -> str:
    headers = [h for h in response.headers.getall("Set-Cookie", []) if h.startswith(name + "=")]
    assert len(headers) == 1, response.headers.getall("Set-Cookie", [])
    return headers[0]


async def test_a_member_signs_in_and_is_known(
        sandbox: Sandbox, alice: Actor, site: Site) -> None:
    async with site.browser() as browser:
        assert await members(site, browser) == (403, "members only")
        authorize = await start(site, browser)
        query = query_of(authorize)
        assert authorize.startswith(site.settings.authorize_url + "?")
        assert query["scope"] == "identify" and query["response_type"] == "code"
        assert query["redirect_uri"] == site.settings.redirect_url and query["state"]
        response = await sign_in(site, sandbox, browser, alice)
        assert response.status == 303 and response.headers["Location"] == "/members"
        assert await members(site, browser) == (200, f"member {alice.id}")
    assert sandbox.oauth2.exchanges == ["ok"]


async def test_the_session_cookie_is_httponly_lax_and_expires(
        sandbox: Sandbox, alice: Actor, site: Site) -> None:
    async with site.browser() as browser:
        response = await sign_in(site, sandbox, browser, alice)
    cookie = SimpleCookie(set_cookie(response, SESSION_COOKIE))[SESSION_COOKIE]
    assert cookie["httponly"] is True and cookie["samesite"] == "Lax"
    assert cookie["max-age"] == str(site.settings.session_lifetime_s)
    assert cookie["path"] == "/" and not cookie["secure"]  # served over http here
    assert str(alice.id) in cookie.value  # the id, signed; no token, no code
    for spent in ("access_token", sandbox.oauth2.client_secret):
        assert spent not in cookie.value


async def test_cookies_are_secure_when_the_site_is_https(sandbox: Sandbox) -> None:
    port = unused_port()
    settings = settings_for(sandbox, port, redirect_url="https://tapp.example.org/callback")
    async with serve(settings, port, [time.time()]), aiohttp.ClientSession() as browser, \
            browser.get(f"http://127.0.0.1:{port}/login", allow_redirects=False) as response:
        cookie = SimpleCookie(set_cookie(response, LOGIN_COOKIE))[LOGIN_COOKIE]
    assert cookie["secure"] is True and cookie["httponly"] is True
    assert cookie["samesite"] == "Lax"


async def test_a_wrong_state_is_refused_in_the_visitors_language(
        sandbox: Sandbox, alice: Actor, site: Site) -> None:
    async with site.browser(**{"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}) as browser:
        callback = await answer(browser, await start(site, browser), alice)
        forged = callback.replace("state=", "state=x")
        async with browser.get(forged, allow_redirects=False) as response:
            assert response.status == 403
            text = await response.text()
        assert '<html lang="de">' in text and "nicht in diesem Browser begonnen" in text
        assert await members(site, browser) == (403, "members only")
    assert sandbox.oauth2.exchanges == []  # refused before the code was spent


async def test_a_callback_in_another_browser_is_refused(
        sandbox: Sandbox, alice: Actor, site: Site) -> None:
    """Login CSRF: a callback address (code and state) opened in a browser that did not
    start that sign-in (here: the victim's) signs nobody in."""
    async with site.browser() as attacker:
        callback = await answer(attacker, await start(site, attacker), alice)
    async with site.browser(**{"Accept-Language": "sv"}) as victim:
        async with victim.get(callback, allow_redirects=False) as response:
            assert response.status == 403
            assert "påbörjades inte i den här webbläsaren" in await response.text()
        assert await members(site, victim) == (403, "members only")


async def test_a_replayed_code_is_refused(sandbox: Sandbox, alice: Actor, site: Site) -> None:
    async with site.browser() as browser:
        callback = await answer(browser, await start(site, browser), alice)
        async with browser.get(callback, allow_redirects=False) as response:
            assert response.status == 303
        browser.cookie_jar.clear()
        # a new sign-in's own state, with the code of the first
        state = query_of(await start(site, browser))["state"]
        replay = f"{site.base}/callback?code={query_of(callback)['code']}&state={state}"
        async with browser.get(replay, allow_redirects=False) as response:
            assert response.status == 403
            assert "already been used or has expired" in await response.text()
        assert await members(site, browser) == (403, "members only")
    assert sandbox.oauth2.exchanges == ["ok", "invalid_grant"]


async def test_an_expired_code_is_refused(sandbox: Sandbox, alice: Actor, site: Site) -> None:
    async with site.browser() as browser:
        callback = await answer(browser, await start(site, browser), alice)
        sandbox.clock.advance(sandbox.oauth2.code_lifetime_s + 1)
        async with browser.get(callback, allow_redirects=False) as response:
            assert response.status == 403
        assert await members(site, browser) == (403, "members only")


async def test_a_slow_sign_in_is_refused(sandbox: Sandbox, alice: Actor, site: Site) -> None:
    async with site.browser() as browser:
        callback = await answer(browser, await start(site, browser), alice)
        site.clock[0] += 601  # the pre-login cookie's ten minutes are over
        async with browser.get(callback, allow_redirects=False) as response:
            assert response.status == 403
    assert sandbox.oauth2.exchanges == []


async def test_cancelling_at_discord_signs_nobody_in(
        sandbox: Sandbox, alice: Actor, site: Site) -> None:
    async with site.browser() as browser:
        callback = await answer(browser, await start(site, browser), alice, decision="cancel")
        async with browser.get(callback, allow_redirects=False) as response:
            assert response.status == 403
            assert "You cancelled" in await response.text()
        assert await members(site, browser) == (403, "members only")


async def with_session(base: str, value: str) -> int:
    """``/members``' status for a browser whose session cookie is ``value``."""
    async with aiohttp.ClientSession() as browser, browser.get(
            f"{base}/members", headers={"Cookie": f"{SESSION_COOKIE}={value}"}) as response:
        return response.status


async def test_a_forged_session_is_nobody(sandbox: Sandbox, alice: Actor, site: Site) -> None:
    bob = sandbox.create_user("bob")
    async with site.browser() as browser:
        await sign_in(site, sandbox, browser, alice)
        value = next(c.value for c in browser.cookie_jar if c.key == SESSION_COOKIE)
    assert value.startswith(f"{alice.id}.")
    assert await with_session(site.base, value) == 200
    later = str(int(site.clock[0]) + 10 * site.settings.session_lifetime_s)
    user, expires, name, mac = value.split(".")
    for forged in (f"{bob.id}.{expires}.{name}.{mac}", f"{user}.{later}.{name}.{mac}",
                   f"{user}.{expires}.Ym9i.{mac}", "", "x",  # (Ym9i: the name "bob")
                   f"{bob.id}.9999999999.", "...", value + "x", f"{user}.{expires}",
                   f"{user}.{expires}.{mac}"):
        assert await with_session(site.base, forged) == 403, forged


async def test_every_pages_header_says_who_is_signed_in(sandbox: Sandbox, site: Site) -> None:
    """The name Discord gave at sign-in, kept in the signed session (escaped on the
    page); signed out, a link to sign in and come back."""
    ada = sandbox.create_user("<b>ada</b>")
    async with site.browser() as browser:
        async with browser.get(f"{site.base}/servers/42?lang=de") as response:
            text = await response.text()  # (a page that is not found has the header too)
        assert 'href="/login?next=%2Fservers%2F42%3Flang%3Dde">Anmelden</a>' in text
        await sign_in(site, sandbox, browser, ada)
        async with browser.get(f"{site.base}/?lang=en") as response:
            text = await response.text()
        assert "Signed in as &lt;b&gt;ada&lt;/b&gt;" in text
        assert '<form method="post" action="/logout">' in text


async def test_a_session_from_another_secret_is_nobody(
        sandbox: Sandbox, alice: Actor, site: Site) -> None:
    async with site.browser() as browser:
        await sign_in(site, sandbox, browser, alice)
        value = next(c.value for c in browser.cookie_jar if c.key == SESSION_COOKIE)
    port = unused_port()
    other = settings_for(sandbox, port, session_secret="t" * 40)
    async with serve(other, port, site.clock):
        assert await with_session(f"http://127.0.0.1:{port}", value) == 403


async def test_a_session_expires(sandbox: Sandbox, alice: Actor, site: Site) -> None:
    async with site.browser() as browser:
        await sign_in(site, sandbox, browser, alice)
        site.clock[0] += site.settings.session_lifetime_s - 1
        assert (await members(site, browser))[0] == 200
        site.clock[0] += 1
        assert await members(site, browser) == (403, "members only")


async def test_next_leads_only_to_this_site(sandbox: Sandbox, alice: Actor, site: Site) -> None:
    async with site.browser() as browser:
        for goal in ("https://evil.example/", "//evil.example/x", "/\\evil.example", "members"):
            response = await sign_in(site, sandbox, browser, alice, goal)
            assert response.headers["Location"] == "/", goal
        response = await sign_in(site, sandbox, browser, alice, "/g/1/members?page=2")
        assert response.headers["Location"] == "/g/1/members?page=2"


async def test_signing_out_clears_the_session(
        sandbox: Sandbox, alice: Actor, site: Site) -> None:
    async with site.browser() as browser:
        await sign_in(site, sandbox, browser, alice)
        async with browser.get(f"{site.base}/logout") as page:
            assert 'method="post" action="/logout"' in await page.text()
        async with browser.post(f"{site.base}/logout", headers={"Origin": "https://evil.example"},
                                allow_redirects=False) as response:
            assert response.status == 403
        assert (await members(site, browser))[0] == 200
        async with browser.post(f"{site.base}/logout", headers={"Origin": site.base},
                                allow_redirects=False) as response:
            assert response.status == 303 and response.headers["Location"] == "/"
        assert await members(site, browser) == (403, "members only")


async def test_the_token_is_revoked_once_the_user_is_known(
        sandbox: Sandbox, alice: Actor, site: Site) -> None:
    async with site.browser() as browser:
        await sign_in(site, sandbox, browser, alice)
    assert sandbox.oauth2.exchanges == ["ok"]
    assert sandbox.oauth2.live_tokens() == []  # nothing of it is kept, nor usable


async def test_a_wrong_client_secret_is_a_clear_page_not_a_traceback(
        sandbox: Sandbox, alice: Actor) -> None:
    port = unused_port()
    settings = settings_for(sandbox, port, client_secret="not-the-secret")
    clock = [time.time()]
    site = Site(f"http://127.0.0.1:{port}", settings, clock)
    async with serve(settings, port, clock), site.browser() as browser:
        response = await sign_in(site, sandbox, browser, alice)
        assert response.status == 502
        assert await members(site, browser) == (403, "members only")
    assert sandbox.oauth2.exchanges == ["invalid_client"]


async def test_without_settings_nobody_signs_in(sandbox: Sandbox) -> None:
    port = unused_port()
    async with serve(None, port, [time.time()]), aiohttp.ClientSession() as browser:
        async with browser.get(f"http://127.0.0.1:{port}/login",
                               allow_redirects=False) as response:
            assert response.status == 503
            assert "not set up" in await response.text()
        async with browser.get(f"http://127.0.0.1:{port}/members") as response:
            assert response.status == 403


def test_settings_come_from_the_environment_all_or_none() -> None:
    env = {"TAPP_OAUTH_CLIENT_ID": "123", "TAPP_OAUTH_CLIENT_SECRET": "abc",
           "TAPP_OAUTH_REDIRECT_URL": "https://tapp.example.org/callback",
           "TAPP_SESSION_SECRET": SECRET}
    settings = SignInSettings.from_env(env)
    assert settings is not None and settings.secure and settings.client_id == "123"
    assert "abc" not in repr(settings) and SECRET not in repr(settings)
    assert SignInSettings.from_env({}) is None
    with pytest.raises(ConfigError, match="TAPP_SESSION_SECRET"):
        SignInSettings.from_env({**env, "TAPP_SESSION_SECRET": ""})
    with pytest.raises(ConfigError, match="at least 32"):
        SignInSettings.from_env({**env, "TAPP_SESSION_SECRET": "short"})
    with pytest.raises(ConfigError, match="TAPP_OAUTH_REDIRECT_URL"):
        SignInSettings.from_env({**env, "TAPP_OAUTH_REDIRECT_URL": "tapp.example.org/cb"})
    with pytest.raises(ConfigError, match="TAPP_OAUTH_CLIENT_ID"):
        SignInSettings.from_env({**env, "TAPP_OAUTH_CLIENT_ID": "abc"})


def test_the_web_settings_carry_the_sign_in_its_address_from_the_sites() -> None:
    env = {"TAPP_OAUTH_CLIENT_ID": "123", "TAPP_OAUTH_CLIENT_SECRET": "abc",
           "TAPP_SESSION_SECRET": SECRET, "TAPP_WEB_URL": "https://tapp.example.org/"}
    settings = WebSettings.from_env(env, env_file=None)
    assert settings.sign_in is not None
    assert settings.sign_in.redirect_url == "https://tapp.example.org/callback"
    assert "abc" not in repr(settings) and SECRET not in repr(settings)
    assert WebSettings.from_env({}, env_file=None).sign_in is None
    with pytest.raises(ConfigError, match="TAPP_OAUTH_REDIRECT_URL"):
        WebSettings.from_env({**env, "TAPP_WEB_URL": ""}, env_file=None)


async def test_the_web_process_signs_in_with_discord_when_set_up(tmp_path: Path) -> None:
    """``python -m bot web``'s server (bot/cli/web.py) gives the app the sign-in of its
    settings: /login sends the visitor to Discord's authorization URL; without them,
    /login says signing in is not set up."""
    path = tmp_path / "tapp.sqlite3"
    sign_in = SignInSettings(client_id="123", client_secret="abc",
                             redirect_url="https://tapp.example.org/callback",
                             session_secret=SECRET)
    async with await Store.open(path) as store:
        for settings, status in ((sign_in, 302), (None, 503)):
            server = WebServer(store, WebSettings(database_path=path, port=0,
                                                  sign_in=settings))
            await server.start()
            try:
                async with aiohttp.ClientSession() as session, session.get(
                        f"http://127.0.0.1:{server.port}/login",
                        allow_redirects=False) as response:
                    assert response.status == status
                    location = response.headers.get("Location", "")
            finally:
                await server.stop()
            if settings is not None:
                assert location.startswith("https://discord.com/oauth2/authorize?")
                assert query_of(location)["client_id"] == "123"
                assert query_of(location)["scope"] == "identify"


async def test_a_failed_revocation_still_signs_in(
        sandbox: Sandbox, alice: Actor, site: Site) -> None:
    sandbox.faults.server_error(route="POST /oauth2/token/revoke")
    async with site.browser() as browser:
        response = await sign_in(site, sandbox, browser, alice)
        assert response.status == 303
        assert await members(site, browser) == (200, f"member {alice.id}")
    assert [grant.user_id for grant in sandbox.oauth2.live_tokens()] == [alice.id]
