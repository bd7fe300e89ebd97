"""A server's leaderboard: by chips or by rating, per variant, period and season, 25
members a page (what ``/tapp stats leaderboard`` shows in Discord)."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from bot.engine import VARIANTS
from bot.i18n import signed, t
from bot.ratings import SeasonLength, computer_level
from bot.standings import StandingsService
from bot.standings.errors import StandingsError
from bot.standings.ids import ALL_VARIANTS, BOARD_PERIODS, BoardKey, Order, Season
from bot.standings.models import BoardPage, RatingPage
from bot.standings.words import rating_text, span_title, variant_name
from bot.store import Period
from bot.store.ratings import RatingLine

from ..errors import NotFound
from ..templating import with_query
from .shared import Site, Visit, choice, page_number, shown_name

#: lines of a leaderboard page
BOARD_SIZE = 25


class Leaderboard:
    """``/servers/{guild}``: the leaderboard."""

    def __init__(self, site: Site, standings: StandingsService) -> None:
        self.site = site
        self.standings = standings

    async def board(self, request: web.Request) -> web.Response:
        site = self.site
        visit = await site.enter(request)
        if (kept := site.kept(visit)) is not None:
            return kept
        query = dict(request.query)
        order = Order(choice(query, "by", tuple(o.value for o in Order)))
        variant = choice(query, "variant", (ALL_VARIANTS, *sorted(VARIANTS)))
        period = Period(choice(query, "period", tuple(p.value for p in BOARD_PERIODS)))
        season = Season(choice(query, "season", tuple(s.value for s in Season)))
        number = page_number(query.get("page"))
        key = BoardKey(visit.guild_id, None if variant == ALL_VARIANTS else variant, period,
                       number, order, season)
        try:
            board = await self.standings.board(key, visit.admission.visitor)
        except StandingsError as error:
            raise NotFound(error.key) from None
        if board.key.page != number:
            raise NotFound("web.error.no_page")
        return site.html(visit, "board.html", section="board",
                         **await self._values(visit, board, query))

    async def _values(self, visit: Visit, board: BoardPage | RatingPage,
                      query: dict[str, str]) -> dict[str, Any]:
        lang = visit.language
        key = board.key
        by_rating = isinstance(board, RatingPage)
        ids = [r.user_id for r in board.rows if r.user_id is not None]
        me = board.me
        if me is not None and me.user_id is not None:
            ids.append(me.user_id)
        names = await self.site.store.people.names(visit.guild_id, ids)
        member = f"{visit.server_url}/members/"
        if isinstance(board, RatingPage):
            rows = [_rating_row(r, names, member, board.viewer_id, lang) for r in board.rows]
        else:
            rows = [{"rank": r.rank, "name": shown_name(names.get(r.user_id), lang),
                     "href": f"{member}{r.user_id}", "score": signed(r.net),
                     "deals": r.deals, "declarer": f"{r.declarer_won} / {r.declarer_lost}",
                     "me": r.user_id == board.viewer_id} for r in board.rows]
        span = span_title(key.period.value, board.season, lang)
        if isinstance(board, RatingPage):
            heading = t("standings.rating.title", lang,
                        variant=variant_name(board.variant, lang), period=span)
            empty = t("standings.rating.empty", lang, min=board.min_deals)
            note = t("web.board.note.rating", lang, min=board.min_deals)
        else:
            heading = t("standings.board.title", lang,
                        variant=variant_name(key.variant, lang), period=span)
            empty = t("standings.board.empty", lang)
            note = t("web.board.note.chips", lang)
        mine = None
        if me is not None and not any(r.user_id == me.user_id for r in board.rows) \
                and me.rank is not None:
            mine = t("web.board.you", lang, rank=me.rank, players=board.players)
        path = visit.server_url

        def at(page: int) -> str:
            return with_query(path, query, page=str(page + 1) if page else None, lang=None)

        seasons = visit.admission.settings.season is not SeasonLength.OFF
        filters = [
            _filter("by", t("web.board.by", lang), key.order.value,
                    [(o.value, t(f"standings.order.{o.value}", lang)) for o in Order]),
            _filter("variant", t("web.board.variant", lang), key.variant or ALL_VARIANTS,
                    [(ALL_VARIANTS, t("standings.variant.all", lang))]
                    + [(v, t(f"variant.{v}", lang)) for v in sorted(VARIANTS)]),
            _filter("period", t("web.board.period", lang), key.period.value,
                    [(p.value, t(f"standings.period.{p.value}", lang))
                     for p in BOARD_PERIODS]),
        ]
        if seasons or key.season is not Season.ALL:
            filters.append(_filter("season", t("web.board.season", lang), key.season.value,
                                   [(s.value, t(f"standings.season.{s.value}", lang))
                                    for s in Season]))
        return {
            "heading": heading, "caption": heading, "rows": rows, "by_rating": by_rating,
            "empty": empty, "note": note, "mine": mine, "filters": filters,
            "page_text": t("standings.page", lang, page=key.page + 1, pages=board.pages),
            "previous": at(key.page - 1) if board.has_previous else None,
            "next": at(key.page + 1) if board.has_next else None,
        }


def _rating_row(line: RatingLine, names: dict[int, str], member: str,
                viewer: int | None, language: str) -> dict[str, Any]:
    level = computer_level(line.player)
    if level is not None or line.user_id is None:
        name = t("standings.rating.computer", language, level=t(f"level.{level}", language))
        href = None
    else:
        name, href = shown_name(names.get(line.user_id), language), f"{member}{line.user_id}"
    return {"rank": line.rank, "name": name, "href": href, "score": rating_text(line.rating),
            "deals": line.deals, "declarer": "",
            "me": line.user_id is not None and line.user_id == viewer}


def _filter(name: str, label: str, current: str,
            options: list[tuple[str, str]]) -> dict[str, Any]:
    return {"name": name, "label": label,
            "options": [(value, text, value == current) for value, text in options]}
