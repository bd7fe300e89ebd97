"""The table service: the one entry to every table of a bot, for cogs and tools.

It composes the units that run tables, each given the stored repositories, the live
tables and the scheduler it uses: the after-change pipeline and finding a live table
(:mod:`.core`, over the registry of :mod:`.registry`), the lobby and seats
(:attr:`~TableService.lobby`), a member's hand, actions and ending a table
(:attr:`~TableService.play`), claims (:attr:`~TableService.claims`), the timeout policy
(:attr:`~TableService.timeouts`) and the deadline scheduler that fires it
(:attr:`~TableService.timers`), members' own quiet hours and away periods
(:attr:`~TableService.availability`), where tables live (:attr:`~TableService.places`),
reads of stored tables (:attr:`~TableService.records`) and resuming after a restart
(:attr:`~TableService.restart`). Callers use the units' verbs; the service adds only
what spans them.

Per table one :class:`asyncio.Lock` serialises the changes (tables run in parallel); a
change is validated by the engine and committed to the store before it is shown or
answered. What changed the service tells its :class:`~.core.DisplayPort` itself.
"""

from __future__ import annotations

import inspect
import logging

from bot.store import Deadline, Store

from .availability import Availability
from .claims import Claims
from .config import TableConfig
from .core import DisplayPort, TableCore
from .live import LiveTable
from .lobby import Created, Lobby
from .places import Places
from .play import ActOutcome, Play
from .records import FinishedDeal, Records
from .registry import TableRegistry
from .restart import Restart
from .scheduler import Scheduler
from .series_tables import SeriesTables
from .timeouts import TurnTimeouts

log = logging.getLogger(__name__)

__all__ = ["ActOutcome", "Created", "FinishedDeal", "TableConfig", "TableService"]


class TableService:
    """Runs every table of one bot. See the module docstring."""

    def __init__(self, store: Store, display: DisplayPort,
                 config: TableConfig | None = None) -> None:
        self.config = config = config or TableConfig()
        self.display = display
        #: the live tables (finding them: ``find``, ``located_in``, ``peek``)
        self.registry = registry = TableRegistry(store, config.clock)
        #: fires the stored reminders and turn timeouts (started by the bot)
        self.timers = timers = Scheduler(store.deadlines, self._deadline_due,
                                         clock=config.clock, sleep=config.sleep)
        self.core = core = TableCore(store, display, config, registry=registry,
                                     scheduler=timers)
        #: the computer seats of every table (``wait_idle``, ``is_idle``)
        self.computers = core.computers
        tables, settings = store.tables, store.settings
        self.lobby = Lobby(core, registry=registry, tables=tables, settings=settings,
                           scheduler=timers)
        #: members' quiet hours and away periods (``/tapp quiet``, ``/tapp away``)
        self.availability = Availability(core, registry=registry, members=store.members,
                                         lobby=self.lobby)
        #: tables whose place on Discord went (see :mod:`.places`)
        self.places = Places(core, registry=registry, tables=tables, settings=settings,
                             scheduler=timers, display=display)
        self.play = Play(core, registry=registry, tables=tables, lobby=self.lobby,
                         availability=self.availability, places=self.places)
        self.claims = Claims(core, registry=registry, claims=store.claims,
                             settings=settings, scheduler=timers,
                             availability=self.availability)
        self.timeouts = TurnTimeouts(core, registry=registry, deals=store.deals,
                                     deadlines=store.deadlines, settings=settings,
                                     claims=self.claims)
        self.records = Records(tables=tables, deals=store.deals, ledger=store.ledger,
                               settings=settings, series=store.series)
        #: the tables of series that seat their members together (see :mod:`.series_tables`)
        self.series = SeriesTables(core, registry=registry, store=store, lobby=self.lobby)
        self.restart = Restart(core, registry=registry, tables=tables,
                               deadlines=store.deadlines, settings=settings,
                               scheduler=timers)

    # -- finding the table a click or command is about (see :meth:`TableCore.table`) ------
    async def table(self, table_id: int, *, suspended: bool = False) -> LiveTable:
        return await self.core.table(table_id, suspended=suspended)

    async def table_in(self, table_id: int, guild_id: int | None, *,
                       suspended: bool = False) -> LiveTable:
        return await self.core.table_in(table_id, guild_id, suspended=suspended)

    # -- shutdown and deadlines -----------------------------------------------------------
    async def shutdown(self) -> None:
        """Stop the computer players (the store keeps everything)."""
        await self.computers.shutdown()

    async def _deadline_due(self, deadline: Deadline, now: float) -> None:
        """Act on a fired deadline (see :class:`TurnTimeouts`) and post what it did."""
        notice = await self.timeouts.due(deadline, now=now)
        if notice is None:
            return
        try:
            sent = self.display.notice(notice)
            if inspect.isawaitable(sent):
                await sent
        except Exception:
            log.exception("could not post a %s of table %d", notice.kind, notice.table_id)
