"""A web process with only the sign-in and one members-only page (``/members``: the
signed-in user's id, or 403), on a port of its own, against a stand-in."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field

import aiohttp
from aiohttp import web

from bot.config import SignInSettings, WebSettings
from bot.store import Store
from bot.web import create_app
from bot.web.auth import NotSetUp, SignInRoutes
from standin import Sandbox

SECRET = "s" * 40


@dataclass
class Site:
    """A web process with the sign-in and one members-only page, on a port of its own."""

    base: str
    settings: SignInSettings
    clock: list[float] = field(default_factory=lambda: [1_900_000_000.0])

    def browser(self, **headers: str) -> aiohttp.ClientSession:
        # (unsafe: the jar keeps cookies of an IP address such as 127.0.0.1)
        return aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True),
                                     headers=headers)


def members_page(identity: SignInRoutes | NotSetUp) -> Callable[
        [web.Request], Awaitable[web.Response]]:
    async def members(request: web.Request) -> web.Response:
        user = await identity.signed_in_user(request)
        if user is None:
            return web.Response(status=403, text="members only")
        return web.Response(text=f"member {user}")

    return members


def settings_for(sandbox: Sandbox, port: int, **changes: object) -> SignInSettings:
    redirect = f"http://127.0.0.1:{port}/callback"
    sandbox.oauth2.register_redirect(redirect)
    values: dict[str, object] = {
        "client_id": sandbox.oauth2.client_id, "client_secret": sandbox.oauth2.client_secret,
        "redirect_url": redirect, "session_secret": SECRET,
        "authorize_url": f"http://127.0.0.1:{sandbox.port}/oauth2/authorize",
        "api_base": sandbox.api_base, **changes}
    return SignInSettings(**values)  # type: ignore[arg-type]


@contextlib.asynccontextmanager
async def serve(settings: SignInSettings | None, port: int, clock: list[float]
                ) -> AsyncIterator[None]:
    """The web app (an empty store) with the sign-in of ``settings`` (None: not set up)
    and ``/members``, on ``port``, its sign-in's clock ``clock[0]``."""
    async with open_store_for_tests() as store:
        identity = (NotSetUp() if settings is None
                    else SignInRoutes(settings, now=lambda: clock[0]))
        app = create_app(store, WebSettings(), identity=identity)
        app.router.add_get("/members", members_page(identity))
        runner = web.AppRunner(app)
        await runner.setup()
        try:
            await web.TCPSite(runner, "127.0.0.1", port).start()
            yield
        finally:
            await runner.cleanup()


@contextlib.asynccontextmanager
async def open_store_for_tests() -> AsyncIterator[Store]:
    store = await Store.open(":memory:")
    try:
        yield store
    finally:
        await store.close()
