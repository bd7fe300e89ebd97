"""Leagues: the one entry for the league cog.

A server runs at most one league: a ladder of members cut into divisions, each season
(a UTC week from Monday, or a UTC month) every division playing a series of its own
against computers, as any series (:mod:`.service` plays and scores them). The first
season starts at the first week's (or month's) start after the league is made; members
join before it, and a member who joins during a season joins the bottom division's
series at once (one who left and comes back in the same season waits for the next).
:meth:`LeagueService.tick` (the cog's loop, every minute) closes a season once its
divisions' series have closed (their window ends with the season), moves the best of
each division up and the worst down (:func:`.leagues.next_season`) in the transaction
that closes it, and opens the season that holds the present moment, each division's
series opened with its members in one transaction keyed by the season's start (a
restart never opens one twice).
"""

from __future__ import annotations

import dataclasses
import logging
import math
from collections.abc import Callable, Collection, Sequence

from bot.engine.shuffle import commitment
from bot.store import Store
from bot.store.leagues import (
    DivisionRow,
    LeagueMember,
    LeagueNotFound,
    LeagueRow,
    LeagueRunning,
    NewDivision,
    SeasonRow,
    SeasonStatus,
)
from bot.store.series import SeriesStatus
from bot.usertext import clean

from .config import SeriesConfig
from .errors import BadSeries, NoSeries
from .league_errors import AlreadyInLeague, LeagueExists, NoLeague, NotInLeague, NotLeagueHost
from .league_models import (
    DivisionTable,
    Joined,
    LeagueInfo,
    LeagueTable,
    OpenedDivision,
    SeasonInfo,
    SeasonNews,
)
from .league_spec import LeagueSpec, season_bounds, season_divisions
from .leagues import next_season, ranked, zones
from .service import SeriesService
from .spec import DAY, MAX_DAYS

log = logging.getLogger(__name__)

TITLE_MAX = 60  # a division's series title adds the season and division to it


def division_title(title: str, season: int, division: int) -> str:
    """A division's series' title: the league's, its season and division (``S3 D1``)."""
    return f"{title} · S{season} D{division + 1}"


def _season(row: SeasonRow) -> SeasonInfo:
    return SeasonInfo(row.season, row.starts_at, row.ends_at,
                      row.status is SeasonStatus.RUNNING)


class LeagueService:
    def __init__(self, store: Store, series: SeriesService, config: SeriesConfig, *,
                 clock: Callable[[], float]) -> None:
        """``series``: the service its divisions' series are read through; ``config``:
        where their secret seeds come from; ``clock`` gives Unix seconds."""
        self.store = store
        self.series = series
        self.seeds = config.seeds
        self.clock = config.clock or clock
        self.levels = series.levels

    # -- a server's league ---------------------------------------------------------------
    async def create(self, *, guild_id: int, channel_id: int, host_id: int, title: str,
                     spec: LeagueSpec) -> LeagueInfo:
        """Make the server's league (one running at a time: :class:`LeagueExists`)."""
        if self.levels and spec.series.level not in self.levels:
            raise BadSeries("series.error.level", level=spec.series.level)
        title = clean(title, limit=TITLE_MAX)
        if not title:
            raise BadSeries("series.error.title")
        try:
            row = await self.store.leagues.create(guild_id=guild_id, channel_id=channel_id,
                                                  host_id=host_id, title=title,
                                                  spec=spec.to_json())
        except LeagueRunning:
            raise LeagueExists() from None
        log.info("league %d made in server %d: %s, %s", row.league_id, guild_id,
                 spec.series.variant, spec.cadence.value)
        return await self._info(row, spec)

    async def info(self, guild_id: int) -> LeagueInfo:
        row, spec = await self._league(guild_id)
        return await self._info(row, spec)

    async def join(self, guild_id: int, user_id: int, name: str = "") -> Joined:
        """Make the member a member: in the bottom division's series now if a season is
        running (else they start next season)."""
        row, spec = await self._league(guild_id)
        try:
            joined = await self.store.leagues.join(row.league_id, user_id, clean(name))
        except LeagueNotFound:
            raise NoLeague() from None
        if joined is None:
            raise AlreadyInLeague()
        _, series_id = joined
        division = None
        if series_id is not None:
            season = await self.store.leagues.latest_season(row.league_id)
            assert season is not None
            division = next((d.division for d in await self.store.leagues.divisions(
                row.league_id, season.season) if d.series_id == series_id), None)
        return Joined(await self._info(row, spec), series_id, division)

    async def leave(self, guild_id: int, user_id: int) -> LeagueInfo:
        """The member leaves the league and their series of this season (the deal in
        play is not counted; those they finished stay counted in it)."""
        row, spec = await self._league(guild_id)
        if await self.store.leagues.leave(row.league_id, user_id) is None:
            raise NotInLeague()
        return await self._info(row, spec)

    async def end(self, guild_id: int, user_id: int, *, manager: bool = False) -> LeagueInfo:
        """End the league (its maker, or a server manager): no season opens again; the
        running season's series play on to their close."""
        row, spec = await self._league(guild_id)
        if row.host_id != user_id and not manager:
            raise NotLeagueHost()
        if not await self.store.leagues.end(row.league_id):
            raise NoLeague()
        log.info("league %d ended", row.league_id)
        return await self._info(await self.store.leagues.get(row.league_id), spec)

    async def table(self, guild_id: int, viewer: int) -> LeagueTable:
        """Each division of the running season with its standings (totals and deals
        played, as the series' table: no deal's result, no card), and who would go up
        and down if it ended now."""
        row, spec = await self._league(guild_id)
        info = await self._info(row, spec)
        members = await self.store.leagues.members(row.league_id, active=False)
        names = {m.user_id: m.display_name for m in members}
        divisions: list[DivisionTable] = []
        placed: set[int] = set()
        if info.season is not None and info.season.running:
            orders, lines, opened = [], [], []
            rows = await self.store.leagues.divisions(row.league_id, info.season.number)
            for d, now_in in zip(rows, await self._standing(rows, members), strict=True):
                try:
                    board = await self.series.standings(guild_id, d.series_id, viewer)
                except NoSeries:  # deleted by a manager: its members stand unranked
                    board = None
                played = board.lines if board is not None else ()
                orders.append(ranked(now_in, [line.user_id for line in played]))
                lines.append({line.user_id: line for line in played})
                opened.append((d.division, d.series_id, board is not None and not board.final))
                placed.update(now_in)
            for (division, series_id, is_open), order, by_user, (up, down) in zip(
                    opened, orders, lines, zones(orders, spec.movement), strict=True):
                divisions.append(DivisionTable(division, series_id, tuple(order), by_user,
                                               up, down, is_open))
        waiting = tuple(m.user_id for m in members
                        if m.left_at is None and m.user_id not in placed)
        return LeagueTable(info, tuple(divisions), waiting, viewer, names)

    # -- the seasons ---------------------------------------------------------------------
    async def tick(self, guild_ids: Collection[int] | None = None) -> list[SeasonNews]:
        """Close each running league's season whose divisions' series have all closed,
        and open the season that holds the present moment where none has (of
        ``guild_ids`` only: the servers of this process); the news of each."""
        news: list[SeasonNews] = []
        for row in await self.store.leagues.running():
            if guild_ids is not None and row.guild_id not in guild_ids:
                continue
            try:
                news += await self._tick(row)
            except Exception:  # one league's trouble stops no other's seasons
                log.exception("league %d: its season could not be closed or opened",
                              row.league_id)
        return news

    async def _tick(self, row: LeagueRow) -> list[SeasonNews]:
        spec = LeagueSpec.from_json(row.spec)
        now = self.clock()
        out = []
        season = await self.store.leagues.latest_season(row.league_id)
        if season is not None and season.status is SeasonStatus.RUNNING:
            if now < season.ends_at:
                return []
            closed = await self._close_season(row, spec, season)
            if closed is None:
                return []  # its series are still closing
            out.append(closed)
            season = await self.store.leagues.latest_season(row.league_id)
        start, end = season_bounds(spec.cadence, now)
        if start < season_bounds(spec.cadence, row.created_at)[1]:
            return out  # the first season starts at the first start after the making
        if season is not None and season.starts_at >= start:
            return out
        opened = await self._open_season(row, spec, start, end,
                                         season.season + 1 if season else 1)
        if opened is not None:
            out.append(opened)
        return out

    async def _close_season(self, row: LeagueRow, spec: LeagueSpec, season: SeasonRow
                            ) -> SeasonNews | None:
        """Close a season whose series have closed: the divisions of the next season by
        the rule, written with the closing. None while a series is still open."""
        divisions = await self.store.leagues.divisions(row.league_id, season.season)
        members = await self.store.leagues.members(row.league_id, active=False)
        gone = [m.user_id for m in members if m.left_at is not None]
        groups = await self._standing(divisions, members)
        tables: list[list[int]] = []
        for d in divisions:
            if (await self.store.series.get(d.series_id)).status is SeriesStatus.OPEN:
                return None
            final = await self.store.series.final(d.series_id)
            tables.append([f.user_id for f in sorted(final, key=lambda f: (f.rank, f.user_id))])
        placed = {u for g in groups for u in g}
        newcomers = [m.user_id for m in members
                     if m.left_at is None and m.user_id not in placed]
        after = next_season(groups, tables, rules=spec.movement, newcomers=newcomers,
                            gone=gone)
        if not await self.store.leagues.close_season(row.league_id, season.season, after):
            return None
        before = {u: d for d, g in enumerate(groups) for u in g}
        moves = tuple((u, before.get(u), d) for d, g in enumerate(after) for u in g
                      if before.get(u) != d)
        log.info("league %d: season %d closed", row.league_id, season.season)
        info = await self._info(row, spec)
        return SeasonNews(info, dataclasses.replace(_season(season), running=False),
                          moves=moves)

    async def _open_season(self, row: LeagueRow, spec: LeagueSpec, start: int, end: int,
                           number: int) -> SeasonNews | None:
        members = await self.store.leagues.members(row.league_id)
        if not members:
            return None
        kept: dict[int, list[int]] = {}
        for m in members:
            if m.division is not None:
                kept.setdefault(m.division, []).append(m.user_id)
        groups = season_divisions([kept[d] for d in sorted(kept)],
                                  [m.user_id for m in members if m.division is None],
                                  spec.size)
        names = {m.user_id: m.display_name for m in members}
        now = self.clock()
        days = max(1, min(MAX_DAYS, math.ceil((end - now) / DAY)))
        series_spec = dataclasses.replace(spec.series, days=days).to_json()
        new = [NewDivision(division_title(row.title, number, d), series_spec, self.seeds(),
                           [(u, names[u]) for u in group])
               for d, group in enumerate(groups)]
        opened = await self.store.leagues.open_season(
            row.league_id, starts_at=start, ends_at=end, guild_id=row.guild_id,
            channel_id=row.channel_id, host_id=row.host_id, divisions=new)
        if opened is None:
            return None
        season, rows = opened
        log.info("league %d: season %d opened, %d divisions", row.league_id, season.season,
                 len(rows))
        divisions = []
        for d in rows:
            joined = await self.store.series.members(d.series_id)
            seed = (await self.store.series.get(d.series_id)).seed
            divisions.append(OpenedDivision(d.series_id, tuple(m.user_id for m in joined),
                                            commitment(seed)))
        info = await self._info(row, spec)
        assert info.season is not None
        return SeasonNews(info, info.season, divisions=tuple(divisions))

    # -- inside --------------------------------------------------------------------------
    async def _standing(self, divisions: Sequence[DivisionRow],
                        members: Sequence[LeagueMember]) -> list[list[int]]:
        """Who stands in each of a season's ``divisions`` (``members``: the league's,
        left or not, by their place on the ladder), in that order. A member stands in
        the division the league put them in: the first of the season's series they
        joined since they (last) joined the league; one who joined another division's
        series by ``/tapp series join``, or a series before joining the league, is not
        moved by it, and one who is no member (or left) stands in none. One who left
        their division's series alone stays in it (ranked by what they played); one who
        left the league and came back stands in the bottom division's series they
        joined then, or in none this season."""
        league = {m.user_id: m for m in members if m.left_at is None}
        first: dict[int, tuple[float, int]] = {}  # user: (joined the series at, division)
        for index, d in enumerate(divisions):
            for joined in await self.store.series.members(d.series_id):
                found = league.get(joined.user_id)
                if found is None or joined.joined_at < found.joined_at:
                    continue
                here = (joined.joined_at, index)
                first[joined.user_id] = min(first.get(joined.user_id, here), here)
        out: list[list[int]] = [[] for _ in divisions]
        for m in members:  # by their place on the ladder
            if m.user_id in first:
                out[first[m.user_id][1]].append(m.user_id)
        return out

    async def _league(self, guild_id: int) -> tuple[LeagueRow, LeagueSpec]:
        found = await self.store.leagues.running(guild_id)
        if not found:
            raise NoLeague()
        row = found[0]
        return row, LeagueSpec.from_json(row.spec)

    async def _info(self, row: LeagueRow, spec: LeagueSpec) -> LeagueInfo:
        members = await self.store.leagues.members(row.league_id)
        season = await self.store.leagues.latest_season(row.league_id)
        now = self.clock()
        start, end = season_bounds(spec.cadence, now)
        first = season_bounds(spec.cadence, row.created_at)[1]
        if season is not None and season.status is SeasonStatus.RUNNING:
            next_start = season.ends_at
        elif start >= first and (season is None or season.starts_at < start):
            next_start = now  # opened at the loop's next turn
        else:
            next_start = max(end, first)
        return LeagueInfo(row.league_id, row.guild_id, row.channel_id, row.host_id,
                          row.title, spec, row.status.value == "running", len(members),
                          _season(season) if season else None, next_start)
