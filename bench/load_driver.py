"""The other side of ``python -m bot bench load``: the stand-in and the simulated members,
in a process of their own (so the bot's process does only the bot's work).

The members are fast humans who play by what the bot shows them: the turn ping in the
table's thread says whose turn it is; that member clicks *My hand* on the table message
and, the moment the private panel arrives, one of the components it offers for the
member's own action (a button, or a select: the cards to discard, the card to call),
chosen at random. When the panel that answers the action offers the member another action
(the same member to act again), they use it at once. They never say kontra. With
computer players (``computers``: their level, ``computer_seats``: how many a table), the
host opens the table with that level, fewer members join, and the host seats the
computers before *Start*; the bot plays their turns.

For the floor (run before any table opens), every table's channel gets a plain message
with two buttons; a member clicks one, then the other, as a turn of the Tapp phase does
(*My hand*, then the action), against a bare client that answers every interaction at
once. For the courier (after the floor), the same messages: each member opens a panel once
(*Hand*), then acts with one click on it per turn, against a client that makes a Tapp
turn's requests without the bot's work (:mod:`bench.load_floors`).

Talks to the bot's process over a ``multiprocessing`` pipe: see :mod:`bench.load`.
:class:`Driver` opens the tables and runs the phases; the world the members see is in
:mod:`bench.load_world`, how they act in :mod:`bench.load_members` (reading the bot's
answers with :mod:`bench.load_answers`), the figures in :mod:`bench.load_figures`.
"""

from __future__ import annotations

import asyncio
import contextlib
import cProfile
import gc
import logging
import random
import time
import traceback
from concurrent.futures import ThreadPoolExecutor
from multiprocessing.connection import Connection
from typing import Any

from standin import Sandbox

from .load_answers import answer_of, offers_action
from .load_figures import FullCollections, PhaseStats, phase_figures
from .load_members import ANSWER_TIMEOUT_S, COURIER, FLOOR, TAPP, LoadMembers
from .load_world import LoadTable


class Driver(LoadMembers):
    """The members' side of the run: opens the tables, plays the phases, reports figures."""

    def __init__(self, conn: Connection, options: dict[str, Any]) -> None:
        super().__init__(int(options["tables"]), random.Random(int(options.get("seed", 1879))))
        self.conn = conn
        self.variant = str(options.get("variant", "zuger"))
        self.concurrency = int(options.get("concurrency", 32))
        self.open_concurrency = int(options.get("open_concurrency", 8))
        self.profile: str | None = options.get("profile_standin")
        self.global_limit = int(options.get("global_limit", 50))
        self.route_limits = bool(options.get("route_limits", True))
        self.computers: str | None = options.get("computers")
        self.computer_seats = int(options.get("computer_seats", 0)) if self.computers else 0
        self._pipe = ThreadPoolExecutor(1, thread_name_prefix="load-pipe")

    # -- the pipe to the bot's process -------------------------------------------------
    async def recv(self) -> Any:
        return await asyncio.get_running_loop().run_in_executor(self._pipe, self.conn.recv)

    def send(self, message: Any) -> None:
        self.conn.send(message)

    # -- the whole run -----------------------------------------------------------------
    async def run(self) -> None:
        async with Sandbox(openapi=False, settle_quiet=0.02) as sandbox:
            self.sandbox = sandbox
            sandbox.rate_limits.set_global(self.global_limit)
            sandbox.rate_limits.realistic = self.route_limits
            self._world()
            emit = sandbox.state.emit
            sandbox.state.emit = self._hook(emit)
            poller = asyncio.create_task(self._poll())
            self.send({"api": sandbox.api_base, "gateway": sandbox.gateway.url,
                       "token": sandbox.token})
            try:
                while True:
                    command = await self.recv()
                    try:
                        reply = await self.command(command)
                    except Exception:
                        self.send({"error": traceback.format_exc()})
                        raise
                    self.send(reply)
                    if command["do"] == "stop":
                        break
            finally:
                poller.cancel()
                for task in list(self.tasks):
                    task.cancel()
        self._pipe.shutdown(wait=False)

    async def command(self, command: dict[str, Any]) -> dict[str, Any]:
        do = command["do"]
        if do == "open":
            await self.sandbox.gateway.wait_connected(60)
            self._forget_closed_sessions()
            self.mode = TAPP  # the floor may have run first: live panels are looked at again
            return await self.open_tables()
        if do == "run":
            self.mode = TAPP
            return await self.phase(float(command["rate"]), float(command["seconds"]))
        if do == "floor_prepare":
            self._floor_world()
            return {}
        if do in ("floor_run", "courier_run"):
            await self.sandbox.gateway.wait_connected(60)
            self._forget_closed_sessions()
            self.mode = FLOOR if do == "floor_run" else COURIER
            self.panel_of.clear()  # the bot's hand panels: the courier opens its own
            try:
                return await self.phase(float(command["rate"]), float(command["seconds"]))
            finally:
                self.ready.clear()
                self.panel_of.clear()  # the courier's panels
                for table in self.tables:
                    table.queued = table.busy = False
        if do == "stop":
            return {}
        raise ValueError(f"unknown command {do!r}")

    # -- opening the tables --------------------------------------------------------------
    async def open_tables(self) -> dict[str, Any]:
        self.stats = PhaseStats()
        started = time.monotonic()
        gate = asyncio.Semaphore(self.open_concurrency)

        async def one(table: LoadTable) -> None:
            async with gate:
                await self._open(table)

        await asyncio.gather(*(one(t) for t in self.tables))
        # every table's first ping
        deadline = time.monotonic() + 60
        while sum(1 for t in self.tables if t.queued) < len(self.tables):
            if time.monotonic() > deadline:
                break
            await asyncio.sleep(0.05)
        seconds = time.monotonic() - started
        figures = phase_figures(self.sandbox, self.stats, seconds,
                                action_kinds=("new", "join", "start"))
        figures["tables_ready"] = sum(1 for t in self.tables if t.queued)
        return figures

    async def _open(self, table: LoadTable) -> None:
        host, *joiners = table.members[:len(table.members) - self.computer_seats]
        level: dict[str, Any] = {"level": self.computers} if self.computers else {}
        record = await self.interact("new", lambda: host.slash(
            table.channel, "/tapp table new", variant=self.variant, settle=False, **level))
        if record is None or record.original_message_id is None:
            raise RuntimeError(f"/tapp table new got no answer: {record and record.errors}")
        table.thread_id = record.original_message_id  # the thread hangs off the answer
        self.by_thread[table.thread_id] = table
        if table.thread_id in self._pings:
            self._pinged(table, *self._pings[table.thread_id])
        deadline = time.monotonic() + 30
        while table.thread_id not in self._table_messages:
            if time.monotonic() > deadline:
                raise RuntimeError("no lobby message appeared")
            await asyncio.sleep(0.01)
        table.message_id, table.table_id = self._table_messages[table.thread_id]
        for member in joiners:  # each answer becomes the member's live panel
            joined = await self.interact("join", lambda m=member: m.click(  # type: ignore[misc]
                table.message_id, custom_id=self._cid(table, "join"), settle=False))
            self._keep(member, None if joined is None else answer_of(joined))
        for _ in range(self.computer_seats):  # the host seats them, one click each
            await self.interact("computer", lambda: host.click(
                table.message_id, custom_id=self._cid(table, "computer"), settle=False))
        # the host clicks Start once the lobby shows it enabled (the lobby is edited after
        # the last join is answered)
        start = self._cid(table, "start")
        deadline = time.monotonic() + 30
        while True:
            button = self.sandbox.state.messages[table.message_id].find_button(custom_id=start)
            if button is not None and not button.get("disabled"):
                break
            if time.monotonic() > deadline:
                raise RuntimeError("the lobby never offered Start")
            await asyncio.sleep(0.01)
        started = await self.interact("start", lambda: host.click(
            table.message_id, custom_id=start, settle=False))
        panel = None if started is None else answer_of(started)
        self._keep(host, panel)
        if panel is not None and offers_action(panel):  # the host is first to act: no ping
            table.panel, table.to_act = panel, None
            self._enqueue(table)

    # -- a phase: turns at a fixed rate (open loop), or as fast as possible ----------------
    async def phase(self, rate: float, seconds: float) -> dict[str, Any]:
        # what the stand-in holds from before (the opening, the phases before this one)
        # is moved out of the collector's way: else its full collections grow with the
        # run (measured: 70 ms in the floor, 95 in the courier's first half, 205 in the
        # bot's play and in the courier's second half, one of each a phase), and each
        # stops every interaction under way, whoever answers them
        gc.collect()
        gc.freeze()
        self.stats = PhaseStats()
        if self.mode != TAPP:
            self.ready.clear()
            for table in self.tables:
                table.busy, table.queued = False, False
                self._enqueue(table)
        loop = asyncio.get_running_loop()
        limits = self.sandbox.rate_limits
        token0, refused0 = limits.token_requests, limits.global_refused
        cpu0 = time.process_time()
        started = loop.time()
        end = started + seconds
        pauses = FullCollections()
        watchdog = asyncio.create_task(self._watchdog())
        profiler = cProfile.Profile() if self.profile and self.mode == TAPP else None
        if profiler is not None:
            profiler.enable()
        try:
            if rate > 0:
                await self._open_loop(rate, started, end)
            else:
                await self._closed_loop(end)
        finally:
            pauses.stop()
            watchdog.cancel()
            if profiler is not None:
                profiler.disable()
                profiler.dump_stats(str(self.profile))
        window = loop.time() - started
        cpu = time.process_time() - cpu0
        token_requests = limits.token_requests - token0
        # let the turns under way finish (their answers count for latency, not throughput)
        pending = [t for t in self.tasks if not t.done()]
        if pending:
            await asyncio.wait(pending, timeout=ANSWER_TIMEOUT_S + 2)
        kinds = {FLOOR: ("floor_act",), COURIER: ("courier_act",)}.get(self.mode, ("action",))
        figures = phase_figures(self.sandbox, self.stats, window, action_kinds=kinds, until=end,
                                keep=self.mode == COURIER)
        figures["driver_cpu_s"] = round(cpu, 2)
        figures["token_requests_per_s"] = round(token_requests / window, 1) if window else 0.0
        figures["global_refused"] = limits.global_refused - refused0
        figures["standin_gc"] = pauses.figures()
        return figures

    async def _open_loop(self, rate: float, started: float, end: float) -> None:
        loop = asyncio.get_running_loop()
        interval = 1.0 / rate
        n = 0
        while True:
            due = started + n * interval
            if due >= end:
                return
            wait = due - loop.time()
            if wait > 0:
                await asyncio.sleep(wait)
            n += 1
            table = self._pop()
            if table is None:
                self.stats.missed += 1
                continue
            self._spawn(table)

    async def _closed_loop(self, end: float) -> None:
        loop = asyncio.get_running_loop()

        async def member() -> None:
            while loop.time() < end:
                table = self._pop()
                if table is None:
                    with contextlib.suppress(TimeoutError):
                        async with asyncio.timeout(min(0.2, max(0.0, end - loop.time()))):
                            await self.ready_event.wait()
                    continue
                await self._turn(table)

        await asyncio.gather(*(member() for _ in range(self.concurrency)))

    # -- the floor: the same traffic against a bare client ----------------------------------
    def _forget_closed_sessions(self) -> None:
        """Drop the sessions of clients that closed (the floor's), so the stand-in stops
        buffering events for them."""
        gateway = self.sandbox.gateway
        for key, session in list(gateway.sessions.items()):
            if session.connection is None:
                del gateway.sessions[key]


def child_main(conn: Connection, options: dict[str, Any]) -> None:
    """Entry point of the stand-in's process."""
    logging.basicConfig(level=logging.WARNING)
    try:
        asyncio.run(Driver(conn, options).run())
    finally:
        conn.close()
