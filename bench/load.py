"""``python -m bot bench load``: one bot process hosting ``--tables`` tables at once,
with their members played as fast as they are allowed, through the stand-in on loopback.

Processes: this process runs only the bot (the real ``TappBot``: cogs, table service,
display, its SQLite file, turn timers) and its image worker processes (as deployed: one
per core unless ``--render-processes`` says otherwise), so its CPU time (with the
workers') and resident memory (without: theirs does not grow with tables) are the
bot's. The stand-in and the simulated members run in a child process
(:mod:`bench.load_driver`, ``multiprocessing`` with ``spawn``), talking to the bot
over loopback HTTP and the gateway websocket as Discord would; the two processes
coordinate over a pipe.

Phases, in one run:

1. The floor: a bare ``discord.Client`` that answers every interaction at once (an
   ephemeral "ok") connects; every table gets a plain message with two buttons, and
   the members click one, then the other, as a turn of phase 4 does (*My hand*, then
   the action), at the same rate for the same time. Then it is closed.
   Then the courier (:class:`~bench.load_floors.CourierClient`) connects on the same
   messages: each member opens a panel once, then acts with one click a turn, and the
   courier answers as the bot does, with its three requests and their images, but does
   none of its work; the same rate, half the time (the other half is phase 5).
2. The stand-in has made the world (a guild per 100 tables, a channel per 10, 4
   members per table); the bot connects; resident memory (``VmRSS``) is read.
3. Opening: for every table the host types ``/tapp table new``, three members click *Join*,
   the host clicks *Start* (``--open-concurrency`` tables at a time); all seats are
   members, no computer players (with ``--computers LEVEL``: fewer members join and the
   host seats ``--computer-seats`` computer players of that level, below). Resident
   memory is read again, once the display is idle: ``rss_per_table_kb`` is the
   difference over the tables.
4. Play for ``--seconds``: turns start at ``--rate`` per second (open loop: a turn is
   started on schedule whenever some table is waiting for its member, whatever the bot
   has not answered yet; a due turn with no table waiting counts as *missed*), or with
   ``--rate 0`` as fast as possible (``--concurrency`` members acting at once, each
   starting the next turn the moment their last one is answered). A turn is the turn
   ping's member clicking *My hand* and then one of the actions the panel offers (a
   member to act again uses the panel the action answered with, as a fast human does).
5. The bot gone, the courier's second half. Its figures are those of both halves
   together (latencies pooled, ``runs_p99_ms`` each half's p99): the machine's speed
   drifts over the minutes of a run (a courier alone before the bot once ran its
   members' side with 30 % less CPU than in the next run, and its p99 with it), and a
   reference on both sides of the bot feels the drift as the bot does.

Discord's global rate limit holds throughout (``--global-limit``, default 50 token
requests a second, as Discord allows a bot; interaction answers are not counted): the
stand-in refuses what goes beyond it, and the bot paces itself under it (45 a second, as
deployed). Each turn's public update (the table message edited, the turn ping posted and
the previous one deleted) takes three token requests, so the limit alone holds a bot to
about 15 turns a second however fast it is; ``--global-limit 0`` lifts it, to measure
what the bot's process can do (as for a bot whose limit Discord has raised).

Latency is the table tests' measure: from the interaction's creation to the bot's first
answer, on the stand-in's clock; an interaction never answered within Discord's 3 s
("This interaction failed") counts as 3000 ms, and the number of them is shown.
``actions_per_s`` counts state-changing interactions answered within the play window
(the table clicks in phase 4, the second click of a floor turn); *My hand* clicks count
for latency, not as actions. Opening (with the lobby joins) is reported on its own line.

With ``--computers LEVEL`` (``easy``, ``normal`` or ``strong``) every table has
``--computer-seats`` computer players of that level (2 by default: the host and one
member, then two computers; the members' turns come as before, the computers' follow in
the bot, in its worker processes, as deployed: one per core). The bot then counts its
decisions in its own metrics (:mod:`bot.ops.metrics`, served on a free port), and
``computers`` in the figures is what those say of the play phase
(:mod:`bench.load_computers`): decisions a second, their wall time as the bot's event
loop waited for them (p50, p99, mean: the histogram's quantiles), the part queued for a
worker, the fallbacks to the baseline, how busy the workers were (their CPU time over
their cores' time) and the machine (every process's CPU time, the load average: on a
shared machine the computers' wall time is also the others' doing). ``actions_per_s``
and the latencies stay the members'. Without it (the default) ``computers`` is None and
nothing else changes.

``--json`` prints one object with ``actions_per_s``, ``p50_ms``, ``p99_ms``,
``floor_p99_ms``, ``courier_p99_ms``, ``courier_cpu_ms_per_action``,
``rss_per_table_kb``, ``token_requests_per_s``, ``computers`` and the other figures.

``--runs N`` runs it all N times over (each with its own fresh database) and judges the
runs together (:func:`~bench.load_report.judge_runs`): the figures of the run whose p99
over the courier's is the median, each run's ratios under ``"runs"``, and the aim met
by the median ratios with every run's other aims met. One run on a shared machine moves
by about 20 %: the median of three is the figure to judge.

``--backend postgres`` runs it all twice in one run, the bot on SQLite, then on
PostgreSQL (``--pg URL``, an empty database; default: a throw-away local server): the
JSON holds PostgreSQL's figures, SQLite's under ``"sqlite"``, and ``p99_vs_sqlite``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import cProfile
import gc
import io
import json
import logging
import multiprocessing
import os
import pstats
import random
import resource
import sys
import tempfile
import time
import weakref
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

import discord

from bot.ai import levels, runner
from bot.cli.parsing import Parser, non_negative, output_file, positive, sqlite_file
from bot.config import Settings
from bot.connection.client import TappBot
from bot.store.pg import PgDatabase, Traffic
from bot.tables import TableConfig
from standin import discord_pointed_at

from . import load_driver
from .load_computers import Snapshot, computer_figures, snapshot
from .load_figures import FullCollections, pooled
from .load_floors import CourierClient, FloorClient, courier_images
from .load_report import (
    AIM_P99_MS,
    AIM_RATE,
    AIM_TABLES,
    floor_figures,
    judge,
    judge_runs,
    main_figures,
    report,
    server_figures,
)
from .load_world import PLAYERS
from .store_backends import add_backend_options, postgres_database, postmaster_of, server_cpu_s

#: PostgreSQL's p99 at most this many times SQLite's of the same run (issue 30)
AIM_SQLITE_RATIO = 1.5

#: Discord's global rate limit: requests a second with the bot's token (interaction
#: answers are not counted)
DISCORD_GLOBAL_LIMIT = 50

log = logging.getLogger(__name__)


def _parser() -> Parser:
    parser = Parser(
        prog="python -m bot bench load",
        description="One bot process hosting many tables through the stand-in of Discord "
                    "on loopback (in another process), its members clicking My hand and an "
                    "action for each turn at --rate turns a second, beside a bare discord.py "
                    "client answering every interaction at once (the floor). Discord's "
                    "global rate limit holds unless --global-limit 0. Prints the actions a "
                    "second, the latency of the answers (p50, p99) and the memory per table.")
    parser.add_argument("--tables", type=int, default=AIM_TABLES, metavar="N",
                        help="tables open at once, 1 or more (default: %(default)s)")
    parser.add_argument("--seconds", type=float, default=40.0,
                        help="length of the play phase, more than 0 (default: %(default)s)")
    parser.add_argument("--rate", type=float, default=AIM_RATE,
                        help="turns started per second (open loop); 0: as fast as possible "
                             "(default: %(default)s)")
    parser.add_argument("--concurrency", type=int, default=32, metavar="N",
                        help="members acting at once with --rate 0, 1 or more (default: "
                             "%(default)s)")
    parser.add_argument("--open-concurrency", type=int, default=8, metavar="N",
                        help="tables opening at once, 1 or more (default: %(default)s)")
    parser.add_argument("--variant", default="zuger",
                        help="variant of every table (default: %(default)s)")
    parser.add_argument("--seed", type=non_negative, default=1879, metavar="N",
                        help="seed of the cards and the members' choices, 0 or more "
                             "(default: %(default)s)")
    parser.add_argument("--db", type=Path, default=None, metavar="PATH",
                        help="the bot's SQLite file (default: a temporary file)")
    parser.add_argument("--computers", choices=levels(), default=None, metavar="LEVEL",
                        help="seat computer players of LEVEL (easy, normal or strong) at "
                             "every table, --computer-seats of them, and report their "
                             "decisions' wall time (default: members only)")
    parser.add_argument("--computer-seats", type=int, default=2, metavar="N",
                        help="computer players a table with --computers, 1 to 3 (default: "
                             "%(default)s)")
    parser.add_argument("--no-floor", action="store_true", help="skip the floor phase")
    parser.add_argument("--profile", type=Path, default=None, metavar="PATH",
                        help="profile the bot's event loop thread in the play phase (cProfile"
                             " stats to this file, the top entries printed)")
    parser.add_argument("--render-processes", type=non_negative, default=None, metavar="N",
                        help="the bot's image worker processes (default: one per core; 0:"
                             " threads)")
    parser.add_argument("--profile-standin", type=Path, default=None, metavar="PATH",
                        help="cProfile stats of the stand-in's process in the play phase")
    parser.add_argument("--global-limit", type=non_negative, default=DISCORD_GLOBAL_LIMIT,
                        metavar="N",
                        help="token requests a second the stand-in allows the bot, as "
                             "Discord's global rate limit does (default 50, Discord's); the "
                             "bot paces itself at 90%% of it; 0: no limit and no pacing")
    parser.add_argument("--no-route-limits", action="store_true",
                        help="give every route the stand-in's generous default instead of "
                             "Discord's observed per-channel limits for creating and editing "
                             "messages (5 per 5 s): for runs whose tables play faster than a "
                             "real table can")
    add_backend_options(parser, "runs the whole bench on SQLite, then on PostgreSQL, and "
                        "reports both", "an empty database for the bot")
    parser.add_argument("--runs", type=positive, default=1, metavar="N",
                        help="run it all N times, each on a fresh database, and judge the "
                             "median run (SQLite only; default: %(default)s)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    return parser


def rss_kb() -> int:
    """This process's resident memory (``VmRSS``, KB)."""
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def cpu_s() -> float:
    """CPU seconds of this process, every thread (the renderers too)."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


class Pipe:
    """The bot's end of the pipe to the stand-in's process."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn
        self._executor = ThreadPoolExecutor(1, thread_name_prefix="load-pipe")

    async def ask(self, **command: Any) -> dict[str, Any]:
        self.conn.send(command)
        return await self.recv()

    async def recv(self) -> dict[str, Any]:
        loop = asyncio.get_running_loop()
        reply: dict[str, Any] = await loop.run_in_executor(self._executor, self.conn.recv)
        if "error" in reply:
            raise RuntimeError("the stand-in's process failed:\n" + reply["error"])
        return reply

    def close(self) -> None:
        self._executor.shutdown(wait=False)


@contextlib.asynccontextmanager
async def connected(client: discord.Client, token: str):  # type: ignore[no-untyped-def]
    task = asyncio.create_task(client.start(token), name="load-client")
    try:
        ready = asyncio.create_task(client.wait_until_ready())
        await asyncio.wait({task, ready}, timeout=120, return_when=asyncio.FIRST_COMPLETED)
        if task.done():
            task.result()
            raise RuntimeError("the client stopped before it was ready")
        if not ready.done():
            raise RuntimeError("the client did not get ready in 120 s")
        yield client
    finally:
        await client.close()
        with contextlib.suppress(asyncio.CancelledError):
            await task


def process_cpu_s(pid: int) -> float:
    """CPU seconds (user + system) of a process of ours, from ``/proc`` (0 if gone)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def images_cpu_s(bot: TappBot) -> float:
    """CPU seconds of the bot's image workers (0 when it renders in threads)."""
    assert bot.display is not None
    return sum(process_cpu_s(pid) for pid in bot.display.images.worker_pids())


@contextlib.contextmanager
def _profiled(path: Path | None) -> Iterator[None]:
    """With a path: cProfile of this process's event loop thread."""
    if path is None:
        yield
        return
    profiler = cProfile.Profile()
    profiler.enable()
    try:
        yield
    finally:
        profiler.disable()
        profiler.dump_stats(path)
        with io.StringIO() as out:
            pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(30)
            print(out.getvalue(), file=sys.stderr)


class ServerWatch:
    """The round trips of a bot's PostgreSQL store and its server's CPU time (if on this
    machine) from now to :meth:`figures` (nothing on SQLite)."""

    def __init__(self, bot: TappBot) -> None:
        db = bot.database.db if bot.database is not None else None
        self.db = db if isinstance(db, PgDatabase) else None
        self.postmaster = None
        if self.db is not None:
            self.postmaster = next((p for p in map(postmaster_of, self.db.server_pids())
                                    if p is not None), None)
        self.traffic = self._traffic()
        self.cpu = self._cpu()

    def _traffic(self) -> Traffic:
        return self.db.traffic() if self.db is not None else Traffic()

    def _cpu(self) -> float | None:
        return server_cpu_s(self.postmaster) if self.postmaster is not None else None

    def stop(self) -> None:
        """The end of the measured phase."""
        cpu = self._cpu()
        self.traffic = self._traffic() - self.traffic
        self.cpu = cpu - self.cpu if cpu is not None and self.cpu is not None else None

    def figures(self, actions: int, wall: float,
                bot_cpu_ms_per_action: float | None) -> dict[str, Any]:
        """The figures of the phase from construction to :meth:`stop` ({} on SQLite)."""
        if self.db is None:
            return {}
        return server_figures(self.traffic, self.cpu, actions, wall, bot_cpu_ms_per_action)


async def _bot_idle(bot: TappBot) -> None:
    tables, display = bot.tables, bot.display
    assert tables is not None and display is not None
    for _ in range(100):
        await tables.computers.wait_idle()
        await display.idle()
        await asyncio.sleep(0.2)
        if tables.computers.is_idle() and display.is_idle():
            return


async def _reference(pipe: Pipe, client: discord.Client, token: str, name: str,
                     rate: float, seconds: float) -> tuple[dict[str, Any], float]:
    """Run the members' turns against a reference client (the floor, the courier) at
    ``rate`` for ``seconds``: the phase's figures and the CPU seconds it took here."""
    async with connected(client, token):
        cpu0 = cpu_s()
        played = await pipe.ask(do=f"{name}_run", rate=rate, seconds=seconds)
        if isinstance(client, CourierClient):
            await client.settle()
        cpu = cpu_s() - cpu0
    return played, cpu


async def _courier_half(pipe: Pipe, token: str, args: argparse.Namespace,
                        client: dict[str, Any]) -> tuple[dict[str, Any], float]:
    """Half the play phase's time against a courier (run before the bot and after it)."""
    courier = CourierClient(*courier_images(args.seed), **client)
    return await _reference(pipe, courier, token, "courier", args.rate, args.seconds / 2)


async def _bot_run(pipe: Pipe, token: str, args: argparse.Namespace, database: Path | str,
                   pace: int, figures: dict[str, Any]) -> weakref.ref[TappBot]:
    """The bot's part of a run (opening, then play), its figures added to ``figures``.
    The bot is closed when this returns; the reference returned does not keep it."""
    config = TableConfig(computer_pause=0, computer_level="easy",
                         rng=random.Random(args.seed), ai_seed=args.seed)
    # with computers: the bot's metrics count their decisions (served on a free port)
    settings = Settings(token=token, database_path=database, log_level="WARNING",
                        render_processes=args.render_processes, global_rate=pace,
                        metrics_port=0 if args.computers else None)
    bot = TappBot(settings, guild_ready_timeout=0.5, tables=config,
                  settle_memory=True)  # as deployed (bot/cli/run.py)
    async with connected(bot, token):
        gc.collect()
        rss_before = rss_kb()
        opened = await pipe.ask(do="open")
        await _bot_idle(bot)
        gc.collect()
        rss_after = rss_kb()
        server = ServerWatch(bot)
        cpu0, images0, wall0 = cpu_s(), images_cpu_s(bot), time.monotonic()
        assert bot.display is not None
        drawn0 = (bot.display.images.drawn, bot.display.images.reused)
        admission = bot.display.gate.admission
        waits0 = (bot.pace.waited if bot.pace else 0, admission.waited, admission.shed)
        pauses = FullCollections()
        decided = _Decided(bot, args.computers, args.seconds)
        try:
            with _profiled(args.profile):
                played = await pipe.ask(do="run", rate=args.rate, seconds=args.seconds)
        finally:
            pauses.stop()
        figures["computers"] = decided.figures(args.computer_seats)
        figures["bot_gc"] = pauses.figures()
        images_cpu = images_cpu_s(bot) - images0
        bot_cpu = cpu_s() - cpu0 + images_cpu  # the bot's own and its workers'
        bot_wall = time.monotonic() - wall0
        server.stop()
        figures["render_processes"] = bot.display.images.processes
        figures["render_cpu_s"] = round(images_cpu, 2)
        figures["images_drawn"] = bot.display.images.drawn - drawn0[0]
        figures["images_reused"] = bot.display.images.reused - drawn0[1]
        # in the play phase only
        figures["pace_waited"] = (bot.pace.waited if bot.pace else 0) - waits0[0]
        figures["admission_waited"] = admission.waited - waits0[1]
        figures["admission_shed"] = admission.shed - waits0[2]
        rss_end = rss_kb()
    figures.update(main_figures(played, opened, rss_before, rss_after, rss_end,
                                 bot_cpu, bot_wall, args.tables))
    figures.update(server.figures(played["actions"], bot_wall,
                                  figures["bot_cpu_ms_per_action"]))
    return weakref.ref(bot)


class _Decided:
    """The computer players' figures of the play phase (None without ``--computers``):
    the bot's metrics read now and when the play phase's time is up (the members' turns
    still under way then finish after it, as their figures do)."""

    def __init__(self, bot: TappBot, level: str | None, seconds: float) -> None:
        self.level, self.seconds = level, seconds
        self.registry = bot.metrics.registry if bot.metrics is not None else None
        self.before: Snapshot | None = None
        self.after: Snapshot | None = None
        self._timer: asyncio.TimerHandle | None = None
        if self.level is not None and self.registry is not None:
            self.before = self._read()
            self._timer = asyncio.get_running_loop().call_later(seconds, self._end)

    def _read(self) -> Snapshot:
        assert self.level is not None and self.registry is not None
        cpu = sum(process_cpu_s(pid) for pid in runner.worker_pids())
        return snapshot(self.registry, self.level, cpu)

    def _end(self) -> None:
        self.after = self._read()

    def figures(self, seats: int) -> dict[str, Any] | None:
        if self.before is None or self.level is None:
            return None
        if self.after is None:  # (the pipe answered early: the phase ended short)
            if self._timer is not None:
                self._timer.cancel()
            self._end()
        assert self.after is not None
        return computer_figures(self.level, seats, self.before, self.after, self.seconds)


async def measure(args: argparse.Namespace, database: Path | str) -> dict[str, Any]:
    context = multiprocessing.get_context("spawn")
    ours, theirs = context.Pipe()
    options = {"tables": args.tables, "variant": args.variant, "seed": args.seed,
               "concurrency": args.concurrency, "open_concurrency": args.open_concurrency,
               "global_limit": args.global_limit, "route_limits": not args.no_route_limits,
               "computers": args.computers,
               "computer_seats": args.computer_seats if args.computers else 0,
               "profile_standin": str(args.profile_standin) if args.profile_standin else None}
    child = context.Process(target=load_driver.child_main, args=(theirs, options),
                            name="tapp-load-standin", daemon=True)
    child.start()
    theirs.close()
    pipe = Pipe(ours)
    pace = global_pace(args.global_limit)
    figures: dict[str, Any] = {"tables": args.tables, "rate": args.rate,
                               "seconds": args.seconds, "variant": args.variant,
                               "global_limit": args.global_limit, "global_pace": pace,
                               "route_limits": not args.no_route_limits,
                               "computer_seats": args.computer_seats if args.computers else 0}
    try:
        hello = await pipe.recv()
        token = hello["token"]
        with discord_pointed_at(hello["api"], hello["gateway"]):
            if not args.no_floor:  # first, so nothing the bot left running disturbs it
                await pipe.ask(do="floor_prepare")
                client: dict[str, Any] = {"intents": discord.Intents.default(),
                                          "guild_ready_timeout": 0.5}
                figures.update(floor_figures(*await _reference(
                    pipe, FloorClient(**client), token, "floor", args.rate, args.seconds)))
                couriers = [await _courier_half(pipe, token, args, client)]
            gone = await _bot_run(pipe, token, args, database, pace, figures)
            # nothing of the bot left for the collector to walk while the courier plays
            gc.unfreeze()  # (what the bot froze when ready: see bot.collector)
            gc.collect()
            figures["bot_freed"] = gone() is None
            if not args.no_floor:  # the courier's second half, the bot gone
                couriers.append(await _courier_half(pipe, token, args, client))
                figures.update(floor_figures(pooled([run for run, _ in couriers]),
                                             sum(cpu for _, cpu in couriers), "courier"))
        await pipe.ask(do="stop")
    finally:
        pipe.close()
        child.join(timeout=30)
        if child.is_alive():
            child.terminate()
    judge(figures)
    return figures


def global_pace(limit: int) -> int:
    """The bot's pace under a global limit of ``limit`` a second (as 45 is under 50)."""
    return max(1, limit * 9 // 10) if limit > 0 else 0


def main(argv: list[str]) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    for path in (args.profile, args.profile_standin):
        if path is not None:
            output_file(parser, path)
    if (args.tables < 1 or args.seconds <= 0 or args.rate < 0 or args.concurrency < 1
            or args.open_concurrency < 1):
        print("--tables, --seconds and --concurrency must be positive, --rate at least 0")
        return 2
    if not 1 <= args.computer_seats <= PLAYERS - 1:
        parser.error(f"--computer-seats must be 1 to {PLAYERS - 1} (a member hosts each "
                     "table)")
    if args.runs > 1 and (args.db is not None or args.profile is not None
                          or args.profile_standin is not None or args.backend != "sqlite"):
        parser.error("--runs takes neither --db, --profile, --profile-standin nor "
                     "--backend postgres (one database and one profile per run)")
    logging.basicConfig(level=logging.WARNING)
    logging.getLogger("discord.client").addFilter(
        lambda record: "voice will NOT be supported" not in record.getMessage())
    if args.db is not None:
        figures = asyncio.run(measure(args, sqlite_file(parser, args.db)))
    else:
        runs = []
        for _ in range(args.runs):
            with tempfile.TemporaryDirectory(prefix="tapp-bench-load-") as folder:
                runs.append(asyncio.run(measure(args, Path(folder) / "load.sqlite3")))
        figures = runs[0] if args.runs == 1 else judge_runs(runs)
    if args.backend == "postgres":
        with postgres_database(args.pg) as url:
            pg = asyncio.run(measure(args, url))
        text = (f"SQLite:\n{report(figures)}\n\nPostgreSQL:\n{report(pg)}\n\n"
                f"{beside_sqlite(pg, figures)}")
        figures = pg | {"backend": "postgres", "sqlite": figures}
    else:
        text = report(figures)
    print(json.dumps(figures) if args.json else text)
    return 0


def beside_sqlite(pg: dict[str, Any], sqlite: dict[str, Any]) -> str:
    """PostgreSQL's p99 against SQLite's of the same run (adds ``p99_vs_sqlite`` and
    ``aim_pg_met`` to ``pg``). The aim (issue 30): p99 under AIM_P99_MS, at most
    AIM_SQLITE_RATIO times SQLite's, 0 failed (the floor ratios are ``aim_met``'s)."""
    ratio = None
    if pg.get("p99_ms") is not None and sqlite.get("p99_ms"):
        ratio = round(pg["p99_ms"] / sqlite["p99_ms"], 2)
    pg["p99_vs_sqlite"] = ratio
    pg["aim_pg_met"] = bool(ratio is not None and ratio <= AIM_SQLITE_RATIO
                            and pg["p99_ms"] < AIM_P99_MS and pg["failed"] == 0)
    return (f"PostgreSQL p99 / SQLite p99: {ratio} (aim <= {AIM_SQLITE_RATIO}); "
            f"failed {pg['failed']} and {sqlite['failed']}; aim met: {pg['aim_pg_met']}")
