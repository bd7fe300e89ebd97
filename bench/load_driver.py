"""The other side of ``python -m bot bench load``: the stand-in and the simulated members,
in a process of their own (so the bot's process does only the bot's work).

The members are fast humans who play by what the bot shows them: the turn ping in the
table's thread says whose turn it is; that member clicks *My hand* on the table message
and, the moment the private panel arrives, one of the components it offers for the
member's own action (a button, or a select: the cards to discard, the card to call),
chosen at random. When the panel that answers the action offers the member another action
(the same member to act again), they use it at once. They never say kontra.

For the floor (run before any table opens), every table's channel gets a plain message
with two buttons; a member clicks one, then the other, as a turn of the Tapp phase does
(*My hand*, then the action), against a bare client that answers every interaction at
once.

Talks to the bot's process over a ``multiprocessing`` pipe: see :mod:`bench.load`.
"""

from __future__ import annotations

import asyncio
import contextlib
import cProfile
import logging
import random
import re
import time
import traceback
from collections import deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any

from bot.tables.ids import VERBS, ComponentId
from standin import Actor, Channel, InteractionRecord, Message, Sandbox

#: tables per stand-in guild (Discord allows 1,000 active threads in a guild), and per
#: channel (each table opens a thread off its channel; threads are rate-limited per channel)
TABLES_PER_GUILD = 100
TABLES_PER_CHANNEL = 10
PLAYERS = 4
#: a table nobody could act at for this long is probed (every member opens their hand)
STALL_S = 10.0
#: how long a member waits for an answer before giving up on the turn
ANSWER_TIMEOUT_S = 10.0
POLL_S = 0.002
PING = re.compile(r"^<@!?(\d+)>")
FLOOR_HAND, FLOOR_ACT = "floor:hand", "floor:act"
TAPP, FLOOR = "tapp", "floor"
UPDATE_MESSAGE, DEFERRED_UPDATE, DEFERRED_MESSAGE = 7, 6, 5

log = logging.getLogger(__name__)


@dataclass
class LoadTable:
    """One table as its members see it."""

    index: int
    channel: Channel
    members: list[Actor]
    thread_id: int = 0
    table_id: int = 0
    message_id: int = 0  # the table message (the lobby, edited into the table)
    ping_id: int = 0  # the newest turn ping seen
    to_act: int | None = None  # the member the newest unused ping named
    panel: Message | None = None  # a panel that offers its member an action now
    busy: bool = False
    queued: bool = False
    floor_message: Message | None = None
    floor_seat: int = 0
    last_progress: float = 0.0


@dataclass
class Sample:
    """One interaction of a phase: its kind and the stand-in's timings."""

    kind: str  # hand, action, join, new, start, probe, floor_hand, floor_act
    record: InteractionRecord


@dataclass
class PhaseStats:
    samples: list[Sample] = field(default_factory=list)
    turns: int = 0
    missed: int = 0  # arrivals with no table ready (open loop)
    probes: int = 0
    timeouts: int = 0
    refused: int = 0


def percentile(values: list[float], q: float) -> float:
    """The nearest-rank percentile (as the table tests' latency summary computes it)."""
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


class Driver:
    def __init__(self, conn: Connection, options: dict[str, Any]) -> None:
        self.conn = conn
        self.tables_n = int(options["tables"])
        self.variant = str(options.get("variant", "zuger"))
        self.rng = random.Random(int(options.get("seed", 1879)))
        self.concurrency = int(options.get("concurrency", 32))
        self.open_concurrency = int(options.get("open_concurrency", 8))
        self.profile: str | None = options.get("profile_standin")
        self.global_limit = int(options.get("global_limit", 50))
        self.tables: list[LoadTable] = []
        self.by_thread: dict[int, LoadTable] = {}
        self.members: dict[int, Actor] = {}
        self.ready: deque[LoadTable] = deque()
        self.ready_event = asyncio.Event()
        self.waiting: dict[int, tuple[InteractionRecord, asyncio.Future[bool], int, float]] = {}
        self.mode = TAPP
        self.stats = PhaseStats()
        self.tasks: set[asyncio.Task[None]] = set()
        self._pipe = ThreadPoolExecutor(1, thread_name_prefix="load-pipe")
        # what the hook saw per channel before a table claimed it
        self._table_messages: dict[int, tuple[int, int]] = {}
        self._pings: dict[int, tuple[int, int]] = {}

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
            return await self.open_tables()
        if do == "run":
            self.mode = TAPP
            return await self.phase(float(command["rate"]), float(command["seconds"]))
        if do == "floor_prepare":
            self._floor_world()
            return {}
        if do == "floor_run":
            await self.sandbox.gateway.wait_connected(60)
            self.mode = FLOOR
            try:
                return await self.phase(float(command["rate"]), float(command["seconds"]))
            finally:
                self.ready.clear()
                for table in self.tables:
                    table.queued = table.busy = False
        if do == "stop":
            return {}
        raise ValueError(f"unknown command {do!r}")

    # -- the world ---------------------------------------------------------------------
    def _world(self) -> None:
        sandbox = self.sandbox
        channel: Channel | None = None
        guild = None
        for index in range(self.tables_n):
            if index % TABLES_PER_GUILD == 0:
                guild = sandbox.create_guild(f"Load {index // TABLES_PER_GUILD + 1}")
            if index % TABLES_PER_CHANNEL == 0:
                assert guild is not None
                channel = sandbox.create_channel(guild, f"tapp-{index // TABLES_PER_CHANNEL}")
            assert guild is not None and channel is not None
            members = [sandbox.create_user(f"p{index}s{seat}", guild) for seat in range(PLAYERS)]
            self.members.update({m.id: m for m in members})
            self.tables.append(LoadTable(index, channel, members))

    def _hook(self, emit: Callable[..., None]) -> Callable[..., None]:
        """Watch what the bot posts: table messages and turn pings, per channel."""

        def hook(event: str, data: dict[str, Any], intent: int = 0) -> None:
            if event == "MESSAGE_CREATE":
                self._seen(data)
            emit(event, data, intent)

        return hook

    def _seen(self, data: dict[str, Any]) -> None:
        channel_id, message_id = int(data["channel_id"]), int(data["id"])
        for row in data.get("components") or ():
            for component in row.get("components") or ():
                cid = ComponentId.parse(component.get("custom_id") or "")
                if cid is not None and cid.token in ("join", "hand"):
                    self._table_messages[channel_id] = (message_id, cid.table_id)
                    table = self.by_thread.get(channel_id)
                    if table is not None:
                        table.message_id, table.table_id = message_id, cid.table_id
                    return
        ping = PING.match(data.get("content") or "")
        if ping is None or data.get("components"):
            return
        self._pings[channel_id] = (message_id, int(ping[1]))
        table = self.by_thread.get(channel_id)
        if table is not None:
            self._pinged(table, message_id, int(ping[1]))

    def _pinged(self, table: LoadTable, message_id: int, user_id: int) -> None:
        if message_id <= table.ping_id or user_id not in self.members:
            return
        table.ping_id, table.to_act = message_id, user_id
        if not table.busy:
            table.panel = None
            self._enqueue(table)

    def _enqueue(self, table: LoadTable) -> None:
        table.last_progress = time.monotonic()
        if not table.queued:
            table.queued = True
            self.ready.append(table)
            self.ready_event.set()

    def _pop(self) -> LoadTable | None:
        while self.ready:
            table = self.ready.popleft()
            table.queued = False
            if not table.busy:
                return table
        self.ready_event.clear()
        return None

    # -- waiting for answers -----------------------------------------------------------
    async def _poll(self) -> None:
        """Resolve the waits of interactions whose answer is complete."""
        while True:
            await asyncio.sleep(POLL_S)
            if not self.waiting:
                continue
            now = time.monotonic()
            for key, (record, future, edits, since) in list(self.waiting.items()):
                done = _complete(record, edits, self.sandbox)
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
        figures = self.figures(self.stats, seconds, action_kinds=("new", "join", "start"))
        figures["tables_ready"] = sum(1 for t in self.tables if t.queued)
        return figures

    async def _open(self, table: LoadTable) -> None:
        host, *joiners = table.members
        record = await self.interact("new", lambda: host.slash(
            table.channel, "/tapp new", variant=self.variant, settle=False))
        if record is None or record.original_message_id is None:
            raise RuntimeError(f"/tapp new got no answer: {record and record.errors}")
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
        for member in joiners:
            await self.interact("join", lambda m=member: m.click(  # type: ignore[misc]
                table.message_id, custom_id=self._cid(table, "join"), settle=False))
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
        await self.interact("start", lambda: host.click(
            table.message_id, custom_id=start, settle=False))

    @staticmethod
    def _cid(table: LoadTable, verb: str) -> str:
        return ComponentId(table.table_id, None, verb).encode()

    # -- a phase: turns at a fixed rate (open loop), or as fast as possible ----------------
    async def phase(self, rate: float, seconds: float) -> dict[str, Any]:
        self.stats = PhaseStats()
        if self.mode == FLOOR:
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
        kinds = ("floor_act",) if self.mode == FLOOR else ("action",)
        figures = self.figures(self.stats, window, action_kinds=kinds, until=end)
        figures["driver_cpu_s"] = round(cpu, 2)
        figures["token_requests_per_s"] = round(token_requests / window, 1) if window else 0.0
        figures["global_refused"] = limits.global_refused - refused0
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
            else:
                await self._tapp_turn(table)
        except Exception:
            log.exception("a turn at table %d failed", table.table_id)
        finally:
            table.busy = False
            table.last_progress = time.monotonic()
        if self.mode == FLOOR or table.panel is not None or table.to_act is not None:
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
            panel = None if record is None else _answer(record)
            if panel is None or record is None or record.response_type is None:
                table.to_act = user  # no hand came: the member tries again
                return
        else:
            assert panel.ephemeral_to is not None
            member = self.members[panel.ephemeral_to]
        choice = _choose(panel, self.rng)
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
        answer = _answer(record)
        if answer is not None and _choose(answer, self.rng) is not None:
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
                panel = _answer(record) if record is not None else None
                if panel is not None and _choose(panel, self.rng) is not None:
                    table.panel = panel
                    break
        finally:
            table.busy = False
            table.last_progress = time.monotonic()
        if table.panel is not None or table.to_act is not None:
            self._enqueue(table)

    # -- the floor: the same traffic against a bare client ----------------------------------
    def _forget_closed_sessions(self) -> None:
        """Drop the sessions of clients that closed (the floor's), so the stand-in stops
        buffering events for them."""
        gateway = self.sandbox.gateway
        for key, session in list(gateway.sessions.items()):
            if session.connection is None:
                del gateway.sessions[key]

    def _floor_world(self) -> None:
        """Post each table's floor message (in its channel: no table is open yet)."""
        state = self.sandbox.state
        row = {"type": 1, "components": [
            {"type": 2, "style": 1, "label": "Hand", "custom_id": FLOOR_HAND},
            {"type": 2, "style": 2, "label": "Act", "custom_id": FLOOR_ACT}]}
        for table in self.tables:
            where = state.channels[table.thread_id or table.channel.id]
            table.floor_message = state.add_message(state.new_message(
                where, state.bot, content="floor", components=[row]))

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

    # -- figures ------------------------------------------------------------------------
    def figures(self, stats: PhaseStats, seconds: float, *, action_kinds: tuple[str, ...],
                until: float | None = None) -> dict[str, Any]:
        """Counts and latencies (ms from the interaction's creation to the bot's first
        answer, on the stand-in's clock, as the table tests measure them)."""
        loop_now = asyncio.get_running_loop().time()
        wall_end = None if until is None else self.sandbox.clock.now().timestamp() - (
            loop_now - until)
        latencies: list[float] = []
        action_latencies: list[float] = []
        actions = unanswered = failed = 0
        kinds: dict[str, dict[str, int]] = {}
        for sample in stats.samples:
            record = sample.record
            counts = kinds.setdefault(sample.kind, {"n": 0, "answered": 0, "deferred": 0,
                                                    "failed": 0, "errors": 0})
            counts["n"] += 1
            counts["errors"] += bool(record.errors)
            counts["failed"] += record.failed
            counts["deferred"] += record.deferred
            if record.responded_at is None:
                unanswered += 1
                if not record.failed:
                    continue
                # "This interaction failed": counted at Discord's limit (a floor on what
                # the member waited; they never got an answer)
                ms = self.sandbox.limits.initial_response_s * 1000
                failed += 1
            else:
                counts["answered"] += 1
                ms = (record.responded_at - record.created_at).total_seconds() * 1000
            latencies.append(ms)
            if sample.kind in action_kinds:
                action_latencies.append(ms)
                if record.responded_at is not None and (
                        wall_end is None or record.responded_at.timestamp() <= wall_end):
                    actions += 1
        out: dict[str, Any] = {
            "seconds": round(seconds, 2),
            "interactions": len(stats.samples),
            "answered": len(stats.samples) - unanswered,
            "unanswered": unanswered,
            "failed": failed,
            "actions": actions,
            "actions_per_s": round(actions / seconds, 1) if seconds > 0 else 0.0,
            "turns": stats.turns,
            "missed": stats.missed,
            "probes": stats.probes,
            "timeouts": stats.timeouts,
            "refused": stats.refused,
            "kinds": kinds,
        }
        for name, values in (("", latencies), ("action_", action_latencies)):
            if values:
                out[f"{name}p50_ms"] = round(percentile(values, 0.50), 1)
                out[f"{name}p99_ms"] = round(percentile(values, 0.99), 1)
                out[f"{name}max_ms"] = round(max(values), 1)
        return out


def _complete(record: InteractionRecord, edits_before: int, sandbox: Sandbox) -> bool:
    """The answer is all there (a deferred one filled in), or will never be."""
    if record.errors or record.failed:
        return True
    kind = record.response_type
    if kind is None:
        return False
    if kind == DEFERRED_MESSAGE:
        response = record.response
        return response is not None and not response.loading or bool(record.followup_ids)
    if kind == DEFERRED_UPDATE:
        assert record.message_id is not None
        message = sandbox.state.messages[record.message_id]
        return message.edit_count > edits_before or bool(record.followup_ids)
    return True


def _answer(record: InteractionRecord) -> Message | None:
    """The message that answered (the last follow-up of a deferred answer)."""
    followups = record.followups
    if followups:
        return followups[-1]
    return record.response


def _choose(panel: Message, rng: random.Random) -> tuple[str, list[str] | None] | None:
    """A component for the member's own action on a hand panel (never kontra): a button's
    custom_id with None, or a select's with the values to pick."""
    options: list[tuple[str, list[str] | None]] = []
    for button in panel.buttons():
        cid = ComponentId.parse(button.get("custom_id") or "")
        if cid is None or cid.token in VERBS or button.get("disabled"):
            continue
        if cid.token in ("kontra", "rekontra"):
            continue
        options.append((button["custom_id"], None))
    for select in panel.selects():
        cid = ComponentId.parse(select.get("custom_id") or "")
        if cid is None or cid.pick_kind is None:
            continue
        values = [o["value"] for o in select.get("options") or ()]
        count = int(select.get("min_values", 1))
        if len(values) >= count:
            options.append((select["custom_id"], rng.sample(values, count)))
    if not options:
        return None
    return rng.choice(options)


def child_main(conn: Connection, options: dict[str, Any]) -> None:
    """Entry point of the stand-in's process."""
    logging.basicConfig(level=logging.WARNING)
    try:
        asyncio.run(Driver(conn, options).run())
    finally:
        conn.close()
