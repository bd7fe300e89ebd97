"""After a restart: every open table rebuilt by replaying its record, carrying on where it
stopped (a deal over but not settled is settled, the next deal dealt, the table message
refreshed), with its turn's timers back. One table that cannot be rebuilt is marked
broken and reported; the others play on."""

from __future__ import annotations

import logging

from bot.store import DeadlineKind, StoreError
from bot.store.deadlines import Deadlines
from bot.store.settings import SettingsStore
from bot.store.tables import Tables

from .arming import turn_key, turn_specs
from .core import TableCore
from .errors import logged
from .live import LiveTable
from .registry import TableRegistry
from .scheduler import Scheduler

log = logging.getLogger(__name__)


class Restart:
    """Resuming the open tables (see the module docstring). Given the tables' pipeline
    (``core``), the live tables, the stored tables, deadlines and settings, and the
    deadline scheduler."""

    def __init__(self, core: TableCore, *, registry: TableRegistry, tables: Tables,
                 deadlines: Deadlines, settings: SettingsStore, scheduler: Scheduler) -> None:
        self.core = core
        self.registry = registry
        self.tables = tables
        self.deadlines = deadlines
        self.settings = settings
        self.scheduler = scheduler

    async def resume(self) -> int:
        """Rebuild every open table from the store and carry on; returns how many. A
        table that cannot be rebuilt is marked broken and reported (and left alone at
        the next start); it never keeps the others from playing."""
        core = self.core
        count = 0
        opened_all, unreadable = await self.tables.load_open_safely()
        for table_id, reason in unreadable:
            await core.broken(table_id, reason)
        for opened in opened_all:
            table_id = opened.table.table_id
            try:
                live = await self.registry.adopt(opened)
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
        deadlines = await self.deadlines.for_turn(live.table_id, *key)
        if any(not d.fired for d in deadlines):
            return
        try:
            settings = await self.settings.for_table(live.table_id)
            if not deadlines:
                await self.deadlines.arm(live.table_id, turn_specs(
                    settings, key[2], self.core.config.clock()), deal_id=key[0], ply=key[1])
                return
            newest = max(deadlines, key=lambda d: (d.created_at, d.deadline_id))
            if newest.kind is DeadlineKind.TIMEOUT and settings.turn_timeout \
                    and await self.deadlines.release(newest, newest.due_at):
                log.warning("table %d: its timeout was claimed but never handled; due"
                            " again", live.table_id)
        except StoreError:
            log.exception("could not set the timers of table %d", live.table_id)
        finally:
            self.scheduler.wake()
