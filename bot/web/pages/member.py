"""A member's page: their record, ratings, chips and rating over time as a chart, and
their recent deals (what ``/tapp stats player`` and ``history`` show in Discord)."""

from __future__ import annotations

from aiohttp import web

from bot.i18n import signed, t
from bot.standings import StandingsService
from bot.standings.chart import chip_chart
from bot.standings.ids import HistoryKey
from bot.standings.words import contract_name, rating_text, variant_name
from bot.store import MemberStats
from bot.usertext import Where, safe
from renderer import RenderedImage

from ..access import known_id
from ..errors import NotFound
from ..pictures import Drawings
from ..templating import with_query
from .shared import (
    IMAGE_LANGUAGE,
    Site,
    image_language,
    image_response,
    page_number,
    shown_name,
    when,
)

#: lines of a member's recent deals
HISTORY_SIZE = 10


class Members:
    """``/servers/{guild}/members/{user}`` and its chart."""

    def __init__(self, site: Site, standings: StandingsService,
                 history: StandingsService, charts: Drawings[RenderedImage]) -> None:
        self.site = site
        self.standings = standings
        self.history = history
        self.charts = charts

    async def member(self, request: web.Request) -> web.Response:
        site = self.site
        visit = await site.enter(request)
        if (kept := site.kept(visit)) is not None:
            return kept
        user_id = known_id(request.match_info["user"])
        number = page_number(request.query.get("page"))
        lang = visit.language
        stats = await self.standings.stats(visit.guild_id, user_id)
        if not stats.deals:
            raise NotFound("web.error.no_member")
        name = shown_name(
            (await site.store.people.names(visit.guild_id, [user_id])).get(user_id), lang)
        ratings = await self.standings.ratings(visit.guild_id, user_id)
        history = await self.history.history(HistoryKey(visit.guild_id, user_id, number))
        if history.key.page != number:
            raise NotFound("web.error.no_page")
        chart = await self._chart(visit.guild_id, user_id, name, lang, stats, len(ratings))
        base = f"{visit.server_url}/members/{user_id}"
        deals = [{
            "href": f"{visit.server_url}/deals/{e.deal_id}",
            "deal": e.deal_id,
            "when": when(e.ended_at),
            "variant": variant_name(e.variant, lang),
            "game": _game(e.variant, e.contract, e.outcome, e.declarer_name, lang),
            "chips": signed(e.chips),
        } for e in history.entries]
        return site.html(
            visit, "member.html", section="member", name=name, stats=stats,
            net=signed(stats.net),
            best=None if stats.best is None else {
                "chips": signed(stats.best.amount),
                "href": f"{visit.server_url}/deals/{stats.best.deal_id}",
                "deal": stats.best.deal_id},
            worst=None if stats.worst is None else {
                "chips": signed(stats.worst.amount),
                "href": f"{visit.server_url}/deals/{stats.worst.deal_id}",
                "deal": stats.worst.deal_id},
            contracts=[{"variant": variant_name(c.variant, lang),
                        "contract": contract_name(c.variant, c.contract, lang),
                        "games": c.games, "won": c.won, "lost": c.lost,
                        "chips": signed(c.net)} for c in stats.contracts],
            ratings=[{"variant": variant_name(v, lang), "rating": rating_text(s.rating),
                      "deals": s.deals} for v, s in sorted(ratings.items())],
            chart={"src": with_query(f"{base}/chart", {IMAGE_LANGUAGE: lang}),
                   "alt": chart.description, "width": chart.width,
                   "height": chart.height},
            deals=deals,
            previous=(with_query(base, {}, page=str(number) if number > 1 else None)
                      if history.has_previous else None),
            next=(with_query(base, {}, page=str(number + 2)) if history.has_more else None),
            page_text=t("standings.page.open", lang, page=number + 1))

    async def _chart(self, guild_id: int, user_id: int, name: str, language: str,
                     stats: MemberStats, rated: int) -> RenderedImage:
        """The member's chart in ``language``, drawn once for as long as they play no
        other deal (the key holds their counts)."""
        points = await self.standings.rating_history(guild_id, user_id)
        return await self.charts.get(
            ("chart", guild_id, user_id, language, stats.deals, rated, len(points), name),
            lambda: chip_chart(stats, name, language, points))

    async def chart(self, request: web.Request) -> web.Response:
        site = self.site
        visit = await site.enter(request)
        user_id = known_id(request.match_info["user"])
        lang = image_language(request)
        stats = await self.standings.stats(visit.guild_id, user_id)
        if not stats.deals:
            raise NotFound("web.error.no_member")
        name = shown_name(
            (await site.store.people.names(visit.guild_id, [user_id])).get(user_id), lang)
        ratings = await self.standings.ratings(visit.guild_id, user_id)
        image = await self._chart(visit.guild_id, user_id, name, lang, stats, len(ratings))
        return image_response(image, visit)


def _game(variant: str, contract: str | None, outcome: str, declarer: str | None,
          language: str) -> str:
    name = contract_name(variant, contract, language)
    if outcome in ("ramsch", "thrown_in"):
        return t(f"standings.history.game.{outcome}", language, contract=name)
    return t("web.history.game", language, contract=name,
             who=safe(declarer, Where.PLAIN), result=t(f"standings.result.{outcome}", language))
