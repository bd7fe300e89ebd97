"""Series: a member's deals against computers, each alone at their own pace, and the
look-ups every entry of :class:`.service.SeriesService` shares (a series of this server,
closed first once its window has passed; a run of this member).

A run is rebuilt from its stored steps on every call (as the deal of the day's:
:class:`bot.daily.run.RunState`), with the same computers, deterministic for the deal
(:class:`bot.daily.computers.Computers`). Each step is committed before anything is
answered; the step that ends a deal records its result in the same transaction.
"""

from __future__ import annotations

import asyncio
import json
import logging
import weakref
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from bot.daily.computers import Computers
from bot.daily.run import RunState, chosen
from bot.engine import Action, IllegalAction
from bot.engine.shuffle import commitment
from bot.store import NotFound, Store
from bot.store.series import (
    FinalLine,
    SeriesNotOpen,
    SeriesRow,
    SeriesRun,
    SeriesRunOver,
    SeriesRunStatus,
    SeriesStatus,
    SeriesStepTaken,
)
from bot.tables.refusals import refusal
from bot.tables.series_tables import SeriesTables

from .config import SeriesConfig
from .deals import deal_header, deal_seed
from .errors import AllPlayed, NoSeries, NotMember, NotYours, Stale, Thinking, WindowClosed
from .models import SeriesInfo, SeriesRunView
from .movement import Movement
from .scoring import SeriesResult, standings
from .spec import Pairing, Scoring, SeriesSpec

#: (never a card, nor a result: an operator may be a member who has not played yet)
log = logging.getLogger(__name__)


def movement_of(spec: SeriesSpec) -> Movement:
    return Movement(spec.pairing, spec.players)


def results_of(rows: Iterable[Sequence[Any]], *, outcome: bool) -> list[SeriesResult]:
    """Stored finished runs (:data:`bot.store.series.RESULT_COLUMNS`) as results;
    ``outcome``: read who declared and whether they won (Seeger-Fabian needs it)."""
    if not outcome:
        return [SeriesResult(u, d, s, c, at) for u, d, s, c, at, _ in rows]
    out = []
    for u, d, s, c, at, text in rows:
        result = json.loads(text)
        out.append(SeriesResult(u, d, s, c, at, result.get("declarer"), result.get("won")))
    return out


def final_lines(spec: SeriesSpec, results: Iterable[SeriesResult]) -> list[FinalLine]:
    return [FinalLine(line.user_id, line.rank, line.total, line.deals)
            for line in standings(results, spec.players, spec.scoring)]



class SeriesPlay:
    """The series service's part that plays a member's deals (and the look-ups it
    shares with the rest, :class:`.service.SeriesService`)."""

    def __init__(self, store: Store, config: SeriesConfig, *,
                 clock: Callable[[], float], levels: tuple[str, ...] = (),
                 tables: SeriesTables | None = None) -> None:
        """``clock``: where the config names none (the tables'); ``levels``: the
        computer levels a series may name; ``tables``: the table service's series
        tables (None: a series that shares tables is refused)."""
        self.store = store
        self.config = config
        self.clock = config.clock or clock
        self.levels = levels
        self.tables = tables
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = \
            weakref.WeakValueDictionary()

    # -- a member's deals --------------------------------------------------------------
    async def play(self, guild_id: int, series_id: int, user_id: int) -> SeriesRunView:
        """The member's next deal of the series: the one they are playing, else the
        first they have not played (the computers' moves still owed made first)."""
        row, spec = await self._series(guild_id, series_id)
        if row.status is not SeriesStatus.OPEN:
            raise WindowClosed()
        member = await self.store.series.member(series_id, user_id)
        if member is None or member.left_at is not None:
            raise NotMember()
        runs = {r.deal: r for r in await self.store.series.runs_of(series_id, user_id)}
        deal = next((d for d in range(1, spec.deals + 1)
                     if d not in runs or runs[d].status is SeriesRunStatus.PLAYING), None)
        if deal is None:
            raise AllPlayed()
        seat = movement_of(spec).seat(movement_of(spec).place_of(member.turn), deal)
        try:
            run = await self.store.series.start_run(series_id, user_id, deal, seat)
        except SeriesNotOpen:
            raise WindowClosed() from None
        async with self._lock(run.run_id):
            run, state = await self._load(run.run_id, row, spec)
            if run.status is SeriesRunStatus.PLAYING:
                run = await self._advance(row, spec, run, state)
            return await self._view(row, spec, run, state)

    async def act(self, guild_id: int, user_id: int, run_id: int, step: int,
                  token: str) -> SeriesRunView:
        """Take the member's action ``token`` (``decline``: let an announcement pass) at
        ``step``, then the computers' moves up to the member's next turn or the end."""
        async with self._lock(run_id):
            row, spec, run = await self._own(guild_id, user_id, run_id)
            if row.status is not SeriesStatus.OPEN:
                raise WindowClosed()
            if run.status is SeriesRunStatus.DROPPED:  # (the member left)
                raise NotMember()
            if run.finished:
                raise Stale()
            run, state = await self._load(run_id, row, spec)
            run = await self._advance(row, spec, run, state)
            if step != state.step or run.status is not SeriesRunStatus.PLAYING:
                raise Stale()
            action = chosen(state, token)
            view = state.view()
            try:
                run = await self._commit(run, state, state.seat, action)
            except IllegalAction as error:
                settings = await self.store.settings.for_guild(guild_id)
                raise refusal(error, view, settings.deck_for(spec.variant)) from None
            run = await self._advance(row, spec, run, state)
            return await self._view(row, spec, run, state, done=action,
                                    declined=action is None)

    async def finished_run(self, guild_id: int, user_id: int, run_id: int) -> SeriesRunView:
        """The member's finished deal (its result and every hand as dealt)."""
        row, spec, run = await self._own(guild_id, user_id, run_id)
        if not run.finished:
            raise Stale()
        run, state = await self._load(run_id, row, spec)
        return await self._view(row, spec, run, state)

    # -- inside ------------------------------------------------------------------------
    def _info(self, row: SeriesRow, spec: SeriesSpec) -> SeriesInfo:
        closed = row.status is SeriesStatus.CLOSED
        return SeriesInfo(
            series_id=row.series_id, guild_id=row.guild_id, channel_id=row.channel_id,
            host_id=row.host_id, title=row.title, spec=spec, status=row.status.value,
            opens_at=row.opens_at, closes_at=row.closes_at,
            commitment=commitment(row.seed), members=row.joined,
            seed=row.seed.hex() if closed else None)

    async def _series(self, guild_id: int, series_id: int) -> tuple[SeriesRow, SeriesSpec]:
        """The series, if it is this server's and not deleted (else nothing of it is
        told); one whose window has passed is closed first."""
        if not 0 < series_id < 2**63:
            raise NoSeries()
        try:
            row = await self.store.series.get(series_id)
        except NotFound:
            raise NoSeries() from None
        if row.guild_id != guild_id or row.status is SeriesStatus.DELETED:
            raise NoSeries()
        spec = SeriesSpec.from_json(row.spec)
        if row.status is SeriesStatus.OPEN and row.closes_at <= self.clock():
            row = await self._close(row, spec)
        return row, spec

    async def _close(self, row: SeriesRow, spec: SeriesSpec) -> SeriesRow:
        """Close the open series ``row``: its standings kept, its seed published."""
        seeger = spec.scoring is Scoring.SEEGER
        rows = await self.store.series.results(row.series_id, outcome=seeger)
        final = final_lines(spec, results_of(rows, outcome=seeger))
        closed, now = await self.store.series.close(row.series_id, final)
        if now:
            log.info("series %d closed: %d members ranked", row.series_id, len(final))
        await self._end_tables(row.series_id, spec)
        return closed

    async def _end_tables(self, series_id: int, spec: SeriesSpec) -> None:
        """The series closed or was deleted: its tables end, their deals in play
        dropped."""
        if spec.pairing is Pairing.TABLES and self.tables is not None:
            ended = await self.tables.end(series_id)
            if ended:
                log.info("series %d: %d of its tables ended", series_id, ended)

    async def _own(self, guild_id: int, user_id: int, run_id: int
                   ) -> tuple[SeriesRow, SeriesSpec, SeriesRun]:
        """The run, if it is this member's in a series of this server."""
        if not 0 < run_id < 2**63:
            raise NotYours()
        try:
            run = await self.store.series.run(run_id)
        except NotFound:
            raise NotYours() from None
        if run.user_id != user_id:
            raise NotYours()
        try:
            row, spec = await self._series(guild_id, run.series_id)
        except NoSeries:
            raise NotYours() from None
        if row.status is not SeriesStatus.OPEN and not run.finished:
            raise WindowClosed()
        return row, spec, await self.store.series.run(run_id)

    def _lock(self, run_id: int) -> asyncio.Lock:
        lock = self._locks.get(run_id)
        if lock is None:
            lock = self._locks[run_id] = asyncio.Lock()
        return lock

    async def _load(self, run_id: int, row: SeriesRow, spec: SeriesSpec
                    ) -> tuple[SeriesRun, RunState]:
        run, steps = await self.store.series.run_with_steps(run_id)
        header = deal_header(spec, row.seed, run.deal)
        return run, RunState.replay(header, run.seat, steps)

    def _computers(self, row: SeriesRow, spec: SeriesSpec, deal: int) -> Computers:
        c = self.config
        return Computers(spec.level, deal_seed(row.seed, deal), samples=c.samples,
                         offload=c.offload, timeout=c.timeout)

    async def _advance(self, row: SeriesRow, spec: SeriesSpec, run: SeriesRun,
                       state: RunState) -> SeriesRun:
        """The computers' moves up to the member's next turn or the end, each stored."""
        computers = self._computers(row, spec, run.deal)
        asked: set[tuple[int, int]] = set()
        while run.status is SeriesRunStatus.PLAYING:
            try:
                move = await computers.next_move(state, asked)
            except TimeoutError:
                raise Thinking() from None
            if move is None:
                break
            seat, action = move
            run = await self._commit(run, state, seat, action)
        return run

    async def _commit(self, run: SeriesRun, state: RunState, seat: int,
                      action: Action | None) -> SeriesRun:
        """Take one step (the engine validates it; None: the member lets an announcement
        pass) and store it; the step that ends the deal finishes the run with it."""
        step, entry, finish = state.take(seat, action)
        try:
            return await self.store.series.append_step(run.run_id, step, entry,
                                                       finish=finish)
        except SeriesStepTaken:
            raise Stale() from None
        except SeriesRunOver:
            raise WindowClosed() from None

    async def _view(self, row: SeriesRow, spec: SeriesSpec, run: SeriesRun,
                    state: RunState, *, done: Action | None = None,
                    declined: bool = False) -> SeriesRunView:
        settings = await self.store.settings.for_guild(row.guild_id)
        played = len(await self.store.series.finished_deals(row.series_id, run.user_id))
        return SeriesRunView(
            series=self._info(row, spec), run_id=run.run_id, deal=run.deal, step=state.step,
            seat=run.seat, view=state.view(), style=settings.deck_for(spec.variant),
            may_decline=state.may_decline(), done=done, declined=declined,
            chips=run.chips if run.finished else None, played=played)
