"""A server's series: the list, a series' standings, a signed-in member's own deals, and
the replay of a deal a member has finished.

The standings and a member's page are the series service's own answers (the bot's
table and ``/tapp series me``), asked with a clock that never moves: the web process
never closes a series (a write; the bot closes it as its window passes), so until the
bot has, a series is shown as open, its deals hidden.

Hidden information: while a series is open its standings show totals and deals played
only (no deal's result), as the bot's table does; the replay of a deal (its page,
pictures and record) is served only to the signed-in member who played it, and only
once they have finished it; every other visitor (a member who has not played it, an
outsider, a signed-out visitor) gets the same "not found" as for no deal at all. Once
the series is closed its seed is published and every finished deal is open to whoever
may see the server's pages.
"""

from __future__ import annotations

from fractions import Fraction

from aiohttp import web

from bot.daily.run import RunState
from bot.engine import TappError
from bot.i18n import signed, t
from bot.series.config import SeriesConfig
from bot.series.deals import deal_header
from bot.series.errors import SeriesError
from bot.series.models import SeriesInfo
from bot.series.service import SeriesService
from bot.series.spec import Scoring, SeriesSpec
from bot.standings.models import DealReplay
from bot.standings.words import variant_name
from bot.store import DealStatus
from bot.store import NotFound as StoreNotFound
from bot.store.series import SeriesRun, SeriesStatus

from ..access import known_id
from ..errors import NotFound, SignInNeeded
from .replay import Replays
from .shared import Site, Visit, shown_name, when


def never() -> float:
    """The series service's clock for the web: no window has passed (the bot closes
    series; the web process never writes)."""
    return 0.0


class SeriesPages:
    """``/servers/{guild}/series`` and below."""

    def __init__(self, site: Site, replays: Replays) -> None:
        self.site = site
        self.replays = replays
        self.series = SeriesService(site.store, SeriesConfig(offload=False), clock=never)

    async def _info(self, visit: Visit, request: web.Request) -> SeriesInfo:
        series_id = known_id(request.match_info["series"])
        try:
            return await self.series.info(visit.guild_id, series_id)
        except SeriesError:  # unknown, another server's, deleted: the same
            raise NotFound("web.error.no_series") from None

    # -- the list ----------------------------------------------------------------------
    async def list(self, request: web.Request) -> web.Response:
        site = self.site
        visit = await site.enter(request)
        if (kept := site.kept(visit)) is not None:
            return kept
        lang = visit.language
        rows = [{
            "href": f"{visit.server_url}/series/{i.series_id}", "id": i.series_id,
            "title": i.title, "variant": variant_name(i.spec.variant, lang),
            "deals": i.spec.deals, "members": i.members,
            "status": t(f"series.status.{i.status}", lang),
            "until": when(i.closes_at),
        } for i in await self.series.of_guild(visit.guild_id)]
        return site.html(visit, "series_list.html", section="series",
                         heading=t("series.list.title", lang), rows=rows)

    # -- the standings -----------------------------------------------------------------
    async def standings(self, request: web.Request) -> web.Response:
        site = self.site
        visit = await site.enter(request)
        if (kept := site.kept(visit)) is not None:
            return kept
        info = await self._info(visit, request)
        lang = visit.language
        board = await self.series.standings(visit.guild_id, info.series_id,
                                            visit.admission.visitor or 0)
        scoring = info.spec.scoring
        lines = [{
            "rank": line.rank,
            "name": shown_name(board.names.get(line.user_id), lang),
            "total": total_text(line.total, scoring, lang),
            "deals": line.deals,
            "average": total_text(line.average, scoring, lang),
            "me": line.user_id == visit.admission.visitor,
        } for line in board.lines]
        base = f"{visit.server_url}/series/{info.series_id}"
        return site.html(
            visit, "series.html", section="series", info=info,
            heading=t("series.table.title", lang, id=info.series_id, title=info.title),
            facts=_facts(info, lang), lines=lines, final=board.final,
            me=f"{base}/me" if visit.admission.visitor is not None else None,
            closes=when(info.closes_at))

    # -- a member's own deals ----------------------------------------------------------
    async def me(self, request: web.Request) -> web.Response:
        site = self.site
        visit = await site.enter(request)
        visitor = visit.admission.visitor
        if visitor is None:
            raise SignInNeeded()
        info = await self._info(visit, request)
        lang = visit.language
        try:
            page = await self.series.page(visit.guild_id, info.series_id, visitor)
        except SeriesError:  # not a member of the series
            raise NotFound("web.error.series_member") from None
        runs = {r.deal: r for r in await site.store.series.runs_of(info.series_id, visitor)}
        base = f"{visit.server_url}/series/{info.series_id}"
        closed = info.status == SeriesStatus.CLOSED.value
        deals = []
        for d in page.deals:
            run = runs.get(d.deal)
            finished = d.status == "finished" and run is not None
            href = f"{base}/runs/{run.run_id}" if finished and run else None
            if run is not None and run.table_id is not None:
                # played at a shared table: the table's deal, shown once the series
                # has closed (bot.standings.StandingsService.replay)
                href = await self._table_deal(visit, run.table_id) if closed else None
            deals.append({
                "deal": d.deal, "seat": d.seat + 1,
                "status": t(f"web.series.deal.{d.status or 'waiting'}", lang),
                "chips": signed(d.chips) if d.chips is not None else "",
                "matchpoints": "" if d.matchpoints is None
                else t("web.series.matchpoints", lang, points=d.matchpoints,
                       of=2 * d.rivals),
                "score": score_text(d.percent, d.seeger, info.spec.scoring, lang),
                "href": href if finished else None,
            })
        line = page.line
        return site.html(
            visit, "series_me.html", section="series", info=info,
            heading=t("series.me.title", lang, id=info.series_id, title=info.title),
            deals=deals, left=page.left, series_href=base,
            total=None if line is None else t(
                "series.me.total", lang, rank=line.rank,
                total=total_text(line.total, info.spec.scoring, lang),
                deals=t("series.deals.1" if line.deals == 1 else "series.deals", lang,
                        n=line.deals)))

    async def _table_deal(self, visit: Visit, table_id: int) -> str | None:
        """The address of a shared table's settled deal (one deal a table)."""
        settled = [d for d in await self.site.store.deals.for_table(table_id)
                   if d.status is DealStatus.SETTLED]
        return f"{visit.server_url}/deals/{settled[0].deal_id}" if settled else None

    # -- a finished deal ---------------------------------------------------------------
    async def _replay(self, visit: Visit, request: web.Request
                      ) -> tuple[SeriesInfo, SeriesRun, DealReplay]:
        """The run of the path, if this visitor may see it (else the "no deal" page)."""
        info = await self._info(visit, request)
        run_id = known_id(request.match_info["run"])
        try:
            run, steps = await self.site.store.series.run_with_steps(run_id)
        except StoreNotFound:
            raise NotFound("web.error.no_deal") from None
        open_to_all = info.status == SeriesStatus.CLOSED.value
        if run.series_id != info.series_id or not run.finished or run.table_id is not None \
                or not (
                open_to_all or run.user_id == visit.admission.visitor):
            raise NotFound("web.error.no_deal")
        row = await self.site.store.series.get(info.series_id)
        spec = SeriesSpec.from_json(row.spec)
        try:
            state = RunState.replay(deal_header(spec, row.seed, run.deal), run.seat, steps)
        except (TappError, ValueError):
            raise NotFound("web.error.no_deal") from None
        outcome = state.deal.outcome()
        if outcome is None:
            raise NotFound("web.error.no_deal")
        member = await self.site.store.series.member(info.series_id, run.user_id)
        name = member.display_name if member is not None and member.display_name else None
        lang = visit.language
        names = tuple(shown_name(name, lang) if seat == run.seat
                      else t("computer.name", lang, n=seat + 1)
                      for seat in range(spec.players))
        settings = visit.admission.settings
        pot = -sum(outcome.payments)
        replay = DealReplay(
            deal_id=run.run_id, guild_id=visit.guild_id, variant=spec.variant,
            record=state.deal.to_record(), result=dict(run.result or {}), names=names,
            user_ids=(None,) * spec.players, chips=tuple(outcome.payments),
            pot_change=pot or None, ended_at=run.finished_at or run.started_at,
            deck_style=settings.deck_for(spec.variant))
        return info, run, replay

    def _base(self, visit: Visit, info: SeriesInfo, run: SeriesRun) -> str:
        return f"{visit.server_url}/series/{info.series_id}/runs/{run.run_id}"

    async def run(self, request: web.Request) -> web.Response:
        visit = await self.site.enter(request)
        info, run, replay = await self._replay(visit, request)
        lang = visit.language
        return await self.replays.deal_page(
            visit, replay, self._base(visit, info, run), kind="series",
            heading=t("web.series.run.title", lang, title=info.title, deal=run.deal,
                      deals=info.spec.deals, name=replay.names[run.seat]),
            series_href=f"{visit.server_url}/series/{info.series_id}")

    async def trick(self, request: web.Request) -> web.Response:
        visit = await self.site.enter(request)
        info, run, replay = await self._replay(visit, request)
        return await self.replays.trick_page(visit, replay, self._base(visit, info, run),
                                             request.match_info["trick"], kind="series",
                                             title=str(run.deal))

    async def image(self, request: web.Request) -> web.Response:
        visit = await self.site.enter(request)
        info, _, replay = await self._replay(visit, request)
        return await self.replays.image(visit, replay, request, kind="series",
                                        public=info.status == SeriesStatus.CLOSED.value)

    async def record(self, request: web.Request) -> web.Response:
        visit = await self.site.enter(request)
        info, run, replay = await self._replay(visit, request)
        return self.replays.record_file(
            visit, replay, name=f"series-{info.series_id}-deal-{run.deal}-{run.run_id}")


def _facts(info: SeriesInfo, language: str) -> list[tuple[str, str]]:
    spec = info.spec
    facts = [
        (t("web.series.variant", language), variant_name(spec.variant, language)),
        (t("web.series.deals", language), str(spec.deals)),
        (t("web.series.members", language), str(info.members)),
        (t("web.series.scoring", language), t(f"web.series.scoring.{spec.scoring.value}",
                                               language)),
        (t("web.series.status", language), t(f"series.status.{info.status}", language)),
    ]
    return facts


def total_text(total: Fraction, scoring: Scoring, language: str) -> str:
    """A total (or an average) as the bot's table shows it: a percentage sum for
    matchpoints, points for Seeger-Fabian."""
    number = float(total)
    if scoring is Scoring.MATCHPOINTS:
        text = f"{number:.0f}" if abs(number - round(number)) < 0.05 else f"{number:.1f}"
        return t("daily.percent", language, n=text.replace(".", t("daily.decimal",
                                                                   language)))
    return t("series.points.1" if number == 1 else "series.points", language,
             n=f"{number:g}")


def score_text(percent: Fraction | None, seeger: int | None, scoring: Scoring,
               language: str) -> str:
    if scoring is Scoring.MATCHPOINTS:
        return "" if percent is None else total_text(percent, scoring, language)
    return "" if seeger is None else total_text(Fraction(seeger), scoring, language)
