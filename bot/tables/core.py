"""What every change of a table goes through.

An action is validated by the engine and committed to the store together with the
deadlines of the turn it leads to (:meth:`TableCore.commit`). Every change then runs
the one after-change pipeline (:meth:`TableCore.after_change`): settle a finished deal,
deal the next one or close an ended session (each in its own transaction, also after a
restart, whatever step was interrupted), hand a snapshot to the display, and start the
table's computer players if they have something to do. Call both under the table's
lock; the display renders later, outside it, so a slow Discord never holds up play.
"""

from __future__ import annotations

import dataclasses
import logging
import random
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from bot.engine import (
    Action,
    Deal,
    Ending,
    IllegalAction,
    NotYourTurn,
    SeatView,
    open_announcement,
)
from bot.engine.session import Session
from bot.engine.shuffle import SEED_BYTES
from bot.series.deals import deal_seed
from bot.store import Store, StoreError, TableRow, TableStatus, restore_session

from .arming import arming, turn_key, turn_specs, waiting_seat
from .availability import absences, settle_presence
from .claim_views import claim_state, claimable, ended_by, seen_by
from .computers import ComputerSeats
from .config import TableConfig, series_deal
from .errors import (
    NoTableHere,
    NotHost,
    NotInLobby,
    NotPlaying,
    NotSeated,
    NotYourTurnNow,
    TableBroken,
    TableSuspended,
    logged,
)
from .ids import Stamp
from .live import LiveTable
from .picture import table_picture
from .refusals import refusal
from .registry import TableRegistry, Unrebuildable
from .scheduler import Scheduler
from .spectators import spectator_view, spectators_on
from .state import ClaimState, DealOver, HandContext, Shuffle, TableOver, TableState

if TYPE_CHECKING:
    from .timeouts import TimerNotice

log = logging.getLogger(__name__)


class DisplayPort(Protocol):
    """What the tables need of the display (see :class:`bot.display.display.Display`)."""

    def update(self, state: TableState, events: Sequence[DealOver | TableOver] = (), *,
               repost: bool = False) -> None: ...

    def notice(self, notice: TimerNotice) -> Awaitable[None] | None: ...

    def paused(self, table: TableRow) -> None: ...

    def suspend(self, table_id: int) -> None: ...

    def resume(self, table_id: int) -> None: ...

    async def place_changed(self, table_id: int, reason: str | None) -> None:
        """The table was suspended (``reason``, see :mod:`.places`) or resumed (None)."""

    def taken(self, user_id: int, hand: HandContext) -> None:
        """The engine took the member's own action, which is being stored now: ``hand``
        is their view after it (what their answer will show, once it is stored)."""


@dataclass
class Changes:
    """What a change produced for the display."""

    events: list[DealOver | TableOver] = field(default_factory=list)
    repost: bool = False


class TableCore:
    """The pipeline every change of a table goes through, and finding a live table (one
    that cannot be rebuilt is marked broken). Given the store, the display, the live
    tables and the deadline scheduler; it runs the computer seats."""

    def __init__(self, store: Store, display: DisplayPort, config: TableConfig, *,
                 registry: TableRegistry, scheduler: Scheduler) -> None:
        self.store = store
        self.display = display
        self.config = config
        self.rng = config.rng or random.SystemRandom()
        self.registry = registry
        self.computers = ComputerSeats(config, self.rng, self._computer_plays)
        self.scheduler = scheduler

    # -- finding tables; tables that cannot go on ------------------------------------------
    async def table(self, table_id: int, *, suspended: bool = False) -> LiveTable:
        """The open table ``table_id``; one that cannot be rebuilt is marked broken and
        refused (:class:`TableBroken`), one suspended refused (:class:`TableSuspended`)
        unless ``suspended``."""
        try:
            live = await self.registry.get(table_id)
        except Unrebuildable as error:
            await self.broken(table_id, error.reason)
            raise TableBroken() from None
        if live.suspended is not None and not suspended:
            raise TableSuspended()
        return live

    async def table_in(self, table_id: int, guild_id: int | None, *,
                       suspended: bool = False) -> LiveTable:
        """The open table ``table_id`` if it belongs to the server ``guild_id``: an
        interaction from another server (a crafted id) finds no table."""
        live = await self.table(table_id, suspended=True)
        if live.row.guild_id != guild_id:
            raise NoTableHere("error.table_gone")
        if live.suspended is not None and not suspended:
            raise TableSuspended()
        return live

    async def broken(self, table_id: int, reason: str) -> None:
        """The table cannot go on (a record the engine refuses, a bug): mark it broken,
        forget it, and tell its channel, once. Every other table plays on."""
        log.error("table %d is broken and paused: %s", table_id, reason)
        live = self.registry.peek(table_id)
        if live is not None:
            self.registry.forget(live)
        try:
            row, marked = await self.store.tables.mark_broken(table_id, reason)
        except StoreError:
            log.exception("could not mark table %d broken", table_id)
            return
        if marked:
            self.display.paused(row)

    async def close_broken(self, table_id: int, user_id: int) -> None:
        """The host closes a table marked broken: the deal in play is dropped, no chips
        move; its pot is shared out if its stored session can still be read."""
        row = await self.store.tables.get(table_id)
        if row.broken_reason is None or not row.status.is_open:
            raise NoTableHere("error.table_closed")
        require_host_row(row, user_id)
        session = None
        try:
            state = await self.store.tables.session_state(table_id)
            session = restore_session(state, None) if state else None
        except Exception:  # what broke it may be the session itself
            log.exception("table %d: its session cannot be read; closed without it",
                          table_id)
        if session is not None:  # the deal in play (not in the session state) is dropped
            session.close()
        row = await self.store.tables.close(table_id, session)
        seats = await self.store.tables.seats(table_id)
        names = tuple(next((s.display_name for s in seats if s.seat == i), "")
                      for i in range(int(row.options.get("players", len(seats)))))
        chips = tuple(session.chips) if session is not None else None
        shares = tuple(session.pot_shares) if session and session.pot_shares else None
        self.display.update(closed_state(row, names), [TableOver(table_id, False, names, chips,
                                                                 shares)])

    # -- committing -----------------------------------------------------------------------
    async def commit(self, live: LiveTable, seat: int, action: Action, *,
                     auto: bool = False, member: int | None = None) -> None:
        """Apply ``action`` with the engine, then append it to the log with the next
        turn's deadlines, in one transaction. ``auto``: a substitute's action (the
        member is away after it, unless they declared themselves away: that stays as
        it is; after their own, they are back). ``member``: the member whose own action
        it is; the display is told once the engine took it, before it is stored (to
        start work on their answer: nothing may be shown before the store has it)."""
        deal = live.deal
        assert deal is not None and live.deal_id is not None
        ply, before = deal.ply, turn_key(live)
        # read before the engine changes anything: a failing read leaves memory as stored
        settings = await self.store.settings.for_table(live.table_id)
        try:
            deal.apply(seat, action)
        except NotYourTurn:
            actor = deal.view(seat).actor
            raise NotYourTurnNow(name=live.names()[actor] if actor is not None else "") \
                from None
        except IllegalAction as error:
            raise refusal(error, deal.view(seat), live.style) from None
        if member is not None:
            try:
                self.display.taken(member, hand_of(live, seat))
            except Exception:  # the action is taken: a failing display must not undo it
                log.exception("table %d: the work begun before storing failed",
                              live.table_id)
        row = live.seats.get(seat)
        # a computer's action for a member away by their own choice is no timeout
        timed_out = row.away if row is not None and auto and seat in live.declared_away \
            else auto
        if row is not None and not row.is_computer and row.away != timed_out:
            live.seats[seat] = dataclasses.replace(row, away=timed_out)
        armed = arming(before, turn_key(live), settings, self.config.clock())
        await self.registry.write(live, self.store.deals.append_action(
            live.deal_id, ply, seat, action, auto=auto,
            deadlines=None if armed is None else armed.specs, timed_out=timed_out))
        self.scheduler.wake()
        if self.config.on_turn is not None:
            self.config.on_turn("computer" if row is not None and row.is_computer
                                else "substitute" if auto else "member")

    async def _computer_plays(self, live: LiveTable, seat: int, action: Action,
                              auto: bool) -> None:
        await self.commit(live, seat, action, auto=auto)
        await self.after_change(live)

    # -- the after-change pipeline --------------------------------------------------------
    async def after_change(self, live: LiveTable, changes: Changes | None = None) -> None:
        """Move on (settle, deal, close), show the table, start its computers. A store
        failure while moving on does not undo the change before it: the table is
        reloaded and the scheduler carries it on later (nobody may click)."""
        changes = changes or Changes()
        try:
            await settle_presence(self, live)  # an away period began or ended
            await self.advance(live, changes)
        except StoreError:
            log.exception("table %d could not move on; reloading it", live.table_id)
            await self.registry.reload(live)
            self.scheduler.retry_soon(live.table_id, lambda: self.carry_on(live))
        except Exception as error:  # a bug, or a table that cannot go on: it alone stops
            await self.broken(live.table_id, f"it could not move on: {logged(error)}")
            return
        self.publish(live, changes)
        if live.suspended is None:
            self.computers.kick(live)

    async def carry_on(self, live: LiveTable) -> None:
        """Settle, deal or close what a store failure left undone (the scheduler calls
        this); raises StoreError if the store still refuses."""
        async with live.lock:
            changes = Changes()
            try:
                await self.advance(live, changes)
            except StoreError:
                await self.registry.reload(live)
                raise
            self.publish(live, changes)
            self.computers.kick(live)

    async def advance(self, live: LiveTable, changes: Changes) -> None:
        """Settle a finished deal, deal the next one (with its first turn's deadlines),
        close an ended session."""
        session = live.session
        while session is not None and live.status is TableStatus.PLAYING:
            deal = session.current
            if deal is not None and deal.is_over:
                assert live.deal_id is not None and live.deal_number is not None
                view = deal.public_view()
                stamp = Stamp(live.deal_number, deal.ply)
                session.finish_deal()
                deal_id, live.deal_id = live.deal_id, None
                await self.store.deals.settle(deal_id, deal, session)
                changes.events.append(DealOver(live.table_id, deal_id, stamp, view,
                                               live.names(), deal_chips(session),
                                               ended_by(live, deal_id),
                                               Shuffle.of(live.seed, live.commitment),
                                               hidden=series_deal(live.options) is not None))
                live.seed = live.commitment = None
                continue
            if deal is None:
                series = series_deal(live.options)
                if series is not None and session.deals_played and not session.is_over:
                    session.close()  # a series table plays its one deal
                if session.is_over:  # with the session: its pot is shared out, once
                    live.row = await self.store.tables.close(live.table_id, session)
                    changes.events.append(self.table_over(live))
                    self.registry.forget(live)
                    return
                if series is None:
                    seed = self.rng.randbytes(SEED_BYTES)
                    deal = session.start_deal(seed=seed)
                else:  # the series' deal, its seed kept secret until the series closes
                    deal, seed = await self._series_deal(session, *series), None
                settings = await self.store.settings.for_table(live.table_id)
                row = await self.store.deals.start(live.table_id, deal, deadlines=turn_specs(
                    settings, waiting_seat(live), self.config.clock()), seed=seed)
                live.deal_id, live.deal_number = row.deal_id, row.number
                live.seed, live.commitment = row.seed, row.commitment
                self.scheduler.wake()
                continue
            return

    async def _series_deal(self, session: Session, series_id: int, number: int) -> Deal:
        """Deal ``number`` of the series, as every table and solo run of it deals it
        (:func:`bot.series.deals.series_deal`: seat 1 deals, no pot carried in)."""
        row = await self.store.series.get(series_id)
        return session.start_deal(seed=deal_seed(row.seed, number))

    async def catch_up(self, live: LiveTable) -> None:
        """Finish what an earlier store failure left undone (a deal over but not settled,
        or none dealt), before anyone acts."""
        deal = live.deal
        if deal is None or deal.is_over:
            await self.after_change(live)
            require_playing(live)

    def close(self, live: LiveTable, event: TableOver) -> None:
        """The table was closed (stored): show it and forget it."""
        self.publish(live, Changes([event]))
        self.registry.forget(live)

    async def close_lobby(self, live: LiveTable) -> None:
        """Store the lobby cancelled (no session was played), show it and forget it."""
        live.row = await self.registry.write(live, self.store.tables.close(live.table_id))
        self.close(live, TableOver(live.table_id, True, live.names(), None, None))

    async def close_session(self, live: LiveTable, session: Session) -> None:
        """Store the table closed with its ended ``session`` (the pot shared out where the
        session shared it), show it and forget it."""
        live.row = await self.registry.write(
            live, self.store.tables.close(live.table_id, session))
        self.close(live, self.table_over(live))

    # -- what the display is shown ----------------------------------------------------------
    def publish(self, live: LiveTable, changes: Changes | None = None) -> None:
        if live.suspended is not None:  # its place is gone: nothing is sent there
            return
        if not live.placed and live.status is TableStatus.LOBBY:
            return
        changes = changes or Changes()
        self.display.update(self.state(live), changes.events, repost=changes.repost)

    def state(self, live: LiveTable) -> TableState:
        session, deal = live.session, live.deal
        view = deal.public_view() if deal is not None else None
        kontra = None
        actor_user = None
        if deal is not None and not deal.is_over:
            announcement = open_announcement(deal)
            kontra = announcement.value if announcement is not None else None
            actor = view.actor if view is not None else None
            if actor is not None and actor in live.seats and not live.computer_plays(actor):
                actor_user = live.seats[actor].user_id  # pinged (not while away)
        claim = claim_state(live)
        live.picture = table_picture(live.picture, live.deal_number, view)
        return TableState(
            table_id=live.table_id, guild_id=live.row.guild_id, channel_id=live.row.channel_id,
            thread_id=live.row.thread_id, host_id=live.row.host_id, variant=live.variant,
            options=dict(live.options), status=live.status, players=live.players,
            seats=live.seat_infos(), language=live.language, style=live.style,
            stamp=live.stamp, view=view,
            picture=live.picture.view if live.picture is not None else None,
            chips=tuple(session.chips) if session is not None else None,
            deals_played=session.deals_played if session is not None else 0,
            ending=session.ending if session is not None else Ending.NONE,
            special_left=session.special_left if session is not None else 0,
            end_votes=len(live.end_votes), votes_needed=len(live.voters()) // 2 + 1,
            kontra=kontra, actor_user=actor_user, timed_out=live.timed_out(),
            absences=absences(live, self.config.clock()),
            claim=claim, commitment=live.commitment if live.deal_id else None,
            claimable=claimable(live, view.actor) if view and view.actor is not None else (),
            private=_private(deal, claim),
            spectated=watched(deal) if spectators_on(live.options) else None)

    def table_over(self, live: LiveTable) -> TableOver:
        session = live.session
        chips = tuple(session.chips) if session is not None else None
        shares = tuple(session.pot_shares) if session and session.pot_shares else None
        return TableOver(live.table_id, False, live.names(), chips, shares)


def deal_chips(session: Session) -> tuple[int, ...]:
    """The chips after the deal just booked, by the deals alone: when that deal ended
    the session, the pot it shared out is not in them (the closing summary shows it),
    as the result reads again from the ledger after a restart (:mod:`bot.display.duties`)."""
    shares = session.pot_shares if session.is_over else None
    return tuple(c - (shares[s] if shares else 0) for s, c in enumerate(session.chips))


def hand_of(live: LiveTable, seat: int) -> HandContext:
    """The seat's own view of the deal in play now (the answer to their action)."""
    deal = live.deal
    assert deal is not None
    return HandContext(live.table_id, live.stamp, seat, deal.view(seat), live.names(),
                       live.style, live.language)


def watched(deal: Deal | None) -> Callable[[int], SeatView | None] | None:
    """Each seat's hand one trick behind (of a copy: the deal moves on meanwhile)."""
    if deal is None:
        return None
    copy = deal.copy()
    return lambda seat: spectator_view(copy, seat)


def _private(deal: Deal | None, claim: ClaimState | None) -> Callable[[int], SeatView] | None:
    """Each seat's own view at this moment (of a copy: the deal moves on meanwhile)."""
    if deal is None:
        return None
    copy = deal.copy()
    return lambda seat: seen_by(copy, seat, claim)


def closed_state(row: TableRow, names: tuple[str, ...]) -> TableState:
    """A closed table as the display is shown it (no live table behind it)."""
    return TableState(
        table_id=row.table_id, guild_id=row.guild_id, channel_id=row.channel_id,
        thread_id=row.thread_id, host_id=row.host_id, variant=row.variant,
        options=dict(row.options), status=row.status, players=len(names), seats=(),
        language=None, style="french")


# -- checks -------------------------------------------------------------------------------
def require_placed(live: LiveTable) -> None:
    """A table whose place on Discord went (see :mod:`.places`) takes no change but its
    end (call under the lock: suspending takes it too)."""
    if live.suspended is not None:
        raise TableSuspended()


def seat_of(live: LiveTable, user_id: int) -> int:
    seat = live.seat_of(user_id)
    if seat is None:
        raise NotSeated()
    return seat


def require_host(live: LiveTable, user_id: int) -> None:
    require_host_row(live.row, user_id)


def require_host_row(row: TableRow, user_id: int) -> None:
    if user_id != row.host_id:
        raise NotHost()


def require_lobby(live: LiveTable) -> None:
    if live.status is not TableStatus.LOBBY:
        raise NotInLobby()


def require_playing(live: LiveTable) -> None:
    if live.status is TableStatus.LOBBY:
        raise NotPlaying()
    if live.status is not TableStatus.PLAYING:
        raise NoTableHere("error.table_closed")
