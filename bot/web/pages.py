"""The pages, one handler each: read the path and query (a bad value is "not found"),
let the visitor in (:func:`~bot.web.access.admit`), ask the standings or the deal of the
day's service, and fill a template. No SQL here (the store's), no rules (the engine's),
no pixels (the renderer's, through :mod:`bot.standings`).

What a page may show: a server's standings, a member's record, and deals that are over.
A deal in play is "not found" like any unknown deal (the standings service returns a
settled deal only); the deal of the day's table of today only to a signed-in member who
has finished it (the daily service decides).
"""

from __future__ import annotations

import json
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Any

import jinja2
from aiohttp import web

from bot.cli.parsing import public_program
from bot.config import WebSettings
from bot.daily import DailyService
from bot.daily.day import parse_day
from bot.engine import VARIANTS
from bot.engine.shuffle import verify_command
from bot.i18n import signed, t
from bot.i18n.words import render_labels
from bot.ratings import SeasonLength, computer_level
from bot.settings import WebAccess
from bot.standings import StandingsService
from bot.standings.chart import chip_chart
from bot.standings.errors import StandingsError
from bot.standings.ids import (
    ALL_VARIANTS,
    BOARD_PERIODS,
    MAX_PAGE,
    BoardKey,
    HistoryKey,
    Order,
    Season,
)
from bot.standings.messages import contract_name, span_title, variant_name
from bot.standings.models import BoardPage, DealReplay, RatingPage
from bot.standings.rating_messages import rating_text
from bot.standings.replay import ReplayImages, render_replay, steps
from bot.store import MemberStats, Period, Store
from bot.store.ratings import RatingLine
from bot.usertext import Where, safe
from renderer import Labels, RenderedImage

from .access import Admission, Identity, admit, known_id
from .errors import NotFound
from .pictures import Drawings
from .templating import Page, render, with_query

#: lines of a leaderboard page, and of a member's recent deals
BOARD_SIZE = 25
HISTORY_SIZE = 10
#: seconds a public page is kept for every signed-out visitor (RecentPages)
PAGE_SECONDS = 3.0
#: finished deals whose pictures are kept (one deal's: about 0.6 MB, a Zuger deal's as JPEG)
REPLAYS_KEPT = 48
#: the language of a page's images (its own parameter: ``lang`` is the visitor's switch)
IMAGE_LANGUAGE = "l"
LANGUAGE = web.RequestKey("tapp_language", str)


@dataclass(frozen=True, slots=True)
class Visit:
    """One request to a server's pages: who was let in, and the page's words."""

    admission: Admission
    page: Page

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


def _page_number(text: str | None) -> int:
    """A 1-based page number from the query (absent: 1), as a 0-based index."""
    if text is None:
        return 0
    if not text.isascii() or not text.isdigit() or len(text) > 6:
        raise NotFound()
    number = int(text)
    if not 1 <= number <= MAX_PAGE + 1:
        raise NotFound()
    return number - 1


def _choice(query: dict[str, str], name: str, allowed: tuple[str, ...]) -> str:
    value = query.get(name, allowed[0])
    if value not in allowed:
        raise NotFound()
    return value


class Pages:
    """The handlers of every page of one web process."""

    def __init__(self, store: Store, settings: WebSettings, identity: Identity,
                 templates: jinja2.Environment, daily: DailyService, *,
                 page_seconds: float = PAGE_SECONDS) -> None:
        self.store = store
        self.settings = settings
        self.identity = identity
        self.templates = templates
        self.standings = StandingsService(store, page_size=BOARD_SIZE)
        self.history_service = StandingsService(store, page_size=HISTORY_SIZE)
        self.daily = daily
        self.replays: Drawings[ReplayImages] = Drawings(REPLAYS_KEPT)
        self.charts: Drawings[RenderedImage] = Drawings()
        self.recent = RecentPages(page_seconds)

    # -- shared ----------------------------------------------------------------------------
    def page(self, request: web.Request) -> Page:
        return Page(request[LANGUAGE], request.rel_url.raw_path, request.query)

    async def enter(self, request: web.Request) -> Visit:
        """The server of the path, if the visitor may see its pages."""
        guild_id = known_id(request.match_info["guild"])
        visitor = await self.identity.signed_in_user(request)
        return Visit(await admit(self.store, guild_id, visitor), self.page(request))

    def html(self, visit: Visit | Page, template: str, /, **values: Any) -> web.Response:
        page = visit.page if isinstance(visit, Visit) else visit
        extra = ({"server_url": visit.server_url} if isinstance(visit, Visit) else {})
        text = render(self.templates, template, page, **extra, **values)
        if isinstance(visit, Visit):
            self.recent.put(visit.kept_key, text)
        return _html(visit, text)

    def kept(self, visit: Visit) -> web.Response | None:
        """The page as made in the last few seconds for every visitor, if it was."""
        text = self.recent.get(visit.kept_key)
        return None if text is None else _html(visit, text)

    # -- the site --------------------------------------------------------------------------
    async def index(self, request: web.Request) -> web.Response:
        return self.html(self.page(request), "index.html", robots="index")

    async def healthz(self, request: web.Request) -> web.Response:
        """200 when the database answers (for Docker and a load balancer)."""
        try:
            await self.store.ping()
        except Exception as error:  # the store's error, whatever the backend
            return web.json_response({"database": f"unreachable: {type(error).__name__}"},
                                     status=503)
        return web.json_response({"database": "reachable"})

    # -- the leaderboard -------------------------------------------------------------------
    async def board(self, request: web.Request) -> web.Response:
        visit = await self.enter(request)
        if (kept := self.kept(visit)) is not None:
            return kept
        query = dict(request.query)
        order = Order(_choice(query, "by", tuple(o.value for o in Order)))
        variant = _choice(query, "variant", (ALL_VARIANTS, *sorted(VARIANTS)))
        period = Period(_choice(query, "period", tuple(p.value for p in BOARD_PERIODS)))
        season = Season(_choice(query, "season", tuple(s.value for s in Season)))
        number = _page_number(query.get("page"))
        key = BoardKey(visit.guild_id, None if variant == ALL_VARIANTS else variant, period,
                       number, order, season)
        try:
            board = await self.standings.board(key, visit.admission.visitor)
        except StandingsError as error:
            raise NotFound(error.key) from None
        if board.key.page != number:
            raise NotFound("web.error.no_page")
        return self.html(visit, "board.html", section="board",
                         **await self._board_values(visit, board, query))

    async def _board_values(self, visit: Visit, board: BoardPage | RatingPage,
                            query: dict[str, str]) -> dict[str, Any]:
        lang = visit.language
        key = board.key
        by_rating = isinstance(board, RatingPage)
        ids = [r.user_id for r in board.rows if r.user_id is not None]
        me = board.me
        if me is not None and me.user_id is not None:
            ids.append(me.user_id)
        names = await self.store.people.names(visit.guild_id, ids)
        member = f"{visit.server_url}/members/"
        if isinstance(board, RatingPage):
            rows = [_rating_row(r, names, member, board.viewer_id, lang) for r in board.rows]
        else:
            rows = [{"rank": r.rank, "name": _name(names.get(r.user_id), lang),
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

    # -- a member --------------------------------------------------------------------------
    async def member(self, request: web.Request) -> web.Response:
        visit = await self.enter(request)
        if (kept := self.kept(visit)) is not None:
            return kept
        user_id = known_id(request.match_info["user"])
        number = _page_number(request.query.get("page"))
        lang = visit.language
        stats = await self.standings.stats(visit.guild_id, user_id)
        if not stats.deals:
            raise NotFound("web.error.no_member")
        name = _name((await self.store.people.names(visit.guild_id, [user_id])).get(user_id),
                     lang)
        ratings = await self.standings.ratings(visit.guild_id, user_id)
        history = await self.history_service.history(HistoryKey(visit.guild_id, user_id,
                                                                 number))
        if history.key.page != number:
            raise NotFound("web.error.no_page")
        chart = await self._chart(visit.guild_id, user_id, name, lang, stats, len(ratings))
        base = f"{visit.server_url}/members/{user_id}"
        deals = [{
            "href": f"{visit.server_url}/deals/{e.deal_id}",
            "deal": e.deal_id,
            "when": _when(e.ended_at),
            "variant": variant_name(e.variant, lang),
            "game": _game(e.variant, e.contract, e.outcome, e.declarer_name, lang),
            "chips": signed(e.chips),
        } for e in history.entries]
        return self.html(
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
        visit = await self.enter(request)
        user_id = known_id(request.match_info["user"])
        lang = _image_language(request)
        stats = await self.standings.stats(visit.guild_id, user_id)
        if not stats.deals:
            raise NotFound("web.error.no_member")
        name = _name((await self.store.people.names(visit.guild_id, [user_id])).get(user_id),
                     lang)
        ratings = await self.standings.ratings(visit.guild_id, user_id)
        image = await self._chart(visit.guild_id, user_id, name, lang, stats, len(ratings))
        return _image(image, visit)

    # -- a finished deal -------------------------------------------------------------------
    async def _replay(self, visit: Visit, request: web.Request) -> DealReplay:
        deal_id = known_id(request.match_info["deal"])
        try:
            return await self.standings.replay(visit.guild_id, deal_id)
        except StandingsError:  # unknown, of another server, in play, abandoned: the same
            raise NotFound("web.error.no_deal") from None

    async def _pictures(self, replay: DealReplay, language: str) -> ReplayImages:
        labels = Labels(render_labels(language))
        return await self.replays.get(
            ("replay", replay.deal_id, language, replay.deck_style),
            lambda: render_replay(replay, labels))

    async def deal(self, request: web.Request) -> web.Response:
        visit = await self.enter(request)
        if (kept := self.kept(visit)) is not None:
            return kept
        replay = await self._replay(visit, request)
        lang = visit.language
        pictures = await self._pictures(replay, lang)
        labels = Labels(render_labels(lang))
        contract = replay.result.get("contract")
        base = f"{visit.server_url}/deals/{replay.deal_id}"
        seats = []
        for seat, (name, user, chips) in enumerate(zip(replay.names, replay.user_ids,
                                                       replay.chips, strict=False)):
            seats.append({"seat": seat + 1, "name": _name(name, lang), "chips": signed(chips),
                          "href": None if user is None
                          else f"{visit.server_url}/members/{user}"})
        command = None
        if replay.seed and replay.commitment:
            command = verify_command(replay.variant, len(replay.record.get("hands") or ()),
                                     replay.record.get("options") or {}, replay.seed,
                                     replay.commitment, program=public_program())
        overview = [_picture(f"{base}/images/{n}.jpg", lang, p.image)
                    for n, p in zip(("hands", "auction"), pictures.overview, strict=True)]
        tricks = [{"n": i, "href": f"{base}/tricks/{i}"}
                  for i in range(1, len(pictures.tricks) + 1)]
        return self.html(
            visit, "deal.html", section="deal",
            heading=t("standings.replay.title", lang, deal=replay.deal_id,
                      variant=variant_name(replay.variant, lang),
                      contract=contract_name(replay.variant, contract, lang)),
            when=_when(replay.ended_at), seats=seats,
            pot=None if replay.pot_change is None else signed(replay.pot_change),
            steps=steps(replay, lang, labels, plain=True), overview=overview, tricks=tricks,
            seed=replay.seed, commitment=replay.commitment, command=command,
            record=f"{base}/record.json")

    async def trick(self, request: web.Request) -> web.Response:
        visit = await self.enter(request)
        if (kept := self.kept(visit)) is not None:
            return kept
        replay = await self._replay(visit, request)
        lang = visit.language
        pictures = await self._pictures(replay, lang)
        number = _trick_number(request.match_info["trick"], len(pictures.tricks))
        base = f"{visit.server_url}/deals/{replay.deal_id}"
        count = len(pictures.tricks)
        return self.html(
            visit, "trick.html", section="deal",
            heading=t("web.trick.title", lang, number=number, deal=replay.deal_id),
            picture=_picture(f"{base}/images/trick-{number:02d}.jpg", lang,
                             pictures.tricks[number - 1].image),
            deal_href=base, number=number, count=count,
            previous=f"{base}/tricks/{number - 1}" if number > 1 else None,
            next=f"{base}/tricks/{number + 1}" if number < count else None)

    async def deal_image(self, request: web.Request) -> web.Response:
        visit = await self.enter(request)
        replay = await self._replay(visit, request)
        pictures = await self._pictures(replay, _image_language(request))
        name = request.match_info["image"]
        if name == "hands":
            image = pictures.overview[0].image
        elif name == "auction":
            image = pictures.overview[1].image
        elif name.startswith("trick-"):
            image = pictures.tricks[_trick_number(name[6:], len(pictures.tricks)) - 1].image
        else:
            raise NotFound()
        return _image(image, visit)

    async def record(self, request: web.Request) -> web.Response:
        """The deal's record, as ``python -m bot replay`` and ``verify --record`` read it."""
        visit = await self.enter(request)
        replay = await self._replay(visit, request)
        response = web.Response(
            text=json.dumps(replay.record, indent=2, ensure_ascii=False),
            content_type="application/json", charset="utf-8")
        response.headers["Cache-Control"] = _cache(visit)
        response.headers["Content-Disposition"] = \
            f'attachment; filename="deal-{replay.deal_id}.json"'
        return response

    # -- the deal of the day ---------------------------------------------------------------
    async def day(self, request: web.Request) -> web.Response:
        visit = await self.enter(request)
        if (kept := self.kept(visit)) is not None:
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
            names = await self.store.people.names(visit.guild_id,
                                                  [p.score.user_id for p in board.placings])
            for p in board.placings:
                user = p.score.user_id
                placings.append({
                    "rank": p.rank, "name": _name(names.get(user), lang),
                    "href": f"{visit.server_url}/members/{user}" if user in names else None,
                    "chips": signed(p.score.chips),
                    "percent": f"{float(p.percent):.0f} %",
                    "me": user == visit.admission.visitor})
        base = f"{visit.server_url}/daily"
        return self.html(
            visit, "daily.html", section="daily", board=board,
            heading=t("web.daily.title", lang, day=day.isoformat()),
            variant=None if board.variant is None else variant_name(board.variant, lang),
            placings=placings,
            previous=with_query(base, {}, day=(day - timedelta(days=1)).isoformat()),
            next=(with_query(base, {}, day=(day + timedelta(days=1)).isoformat()
                             if day + timedelta(days=1) < today else None)
                  if day < today else None))


def _rating_row(line: RatingLine, names: dict[int, str], member: str,
                viewer: int | None, language: str) -> dict[str, Any]:
    level = computer_level(line.player)
    if level is not None or line.user_id is None:
        name = t("standings.rating.computer", language, level=t(f"level.{level}", language))
        href = None
    else:
        name, href = _name(names.get(line.user_id), language), f"{member}{line.user_id}"
    return {"rank": line.rank, "name": name, "href": href, "score": rating_text(line.rating),
            "deals": line.deals, "declarer": "",
            "me": line.user_id is not None and line.user_id == viewer}


def _filter(name: str, label: str, current: str,
            options: list[tuple[str, str]]) -> dict[str, Any]:
    return {"name": name, "label": label,
            "options": [(value, text, value == current) for value, text in options]}


def _name(name: str | None, language: str) -> str:
    """A member's name as a page shows it (plain text: the template escapes it)."""
    return safe(name, Where.PLAIN) if name else t("web.unnamed", language)


def _when(timestamp: float) -> str:
    return datetime.fromtimestamp(timestamp, UTC).strftime("%Y-%m-%d %H:%M UTC")


def _game(variant: str, contract: str | None, outcome: str, declarer: str | None,
          language: str) -> str:
    name = contract_name(variant, contract, language)
    if outcome in ("ramsch", "thrown_in"):
        return t(f"standings.history.game.{outcome}", language, contract=name)
    return t("web.history.game", language, contract=name,
             who=safe(declarer, Where.PLAIN), result=t(f"standings.result.{outcome}", language))


def _trick_number(text: str, count: int) -> int:
    if not text.isascii() or not text.isdigit() or len(text) > 3:
        raise NotFound("web.error.no_trick")
    number = int(text)
    if not 1 <= number <= count:
        raise NotFound("web.error.no_trick")
    return number


def _picture(src: str, language: str, image: RenderedImage) -> dict[str, Any]:
    return {"src": with_query(src, {IMAGE_LANGUAGE: language}), "alt": image.description,
            "width": image.width, "height": image.height}


def _image_language(request: web.Request) -> str:
    asked = request.query.get(IMAGE_LANGUAGE, "")
    return asked if asked in ("en", "de", "sv") else request[LANGUAGE]


def _cache(visit: Visit | Page) -> str:
    """A members-only page is the visitor's alone: no shared cache keeps it."""
    if isinstance(visit, Visit) and visit.admission.access is WebAccess.MEMBERS:
        return "private, no-store"
    return "no-cache"


def _html(visit: Visit | Page, text: str) -> web.Response:
    response = web.Response(text=text, content_type="text/html", charset="utf-8")
    response.headers["Cache-Control"] = _cache(visit)
    return response


def _image(image: RenderedImage, visit: Visit) -> web.Response:
    response = web.Response(body=image.data, content_type=image.content_type)
    response.headers["Cache-Control"] = (
        "private, no-store" if visit.admission.access is WebAccess.MEMBERS
        else "public, max-age=3600")
    return response

