"""The pages, one handler each, by page kind: the leaderboard (:mod:`.leaderboard`), a
member's page (:mod:`.member`), a finished deal's replay (:mod:`.replay`), the deal of
the day (:mod:`.daily`), the series (:mod:`.series`); what they share is
:mod:`.shared`'s. Each handler reads the
path and query (a bad value is "not found"), lets the visitor in
(:func:`~bot.web.access.admit`), asks the standings', the deal of the day's or the
series' service,
and fills a template. No SQL here (the store's), no rules (the engine's), no pixels
(the renderer's, through :mod:`bot.standings`).

What a page may show: a server's standings, a member's record, and deals that are over.
A deal in play is "not found" like any unknown deal (the standings service returns a
settled deal only); the deal of the day's table of today only to a signed-in member who
has finished it (the daily service decides); a series deal only to the member who
played it until the series closes (:mod:`.series`).

:class:`Pages` builds the page kinds with what they use, once per web process.
"""

from __future__ import annotations

import jinja2
from aiohttp import web

from bot.config import WebSettings
from bot.daily import DailyService
from bot.standings import StandingsService
from bot.standings.replay import ReplayImages
from bot.store import Store
from renderer import RenderedImage

from ..access import Identity
from ..pictures import Drawings
from .daily import DayPages
from .leaderboard import BOARD_SIZE, Leaderboard
from .member import HISTORY_SIZE, Members
from .replay import REPLAYS_KEPT, Replays
from .series import SeriesPages
from .shared import IMAGE_LANGUAGE, LANGUAGE, PAGE_SECONDS, RecentPages, Site, Visit

__all__ = ["BOARD_SIZE", "HISTORY_SIZE", "IMAGE_LANGUAGE", "LANGUAGE", "PAGE_SECONDS",
           "Pages", "RecentPages", "Site", "Visit"]


class Pages(Site):
    """Every page of one web process: the site's own (home, health) and each page
    kind's, built here with the services and drawings they use."""

    def __init__(self, store: Store, settings: WebSettings, identity: Identity,
                 templates: jinja2.Environment, daily: DailyService, *,
                 page_seconds: float = PAGE_SECONDS) -> None:
        super().__init__(store, settings, identity, templates, page_seconds=page_seconds)
        self.standings = StandingsService(store, page_size=BOARD_SIZE)
        self.history_service = StandingsService(store, page_size=HISTORY_SIZE)
        self.daily = daily
        self.replays: Drawings[ReplayImages] = Drawings(REPLAYS_KEPT)
        self.charts: Drawings[RenderedImage] = Drawings()
        self.leaderboard = Leaderboard(self, self.standings)
        self.members = Members(self, self.standings, self.history_service, self.charts)
        self.deals = Replays(self, self.standings, self.replays)
        self.days = DayPages(self, daily)
        self.series = SeriesPages(self, self.deals)

    async def index(self, request: web.Request) -> web.Response:
        return self.html(await self.page(request), "index.html", robots="index")

    async def healthz(self, request: web.Request) -> web.Response:
        """200 when the database answers (for Docker and a load balancer)."""
        try:
            await self.store.ping()
        except Exception as error:  # the store's error, whatever the backend
            return web.json_response({"database": f"unreachable: {type(error).__name__}"},
                                     status=503)
        return web.json_response({"database": "reachable"})
