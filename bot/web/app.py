"""The web application: the route table, the visitor's language, and refusals as pages.

:func:`create_app` builds everything the pages use (the store it is given, the Jinja2
environment, the services) in one place; nothing is attached afterwards. Every answer
that is not a page's own is a page too: a refusal (:class:`~bot.web.errors.PageError`),
an unknown path, a busy database and a bug each answer with a short page in the
visitor's language and the right status, never a traceback.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable

from aiohttp import web

from bot.config import WebSettings
from bot.daily import DailyService
from bot.daily.config import DailyConfig
from bot.i18n import t
from bot.store import Store, StoreUnavailable

from .access import SIGNED_OUT, Identity
from .errors import PageError, SignInNeeded
from .language import COOKIE, COOKIE_AGE, chosen
from .pages import LANGUAGE, PAGE_SECONDS, Pages
from .templating import environment, render, with_query

log = logging.getLogger(__name__)

PAGES = web.AppKey("tapp_pages", Pages)
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

#: what a browser may load for these pages: their own images and forms, inline styles
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'none'; img-src 'self'; style-src "
                               "'unsafe-inline'; form-action 'self'; base-uri 'none'; "
                               "frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
}


def create_app(store: Store, settings: WebSettings, *,
               identity: Identity = SIGNED_OUT,
               page_seconds: float = PAGE_SECONDS) -> web.Application:
    """The pages of ``store``'s servers (the store opened read only by ``python -m bot
    web``; any store in tests); ``identity`` signs visitors in (default: nobody is);
    ``page_seconds``: how long a public page is kept for every signed-out visitor (0:
    made for each)."""
    daily = DailyService(store, DailyConfig(offload=False), clock=store.db.now,
                         level="normal")
    pages = Pages(store, settings, identity, environment(), daily,
                  page_seconds=page_seconds)
    app = web.Application(middlewares=[answers])
    app[PAGES] = pages
    app.router.add_routes([
        web.get("/", pages.index),
        web.get("/healthz", pages.healthz),
        web.get(r"/servers/{guild}", pages.leaderboard.board),
        web.get(r"/servers/{guild}/daily", pages.days.day),
        web.get(r"/servers/{guild}/members/{user}", pages.members.member),
        web.get(r"/servers/{guild}/members/{user}/chart", pages.members.chart),
        web.get(r"/servers/{guild}/deals/{deal}", pages.deals.deal),
        web.get(r"/servers/{guild}/deals/{deal}/record.json", pages.deals.record),
        web.get(r"/servers/{guild}/deals/{deal}/tricks/{trick}", pages.deals.trick),
        web.get(r"/servers/{guild}/deals/{deal}/images/{image}.jpg", pages.deals.deal_image),
        web.get(r"/servers/{guild}/series", pages.series.list),
        web.get(r"/servers/{guild}/series/{series}", pages.series.standings),
        web.get(r"/servers/{guild}/series/{series}/me", pages.series.me),
        web.get(r"/servers/{guild}/series/{series}/runs/{run}", pages.series.run),
        web.get(r"/servers/{guild}/series/{series}/runs/{run}/record.json",
                pages.series.record),
        web.get(r"/servers/{guild}/series/{series}/runs/{run}/tricks/{trick}",
                pages.series.trick),
        web.get(r"/servers/{guild}/series/{series}/runs/{run}/images/{image}.jpg",
                pages.series.image),
    ])
    identity.add_routes(app)
    return app


@web.middleware
async def answers(request: web.Request, handler: Handler) -> web.StreamResponse:
    """The visitor's language for the page (remembered when switched), and every
    refusal or failure as a page in it."""
    language, switched = chosen(request.query, request.cookies,
                                request.headers.get("Accept-Language"))
    request[LANGUAGE] = language
    started = time.perf_counter()
    try:
        response = await handler(request)
    except PageError as refusal:
        response = await _refusal_page(request, refusal)
    except web.HTTPException as error:
        if error.status < 400:
            raise  # a redirect
        response = await _status_page(request, error.status)
    except StoreUnavailable as error:
        log.warning("%s %s: the database is unavailable: %s", request.method,
                    request.path, error.detail)
        response = await _status_page(request, 503)
    except Exception:
        log.exception("%s %s failed", request.method, request.path)
        response = await _status_page(request, 500)
    if switched:
        response.set_cookie(COOKIE, language, max_age=COOKIE_AGE, path="/", httponly=True,
                            samesite="Lax")
    response.headers.setdefault("Content-Language", language)
    response.headers["Vary"] = "Accept-Language, Cookie"
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)
    log.debug("%s %s %d in %.1f ms", request.method, request.path, response.status,
              (time.perf_counter() - started) * 1000)
    return response


def _pages(request: web.Request) -> Pages:
    return request.app[PAGES]


async def _refusal_page(request: web.Request, refusal: PageError) -> web.Response:
    sign_in = (with_query("/login", {"next": str(request.rel_url)})
               if isinstance(refusal, SignInNeeded) else None)
    return await _error_page(request, refusal.status, refusal.key, sign_in=sign_in)


async def _status_page(request: web.Request, status: int) -> web.Response:
    key = {404: "web.error.not_found", 405: "web.error.method", 503: "web.error.busy"}
    return await _error_page(request, status, key.get(status, "web.error.failed"))


async def _error_page(request: web.Request, status: int, key: str, *,
                      sign_in: str | None = None) -> web.Response:
    language = request[LANGUAGE]
    page = await _pages(request).page(request)
    kind = {403: "forbidden", 404: "not_found", 503: "busy"}.get(status, "failed")
    text = render(_pages(request).templates, "error.html", page,
                  heading=t(f"web.error.{kind}.title", language), text=t(key, language),
                  sign_in=sign_in)
    response = web.Response(text=text, status=status, content_type="text/html",
                            charset="utf-8")
    response.headers["Cache-Control"] = "no-store"
    return response
