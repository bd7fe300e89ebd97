"""Signing in with Discord: OAuth2's authorization-code grant with the ``identify`` scope,
the web process being the OAuth2 client, and the signed session cookie after it.

The web app's identity (:class:`bot.web.Identity`) is :func:`identity`'s: a
:class:`SignInRoutes` with these routes, or :class:`NotSetUp` without settings.

- ``GET /login?next=/path``: a fresh random nonce goes into a short-lived, signed,
  HttpOnly cookie (the visitor's pre-login cookie); the ``state`` sent to Discord is an
  HMAC of that nonce (Discord's OAuth2 page: "``state`` could be a hash of the user's
  session cookie"), and the visitor is sent to Discord's authorization URL.
- ``GET /callback?code=...&state=...``: the ``state`` must be the one the visitor's own
  pre-login cookie gives (another browser's, a forged or an expired one: 403), then the
  code is exchanged for a token (a code used before or expired: 403), the token asks
  ``/users/@me`` who the visitor is and is revoked at once (nothing of it is kept), and
  the visitor gets the session cookie and goes on to ``next`` (a path of this site only).
- ``POST /logout`` (from a page of this site: its ``Origin`` is checked): the session
  cookie is cleared; ``GET /logout`` shows the button.

Sessions are cookies signed with HMAC-SHA256 (the standard library's :mod:`hmac`, the
key :attr:`SignInSettings.session_secret`) holding the user id, an expiry and the name
Discord gave at sign-in (each page's header shows it);
HttpOnly, ``SameSite=Lax``, ``Secure`` when the site is served over https (its redirect
URL is), ``Max-Age`` the session's lifetime. Nothing is stored on the server: signing
out clears the cookie, and changing the secret signs everybody out.
:meth:`SignInRoutes.signed_in_user` reads the cookie: a forged, expired or missing one
is nobody.

Every refusal is a page of the site (its ``error.html``) in the visitor's language (the
``signin.*`` texts); the code, the tokens and the client secret never appear in a page
or a log line.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import logging
import secrets
import time
from collections.abc import AsyncIterator, Callable
from typing import Any
from urllib.parse import urlencode, urlsplit

import aiohttp
from aiohttp import web

from bot.config import SignInSettings
from bot.i18n import t
from bot.usertext import clean

from .app import PAGES
from .pages import LANGUAGE
from .templating import Page, render, with_query

log = logging.getLogger(__name__)

#: seconds from ``/login`` to ``/callback`` (the pre-login cookie's life)
LOGIN_LIFETIME_S = 600
SESSION_COOKIE = "tapp_session"
LOGIN_COOKIE = "tapp_login"
#: seconds the web process waits for Discord's token URL or ``/users/@me``
DISCORD_TIMEOUT_S = 10.0
#: the longest name kept in a session (Discord's display names: 32 characters)
NAME_MAX = 32


class SignIn:
    """The sign-in of one web process: its settings, its HTTP client for Discord, and
    its clock (``now``: seconds since the epoch; tests give their own)."""

    def __init__(self, settings: SignInSettings, *, now: Callable[[], float] = time.time
                 ) -> None:
        self.settings = settings
        self.now = now
        self._key = settings.session_secret.encode()
        self.http: aiohttp.ClientSession | None = None

    # -- signing -------------------------------------------------------------------------------
    def _mac(self, purpose: str, text: str) -> str:
        digest = hmac.new(self._key, f"{purpose}:{text}".encode(), hashlib.sha256).digest()
        return _b64(digest)

    def seal(self, purpose: str, *fields: str) -> str:
        """``fields`` (without dots) and their HMAC, as one cookie value."""
        text = ".".join(fields)
        return f"{text}.{self._mac(purpose, text)}"

    def unseal(self, purpose: str, value: str | None) -> list[str] | None:
        """The fields of a value :meth:`seal` made for ``purpose`` (None: forged, or
        made for another purpose, or none)."""
        if not value or "." not in value:
            return None
        text, _, mac = value.rpartition(".")
        if not hmac.compare_digest(mac.encode(), self._mac(purpose, text).encode()):
            return None
        return text.split(".")

    def state_for(self, nonce: str) -> str:
        return self._mac("state", nonce)

    # -- sessions ------------------------------------------------------------------------------
    def session_value(self, user_id: int, name: str = "") -> str:
        expires = int(self.now()) + self.settings.session_lifetime_s
        return self.seal("session", str(user_id), str(expires), _b64(name.encode()))

    def session(self, value: str | None) -> tuple[int, str] | None:
        """``(user id, name)`` of a session cookie (None: forged, expired or none; a
        cookie of before names were kept has the name "")."""
        fields = self.unseal("session", value)
        if fields is None or len(fields) not in (2, 3) \
                or not all(f.isdigit() for f in fields[:2]):
            return None
        user_id, expires = (int(f) for f in fields[:2])
        if self.now() >= expires:
            return None
        return user_id, _unb64(fields[2], "") if len(fields) == 3 else ""

    def session_user(self, value: str | None) -> int | None:
        found = self.session(value)
        return None if found is None else found[0]

    # -- Discord -------------------------------------------------------------------------------
    def authorize_location(self, state: str) -> str:
        query = {"response_type": "code", "client_id": self.settings.client_id,
                 "scope": "identify", "state": state,
                 "redirect_uri": self.settings.redirect_url}
        return f"{self.settings.authorize_url}?{urlencode(query)}"

    async def identify(self, code: str) -> tuple[int, str]:
        """The Discord user who authorized ``code``: their id and the name Discord shows
        for them (:class:`CodeRefused` when Discord
        refuses the code: used before, expired, not ours; :class:`DiscordTrouble` when
        Discord cannot be asked or refuses this client)."""
        http = self._client()
        settings = self.settings
        credentials = f"{settings.client_id}:{settings.client_secret}".encode()
        auth = {"Authorization": "Basic " + base64.b64encode(credentials).decode("ascii")}
        form = {"grant_type": "authorization_code", "code": code,
                "redirect_uri": settings.redirect_url}
        try:
            async with http.post(f"{settings.api_base}/oauth2/token", data=form,
                                 headers=auth) as response:
                answer = await _json(response)
                if response.status == 400 and answer.get("error") == "invalid_grant":
                    raise CodeRefused()
                if response.status != 200 or not isinstance(answer.get("access_token"), str):
                    raise DiscordTrouble(f"the token URL answered {response.status} "
                                         f"{answer.get('error', '')}".rstrip())
            token = answer["access_token"]
            headers = {"Authorization": f"Bearer {token}"}
            async with http.get(f"{settings.api_base}/users/@me", headers=headers) as response:
                user = await _json(response)
                status = response.status
        except (aiohttp.ClientError, TimeoutError) as error:
            raise DiscordTrouble(f"Discord could not be reached: {type(error).__name__}"
                                 ) from None
        await self._revoke(token, auth)
        user_id = user.get("id")
        if status != 200 or not isinstance(user_id, str) or not user_id.isdigit() \
                or user.get("bot"):
            raise DiscordTrouble(f"/users/@me answered {status}")
        name = user.get("global_name") or user.get("username")
        return int(user_id), clean(name if isinstance(name, str) else "", limit=NAME_MAX)

    async def _revoke(self, token: str, auth: dict[str, str]) -> None:
        """Revoke ``token`` (nothing of it is kept); a failure only noted: the visitor is
        known, and the token expires on its own."""
        try:
            async with self._client().post(
                    f"{self.settings.api_base}/oauth2/token/revoke",
                    data={"token": token, "token_type_hint": "access_token"},
                    headers=auth) as response:
                if response.status != 200 and response.status != 204:
                    log.info("revoking a sign-in's token: Discord answered %d",
                             response.status)
        except (aiohttp.ClientError, TimeoutError) as error:
            log.info("revoking a sign-in's token failed: %s", type(error).__name__)

    def _client(self) -> aiohttp.ClientSession:
        if self.http is None or self.http.closed:
            timeout = aiohttp.ClientTimeout(total=DISCORD_TIMEOUT_S)
            self.http = aiohttp.ClientSession(timeout=timeout)
        return self.http

    async def close(self) -> None:
        if self.http is not None:
            await self.http.close()


class CodeRefused(Exception):
    """Discord refused the code: used before, expired, or issued for another client."""


class DiscordTrouble(Exception):
    """Discord could not be asked, or refused this client (its settings are wrong)."""


#: the app's :class:`SignIn`
SIGN_IN = web.AppKey("tapp_sign_in", SignIn)


class SignInRoutes:
    """The sign-in as the web app's identity (:class:`bot.web.Identity`): who a request
    comes from, and the routes ``/login``, ``/callback`` and ``/logout``."""

    def __init__(self, settings: SignInSettings, *, now: Callable[[], float] = time.time
                 ) -> None:
        self.sign_in = SignIn(settings, now=now)

    async def signed_in_user(self, request: web.Request, /) -> int | None:
        """The Discord user id of the signed-in visitor (None: signed out, or a session
        cookie that is forged, expired, or made with another secret)."""
        return self.sign_in.session_user(request.cookies.get(SESSION_COOKIE))

    async def signed_in_name(self, request: web.Request, /) -> str | None:
        """The signed-in visitor's name as Discord gave it at sign-in (None: signed
        out)."""
        found = self.sign_in.session(request.cookies.get(SESSION_COOKIE))
        return None if found is None else found[1]

    def add_routes(self, app: web.Application, /) -> None:
        sign_in = self.sign_in
        app[SIGN_IN] = sign_in
        app.router.add_get("/login", login)
        app.router.add_get("/callback", callback)
        app.router.add_get("/logout", logout_page)
        app.router.add_post("/logout", logout)

        async def close_client(app: web.Application) -> AsyncIterator[None]:
            yield
            await sign_in.close()

        app.cleanup_ctx.append(close_client)


class NotSetUp:
    """No sign-in configured: nobody is signed in, and ``/login`` says why."""

    async def signed_in_user(self, request: web.Request, /) -> int | None:
        return None

    async def signed_in_name(self, request: web.Request, /) -> str | None:
        return None

    def add_routes(self, app: web.Application, /) -> None:
        app.router.add_get("/login", not_set_up)
        app.router.add_get("/callback", not_set_up)


def identity(settings: SignInSettings | None) -> SignInRoutes | NotSetUp:
    """The web app's identity for ``settings`` (None: signing in is not set up)."""
    return NotSetUp() if settings is None else SignInRoutes(settings)


# -- the routes ------------------------------------------------------------------------------
async def not_set_up(request: web.Request) -> web.StreamResponse:
    return page(request, 503, "signin.unavailable.title", "signin.unavailable.off")


async def login(request: web.Request) -> web.StreamResponse:
    sign_in = request.app[SIGN_IN]
    nonce = secrets.token_urlsafe(24)
    expires = int(sign_in.now()) + LOGIN_LIFETIME_S
    goal = _local_path(request.query.get("next", "/"))
    response = _redirect(302, sign_in.authorize_location(sign_in.state_for(nonce)))
    value = sign_in.seal("login", nonce, str(expires), _b64(goal.encode()))
    _set_cookie(response, sign_in, LOGIN_COOKIE, value, LOGIN_LIFETIME_S)
    _no_store(response)
    return response


async def callback(request: web.Request) -> web.StreamResponse:
    sign_in = request.app[SIGN_IN]
    fields = sign_in.unseal("login", request.cookies.get(LOGIN_COOKIE))
    state = request.query.get("state", "")
    valid = (fields is not None and len(fields) == 3 and fields[1].isdigit()
             and sign_in.now() < int(fields[1])
             and hmac.compare_digest(state.encode(), sign_in.state_for(fields[0]).encode()))
    if not valid or fields is None:
        log.info("sign-in refused: the state is not this browser's")
        return _refused(page(request, 403, "signin.denied.title", "signin.denied.state",
                             again="/"))
    goal = _local_path(_unb64(fields[2]))
    error = request.query.get("error")
    if error == "access_denied":
        return _refused(page(request, 403, "signin.denied.title", "signin.denied.cancelled",
                             again=goal))
    if error is not None:  # the authorization request itself was wrong: our settings
        log.warning("sign-in failed: Discord answered the authorization with %r",
                    error[:40])
        return _refused(page(request, 502, "signin.unavailable.title",
                             "signin.unavailable.discord"))
    code = request.query.get("code", "")
    try:
        if not code:
            raise CodeRefused()
        user_id, name = await sign_in.identify(code)
    except CodeRefused:
        log.info("sign-in refused: Discord refused the code (used before or expired)")
        return _refused(page(request, 403, "signin.denied.title", "signin.denied.code",
                             again=goal))
    except DiscordTrouble as trouble:
        log.warning("sign-in failed: %s (check TAPP_OAUTH_CLIENT_ID and _SECRET)", trouble)
        return _refused(page(request, 502, "signin.unavailable.title",
                             "signin.unavailable.discord"))
    log.info("signed in: user %d", user_id)
    response = _redirect(303, goal)
    _set_cookie(response, sign_in, SESSION_COOKIE, sign_in.session_value(user_id, name),
                sign_in.settings.session_lifetime_s)
    response.del_cookie(LOGIN_COOKIE, path="/")
    _no_store(response)
    return response


async def logout_page(request: web.Request) -> web.StreamResponse:
    pages = request.app[PAGES]
    text = render(pages.templates, "signout.html", await pages.page(request))
    response = web.Response(text=text, content_type="text/html", charset="utf-8")
    _no_store(response)
    return response


async def logout(request: web.Request) -> web.StreamResponse:
    """Clear the session: only for a form of this site (a cross-site form could sign a
    visitor out)."""
    sign_in = request.app[SIGN_IN]
    origin = request.headers.get("Origin")
    if origin not in (_origin(sign_in.settings.redirect_url),
                      f"{request.scheme}://{request.host}"):
        return page(request, 403, "signin.denied.title", "signin.denied.origin")
    response = _redirect(303, "/")
    response.del_cookie(SESSION_COOKIE, path="/")
    return response


# -- helpers ---------------------------------------------------------------------------------
def page(request: web.Request, status: int, title_key: str, text_key: str, *,
         again: str | None = None) -> web.Response:
    """The site's error page in the visitor's language (set by the app's middleware),
    with a link to sign in again (and go on to ``again``) if given. Its language
    switch leads home: the refused address (a code, a state) is not repeated."""
    language = request[LANGUAGE]
    sign_in = None if again is None else with_query("/login", {"next": again})
    text = render(request.app[PAGES].templates, "error.html", Page(language, "/", {}),
                  heading=t(title_key, language), text=t(text_key, language),
                  sign_in=sign_in)
    response = web.Response(text=text, status=status, content_type="text/html",
                            charset="utf-8")
    _no_store(response)
    return response


def _redirect(status: int, location: str) -> web.Response:
    return web.Response(status=status, headers={"Location": location})


def _refused(response: web.Response) -> web.Response:
    """A refused callback: the pre-login cookie is spent either way."""
    response.del_cookie(LOGIN_COOKIE, path="/")
    _no_store(response)
    return response


def _set_cookie(response: web.StreamResponse, sign_in: SignIn, name: str, value: str,
                max_age: int) -> None:
    response.set_cookie(name, value, max_age=max_age, path="/", httponly=True,
                        samesite="Lax", secure=sign_in.settings.secure)


def _no_store(response: web.StreamResponse) -> None:
    response.headers["Cache-Control"] = "no-store"


def _local_path(goal: str) -> str:
    """``goal`` if it is a path of this site, else ``/`` (never another site's address)."""
    if not goal.startswith("/") or goal.startswith(("//", "/\\")) or any(
            c in goal for c in "\r\n\\"):
        return "/"
    return goal


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _unb64(text: str, otherwise: str = "/") -> str:
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)).decode("utf-8")
    except (ValueError, UnicodeDecodeError):
        return otherwise


async def _json(response: aiohttp.ClientResponse) -> dict[str, Any]:
    try:
        data = await response.json(content_type=None)
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}
