"""Opening a table and filling its seats: the lobby, its start, and seats that change
hands during play (a member leaves, or comes back after a timeout)."""

from __future__ import annotations

import contextlib
import dataclasses
import logging
import random
from collections.abc import AsyncIterator, Mapping
from typing import Any

from bot.ai import levels
from bot.engine import VARIANTS, IllegalAction, InvalidRecord
from bot.engine.session import SESSION_OPTIONS, Session
from bot.i18n import DEFAULT as DEFAULT_LANGUAGE
from bot.i18n import language_of, t
from bot.i18n.errors import InLanguage
from bot.i18n.names import NAMES
from bot.settings import MAX_STAKE, TableMode
from bot.settings import validate as validate_settings
from bot.store import StoreError, TableStatus
from bot.store.settings import SettingsStore
from bot.store.tables import Tables
from bot.usertext import Where, safe

from .arming import arming, turn_key
from .config import LEVEL_OPTION, SPECTATORS_OPTION, TABLE_OPTIONS, series_deal
from .core import (
    TableCore,
    require_host,
    require_lobby,
    require_placed,
    require_playing,
    seat_of,
)
from .errors import BadOptions, NotHost, TableError, TableFull
from .live import LiveTable
from .outcomes import LeaveOutcome
from .registry import TableRegistry
from .scheduler import Scheduler
from .state import TableState

log = logging.getLogger(__name__)

#: options that a deal never takes from the table (set by the session itself)
_INTERNAL_OPTIONS = {"closing_ramsch", "forced_ramsch"}
MAX_ANTE = 100
#: the whole numbers a table may be opened with, and their range (``/tapp table new`` offers
#: the same; a crafted interaction may send anything)
NUMBER_OPTIONS = {"stake": (1, MAX_STAKE), "ante": (0, MAX_ANTE)}


@dataclasses.dataclass(frozen=True, slots=True)
class Created:
    table_id: int
    state: TableState


class Lobby:
    """Opening tables and filling their seats. Given the tables' pipeline (``core``: its
    lookups, changes and snapshots), the live tables, the stored tables and settings and
    the deadline scheduler."""

    def __init__(self, core: TableCore, *, registry: TableRegistry, tables: Tables,
                 settings: SettingsStore, scheduler: Scheduler) -> None:
        self.core = core
        self.registry = registry
        self.tables = tables
        self.settings = settings
        self.scheduler = scheduler

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
        core = self.core
        guild = await self.settings.for_guild(guild_id)
        variant = variant or guild.default_variant
        if variant not in VARIANTS:
            raise BadOptions("error.unknown_variant", variant=variant)
        own = validate_settings(settings or {}, table=True)
        if own.get("computers_allowed") and not guild.computers_allowed:
            raise BadOptions("settings.error.computers_forbidden")
        opts = table_options(variant, {"stake": guild.stake, **options})
        if in_thread is None:
            in_thread = own.get("table_mode", guild.table_mode) is TableMode.THREAD
        if not in_thread and self.registry.located_in(channel_id) is not None:
            raise BadOptions("error.table_here")
        own["language"] = next((lang for lang in (own.get("language"), guild.language,
                                                  locale_language) if lang and lang != "auto"),
                               DEFAULT_LANGUAGE)
        row = await self.tables.create(guild_id=guild_id, channel_id=channel_id,
                                             host_id=host_id, variant=variant, options=opts,
                                             settings=own, host_name=seat_name(host_name))
        opened = await self.tables.load(row.table_id)
        live = await self.registry.adopt(opened, placed=not in_thread)
        async with live.lock:
            core.publish(live)
            return Created(live.table_id, core.state(live))

    async def place(self, table_id: int, thread_id: int | None) -> bool:
        """The table's thread exists (or none could be made): show the lobby there.
        False if the store refused to record the thread: the table then lives in its
        channel, as when no thread could be made (the caller may delete the thread). A
        series table whose seats were all taken meanwhile starts now."""
        core = self.core
        live = await core.table(table_id)
        async with live.lock:
            recorded = True
            if thread_id is not None:
                try:
                    live.row = await self.tables.set_thread(table_id, thread_id)
                except StoreError:
                    log.warning("table %d: its thread could not be recorded; it lives in"
                                " the channel", table_id)
                    recorded = False
            live.placed = True
            if series_deal(live.options) is not None and live.status is TableStatus.LOBBY \
                    and live.free_seat() is None:
                await self.start_series(live)
            else:
                core.publish(live)
            return recorded

    async def join(self, live: LiveTable, user_id: int, name: str) -> int:
        """Seat a member in the first free seat; returns the seat."""
        core, table_id = self.core, live.table_id
        async with live.lock:
            require_placed(live)
            require_lobby(live)
            if series_deal(live.options) is not None:  # seated by the series' movement
                raise TableError("series.error.table_join")
            if live.seat_of(user_id) is not None:
                raise TableError("error.already_seated")
            seat = live.free_seat()
            if seat is None:
                raise TableFull()
            live.seats[seat] = await self.registry.write(live, self.tables.sit(
                table_id, seat, user_id=user_id, display_name=seat_name(name)))
            core.publish(live)
            return seat

    async def add_computer(self, live: LiveTable, user_id: int, level: str | None = None
                           ) -> int:
        """The host seats a computer player in the first free seat; returns the seat."""
        core, table_id = self.core, live.table_id
        async with self._hosts_lobby(live, user_id):
            if series_deal(live.options) is not None:  # they come at the start
                raise TableError("series.error.table_join")
            settings = await self.settings.for_table(table_id)
            if not settings.computers_allowed:
                raise NotHost("error.no_computers")
            seat = live.free_seat()
            if seat is None:
                raise TableFull()
            name = t("computer.name", live.language, n=seat + 1)
            live.seats[seat] = await self.registry.write(live, self.tables.sit(
                table_id, seat, user_id=None, display_name=name, is_computer=True,
                level=level or core.computers.table_level(live)))
            core.publish(live)
            return seat

    async def leave(self, live: LiveTable, user_id: int) -> LeaveOutcome:
        """Leave the lobby (``LEFT``), or hand a seat in play to a computer
        (``REPLACED``). Where computers are not allowed nobody can take the seat: the
        table ends at once (``LEFT_CLOSED``), the deal in play dropped with no chips
        moved, as when the host ends it at once."""
        core, table_id = self.core, live.table_id
        async with live.lock:
            require_placed(live)
            seat = seat_of(live, user_id)
            if live.status is TableStatus.LOBBY:
                if user_id == live.row.host_id:
                    raise NotHost("error.host_leaves")
                await self.registry.write(live, self.tables.stand(table_id, seat))
                del live.seats[seat]
                core.publish(live)
                return LeaveOutcome.LEFT
            require_playing(live)
            settings = await self.settings.for_table(table_id)
            if not settings.computers_allowed:
                session = live.session
                assert session is not None
                if session.current is not None:
                    session.abandon_deal()
                session.close()
                await core.close_session(live, session)
                return LeaveOutcome.LEFT_CLOSED
            old, before = live.seats[seat], turn_key(live)
            live.seats[seat] = dataclasses.replace(old, user_id=None, is_computer=True)
            armed = arming(before, turn_key(live), settings, core.config.clock())
            live.seats[seat] = await self.registry.write(live, self.tables.hand_over(
                table_id, seat, level=core.computers.table_level(live),
                display_name=t("computer.replaces", live.language, name=old.display_name),
                arming=armed))
            self.scheduler.wake()
            live.end_votes.discard(user_id)
            await core.after_change(live)
            return LeaveOutcome.REPLACED

    async def come_back(self, live: LiveTable, seat: int) -> None:
        """A member who was away plays their seat again (under the lock; stored first)."""
        core = self.core
        row = live.seats.get(seat)
        if row is None or not row.away:
            return
        settings = await self.settings.for_table(live.table_id)  # before any change
        before = turn_key(live)
        live.seats[seat] = dataclasses.replace(row, away=False)
        armed = arming(before, turn_key(live), settings, core.config.clock())
        await self.registry.write(live, self.tables.set_away(
            live.table_id, seat, False, arming=armed))
        self.scheduler.wake()
        log.info("table %d: seat %d is back", live.table_id, seat)
        await core.after_change(live)  # other away seats may be played again now

    async def start(self, live: LiveTable, user_id: int) -> None:
        """The host starts the session: the first deal is dealt. A series table is
        started by any member seated at it, computers in its empty seats."""
        core = self.core
        if series_deal(live.options) is not None:
            async with live.lock:
                require_placed(live)
                require_lobby(live)
                seat_of(live, user_id)
                await self.start_series(live)
            return
        async with self._hosts_lobby(live, user_id):
            if live.free_seat() is not None:
                raise TableFull("error.seats_free", n=live.players - len(live.seats))
            opts = dict(live.options)
            players = opts.pop("players")
            for key in TABLE_OPTIONS:
                opts.pop(key, None)
            session = Session.new(live.variant, players=players, rng=core.rng, **opts)
            live.row = await self.registry.write(live, self.tables.start(live.table_id,
                                                                        session))
            live.session = session
            await core.after_change(live)

    async def start_series(self, live: LiveTable) -> None:
        """Start a series table (under its lock): computer players of its level in the
        empty seats, and seat 1 deals, as the series' deals are dealt (the deal itself
        comes from the series' seed: :meth:`TableCore.advance`)."""
        core = self.core
        for seat in range(live.players):
            if seat not in live.seats:
                name = t("computer.name", live.language, n=seat + 1)
                live.seats[seat] = await self.registry.write(live, self.tables.sit(
                    live.table_id, seat, user_id=None, display_name=name, is_computer=True,
                    level=core.computers.table_level(live)))
        opts = dict(live.options)
        players = opts.pop("players")
        for key in TABLE_OPTIONS:
            opts.pop(key, None)
        session = Session.new(live.variant, players=players, first_dealer=0, **opts)
        live.row = await self.registry.write(live, self.tables.start(live.table_id, session))
        live.session = session
        await core.after_change(live)

    async def cancel(self, live: LiveTable, user_id: int) -> None:
        """The host closes the lobby."""
        async with self._hosts_lobby(live, user_id):
            await self.core.close_lobby(live)

    @contextlib.asynccontextmanager
    async def _hosts_lobby(self, live: LiveTable, user_id: int) -> AsyncIterator[LiveTable]:
        """The table, under its lock, when it is in the lobby and ``user_id`` hosts it
        (refused otherwise)."""
        async with live.lock:
            require_placed(live)
            require_lobby(live)
            require_host(live, user_id)
            yield live


def table_options(variant: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """The options of a new table, checked: the game's (as the engine takes them), the
    session's, and the computer players' level; a clear refusal otherwise."""
    cls = VARIANTS[variant]
    given = {k: v for k, v in options.items() if v is not None}
    for key, (low, high) in NUMBER_OPTIONS.items():
        value = given.get(key)
        if value is not None and (type(value) is not int or not low <= value <= high):
            raise BadOptions("error.option_range", option=_option_name(key), low=low,
                             high=high)
    level = given.pop(LEVEL_OPTION, None)
    if level is not None and level not in levels():
        raise BadOptions("error.level", level=level, levels=lambda language: ", ".join(
            t(f"level.{lv}", language) for lv in levels()))
    spectators = given.pop(SPECTATORS_OPTION, None)
    if spectators is not None and not isinstance(spectators, bool):
        raise BadOptions("error.bad_options")
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
    chosen: dict[str, Any] = {LEVEL_OPTION: level} if level is not None else {}
    if spectators:
        chosen[SPECTATORS_OPTION] = True
    return {"players": players, **given, **session_opts, **chosen}


def seat_name(name: str) -> str:
    """A member's name as their seat keeps it: printable, one line, not too long (each
    message escapes it again where it shows it)."""
    return safe(name, Where.PLAIN)


def _variant_name(variant: str) -> InLanguage:
    return lambda language: t(f"variant.{variant}", language)


def _option_name(option: str) -> InLanguage:
    """An option as the reader's ``/tapp table new`` names it."""
    return lambda language: NAMES.get(language_of(language), {}).get(option, option)
