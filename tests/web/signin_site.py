"""A web process with only the sign-in and one members-only page (``/members``: the
signed-in user's id, or 403), on a port of its own, against a stand-in."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

import aiohttp
from aiohttp import web

from bot.web.auth import NotSetUp, SignInRoutes, SignInSettings
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


async def serve(settings: SignInSettings | None, port: int, clock: list[float]
                ) -> web.AppRunner:
    app = web.Application()
    identity = (NotSetUp() if settings is None
                else SignInRoutes(settings, now=lambda: clock[0]))
    identity.add_routes(app)
    app.router.add_get("/members", members_page(identity))
    app.router.add_get("/", home)
    runner = web.AppRunner(app)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    return runner


async def home(request: web.Request) -> web.Response:
    return web.Response(text="home")

