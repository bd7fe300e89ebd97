"""The table service: the one entry to every table of a bot, for cogs and tools.

It composes the units that run tables: the registry of live tables and the after-change
pipeline (:mod:`.core`), the lobby and seats (:mod:`.lobby`), play and ending
(:mod:`.play`), claims (:mod:`.claims`), the computer seats (:mod:`.computers`), the
timeout policy (:mod:`.timeouts`) and the deadline scheduler that fires it
(:mod:`.scheduler`), and members' own quiet hours and away periods (:mod:`.availability`).
Per table one :class:`asyncio.Lock` serialises the changes (tables run in parallel); a
change is validated by the engine and committed to the store before it is shown or
answered.

After a restart :meth:`TableService.resume` rebuilds every open table by replaying its
record and carries on where it stopped (a deal over but not settled is settled, the next
deal dealt, the table message refreshed). One table that cannot be rebuilt is logged
and left; the others play on.
"""

from __future__ import annotations

import inspect
import logging
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from bot.engine import Action, ActionType, SeatView, deal_from_record
from bot.store import Deadline, DeadlineKind, DealStatus, Store, StoreError, TableNotFound

from .arming import turn_key, turn_specs
from .availability import Availability
from .claims import Claims
from .config import TableConfig
from .core import Changes, DisplayPort, TableCore
from .errors import NoTableHere, TableBroken, TableSuspended, logged
from .ids import Stamp
from .live import LiveTable
from .lobby import Created, Lobby
from .outcomes import ClaimOutcome, EndOutcome, LeaveOutcome
from .places import Places
from .play import ActOutcome, Play
from .scheduler import Scheduler
from .state import HandContext
from .timeouts import TimerNotice, TurnTimeouts
from .watching import Spectated, spectate

log = logging.getLogger(__name__)

__all__ = ["ActOutcome", "Created", "FinishedDeal", "TableConfig", "TableService"]


@dataclass(frozen=True, slots=True)
class FinishedDeal:
    """A settled deal as its result showed it."""

    view: SeatView  # the public view of the finished deal
    number: int
    names: tuple[str, ...]
    style: str


class TableService:
    """Runs every table of one bot. See the module docstring."""

    def __init__(self, store: Store, display: DisplayPort,
                 config: TableConfig | None = None) -> None:
        self.config = config or TableConfig()
        self.store = store
        self.display = display
        #: fires the stored reminders and turn timeouts (started by the bot)
        self.timers = Scheduler(store.deadlines, self._deadline_due, clock=self.config.clock,
                                sleep=self.config.sleep)
        self.core = TableCore(store, display, self.config, self.timers)
        self.lobby = Lobby(self.core)
        self.play = Play(self.core, self.lobby.come_back)
        self.claims = Claims(self.core)
        self.timeouts = TurnTimeouts(self.core, self.claims.refuse)
        #: members' quiet hours and away periods (``/tapp quiet``, ``/tapp away``)
        self.availability = Availability(self.core, self.lobby.come_back)
        #: tables whose place on Discord went (see :mod:`.places`)
        self.places = Places(self.core, self.lobby)

    # -- finding tables (see :class:`TableCore` and :class:`TableRegistry`) -----------------
    async def table(self, table_id: int, *, suspended: bool = False) -> LiveTable:
        return await self.core.table(table_id, suspended=suspended)

    async def table_in(self, table_id: int, guild_id: int | None, *,
                       suspended: bool = False) -> LiveTable:
        return await self.core.table_in(table_id, guild_id, suspended=suspended)

    def find(self, guild_id: int | None, channel_id: int, user_id: int,
             parent_id: int | None = None) -> LiveTable:
        return self.core.tables.find(guild_id, channel_id, user_id, parent_id)

    def located_in(self, channel_id: int) -> LiveTable | None:
        return self.core.tables.located_in(channel_id)

    def peek(self, table_id: int) -> LiveTable | None:
        return self.core.tables.peek(table_id)

    # -- the lobby and seats (see :class:`Lobby`) ------------------------------------------
    async def create_table(self, *, guild_id: int, channel_id: int, host_id: int,
                           host_name: str, variant: str | None, options: Mapping[str, Any],
                           settings: Mapping[str, Any] | None = None,
                           locale_language: str | None = None,
                           in_thread: bool | None = None) -> Created:
        return await self.lobby.create_table(
            guild_id=guild_id, channel_id=channel_id, host_id=host_id, host_name=host_name,
            variant=variant, options=options, settings=settings,
            locale_language=locale_language, in_thread=in_thread)

    async def place(self, table_id: int, thread_id: int | None) -> bool:
        return await self.lobby.place(table_id, thread_id)

    async def leave_thread(self, table_id: int) -> None:
        await self.lobby.leave_thread(table_id)

    async def join(self, table_id: int, user_id: int, name: str) -> int:
        return await self.lobby.join(table_id, user_id, name)

    async def add_computer(self, table_id: int, user_id: int, level: str | None = None) -> int:
        return await self.lobby.add_computer(table_id, user_id, level)

    async def leave(self, table_id: int, user_id: int) -> LeaveOutcome:
        return await self.lobby.leave(table_id, user_id)

    async def start(self, table_id: int, user_id: int) -> None:
        await self.lobby.start(table_id, user_id)

    async def cancel(self, table_id: int, user_id: int) -> None:
        await self.lobby.cancel(table_id, user_id)

    def last_trick(self, live: LiveTable) -> HandContext:
        return self.play.last_trick(live)

    def spectate(self, live: LiveTable, user_id: int, seat: int | None) -> Spectated:
        """A seat's hand one trick behind, for a member not seated (see .spectators)."""
        return spectate(live, user_id, seat)

    # -- a member's own hand and actions (they are here: an away period ends) -------------
    async def hand(self, live: LiveTable, user_id: int) -> HandContext:
        """The member's private view of the deal in play (see :meth:`Play.hand`); a member
        away by their own choice is back."""
        await self.availability.present(live, user_id)
        return await self.play.hand(live, user_id)

    async def act(self, table_id: int, user_id: int, token: str, stamp: Stamp | None = None,
                  *, applied: Callable[[HandContext], object] | None = None) -> ActOutcome:
        """Take the member's action (see :meth:`Play.act`); a member away by their own
        choice is back first."""
        await self.availability.present(await self.core.table(table_id), user_id)
        return await self.play.act(table_id, user_id, token, stamp, applied=applied)

    async def claim(self, table_id: int, user_id: int, kind: str,
                    stamp: Stamp | None = None) -> tuple[ClaimOutcome, HandContext]:
        """The member claims (see :meth:`Claims.claim`); away by their own choice, they
        are back first."""
        await self.availability.present(await self.core.table(table_id), user_id)
        return await self.claims.claim(table_id, user_id, kind, stamp)

    async def decide_claim(self, table_id: int, user_id: int, accept: bool,
                           stamp: Stamp | None = None) -> tuple[ClaimOutcome, HandContext]:
        """The member accepts or refuses a claim (see :meth:`Claims.decide`); away by
        their own choice, they are back first."""
        await self.availability.present(await self.core.table(table_id), user_id)
        return await self.claims.decide(table_id, user_id, accept, stamp)

    # -- start-up and shutdown ----------------------------------------------------------
    async def resume(self) -> int:
        """Rebuild every open table from the store and carry on; returns how many. A
        table that cannot be rebuilt is marked broken and reported (and left alone at
        the next start); it never keeps the others from playing."""
        core = self.core
        count = 0
        opened_all, unreadable = await self.store.tables.load_open_safely()
        for table_id, reason in unreadable:
            await core.broken(table_id, reason)
        for opened in opened_all:
            table_id = opened.table.table_id
            try:
                live = await core.tables.adopt(opened)
                async with live.lock:
                    await core.after_change(live)
                    await self._arm_if_unarmed(live)
            except StoreError:  # the store, not the table: it is tried at the next click
                log.exception("table %d could not be resumed now", table_id)
                continue
            except Exception as error:  # a record the engine no longer accepts, a bug
                await core.broken(table_id, f"it cannot be rebuilt: {logged(error)}")
                continue
            count += live.status.is_open
        return count

    async def _arm_if_unarmed(self, live: LiveTable) -> None:
        """A turn with no pending deadline gets its timeout back. One with no deadline
        at all (a bot stopped before they were stored, or set up without them) is armed
        now; one whose timeout was claimed but never handled (a stop while the loop went
        through a batch it had claimed: a handled timeout always moves the turn on) has
        it pending again, due as it was. A reminder that fired stays fired, and so does
        a timeout older than another deadline of the turn (one the loop claimed as the
        turn moved on, found stale, before the turn came back), or one the settings no
        longer set."""
        key = turn_key(live)
        if key is None:
            return
        deadlines = await self.store.deadlines.for_turn(live.table_id, *key)
        if any(not d.fired for d in deadlines):
            return
        try:
            settings = await self.store.settings.for_table(live.table_id)
            if not deadlines:
                await self.store.deadlines.arm(live.table_id, turn_specs(
                    settings, key[2], self.config.clock()), deal_id=key[0], ply=key[1])
                return
            newest = max(deadlines, key=lambda d: (d.created_at, d.deadline_id))
            if newest.kind is DeadlineKind.TIMEOUT and settings.turn_timeout \
                    and await self.store.deadlines.release(newest, newest.due_at):
                log.warning("table %d: its timeout was claimed but never handled; due"
                            " again", live.table_id)
        except StoreError:
            log.exception("could not set the timers of table %d", live.table_id)
        finally:
            self.timers.wake()

    async def shutdown(self) -> None:
        """Stop the computer players (the store keeps everything)."""
        await self.core.computers.shutdown()

    async def wait_idle(self, table_id: int | None = None) -> None:
        """Wait until no computer player of the table (or of any table) has work."""
        await self.core.computers.wait_idle(table_id)

    def is_idle(self) -> bool:
        return self.core.computers.is_idle()

    async def end(self, table_id: int, user_id: int, *, now: bool = False) -> EndOutcome:
        """Ask to end the table (see :meth:`Play.end`); a table marked broken can only be
        closed, by its host (see :meth:`TableCore.close_broken`); a suspended one is
        ended at once by its host or a seated member (see :meth:`Places.end`)."""
        try:
            return await self.play.end(table_id, user_id, now=now)
        except TableSuspended:
            return await self.places.end(table_id, user_id)
        except TableBroken:
            await self.core.close_broken(table_id, user_id)
            return EndOutcome.CLOSED

    # -- what cogs ask besides the lobby and play ---------------------------------------
    def choices(self, live: LiveTable, user_id: int,
                kinds: Iterable[ActionType]) -> list[Action]:
        """The member's legal actions of the given kinds now (for autocomplete)."""
        return self.play.choices(live, user_id, kinds)

    async def broken_in(self, guild_id: int | None, channel_id: int) -> int | None:
        """The table marked broken whose messages live in this channel or thread, if any
        (it is not live, so :meth:`find` does not know it)."""
        for where in ({"thread_id": channel_id}, {"channel_id": channel_id}):
            rows = [r for r in await self.store.tables.find_open(**where)
                    if r.broken_reason is not None and r.guild_id == guild_id
                    and (r.thread_id == channel_id or r.thread_id is None)]
            if rows:
                return rows[0].table_id
        return None

    async def finished_deal(self, table_id: int, guild_id: int | None,
                            number: int) -> FinishedDeal:
        """A settled deal of a table of this server (open or closed), as its result shows
        it: every hand may be shown now."""
        try:
            table = await self.store.tables.get(table_id)
        except TableNotFound:
            raise NoTableHere("error.table_gone") from None
        if table.guild_id != guild_id:
            raise NoTableHere("error.table_gone")
        deal = next((d for d in await self.store.deals.for_table(table_id)
                     if d.number == number and d.status is DealStatus.SETTLED), None)
        if deal is None:
            raise NoTableHere("error.no_such_deal")
        view = deal_from_record(await self.store.deals.record(deal.deal_id)).public_view()
        ledger = await self.store.ledger.for_deal(deal.deal_id)
        names = {r.seat: r.display_name or "" for r in ledger if r.seat is not None}
        settings = await self.store.settings.for_table(table_id)
        style = settings.deck_for(table.variant)
        return FinishedDeal(view, number, tuple(names.get(s, "") for s in range(view.players)),
                            style)

    async def server_variant(self, guild_id: int) -> str:
        """The variant a server plays where none is named (its ``default_variant``)."""
        return (await self.store.settings.for_guild(guild_id)).default_variant

    async def repost(self, table_id: int) -> None:
        """Post the table message anew at the bottom of its channel."""
        live = await self.table(table_id)
        async with live.lock:
            self.core.publish(live, Changes(repost=True))

    # -- deadlines ------------------------------------------------------------------------
    async def deadline_due(self, deadline: Deadline, *, now: float) -> TimerNotice | None:
        """Act on a fired deadline (see :class:`TurnTimeouts`)."""
        return await self.timeouts.due(deadline, now=now)

    async def _deadline_due(self, deadline: Deadline, now: float) -> None:
        notice = await self.deadline_due(deadline, now=now)
        if notice is None:
            return
        try:
            sent = self.display.notice(notice)
            if inspect.isawaitable(sent):
                await sent
        except Exception:
            log.exception("could not post a %s of table %d", notice.kind, notice.table_id)

