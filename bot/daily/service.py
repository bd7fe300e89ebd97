"""The deal of the day: the one entry for the cog.

Each server's deal of a day is dealt from a fresh secret seed when its first member asks
for it (the server's usual variant then, the seat every member holds, the computers'
level) and stored, so it is the same deal for every member and after a restart. A member's
run is rebuilt from its stored steps on every call (:class:`RunState`); each step (theirs,
then the computers' that follow, one by one) is committed before anything is answered,
so a run interrupted anywhere carries on from its last stored step. Calls on one run
are serialised by its lock, and the store's compare-and-swap settles any race between
processes. Nothing of a day's cards or results reaches a member who has not finished it:
their own seat's view only, and the day's table only once they have finished.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Callable
from datetime import date, timedelta

from bot.engine import Action, Deal, IllegalAction, make_variant
from bot.engine.shuffle import commitment
from bot.store import NotFound, Store
from bot.store.codec import record_header
from bot.store.daily import DailyDeal, DailyRun, RunOver, StepTaken
from bot.tables.refusals import refusal

from .computers import Computers
from .config import DailyConfig
from .day import day_of, day_text, days_between, monday_of, parse_day
from .errors import DayOver, Finished, NotFinished, NotYet, NotYours, StaleStep, Thinking
from .models import DayBoard, RunView, StreakBoard, WeekBoard
from .run import RunState, chosen
from .scoring import day_table, streak_table, week_table

#: (never a card, nor a result: an operator may be a member who has not played yet)
log = logging.getLogger(__name__)


class DailyService:
    def __init__(self, store: Store, config: DailyConfig, *,
                 clock: Callable[[], float], level: str) -> None:
        """``clock`` and ``level``: where the config names none (the tables')."""
        self.store = store
        self.config = config
        self.clock = config.clock or clock
        self.level = config.level or level
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = \
            weakref.WeakValueDictionary()

    # -- days ------------------------------------------------------------------------------
    def today(self) -> date:
        return day_of(self.clock())

    async def deal_of_today(self, guild_id: int) -> DailyDeal:
        """The server's deal of today, dealt now if nobody has asked for it yet."""
        day = self.today()
        found = await self.store.daily.deal(guild_id, day_text(day))
        if found is not None:
            return found
        settings = await self.store.settings.for_guild(guild_id)
        variant = make_variant(settings.default_variant, None, {})
        seat = self.config.seat % variant.players
        seed = self.config.seeds()
        deal = Deal.new(variant, dealer=day.toordinal() % variant.players, seed=seed)
        stored = await self.store.daily.create_deal(
            guild_id, day_text(day), variant=variant.name, seat=seat, level=self.level,
            seed=seed, header=record_header(deal.to_record()))
        log.info("deal of the day %s of server %d: %s, dealt", stored.day, guild_id,
                 stored.variant)
        return stored

    # -- a member's run --------------------------------------------------------------------
    async def open(self, guild_id: int, user_id: int) -> RunView:
        """The member's run of today's deal: started now, or where they left it (the
        computers' moves still owed, after a restart, made first)."""
        daily = await self.deal_of_today(guild_id)
        run = await self.store.daily.start_run(daily.daily_id, user_id)
        async with self._lock(run.run_id):
            run, state = await self._load(run.run_id, daily)
            if not run.finished:
                run = await self._advance(daily, run, state)
            return await self._view(daily, run, state)

    async def act(self, guild_id: int, user_id: int, run_id: int, step: int,
                  token: str) -> RunView:
        """Take the member's action ``token`` (``decline``: let an announcement pass) at
        ``step``, then the computers' moves up to the member's next turn or the end."""
        async with self._lock(run_id):
            daily, run = await self._own(guild_id, user_id, run_id)
            if run.finished:
                raise Finished()
            self._require_today(daily)
            run, state = await self._load(run_id, daily)
            run = await self._advance(daily, run, state)  # what an interruption left owed
            if step != state.step or run.finished:
                raise StaleStep()
            action = chosen(state, token)
            view = state.view()
            try:
                run = await self._commit(run, state, state.seat, action)
            except IllegalAction as error:
                settings = await self.store.settings.for_guild(guild_id)
                raise refusal(error, view, settings.deck_for(daily.variant)) \
                    from None
            run = await self._advance(daily, run, state)
            return await self._view(daily, run, state, done=action,
                                    declined=action is None)

    async def finished_run(self, guild_id: int, user_id: int, run_id: int) -> RunView:
        """The member's finished run (its result and every hand as dealt)."""
        daily, run = await self._own(guild_id, user_id, run_id)
        if not run.finished:
            raise NotFinished()
        run, state = await self._load(run_id, daily)
        return await self._view(daily, run, state)

    # -- tables ------------------------------------------------------------------------------
    async def day_board(self, guild_id: int, user_id: int | None, day: date) -> DayBoard:
        """A day's table: today's placings only for a member who has finished today's
        deal (everyone else, and a viewer who is nobody in particular, ``None``: a web
        page's visitor who is not signed in, is told how many have played); a past day's
        for everyone."""
        today = self.today()
        if day > today:
            raise NotYet()
        daily = await self.store.daily.deal(guild_id, day_text(day))
        if daily is None:
            return DayBoard(day, day == today, None, 0, 0, 0, (), False)
        count = await self.store.daily.count(daily.daily_id)
        mine = (None if user_id is None
                else await self.store.daily.run_of(daily.daily_id, user_id))
        finished = mine is not None and mine.finished
        visible = day < today or finished
        placings = None
        if visible:
            scores = await self.store.daily.scores(guild_id, daily.day, daily.day)
            placings = tuple(day_table(scores))
        return DayBoard(day, day == today, daily.variant, daily.seat, count.finished,
                        count.playing,
                        placings, finished,
                        seed=daily.seed.hex() if day < today else None,
                        commitment=commitment(daily.seed))

    async def week_board(self, guild_id: int, monday: date) -> WeekBoard:
        """A week's table (Monday to Sunday) over its days that are over: today's deal
        counts once the day is over."""
        monday = monday_of(monday)
        today = self.today()
        if monday > today:
            raise NotYet()
        last = min(monday + timedelta(days=6), today - timedelta(days=1))
        scores = (await self.store.daily.scores(guild_id, day_text(monday), day_text(last))
                  if last >= monday else [])
        days = len(days_between(monday, last)) if last >= monday else 0
        today_deal = await self.store.daily.deal(guild_id, day_text(today))
        played = (await self.store.daily.count(today_deal.daily_id)).finished \
            if today_deal is not None else 0
        return WeekBoard(monday, last if last >= monday else None, tuple(week_table(scores)),
                         days, played, monday == monday_of(today))

    async def streak_board(self, guild_id: int) -> StreakBoard:
        """Members by their best run of consecutive days played (today's included:
        having played is no result)."""
        today = self.today()
        played = await self.store.daily.days_played(guild_id, day_text(today))
        return StreakBoard(today, tuple(streak_table(played, today)))

    # -- inside ----------------------------------------------------------------------------
    def _lock(self, run_id: int) -> asyncio.Lock:
        lock = self._locks.get(run_id)
        if lock is None:
            lock = self._locks[run_id] = asyncio.Lock()
        return lock

    async def _own(self, guild_id: int, user_id: int, run_id: int) -> tuple[DailyDeal, DailyRun]:
        """The run, if it is this member's on this server (else nothing of it is told)."""
        if not 0 < run_id < 2**63:  # (no SQLite integer: a forged id)
            raise NotYours()
        try:
            run = await self.store.daily.run(run_id)
            daily = await self.store.daily.deal_by_id(run.daily_id)
        except NotFound:
            raise NotYours() from None
        if run.user_id != user_id or daily.guild_id != guild_id:
            raise NotYours()
        return daily, run

    def _require_today(self, daily: DailyDeal) -> None:
        if parse_day(daily.day) != self.today():
            raise DayOver()

    async def _load(self, run_id: int, daily: DailyDeal) -> tuple[DailyRun, RunState]:
        run, steps = await self.store.daily.run_with_steps(run_id)
        return run, RunState.replay(daily.header, daily.seat, steps)

    def _computers(self, daily: DailyDeal) -> Computers:
        c = self.config
        return Computers(daily.level, daily.seed, samples=c.samples, offload=c.offload,
                         timeout=c.timeout, on_decision=c.on_decision)

    async def _advance(self, daily: DailyDeal, run: DailyRun, state: RunState) -> DailyRun:
        """The computers' moves up to the member's next turn or the end, each stored."""
        computers = self._computers(daily)
        asked: set[tuple[int, int]] = set()
        while not run.finished:
            try:
                move = await computers.next_move(state, asked)
            except TimeoutError:
                raise Thinking() from None
            if move is None:
                break
            seat, action = move
            run = await self._commit(run, state, seat, action)
        return run

    async def _commit(self, run: DailyRun, state: RunState, seat: int,
                      action: Action | None) -> DailyRun:
        """Take one step in ``state`` (the engine validates it; None: the member lets an
        announcement pass) and store it; the step that ends the deal finishes the run in
        the same transaction."""
        step, entry, finish = state.take(seat, action)
        try:
            stored = await self.store.daily.append_step(run.run_id, step, entry,
                                                        finish=finish)
        except StepTaken:
            raise StaleStep() from None
        except RunOver:
            raise Finished() from None
        if stored.finished:
            log.info("deal of the day: run %d finished after %d steps", run.run_id,
                     stored.steps)
        return stored

    async def _view(self, daily: DailyDeal, run: DailyRun, state: RunState, *,
                    done: Action | None = None, declined: bool = False) -> RunView:
        settings = await self.store.settings.for_guild(daily.guild_id)
        place = None
        finished = 0
        if run.finished:
            scores = await self.store.daily.scores(daily.guild_id, daily.day, daily.day)
            table = day_table(scores)
            finished = len(table)
            place = next((p for p in table if p.score.run_id == run.run_id), None)
        return RunView(
            run_id=run.run_id, step=state.step, day=parse_day(daily.day),
            variant=daily.variant, seat=daily.seat, view=state.view(),
            style=settings.deck_for(daily.variant),
            commitment=commitment(daily.seed), may_decline=state.may_decline(),
            done=done, declined=declined,
            chips=run.chips, place=place, finished_count=finished)
