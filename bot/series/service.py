"""Series: the one entry for the cog.

A series opens with its definition (:mod:`.spec`) and a fresh secret seed whose
commitment is shown at once; its deals are fixed by that seed (:mod:`.deals`). Members
join (their turn to join fixes their place, :mod:`.movement`) and play its deals in
order at their own pace while its window is open, each deal alone against computer
players (as the deal of the day: a run rebuilt from its stored steps on every call,
:class:`bot.daily.run.RunState`; the same computers, deterministic for the deal,
:class:`bot.daily.computers.Computers`). Each step is committed before anything is
answered; the step that ends a deal records its result in the same transaction. When
the window has passed (or the host closes it) the series closes: deals in play are
dropped, the standings are kept and the seed is published.

Nothing of a deal reaches a member before they play it: a run shows its own seat's
view only, the table shows totals (no deal's result), a member's page only their own
deals. A series of another server, a deleted one or a forged id is answered as none.

A member's deals against computers are played by the base class, :mod:`.play`.
"""

from __future__ import annotations

import logging
from collections.abc import Collection

from bot.i18n import DEFAULT as DEFAULT_LANGUAGE
from bot.settings import validate as validate_settings
from bot.store import InvalidTransition, SeatTaken, TableStatus
from bot.store.series import (
    AlreadyJoined,
    NewSeriesTable,
    SeriesNotOpen,
    SeriesRow,
    SeriesRun,
    SeriesRunStatus,
    SeriesStatus,
)
from bot.tables.config import LEVEL_OPTION, SERIES_DEAL_OPTION, SERIES_OPTION
from bot.tables.lobby import seat_name
from bot.usertext import clean

from .errors import (
    AllPlayed,
    AlreadyMember,
    BadSeries,
    LeagueSeries,
    NoSeries,
    NotHost,
    NotMember,
    Stale,
    WindowClosed,
)
from .models import MemberDeal, MemberPage, SeriesInfo, SeriesSeat, Standings
from .play import SeriesPlay, movement_of, results_of
from .scoring import deal_scores, standings
from .spec import Pairing, Scoring, SeriesSpec

#: (never a card, nor a result: an operator may be a member who has not played yet)
log = logging.getLogger(__name__)

TITLE_MAX = 80


class SeriesService(SeriesPlay):
    """A series opened, joined, left, closed or deleted; its shared tables; its
    standings and members' pages (their deals against computers: :class:`.play.SeriesPlay`)."""

    # -- series ------------------------------------------------------------------------
    async def open(self, *, guild_id: int, channel_id: int, host_id: int, title: str,
                   spec: SeriesSpec) -> SeriesInfo:
        """Open a series: its seed drawn now, its commitment in the answer."""
        if spec.pairing is not Pairing.COMPUTERS and self.tables is None:
            raise BadSeries("series.error.tables")
        if self.levels and spec.level not in self.levels:
            raise BadSeries("series.error.level", level=spec.level)
        title = clean(title, limit=TITLE_MAX)
        if not title:
            raise BadSeries("series.error.title")
        seed = self.config.seeds()
        row = await self.store.series.create(
            guild_id=guild_id, channel_id=channel_id, host_id=host_id, title=title,
            spec=spec.to_json(), seed=seed, window=spec.window)
        log.info("series %d opened in server %d: %s, %d deals", row.series_id, guild_id,
                 spec.variant, spec.deals)
        return self._info(row, spec)

    async def info(self, guild_id: int, series_id: int) -> SeriesInfo:
        row, spec = await self._series(guild_id, series_id)
        return self._info(row, spec)

    async def of_guild(self, guild_id: int, *, open_only: bool = False) -> list[SeriesInfo]:
        """The server's series (not deleted), newest first (those due closed first)."""
        await self.close_due({guild_id})
        rows = await self.store.series.of_guild(guild_id, open_only=open_only)
        return [self._info(r, SeriesSpec.from_json(r.spec)) for r in rows]

    async def join(self, guild_id: int, series_id: int, user_id: int,
                   name: str = "") -> SeriesInfo:
        """Make the member a member (``name``: theirs, as the table's image shows it)."""
        row, spec = await self._series(guild_id, series_id)
        if row.status is not SeriesStatus.OPEN:
            raise WindowClosed()
        if await self.store.leagues.division_of(series_id) is not None:
            raise LeagueSeries()  # the league seats its members in its divisions' series
        try:
            await self.store.series.join(series_id, user_id, clean(name))
        except AlreadyJoined:
            raise AlreadyMember() from None
        except SeriesNotOpen:
            raise WindowClosed() from None
        return await self.info(guild_id, series_id)

    async def leave(self, guild_id: int, series_id: int, user_id: int) -> SeriesInfo:
        """The member leaves: the deal they are playing and those they have not played
        are not counted; the deals they finished stay counted."""
        row, spec = await self._series(guild_id, series_id)
        member = await self.store.series.member(series_id, user_id)
        if member is None or member.left_at is not None:
            raise NotMember()
        if row.status is not SeriesStatus.OPEN:
            raise WindowClosed()
        await self.store.series.leave(series_id, user_id)
        return self._info(row, spec)

    async def close(self, guild_id: int, series_id: int, user_id: int, *,
                    manager: bool = False) -> SeriesInfo:
        """The host closes the series before its window ends (or a server manager,
        ``manager``: an absent host blocks nothing)."""
        row, spec = await self._series(guild_id, series_id)
        if row.host_id != user_id and not manager:
            raise NotHost()
        if row.status is not SeriesStatus.OPEN:
            raise WindowClosed()
        row = await self._close(row, spec)
        return self._info(row, spec)

    async def delete(self, guild_id: int, series_id: int, user_id: int, *,
                     manager: bool = False) -> None:
        """The host (or a server manager, ``manager``) deletes the series: deals in play
        are dropped, nothing is counted, and it is answered as none from now on (its
        stored runs stay, for the audit)."""
        row, spec = await self._series(guild_id, series_id)
        if row.host_id != user_id and not manager:
            raise NotHost()
        if row.status is SeriesStatus.OPEN:
            await self.store.series.close(series_id, (), delete=True)
            await self._end_tables(series_id, spec)
        elif row.status is SeriesStatus.CLOSED:
            raise WindowClosed()
        log.info("series %d deleted by %s", series_id,
                 "its host" if row.host_id == user_id else "a server manager")

    async def close_due(self, guild_ids: Collection[int] | None = None) -> list[SeriesInfo]:
        """Close every series whose window has passed (of ``guild_ids`` only: the
        servers of this process); the ones closed now."""
        out = []
        for row in await self.store.series.due(self.clock()):
            if guild_ids is not None and row.guild_id not in guild_ids:
                continue
            spec = SeriesSpec.from_json(row.spec)
            closed = await self._close(row, spec)
            if closed.status is SeriesStatus.CLOSED:
                out.append(self._info(closed, spec))
        return out

    # -- shared tables (Pairing.TABLES: the table service plays the deals) ----------------
    async def take_seat(self, guild_id: int, series_id: int, user_id: int,
                        name: str = "", *, thread: bool = False) -> SeriesSeat:
        """Seat the member for their next deal of a series that shares tables: the
        table they are seated at already, else the seat the movement gives them on
        their first deal not played, at a table of that deal still forming (a new one
        if none has that seat free). ``thread``: a new table waits for its own thread
        (:attr:`SeriesSeat.to_place`: the caller makes it and places the table there,
        :meth:`bot.tables.lobby.Lobby.place`). See docs/series.md, "Shared tables"."""
        row, spec = await self._series(guild_id, series_id)
        if spec.pairing is not Pairing.TABLES or self.tables is None:
            raise NoSeries()
        if row.status is not SeriesStatus.OPEN:
            raise WindowClosed()
        member = await self.store.series.member(series_id, user_id)
        if member is None or member.left_at is not None:
            raise NotMember()
        for _ in range(3):  # (a racing member may take the seat first: try again)
            runs = {r.deal: r for r in await self.store.series.runs_of(series_id, user_id)}
            at = next((r for r in runs.values() if r.status is SeriesRunStatus.PLAYING
                       and r.table_id is not None), None)
            if at is not None:
                return await self._seat_view(row, spec, at, already=True)
            deal = next((d for d in range(1, spec.deals + 1) if d not in runs), None)
            if deal is None:
                raise AllPlayed()
            move = movement_of(spec)
            seat = move.seat(move.place_of(member.turn), deal)
            try:
                seated = await self.tables.seat(
                    series_id=series_id, deal=deal, user_id=user_id,
                    name=seat_name(name or member.display_name), seat=seat,
                    new=await self._new_table(row, spec, deal), thread=thread)
            except SeriesNotOpen:
                raise WindowClosed() from None
            except (AlreadyJoined, SeatTaken, InvalidTransition):
                continue
            return SeriesSeat(self._info(row, spec), deal, seat, seated.table_id,
                              seated.started, seated.members, seated.players,
                              thread_id=seated.thread_id, to_place=seated.to_place)
        raise Stale()

    async def start_waiting(self, guild_ids: Collection[int] | None = None) -> int:
        """Start the series tables that waited long enough for members (the config's
        ``table_wait``; of ``guild_ids`` only: the servers of this process): computers
        take their empty seats."""
        if self.tables is None:
            return 0
        return await self.tables.start_waiting(self.config.table_wait, guild_ids)

    async def _seat_view(self, row: SeriesRow, spec: SeriesSpec, run: SeriesRun, *,
                         already: bool) -> SeriesSeat:
        assert run.table_id is not None
        table = await self.store.tables.get(run.table_id)
        seats = await self.store.tables.seats(run.table_id)
        members = sum(1 for s in seats if not s.is_computer)
        return SeriesSeat(self._info(row, spec), run.deal, run.seat, run.table_id,
                          table.status is not TableStatus.LOBBY, members, spec.players,
                          already=already, thread_id=table.thread_id)

    async def _new_table(self, row: SeriesRow, spec: SeriesSpec, deal: int) -> NewSeriesTable:
        """A table for ``deal`` of the series, in its channel, in the server's language."""
        settings = await self.store.settings.for_guild(row.guild_id)
        language = settings.language if settings.language != "auto" else DEFAULT_LANGUAGE
        options = {"players": spec.players, **dict(spec.options),
                   LEVEL_OPTION: spec.level, SERIES_OPTION: row.series_id,
                   SERIES_DEAL_OPTION: deal}
        return NewSeriesTable(row.guild_id, row.channel_id, spec.variant, options,
                              validate_settings({"language": language}, table=True))

    # -- tables ------------------------------------------------------------------------
    async def standings(self, guild_id: int, series_id: int, viewer: int) -> Standings:
        """The series table: totals and deals played (no deal's result, no card)."""
        row, spec = await self._series(guild_id, series_id)
        seeger = spec.scoring is Scoring.SEEGER
        rows = await self.store.series.results(series_id, outcome=seeger)
        lines = standings(results_of(rows, outcome=seeger), spec.players, spec.scoring)
        names = {m.user_id: m.display_name for m in await self.store.series.members(series_id)}
        return Standings(self._info(row, spec), tuple(lines), viewer,
                         row.status is SeriesStatus.CLOSED, names)

    async def page(self, guild_id: int, series_id: int, user_id: int) -> MemberPage:
        """The member's own deals: the seat they held, their chips and their score on
        each (compared with everyone who has played it so far)."""
        row, spec = await self._series(guild_id, series_id)
        member = await self.store.series.member(series_id, user_id)
        if member is None:
            raise NotMember()
        rows = await self.store.series.results(series_id)
        results = results_of(rows, outcome=True)
        scores = {s.result.deal: s for s in deal_scores(results, spec.players)
                  if s.result.user_id == user_id}
        runs = {r.deal: r for r in await self.store.series.runs_of(series_id, user_id)}
        move = movement_of(spec)
        place = move.place_of(member.turn)
        deals = []
        for deal in range(1, spec.deals + 1):
            run = runs.get(deal)
            score = scores.get(deal)
            deals.append(MemberDeal(
                deal, run.seat if run else move.seat(place, deal),
                run.status.value if run else "", run.chips if run else None,
                score.matchpoints if score else None, score.rivals if score else 0,
                score.percent if score else None, score.seeger if score else None))
        line = next((li for li in standings(results, spec.players, spec.scoring)
                     if li.user_id == user_id), None)
        return MemberPage(self._info(row, spec), user_id, tuple(deals), line,
                          member.left_at is not None)

