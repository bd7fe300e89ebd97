"""How the simulated members of ``python -m bot bench load`` act: each interaction
started and waited for until its answer is complete, and the turns they take (a Tapp
turn from the ping, the hand and the panel; a probe of a stalled table; a floor turn).
:class:`~bench.load_driver.Driver` runs them.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Callable
from typing import Any

from bot.tables.ids import ComponentId
from standin import Actor, InteractionRecord, Message

from .load_answers import (
    DEFERRED_UPDATE,
    UPDATE_MESSAGE,
    answer_complete,
    answer_of,
    choose_action,
    offers_action,
)
from .load_figures import PhaseStats, Sample
from .load_world import FLOOR_ACT, FLOOR_HAND, LoadTable, LoadWorld

#: a table nobody could act at for this long is probed (every member opens their hand)
STALL_S = 10.0
#: how long a member waits for an answer before giving up on the turn
ANSWER_TIMEOUT_S = 10.0
POLL_S = 0.002
TAPP, FLOOR, COURIER = "tapp", "floor", "courier"

log = logging.getLogger(__name__)


class LoadMembers(LoadWorld):
    """The members at their tables: interactions and their answers, turns, probes."""

    def __init__(self, tables_n: int, rng: random.Random) -> None:
        super().__init__(tables_n)
        self.rng = rng
        #: each member's newest hand panel (the stand-in's message: edits change it) and
        #: the edit count of it last looked at
        self.panel_of: dict[int, Message] = {}
        self._looked: dict[int, int] = {}
        self.waiting: dict[int, tuple[InteractionRecord, asyncio.Future[bool], int, float]] = {}
        self.mode = TAPP
        self.stats = PhaseStats()
        self.tasks: set[asyncio.Task[None]] = set()

    # -- waiting for answers -----------------------------------------------------------
    async def _poll(self) -> None:
        """Resolve the waits of interactions whose answer is complete; see the live
        panels that came to show their member's turn."""
        while True:
            await asyncio.sleep(POLL_S)
            if self.mode == TAPP:
                self._look_at_panels()
            if not self.waiting:
                continue
            now = time.monotonic()
            for key, (record, future, edits, since) in list(self.waiting.items()):
                done = answer_complete(record, edits, self.sandbox)
                if done or now - since > ANSWER_TIMEOUT_S:
                    del self.waiting[key]
                    if not future.done():
                        future.set_result(done)

    async def interact(self, kind: str, start: Callable[[], Any]) -> InteractionRecord | None:
        """Start an interaction (``settle=False``) and wait until its answer is complete;
        None if it did not complete in time."""
        record: InteractionRecord = await start()
        self.stats.samples.append(Sample(kind, record))
        edits = 0
        if record.message_id is not None:
            edits = self.sandbox.state.messages[record.message_id].edit_count
        future: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self.waiting[record.id] = (record, future, edits, time.monotonic())
        if not await future:
            self.stats.timeouts += 1
            return None
        return record

    def _look_at_panels(self) -> None:
        """A member whose live panel was edited to show their turn acts there (no *My
        hand*): the bot edits panels through interaction tokens, unseen by the gateway."""
        for table in self.tables:
            if table.busy or table.queued or table.panel is not None:
                continue
            for member in table.members:
                panel = self.panel_of.get(member.id)
                if panel is None or self._looked.get(panel.id) == panel.edit_count:
                    continue
                self._looked[panel.id] = panel.edit_count
                if offers_action(panel):
                    table.panel, table.to_act = panel, None
                    self._enqueue(table)
                    break

    def _keep(self, member: Actor, panel: Message | None) -> None:
        if panel is not None and panel.ephemeral_to == member.id:
            self.panel_of[member.id] = panel
            self._looked[panel.id] = panel.edit_count

    @staticmethod
    def _cid(table: LoadTable, verb: str) -> str:
        return ComponentId(table.table_id, None, verb).encode()

    # -- turns ---------------------------------------------------------------------------
    def _spawn(self, table: LoadTable) -> None:
        task = asyncio.create_task(self._turn(table))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _turn(self, table: LoadTable) -> None:
        table.busy = True
        self.stats.turns += 1
        try:
            if self.mode == FLOOR:
                await self._floor_turn(table)
            elif self.mode == COURIER:
                await self._courier_turn(table)
            else:
                await self._tapp_turn(table)
        except Exception:
            self.stats.broken += 1
            log.exception("a turn at table %d failed", table.table_id)
        finally:
            table.busy = False
            table.last_progress = time.monotonic()
        if self.mode != TAPP or table.panel is not None or table.to_act is not None:
            self._enqueue(table)

    async def _tapp_turn(self, table: LoadTable) -> None:
        panel, table.panel = table.panel, None
        if panel is None:
            user, table.to_act = table.to_act, None
            if user is None:
                return
            member = self.members[user]
            record = await self.interact("hand", lambda: member.click(
                table.message_id, custom_id=self._cid(table, "hand"), settle=False))
            panel = None if record is None else answer_of(record)
            if panel is None or record is None or record.response_type is None:
                table.to_act = user  # no hand came: the member tries again
                return
            self._keep(member, panel)
        else:
            assert panel.ephemeral_to is not None
            member = self.members[panel.ephemeral_to]
        choice = choose_action(panel, self.rng)
        if choice is None:  # nothing to do after all (a stale ping)
            return
        custom_id, values = choice
        if values is None:
            record = await self.interact("action", lambda: member.click(
                panel, custom_id=custom_id, settle=False))
        else:
            record = await self.interact("action", lambda: member.select(
                panel, values, custom_id=custom_id, settle=False))
        if record is None:
            return
        if record.response_type != UPDATE_MESSAGE and record.response_type != DEFERRED_UPDATE:
            self.stats.refused += 1  # a refusal comes as a new ephemeral message
        answer = answer_of(record)
        self._keep(member, answer)
        if answer is not None and choose_action(answer, self.rng) is not None:
            table.panel = answer
            table.to_act = None

    async def _watchdog(self) -> None:
        """Probe tables nobody could act at for a while: each member opens their hand."""
        while True:
            await asyncio.sleep(1.0)
            now = time.monotonic()
            for table in self.tables:
                if (self.mode == TAPP and not table.busy and not table.queued
                        and now - table.last_progress > STALL_S):
                    table.busy = True
                    table.last_progress = now
                    self._spawn_probe(table)

    def _spawn_probe(self, table: LoadTable) -> None:
        task = asyncio.create_task(self._probe(table))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _probe(self, table: LoadTable) -> None:
        self.stats.probes += 1
        try:
            for member in table.members:
                record = await self.interact("probe", lambda m=member: m.click(  # type: ignore[misc]
                    table.message_id, custom_id=self._cid(table, "hand"), settle=False))
                panel = answer_of(record) if record is not None else None
                if panel is not None and choose_action(panel, self.rng) is not None:
                    table.panel = panel
                    break
        finally:
            table.busy = False
            table.last_progress = time.monotonic()
        if table.panel is not None or table.to_act is not None:
            self._enqueue(table)

    async def _floor_turn(self, table: LoadTable) -> None:
        member = table.members[table.floor_seat]
        table.floor_seat = (table.floor_seat + 1) % len(table.members)
        message = table.floor_message
        assert message is not None
        record = await self.interact("floor_hand", lambda: member.click(
            message, custom_id=FLOOR_HAND, settle=False))
        if record is None:
            return
        await self.interact("floor_act", lambda: member.click(
            message, custom_id=FLOOR_ACT, settle=False))

    async def _courier_turn(self, table: LoadTable) -> None:
        """One click on the member's panel (opened once with *Hand*), as a member whose
        live panel shows their turn acts."""
        member = table.members[table.floor_seat]
        table.floor_seat = (table.floor_seat + 1) % len(table.members)
        panel = self.panel_of.get(member.id)
        if panel is None:
            message = table.floor_message
            assert message is not None
            record = await self.interact("courier_hand", lambda: member.click(
                message, custom_id=FLOOR_HAND, settle=False))
            panel = None if record is None else answer_of(record)
            if panel is None or not panel.buttons():
                return
            self.panel_of[member.id] = panel
        custom_id = panel.buttons()[0]["custom_id"]
        await self.interact("courier_act", lambda: member.click(
            panel, custom_id=custom_id, settle=False))
