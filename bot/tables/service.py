"""The table service: every change to a table goes through here.

Per table one :class:`asyncio.Lock` serialises the changes (tables run in parallel).
A change is validated by the engine, committed to the store, and only then shown: the
service hands a snapshot to the display and returns to the caller, who answers the
user. Computer players act in a task per table; deals follow one another until the
session ends (its own ending, the host, or a vote of the seated players).

After a restart :meth:`TableService.resume` rebuilds every open table by replaying its
record and carries on where it stopped (a deal over but not settled is settled, the next
deal dealt, the table message refreshed).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import inspect
import logging
import random
import time
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from bot.ai import OPTIONAL, levels, make_player, runner
from bot.engine import (
    VARIANTS,
    Action,
    ActionType,
    Deal,
    IllegalAction,
    InvalidRecord,
    NotYourTurn,
    TappError,
)
from bot.engine.session import SESSION_OPTIONS, Ending, Session
from bot.i18n import DEFAULT as DEFAULT_LANGUAGE
from bot.i18n import language_of, t
from bot.i18n.errors import InLanguage
from bot.i18n.names import NAMES
from bot.store import (
    Deadline,
    DeadlineKind,
    DeckStyle,
    OpenTable,
    StoreError,
    TableMode,
    TableNotFound,
    TableStatus,
    TimeoutPolicy,
    restore_session,
)
from bot.store import Store as StoreType
from bot.store.settings import validate as validate_settings

from .errors import (
    BadOptions,
    NoTableHere,
    NotHost,
    NotInLobby,
    NotPlaying,
    NotSeated,
    NotYourTurnNow,
    Refused,
    StaleClick,
    TableError,
    TableFull,
)
from .ids import Stamp
from .live import LiveTable
from .refusals import refusal
from .state import DealOver, HandContext, TableOver, TableState
from .timers import ABANDONED, REMINDER, SUBSTITUTE, TableTimers, TimerNotice, turn_key
from .words import home_style

log = logging.getLogger(__name__)

#: the table option naming its computer players' level (not an option of the game)
LEVEL_OPTION = "computer_level"
#: options that a deal never takes from the table (set by the session itself)
_INTERNAL_OPTIONS = {"closing_ramsch", "forced_ramsch"}
_KONTRAS = (ActionType.KONTRA, ActionType.REKONTRA)
_CARD_ACTIONS = (ActionType.PLAY, ActionType.GIVE, ActionType.CALL, ActionType.DISCARD)


class DisplayPort(Protocol):
    """What the service needs of the display (see :class:`bot.tables.display.Display`)."""

    def update(self, state: TableState, events: Sequence[DealOver | TableOver] = (), *,
               repost: bool = False) -> None: ...


@dataclass(frozen=True)
class TableConfig:
    """How the service runs tables. ``rng`` shuffles and seats the first dealer
    (``random.SystemRandom()`` when None); ``ai_seed`` makes computer players
    reproducible (tests); ``computer_pause`` is the pause before each computer action;
    ``computer_level`` the level of computer players where a table does not choose one
    (its ``computer_level`` option)."""

    computer_pause: float = 1.0
    computer_level: str = "normal"
    clock: Callable[[], float] = time.time
    rng: random.Random | None = None
    ai_seed: int | None = None
    observers: tuple[Callable[..., None], ...] = ()
    #: called (and awaited, if it returns an awaitable) after each action is committed,
    #: before it is shown or answered: tests use it to stop or slow a bot exactly there
    after_commit: Callable[[int, Stamp], Awaitable[None] | None] | None = None


@dataclass(frozen=True, slots=True)
class ActOutcome:
    """An action taken: what it was and the player's view right after it."""

    action: Action
    hand: HandContext
    deal_over: bool


@dataclass(frozen=True, slots=True)
class Created:
    table_id: int
    state: TableState


@dataclass
class _Changes:
    """What a change produced for the display."""

    events: list[DealOver | TableOver] = field(default_factory=list)
    repost: bool = False


class TableService:
    """Runs every table of one bot. See the module docstring."""

    def __init__(self, store: StoreType, display: DisplayPort,
                 config: TableConfig | None = None) -> None:
        self.store = store
        self.display = display
        self.config = config or TableConfig()
        self._rng = self.config.rng or random.SystemRandom()
        self._tables: dict[int, LiveTable] = {}
        self._loading: dict[int, asyncio.Lock] = {}
        self._closing = False
        #: the turn timers, once a :class:`TableTimers` is made for this service
        self.timers: TableTimers | None = None

    # -- start-up and shutdown ----------------------------------------------------------
    async def resume(self) -> int:
        """Rebuild every open table from the store and carry on; returns how many."""
        count = 0
        for opened in await self.store.tables.load_open():
            try:
                live = await self._adopt(opened)
            except (StoreError, TappError):  # a record the engine no longer accepts
                log.exception("table %d cannot be rebuilt", opened.table.table_id)
                continue
            async with live.lock:
                changes = _Changes()
                await self._advance_safely(live, changes)
                self._publish(live, changes)
                self._kick(live)
                await self._arm(live)
            count += 1
        return count

    async def shutdown(self) -> None:
        """Stop the computer players (the store keeps everything)."""
        self._closing = True
        runner.shutdown()
        tasks = [live.runner for live in self._tables.values() if live.runner is not None]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

    async def wait_idle(self, table_id: int | None = None) -> None:
        """Wait until no computer player of the table (or of any table) has work."""
        while True:
            tasks = [live.runner for i, live in self._tables.items()
                     if live.runner is not None and not live.runner.done()
                     and (table_id is None or i == table_id)]
            if not tasks:
                return
            await asyncio.wait(tasks)

    def is_idle(self) -> bool:
        return all(live.runner is None or live.runner.done() for live in self._tables.values())

    # -- finding tables -------------------------------------------------------------------
    async def table(self, table_id: int) -> LiveTable:
        """The open table ``table_id`` (loaded from the store if needed)."""
        live = self._tables.get(table_id)
        if live is not None:
            return live
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        async with lock:
            live = self._tables.get(table_id)
            if live is None:
                try:
                    opened = await self.store.tables.load(table_id)
                except TableNotFound:
                    raise NoTableHere("error.table_gone") from None
                if not opened.table.status.is_open:
                    raise NoTableHere("error.table_closed")
                live = await self._adopt(opened)
        return live

    def located_in(self, channel_id: int) -> LiveTable | None:
        """The open table whose messages live in this channel or thread, if any."""
        return next((lv for lv in self._tables.values()
                     if lv.status.is_open and lv.location_id == channel_id), None)

    def find(self, channel_id: int, user_id: int, parent_id: int | None = None) -> LiveTable:
        """The table a command in ``channel_id`` is about: the table living there, or
        else the one open table under that channel where the member is seated."""
        here = self.located_in(channel_id)
        if here is not None:
            return here
        near = [lv for lv in self._tables.values() if lv.status.is_open
                and lv.row.channel_id in (channel_id, parent_id) and lv.seat_of(user_id)
                is not None]
        if len(near) == 1:
            return near[0]
        raise NoTableHere("error.no_table_here" if not near else "error.which_table")

    # -- the lobby ------------------------------------------------------------------------
    async def create_table(self, *, guild_id: int, channel_id: int, host_id: int,
                           host_name: str, variant: str | None, options: Mapping[str, Any],
                           settings: Mapping[str, Any] | None = None,
                           locale_language: str | None = None,
                           in_thread: bool | None = None) -> Created:
        """Open a lobby with the host in seat 1. ``variant`` None: the server's default.
        ``settings``: the table's own (overrides of its server's; it may forbid computer
        players, not allow what the server forbids), stored with the table. Its language
        is fixed before anything is shown: its own, else the server's, else
        ``locale_language`` (the server's Discord locale). ``in_thread``: None follows the
        ``table_mode``; with a thread the display waits for :meth:`place`."""
        guild = await self.store.settings.for_guild(guild_id)
        variant = variant or guild.default_variant
        if variant not in VARIANTS:
            raise BadOptions("error.unknown_variant", variant=variant)
        own = validate_settings(settings or {}, table=True)
        if own.get("computers_allowed") and not guild.computers_allowed:
            raise BadOptions("settings.error.computers_forbidden")
        opts = self._table_options(variant, {"stake": guild.stake, **options})
        if in_thread is None:
            in_thread = own.get("table_mode", guild.table_mode) is TableMode.THREAD
        if not in_thread and self.located_in(channel_id) is not None:
            raise BadOptions("error.table_here")
        own["language"] = next((lang for lang in (own.get("language"), guild.language,
                                                  locale_language) if lang and lang != "auto"),
                               DEFAULT_LANGUAGE)
        row = await self.store.tables.create(guild_id=guild_id, channel_id=channel_id,
                                             host_id=host_id, variant=variant, options=opts,
                                             settings=own, host_name=host_name)
        opened = await self.store.tables.load(row.table_id)
        live = await self._adopt(opened, placed=not in_thread)
        async with live.lock:
            self._publish(live, _Changes())
            return Created(live.table_id, self._state(live))

    async def server_variant(self, guild_id: int) -> str:
        """The variant a server plays where none is named (its ``default_variant``)."""
        return (await self.store.settings.for_guild(guild_id)).default_variant

    async def place(self, table_id: int, thread_id: int | None) -> bool:
        """The table's thread exists (or none could be made): show the lobby there.
        False if the store refused to record the thread: the table then lives in its
        channel, as when no thread could be made (the caller may delete the thread)."""
        live = await self.table(table_id)
        async with live.lock:
            recorded = True
            if thread_id is not None:
                try:
                    live.row = await self.store.tables.set_thread(table_id, thread_id)
                except StoreError:
                    log.warning("table %d: its thread could not be recorded; it lives in"
                                " the channel", table_id)
                    recorded = False
            live.placed = True
            self._publish(live, _Changes())
            return recorded

    def _table_options(self, variant: str, options: Mapping[str, Any]) -> dict[str, Any]:
        cls = VARIANTS[variant]
        given = {k: v for k, v in options.items() if v is not None}
        level = given.pop(LEVEL_OPTION, None)
        if level is not None and level not in levels():
            raise BadOptions("error.level", level=level, levels=lambda language: ", ".join(
                t(f"level.{lv}", language) for lv in levels()))
        players = given.pop("players", cls.player_counts[0])
        if players not in cls.player_counts:
            counts = ", ".join(str(n) for n in cls.player_counts)
            raise BadOptions("error.players", variant=_variant_name(variant), counts=counts)
        session_opts = {}
        for key in list(given):
            if key in SESSION_OPTIONS:
                if SESSION_OPTIONS[key] != variant:
                    raise BadOptions("error.option_variant", option=_option_name(key),
                                     variant=_variant_name(variant))
                session_opts[key] = bool(given.pop(key))
            elif key != "stake" and (key not in cls.option_defaults
                                     or key in _INTERNAL_OPTIONS):
                raise BadOptions("error.option_variant", option=_option_name(key),
                                 variant=_variant_name(variant))
        try:
            Session.new(variant, players=players, rng=random.Random(0), **given, **session_opts)
        except (InvalidRecord, IllegalAction):
            raise BadOptions("error.bad_options") from None
        chosen = {LEVEL_OPTION: level} if level is not None else {}
        return {"players": players, **given, **session_opts, **chosen}

    async def join(self, table_id: int, user_id: int, name: str) -> int:
        """Seat a member in the first free seat; returns the seat."""
        live = await self.table(table_id)
        async with live.lock:
            self._require_lobby(live)
            if live.seat_of(user_id) is not None:
                raise TableError("error.already_seated")
            seat = live.free_seat()
            if seat is None:
                raise TableFull()
            row = await self._store(live, self.store.tables.sit(
                table_id, seat, user_id=user_id, display_name=name))
            live.seats[seat] = row
            self._publish(live, _Changes())
            return seat

    async def add_computer(self, table_id: int, user_id: int, level: str | None = None) -> int:
        """The host seats a computer player in the first free seat; returns the seat."""
        live = await self.table(table_id)
        async with live.lock:
            self._require_lobby(live)
            self._require_host(live, user_id)
            settings = await self.store.settings.for_table(table_id)
            if not settings.computers_allowed:
                raise NotHost("error.no_computers")
            seat = live.free_seat()
            if seat is None:
                raise TableFull()
            level = level or self._table_level(live)
            name = t("computer.name", live.language, n=seat + 1)
            row = await self._store(live, self.store.tables.sit(
                table_id, seat, user_id=None, display_name=name, is_computer=True,
                level=level))
            live.seats[seat] = row
            self._publish(live, _Changes())
            return seat

    async def leave(self, table_id: int, user_id: int) -> str:
        """Leave the lobby (``"left"``), or hand a seat in play to a computer
        (``"replaced"``)."""
        live = await self.table(table_id)
        async with live.lock:
            seat = live.seat_of(user_id)
            if seat is None:
                raise NotSeated()
            if live.status is TableStatus.LOBBY:
                if user_id == live.row.host_id:
                    raise NotHost("error.host_leaves")
                await self._store(live, self.store.tables.stand(table_id, seat))
                del live.seats[seat]
                self._publish(live, _Changes())
                return "left"
            self._require_playing(live)
            old = live.seats[seat]
            row = await self._store(live, self.store.tables.hand_over(
                table_id, seat, level=self._table_level(live),
                display_name=t("computer.replaces", live.language, name=old.display_name)))
            live.seats[seat] = row
            live.end_votes.discard(user_id)
            self._publish(live, _Changes())
            self._kick(live)
            await self._arm(live)
            return "replaced"

    async def start(self, table_id: int, user_id: int) -> None:
        """The host starts the session: the first deal is dealt."""
        live = await self.table(table_id)
        async with live.lock:
            self._require_lobby(live)
            self._require_host(live, user_id)
            if live.free_seat() is not None:
                raise TableFull("error.seats_free", n=live.players - len(live.seats))
            opts = dict(live.options)
            players = opts.pop("players")
            opts.pop(LEVEL_OPTION, None)
            session = Session.new(live.variant, players=players, rng=self._rng, **opts)
            live.row = await self._store(live, self.store.tables.start(table_id, session))
            live.session = session
            changes = _Changes()
            await self._advance_safely(live, changes)
            self._publish(live, changes)
            self._kick(live)
            await self._arm(live)

    async def cancel(self, table_id: int, user_id: int) -> None:
        """The host closes the lobby."""
        live = await self.table(table_id)
        async with live.lock:
            self._require_lobby(live)
            self._require_host(live, user_id)
            live.row = await self._store(live, self.store.tables.close(table_id))
            self._publish(live, _Changes([TableOver(table_id, True, live.names(), None, None)]))
            self._forget(live)

    # -- play -----------------------------------------------------------------------------
    async def hand(self, live: LiveTable, user_id: int) -> HandContext:
        """The member's private view of the deal in play. A member who was away is back
        (stored first): from now on they play their seat themselves."""
        self._require_playing(live)
        seat = self._seat(live, user_id)
        if live.seats[seat].away:
            async with live.lock:
                await self._come_back(live, seat)
        deal = live.deal
        if deal is None:
            raise NotPlaying("error.between_deals")
        return HandContext(live.table_id, live.stamp, seat, deal.view(seat), live.names(),
                           live.style, live.language)

    async def _come_back(self, live: LiveTable, seat: int) -> None:
        row = live.seats.get(seat)
        if row is None or not row.away:
            return
        await self._store(live, self.store.tables.set_away(live.table_id, seat, False))
        live.seats[seat] = dataclasses.replace(row, away=False)
        log.info("table %d: seat %d is back", live.table_id, seat)
        self._publish(live, _Changes())
        self._kick(live)  # other away seats may be played again now someone is here
        await self._arm(live)

    def last_trick(self, live: LiveTable) -> HandContext:
        """The public view of the deal in play (for its last completed trick)."""
        self._require_playing(live)
        deal = live.deal
        if deal is None or not deal.tricks:
            raise NotPlaying("error.no_trick_yet")
        return HandContext(live.table_id, live.stamp, -1, deal.public_view(), live.names(),
                           live.style, live.language)

    def choices(self, live: LiveTable, user_id: int,
                kinds: Iterable[ActionType]) -> list[Action]:
        """The member's legal actions of the given kinds now (for autocomplete)."""
        deal = live.deal
        seat = live.seat_of(user_id)
        if deal is None or seat is None or live.status is not TableStatus.PLAYING:
            return []
        wanted = set(kinds)
        return [a for a in deal.legal_actions(seat) if a.type in wanted]

    async def act(self, table_id: int, user_id: int, token: str,
                  stamp: Stamp | None = None) -> ActOutcome:
        """Take the member's action ``token``. A ``stamp`` (from a component) must be the
        table's current one, else the click is stale and nothing changes."""
        live = await self.table(table_id)
        async with live.lock:
            self._require_playing(live)
            seat = self._seat(live, user_id)
            await self._catch_up(live)
            deal = live.deal
            if deal is None:
                raise NotPlaying("error.between_deals")
            if stamp is not None and stamp != live.stamp:
                raise StaleClick()
            action = self._resolve(deal, seat, token)
            await self._commit(live, seat, action)
            after = deal.view(seat)
            hand = HandContext(table_id, live.stamp, seat, after, live.names(), live.style,
                               live.language)
            changes = _Changes()
            await self._advance_safely(live, changes)
            self._publish(live, changes)
            self._kick(live)
            await self._arm(live)
            return ActOutcome(action, hand, deal.is_over)

    def _resolve(self, deal: Deal, seat: int, token: str) -> Action:
        """The action a token names; ``kontra`` from the table message means whichever of
        kontra and rekontra the seat may say."""
        try:
            action = Action.parse(token)
        except ValueError:
            raise Refused("error.unknown_action") from None
        if action.type is ActionType.KONTRA:
            legal = {a.type for a in deal.legal_actions(seat)}
            if ActionType.KONTRA not in legal and ActionType.REKONTRA in legal:
                return Action.rekontra()
        return action

    async def _commit(self, live: LiveTable, seat: int, action: Action, *,
                      auto: bool = False) -> None:
        """Apply ``action`` with the engine, then append it to the log (under the lock)."""
        deal = live.deal
        assert deal is not None and live.deal_id is not None
        ply = deal.ply
        try:
            deal.apply(seat, action)
        except NotYourTurn:
            actor = deal.view(seat).actor
            name = live.names()[actor] if actor is not None else ""
            raise NotYourTurnNow(name=name) from None
        except IllegalAction as error:
            raise refusal(error, deal.view(seat), live.style) from None
        await self._store(live, self.store.deals.append_action(
            live.deal_id, ply, seat, action, auto=auto))
        row = live.seats.get(seat)  # a member is away after a substitute's action, back
        if row is not None and not row.is_computer and row.away != auto:  # after their own
            live.seats[seat] = dataclasses.replace(row, away=auto)
        if self.config.after_commit is not None:
            stamp = live.stamp
            assert stamp is not None
            waiting = self.config.after_commit(live.table_id, stamp)
            if inspect.isawaitable(waiting):
                await waiting

    # -- ending ---------------------------------------------------------------------------
    async def end(self, table_id: int, user_id: int, *, now: bool = False) -> str:
        """Ask to end the table; returns the catalogue key of what happened.

        The host ends it (``now``: at once, the deal in play abandoned with no chips
        moved; otherwise the variant's own ending runs, starting with the deal in play);
        a seated player votes, and a majority of the members here ends it (those away
        after a timeout do not count, unless they vote).
        """
        live = await self.table(table_id)
        async with live.lock:
            if live.status is TableStatus.LOBBY:
                self._require_host(live, user_id)
                live.row = await self._store(live, self.store.tables.close(table_id))
                self._publish(live, _Changes([TableOver(table_id, True, live.names(), None,
                                                        None)]))
                self._forget(live)
                return "end.cancelled"
            self._require_playing(live)
            session = live.session
            assert session is not None
            is_host = user_id == live.row.host_id
            if not is_host and live.seat_of(user_id) is None:
                raise NotSeated()
            if now:
                if not is_host:
                    raise NotHost("error.host_only")
                if session.current is not None:
                    session.abandon_deal()
                session.request_end()
                live.row = await self._store(live, self.store.tables.close(table_id, session))
                self._publish(live, _Changes([self._table_over(live)]))
                self._forget(live)
                return "end.closed"
            if session.ending is not Ending.NONE:
                return "end.already"
            if not is_host:
                live.end_votes.add(user_id)
                if len(live.end_votes) * 2 <= len(live.voters()):
                    self._publish(live, _Changes())
                    return "end.voted"
            session.request_end()
            await self._store(live, self.store.tables.save_session(table_id, session))
            changes = _Changes()
            await self._advance_safely(live, changes)
            self._publish(live, changes)
            return "end.requested" if is_host else "end.vote_passed"

    async def repost(self, table_id: int) -> None:
        """Post the table message anew at the bottom of its channel."""
        live = await self.table(table_id)
        async with live.lock:
            self._publish(live, _Changes(repost=True))

    # -- computer players -----------------------------------------------------------------
    def _kick(self, live: LiveTable) -> None:
        """Start the table's computer task if a computer has something to do (call with
        the lock held; the task stops, under the lock, once none has)."""
        if self._closing or live.runner is not None or live.status is not TableStatus.PLAYING:
            return
        if self._computer_work(live) is None:
            return
        live.runner = asyncio.create_task(self._run_computers(live),
                                          name=f"tapp-computers-{live.table_id}")

    def _computer_work(self, live: LiveTable) -> tuple[int, bool] | None:
        """(seat, main turn?) of a computer seat with something to consider, else None."""
        deal = live.deal
        if deal is None or deal.is_over or live.deal_number is None:
            return None
        for seat in deal.to_act():
            if not live.computer_plays(seat):
                continue
            legal = deal.legal_actions(seat)
            if any(a.type not in OPTIONAL for a in legal):
                return seat, True
            if (live.deal_number, deal.ply, seat) not in live.asked and legal:
                return seat, False
        return None

    async def _run_computers(self, live: LiveTable) -> None:
        try:
            while True:
                if self.config.computer_pause:
                    await asyncio.sleep(self.config.computer_pause)
                async with live.lock:
                    work = self._computer_work(live)
                    if work is None:
                        live.runner = None
                        return
                    seat, main_turn = work
                    deal = live.deal
                    assert deal is not None
                    stamp, view = live.stamp, deal.view(seat)
                    player = make_player(self._level(live, seat), self._ai_rng(live, seat))
                if main_turn:  # off the event loop (search levels in worker processes)
                    action: Action | None = await runner.decide(player, view)
                else:
                    action = await runner.announce(player, view)
                async with live.lock:
                    if live.stamp != stamp or not live.computer_plays(seat):
                        continue  # someone acted or came back meanwhile: look again
                    assert stamp is not None
                    if not main_turn:
                        live.asked.add((stamp.deal, stamp.ply, seat))
                    if action is None:
                        continue
                    # for an away member: marked as a substitute's (they stay away)
                    await self._commit(live, seat, action, auto=not live.is_computer(seat))
                    changes = _Changes()
                    await self._advance_safely(live, changes)
                    self._publish(live, changes)
                    await self._arm(live)
        except asyncio.CancelledError:
            live.runner = None
            raise
        except Exception:
            log.exception("computer players of table %d stopped", live.table_id)
            live.runner = None

    def _table_level(self, live: LiveTable) -> str:
        return str(live.options.get(LEVEL_OPTION) or self.config.computer_level)

    def _level(self, live: LiveTable, seat: int) -> str:
        level = live.seats[seat].level or self._table_level(live)
        return level if level in levels() else "easy"

    def _ai_rng(self, live: LiveTable, seat: int) -> random.Random:
        seed = self.config.ai_seed
        if seed is None:
            return random.Random(self._rng.getrandbits(64))
        stamp = live.stamp
        return random.Random(f"{seed}:{live.table_id}:{stamp}:{seat}")

    # -- moving on: settling, dealing, closing ----------------------------------------
    async def _advance(self, live: LiveTable, changes: _Changes) -> None:
        """Settle a finished deal, deal the next one, close an ended session (under the
        lock; also after a restart, whatever step was interrupted)."""
        session = live.session
        while session is not None and live.status is TableStatus.PLAYING:
            deal = session.current
            if deal is not None and deal.is_over:
                assert live.deal_id is not None and live.deal_number is not None
                view = deal.public_view()
                stamp = Stamp(live.deal_number, deal.ply)
                session.finish_deal()
                await self.store.deals.settle(live.deal_id, deal, session)
                live.deal_id = None
                changes.events.append(DealOver(live.table_id, stamp, view, live.names(),
                                               tuple(session.chips)))
                continue
            if deal is None:
                if session.is_over:
                    live.row = await self.store.tables.close(live.table_id)
                    changes.events.append(self._table_over(live))
                    self._forget(live)
                    return
                deal = session.start_deal(self._rng)
                row = await self.store.deals.start(live.table_id, deal)
                live.deal_id, live.deal_number = row.deal_id, row.number
                continue
            return

    async def _catch_up(self, live: LiveTable) -> None:
        """Finish what an earlier store failure left undone (a deal over but not settled,
        or none dealt), before anyone acts."""
        deal = live.deal
        if deal is None or deal.is_over:
            changes = _Changes()
            await self._advance_safely(live, changes)
            self._publish(live, changes)
            self._require_playing(live)

    async def _advance_safely(self, live: LiveTable, changes: _Changes) -> None:
        """:meth:`_advance` after a committed action: a store failure here must not undo
        the answer to the player; the table is reloaded and carries on later."""
        try:
            await self._advance(live, changes)
        except StoreError:
            log.exception("table %d could not move on; reloading it", live.table_id)
            await self._reload(live)
            if self.timers is not None:  # the timer loop tries again (nobody may click)
                self.timers.carry_on_later(live)

    def _table_over(self, live: LiveTable) -> TableOver:
        session = live.session
        chips = tuple(session.chips) if session is not None else None
        shares = tuple(session.pot_shares) if session and session.pot_shares else None
        return TableOver(live.table_id, False, live.names(), chips, shares)

    # -- the registry and the store -----------------------------------------------------
    async def _adopt(self, opened: OpenTable, *, placed: bool = True) -> LiveTable:
        """Make a loaded table live (replaying its deal in play)."""
        table = opened.table
        settings = await self.store.settings.for_table(table.table_id)
        style = settings.deck_style
        live = LiveTable(
            row=table, seats={s.seat: s for s in opened.seats},
            language=None if settings.language == "auto" else settings.language,
            style=home_style(table.variant) if style is DeckStyle.AUTO
            else style.value, placed=placed)
        self._fill(live, opened)
        self._tables[table.table_id] = live
        return live

    def _fill(self, live: LiveTable, opened: OpenTable) -> None:
        live.row = opened.table
        live.seats = {s.seat: s for s in opened.seats}
        live.session = restore_session(opened.session_state, opened.record)
        live.deal_id = opened.deal.deal_id if opened.deal else None
        live.deal_number = opened.deal.number if opened.deal else None

    async def _reload(self, live: LiveTable) -> None:
        """Trust the store again after a failed write (memory may be ahead of it)."""
        try:
            opened = await self.store.tables.load(live.table_id)
        except StoreError:
            log.exception("could not reload table %d", live.table_id)
            return
        self._fill(live, opened)
        if not live.status.is_open:
            self._forget(live)

    async def _store(self, live: LiveTable, write: Any) -> Any:
        """Await a store write; on failure reload the table and re-raise."""
        try:
            return await write
        except StoreError:
            await self._reload(live)
            raise

    def _forget(self, live: LiveTable) -> None:
        self._tables.pop(live.table_id, None)
        if self.timers is not None:
            self.timers.forget(live.table_id)

    # -- turn timers --------------------------------------------------------------------
    async def _arm(self, live: LiveTable) -> None:
        """Store the turn timers of the member now on turn (under the lock); a store
        failure here leaves the old timers, which the service ignores once stale."""
        if self.timers is None or self._closing:
            return
        try:
            await self.timers.arm(live)
        except StoreError:
            log.exception("could not set the timers of table %d", live.table_id)

    async def carry_on(self, live: LiveTable) -> None:
        """Settle, deal or close what a store failure left undone at the table (the
        timer loop calls this); raises StoreError if the store still refuses."""
        async with live.lock:
            changes = _Changes()
            try:
                await self._advance(live, changes)
            except StoreError:
                await self._reload(live)
                raise
            self._publish(live, changes)
            self._kick(live)
            await self._arm(live)

    async def deadline_due(self, deadline: Deadline, *, now: float) -> TimerNotice | None:
        """Act on a fired deadline: remind the member, or apply the timeout policy.
        A deadline whose deal, ply or seat has moved on is ignored (None)."""
        try:
            live = await self.table(deadline.table_id)
        except NoTableHere:
            return None
        async with live.lock:
            key = turn_key(live)
            if key is None or key != (deadline.deal_id, deadline.ply, deadline.seat):
                return None
            deal_id, _, seat = key
            settings = await self.store.settings.for_table(live.table_id)
            row = live.seats[seat]
            base = TimerNotice(REMINDER, live.table_id, live.location_id, seat, row.user_id,
                               row.display_name, live.language, variant=live.variant,
                               style=live.style)
            if deadline.kind is DeadlineKind.REMINDER:
                left = 0
                for d in await self.store.deadlines.for_turn(live.table_id, *key):
                    if d.kind is DeadlineKind.TIMEOUT:
                        if d.fired:  # overdue together (a restart): the timeout acts now
                            return None
                        left = max(0, round(d.due_at - now))
                return dataclasses.replace(base, seconds_left=left)
            session, deal = live.session, live.deal
            assert session is not None and deal is not None
            if settings.timeout_policy is TimeoutPolicy.ABANDON:
                session.abandon_deal()
                await self._store(live, self.store.deals.abandon(deal_id, session))
                live.deal_id = None
                changes = _Changes()
                await self._advance_safely(live, changes)
                self._publish(live, changes)
                self._kick(live)
                await self._arm(live)
                return dataclasses.replace(base, kind=ABANDONED)
            view = deal.view(seat)
            rng = random.Random(f"{self.config.ai_seed}:{live.table_id}:{live.stamp}:{seat}")
            action = make_player("easy", rng).choose(view)
            await self._commit(live, seat, action, auto=True)
            log.info("table %d: seat %d timed out; a substitute took %s (marked auto)",
                     live.table_id, seat, action.token)
            changes = _Changes()
            await self._advance_safely(live, changes)
            self._publish(live, changes)
            self._kick(live)
            await self._arm(live)
            return dataclasses.replace(base, kind=SUBSTITUTE, action=action.token)

    # -- snapshots for the display --------------------------------------------------------
    def _publish(self, live: LiveTable, changes: _Changes) -> None:
        if not live.placed and live.status is TableStatus.LOBBY:
            return
        self.display.update(self._state(live), changes.events, repost=changes.repost)

    def _state(self, live: LiveTable) -> TableState:
        session, deal = live.session, live.deal
        view = deal.public_view() if deal is not None else None
        kontra = None
        actor_user = None
        if deal is not None and not deal.is_over:
            kinds = {a.type for s in deal.to_act() for a in deal.legal_actions(s)}
            kontra = ("rekontra" if ActionType.REKONTRA in kinds
                      else "kontra" if ActionType.KONTRA in kinds else None)
            actor = view.actor if view is not None else None
            if actor is not None and actor in live.seats and not live.computer_plays(actor):
                actor_user = live.seats[actor].user_id  # pinged (not while away)
        voters = len(live.voters())
        return TableState(
            table_id=live.table_id, guild_id=live.row.guild_id, channel_id=live.row.channel_id,
            thread_id=live.row.thread_id, host_id=live.row.host_id, variant=live.variant,
            options=dict(live.options), status=live.status, players=live.players,
            seats=live.seat_infos(), language=live.language, style=live.style,
            stamp=live.stamp, view=view,
            chips=tuple(session.chips) if session is not None else None,
            deals_played=session.deals_played if session is not None else 0,
            ending=session.ending if session is not None else Ending.NONE,
            special_left=session.special_left if session is not None else 0,
            end_votes=len(live.end_votes), votes_needed=voters // 2 + 1, kontra=kontra,
            actor_user=actor_user,
            away=live.away())

    # -- checks -----------------------------------------------------------------------
    @staticmethod
    def _seat(live: LiveTable, user_id: int) -> int:
        seat = live.seat_of(user_id)
        if seat is None:
            raise NotSeated()
        return seat

    @staticmethod
    def _require_host(live: LiveTable, user_id: int) -> None:
        if user_id != live.row.host_id:
            raise NotHost()

    @staticmethod
    def _require_lobby(live: LiveTable) -> None:
        if live.status is not TableStatus.LOBBY:
            raise NotInLobby()

    @staticmethod
    def _require_playing(live: LiveTable) -> None:
        if live.status is TableStatus.LOBBY:
            raise NotPlaying()
        if live.status is not TableStatus.PLAYING:
            raise NoTableHere("error.table_closed")

    def peek(self, table_id: int) -> LiveTable | None:
        """The live table if it is loaded (tests and tools; do not change it)."""
        return self._tables.get(table_id)


def _variant_name(variant: str) -> InLanguage:
    return lambda language: t(f"variant.{variant}", language)


def _option_name(option: str) -> InLanguage:
    """An option as the reader's ``/tapp new`` names it."""
    return lambda language: NAMES.get(language_of(language), {}).get(option, option)
