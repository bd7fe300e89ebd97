"""The deal of the day's table of a day: how many have played; today's placings only to
a signed-in member who has finished today's deal (the daily service decides), every
past day's to every visitor, with its seed."""

from __future__ import annotations

from datetime import date, timedelta

from aiohttp import web

from bot.daily import DailyService
from bot.daily.day import parse_day
from bot.i18n import signed, t
from bot.standings.words import variant_name

from ..errors import NotFound
from ..templating import with_query
from .shared import Site, shown_name


class DayPages:
    """``/servers/{guild}/daily`` (``?day=YYYY-MM-DD``)."""

    def __init__(self, site: Site, daily: DailyService) -> None:
        self.site = site
        self.daily = daily

    async def day(self, request: web.Request) -> web.Response:
        site = self.site
        visit = await site.enter(request)
        if (kept := site.kept(visit)) is not None:
            return kept
        lang = visit.language
        today = self.daily.today()
        text = request.query.get("day")
        try:
            day = today if text is None else parse_day(text)
        except ValueError:
            raise NotFound("web.error.no_page") from None
        if day > today or day < date(2000, 1, 1):
            raise NotFound("web.error.no_page")
        board = await self.daily.day_board(visit.guild_id, visit.admission.visitor, day)
        placings = []
        if board.placings is not None:
            names = await site.store.people.names(visit.guild_id,
                                                  [p.score.user_id for p in board.placings])
            for p in board.placings:
                user = p.score.user_id
                placings.append({
                    "rank": p.rank, "name": shown_name(names.get(user), lang),
                    "href": f"{visit.server_url}/members/{user}" if user in names else None,
                    "chips": signed(p.score.chips),
                    "percent": f"{float(p.percent):.0f} %",
                    "me": user == visit.admission.visitor})
        base = f"{visit.server_url}/daily"
        return site.html(
            visit, "daily.html", section="daily", board=board,
            heading=t("web.daily.title", lang, day=day.isoformat()),
            variant=None if board.variant is None else variant_name(board.variant, lang),
            placings=placings,
            previous=with_query(base, {}, day=(day - timedelta(days=1)).isoformat()),
            next=(with_query(base, {}, day=(day + timedelta(days=1)).isoformat()
                             if day + timedelta(days=1) < today else None)
                  if day < today else None))
