"""The computer seats of every table: one task per table while a computer has something
to do there (a computer player's seat, or an away member's while another member is
here). A decision is made off the event loop (:mod:`bot.ai.runner`), outside the
table's lock; its action is taken under the lock, and only if the table has not moved
on meanwhile."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections.abc import Awaitable, Callable

from bot.ai import Player, levels, make_player, runner
from bot.ai.seeded import position, seeded_player
from bot.ai.turns import next_turn
from bot.engine import Action
from bot.store import TableStatus

from .config import LEVEL_OPTION, TableConfig
from .live import LiveTable

log = logging.getLogger(__name__)

#: takes a computer's action for ``seat`` (under the table's lock): commit, then the
#: table's after-change pipeline; ``auto``: for an away member
Play = Callable[[LiveTable, int, Action, bool], Awaitable[None]]


class ComputerSeats:
    def __init__(self, config: TableConfig, rng: random.Random, play: Play) -> None:
        self.config = config
        self._rng = rng
        self._play = play
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._closing = False

    def kick(self, live: LiveTable) -> None:
        """Start the table's task if a computer has something to do (call with the lock
        held; the task ends, under the lock, once none has)."""
        if (self._closing or live.table_id in self._tasks
                or live.status is not TableStatus.PLAYING or self._work(live) is None):
            return
        self._tasks[live.table_id] = asyncio.create_task(
            self._run(live), name=f"tapp-computers-{live.table_id}")

    async def shutdown(self) -> None:
        """Stop every task (the store keeps everything)."""
        self._closing = True
        runner.shutdown()
        tasks = list(self._tasks.values())
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

    async def wait_idle(self, table_id: int | None = None) -> None:
        """Wait until no computer of the table (or of any table) has work."""
        while True:
            tasks = [task for i, task in self._tasks.items()
                     if not task.done() and (table_id is None or i == table_id)]
            if not tasks:
                return
            await asyncio.wait(tasks)

    def is_idle(self) -> bool:
        return all(task.done() for task in self._tasks.values())

    def table_level(self, live: LiveTable) -> str:
        """The level of the table's computer players (its option, else the config's)."""
        return str(live.options.get(LEVEL_OPTION) or self.config.computer_level)

    # -- the task -------------------------------------------------------------------------
    def _work(self, live: LiveTable) -> tuple[int, bool] | None:
        """(seat, main turn?) of a computer seat with something to consider, else None
        (the order: :func:`bot.ai.turns.next_turn`)."""
        deal, number = live.deal, live.deal_number
        if deal is None or number is None or live.suspended:
            return None
        turn = next_turn(deal, live.computer_plays,
                         lambda seat: (number, deal.ply, seat) in live.asked)
        return None if turn is None else (turn.seat, turn.main)

    async def _run(self, live: LiveTable) -> None:
        try:
            while True:
                if self.config.computer_pause:
                    await self.config.sleep(self.config.computer_pause)
                async with live.lock:
                    work = self._work(live)
                    if work is None:
                        self._done(live)
                        return
                    seat, main_turn = work
                    deal = live.deal
                    assert deal is not None
                    stamp, view = live.stamp, deal.view(seat)
                    level, player = self._level(live, seat), self._player(live, seat)
                # off the event loop (search levels in worker processes)
                decision = await runner.decision(player, view, main=main_turn)
                if self.config.on_decision is not None:
                    self.config.on_decision(level, decision)
                action: Action | None = decision.action
                async with live.lock:
                    if live.stamp != stamp or not live.computer_plays(seat):
                        continue  # someone acted or came back meanwhile: look again
                    assert stamp is not None
                    if not main_turn:
                        live.asked.add((stamp.deal, stamp.ply, seat))
                    if action is not None:
                        # for an away member: marked as a substitute's (they stay away)
                        await self._play(live, seat, action, not live.is_computer(seat))
        except asyncio.CancelledError:
            self._done(live)
            raise
        except Exception:
            log.exception("computer players of table %d stopped", live.table_id)
            self._done(live)

    def _done(self, live: LiveTable) -> None:
        if self._tasks.get(live.table_id) is asyncio.current_task():
            del self._tasks[live.table_id]

    def _level(self, live: LiveTable, seat: int) -> str:
        level = live.seats[seat].level or self.table_level(live)
        return level if level in levels() else "easy"

    def _player(self, live: LiveTable, seat: int) -> Player:
        """The seat's player for this decision. At a series' deal, the one its solo runs
        would have in this position (so two tables of the deal with the same members'
        play see the same computer play); elsewhere one of the table's level."""
        level = self._level(live, seat)
        deal = live.deal
        if live.computers_seed is not None and deal is not None:
            return seeded_player(level, live.computers_seed, seat, position(deal))
        return make_player(level, self._rng_for(live, seat))

    def _rng_for(self, live: LiveTable, seat: int) -> random.Random:
        seed = self.config.ai_seed
        if seed is None:
            return random.Random(self._rng.getrandbits(64))
        return random.Random(f"{seed}:{live.table_id}:{live.stamp}:{seat}")
