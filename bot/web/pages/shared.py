"""What every page kind uses: the :class:`Site` (the store, the sign-in, the templates
and the public pages kept a few seconds), a :class:`Visit` to one server's pages, and
the small helpers that read a path's numbers and shape an answer."""

from __future__ import annotations

import functools
import hashlib
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import jinja2
from aiohttp import web

from bot.config import WebSettings
from bot.i18n import t
from bot.settings import WebAccess
from bot.standings.ids import MAX_PAGE
from bot.store import Store
from bot.usertext import Where, safe
from renderer import RenderedImage

from ..access import Admission, Identity, admit, known_id
from ..errors import NotFound
from ..templating import Page, render, with_query

#: seconds a public page is kept for every signed-out visitor (RecentPages)
PAGE_SECONDS = 3.0
#: the language of a page's images (its own parameter: ``lang`` is the visitor's switch)
IMAGE_LANGUAGE = "l"
LANGUAGE = web.RequestKey("tapp_language", str)


@dataclass(frozen=True, slots=True)
class Visit:
    """One request to a server's pages: who was let in, and the page's words."""

    admission: Admission
    page: Page
    server_name: str  # as the bot last saw it (escaped by the templates), else its id

    @property
    def guild_id(self) -> int:
        return self.admission.guild_id

    @property
    def language(self) -> str:
        return self.page.language

    @property
    def server_url(self) -> str:
        return f"/servers/{self.guild_id}"

    @property
    def kept_key(self) -> tuple[str, str, tuple[tuple[str, str], ...]] | None:
        """The page's key among :class:`RecentPages` (the same page for every visitor:
        a public server's, signed out), else None."""
        if self.admission.visitor is not None or self.admission.access is not WebAccess.PUBLIC:
            return None
        query = tuple(sorted((k, v) for k, v in self.page.query.items() if k != "lang"))
        return self.page.path, self.page.language, query


class RecentPages:
    """Public pages as every signed-out visitor sees them, kept ``seconds`` (0: none)
    after they were made: a busy page is made once in that time, not for each visitor.
    Who may see a server's pages is still asked at every request (:func:`admit`), so a
    server that turns its pages off or to members shows none at once."""

    def __init__(self, seconds: float, *, capacity: int = 2048,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.seconds = seconds
        self.capacity = capacity
        self.clock = clock
        self._kept: OrderedDict[Hashable, tuple[float, str]] = OrderedDict()

    def get(self, key: Hashable | None) -> str | None:
        if key is None or self.seconds <= 0:
            return None
        found = self._kept.get(key)
        if found is None:
            return None
        if self.clock() - found[0] >= self.seconds:
            del self._kept[key]
            return None
        return found[1]

    def put(self, key: Hashable | None, text: str) -> None:
        if key is None or self.seconds <= 0:
            return
        self._kept[key] = (self.clock(), text)
        self._kept.move_to_end(key)
        while len(self._kept) > self.capacity:
            self._kept.popitem(last=False)


class Site:
    """What the page kinds share: the store (read only), the web settings, the sign-in
    (``identity``), the templates and the public pages kept for a few seconds."""

    def __init__(self, store: Store, settings: WebSettings, identity: Identity,
                 templates: jinja2.Environment, *, page_seconds: float = PAGE_SECONDS
                 ) -> None:
        self.store = store
        self.settings = settings
        self.identity = identity
        self.templates = templates
        self.recent = RecentPages(page_seconds)
        self.page_seconds = page_seconds
        self._names: dict[int, tuple[float, str | None]] = {}

    async def page(self, request: web.Request, visitor: int | None = None) -> Page:
        """The page's words and header (``visitor``: the signed-in user's id, if known
        already)."""
        identity = self.identity
        if visitor is None:
            visitor = await identity.signed_in_user(request)
        name = None
        if visitor is not None:
            name = await identity.signed_in_name(request) or t("web.unnamed",
                                                               request[LANGUAGE])
        return Page(request[LANGUAGE], request.rel_url.raw_path, request.query,
                    visitor=name)

    async def enter(self, request: web.Request) -> Visit:
        """The server of the path, if the visitor may see its pages."""
        guild_id = known_id(request.match_info["guild"])
        visitor = await self.identity.signed_in_user(request)
        admission = await admit(self.store, guild_id, visitor)
        page = await self.page(request, visitor)
        name = await self.server_name(guild_id)
        return Visit(admission, page, shown_server(name, guild_id, page.language))

    async def server_name(self, guild_id: int) -> str | None:
        """The server's name as the bot last saw it (asked again after the seconds a
        public page is kept: a renamed server's pages show its new name as soon)."""
        now = time.monotonic()
        found = self._names.get(guild_id)
        if found is not None and now - found[0] < self.page_seconds:
            return found[1]
        name = await self.store.servers.name(guild_id)
        if self.page_seconds > 0:
            if len(self._names) >= 4096:
                self._names.clear()
            self._names[guild_id] = (now, name)
        return name

    def html(self, visit: Visit | Page, template: str, /, **values: Any) -> web.Response:
        page = visit.page if isinstance(visit, Visit) else visit
        extra = ({"server_url": visit.server_url, "server_name": visit.server_name}
                 if isinstance(visit, Visit) else {})
        text = render(self.templates, template, page, **extra, **values)
        if isinstance(visit, Visit):
            self.recent.put(visit.kept_key, text)
        return html_response(visit, text)

    def kept(self, visit: Visit) -> web.Response | None:
        """The page as made in the last few seconds for every visitor, if it was."""
        text = self.recent.get(visit.kept_key)
        return None if text is None else html_response(visit, text)


# -- reading a request ---------------------------------------------------------------------
def page_number(text: str | None) -> int:
    """A 1-based page number from the query (absent: 1), as a 0-based index."""
    if text is None:
        return 0
    if not text.isascii() or not text.isdigit() or len(text) > 6:
        raise NotFound()
    number = int(text)
    if not 1 <= number <= MAX_PAGE + 1:
        raise NotFound()
    return number - 1


def choice(query: dict[str, str], name: str, allowed: tuple[str, ...]) -> str:
    value = query.get(name, allowed[0])
    if value not in allowed:
        raise NotFound()
    return value


def image_language(request: web.Request) -> str:
    asked = request.query.get(IMAGE_LANGUAGE, "")
    return asked if asked in ("en", "de", "sv") else request[LANGUAGE]


# -- what a page shows ---------------------------------------------------------------------
def shown_name(name: str | None, language: str) -> str:
    """A member's name as a page shows it (plain text: the template escapes it)."""
    return safe(name, Where.PLAIN) if name else t("web.unnamed", language)


def shown_server(name: str | None, guild_id: int, language: str) -> str:
    """A server's name as a page shows it (plain text), or its id when the bot has
    not recorded one."""
    if name:
        return safe(name, Where.PLAIN, limit=100)
    return t("web.server.unnamed", language, id=guild_id)


def when(timestamp: float) -> str:
    return datetime.fromtimestamp(timestamp, UTC).strftime("%Y-%m-%d %H:%M UTC")


def picture(src: str, language: str, image: RenderedImage) -> dict[str, Any]:
    return {"src": with_query(src, {IMAGE_LANGUAGE: language}), "alt": image.description,
            "width": image.width, "height": image.height}


# -- answers -------------------------------------------------------------------------------
def personal(visit: Visit) -> bool:
    """The answer is the visitor's alone (a members-only server's, or made for a
    signed-in visitor: their own row, their series deals): no shared cache keeps it."""
    return visit.admission.access is WebAccess.MEMBERS or visit.admission.visitor is not None


def cache_control(visit: Visit | Page) -> str:
    if isinstance(visit, Visit) and personal(visit):
        return "private, no-store"
    return "no-cache"


def html_response(visit: Visit | Page, text: str) -> web.Response:
    response = web.Response(text=text, content_type="text/html", charset="utf-8")
    response.headers["Cache-Control"] = cache_control(visit)
    return response


#: how long a settled deal's picture may be kept (a year: it never changes)
SETTLED_MAX_AGE = 31_536_000


@functools.lru_cache(maxsize=1024)
def etag_of(data: bytes) -> str:
    """A strong validator of ``data``: its SHA-256, quoted (computed once per picture
    kept: the same bytes object comes back from the drawings)."""
    return f'"{hashlib.sha256(data).hexdigest()[:40]}"'


def none_match(header: str | None, tag: str) -> bool:
    """Does ``If-None-Match`` name ``tag`` (or ``*``)? Compared weakly, as RFC 9110
    says for this header (a ``W/`` prefix ignored)."""
    if not header:
        return False
    for item in header.split(","):
        item = item.strip()
        if item == "*" or item.removeprefix("W/") == tag:
            return True
    return False


def settled_image(request: web.Request, image: RenderedImage, *, public: bool
                  ) -> web.Response:
    """A settled deal's picture, which never changes: a strong ETag, kept a year
    (``public`` where every visitor may see it, else ``private``: the visitor's own
    browser only), and 304 when the browser has it already."""
    tag = etag_of(image.data)
    headers = {"ETag": tag, "Cache-Control": f"{'public' if public else 'private'}, "
                                             f"max-age={SETTLED_MAX_AGE}, immutable"}
    if none_match(request.headers.get("If-None-Match"), tag):
        return web.Response(status=304, headers=headers)
    return web.Response(body=image.data, content_type=image.content_type, headers=headers)


def image_response(image: RenderedImage, visit: Visit) -> web.Response:
    response = web.Response(body=image.data, content_type=image.content_type)
    response.headers["Cache-Control"] = (
        "private, no-store" if personal(visit) else "public, max-age=3600")
    return response
