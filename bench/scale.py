"""``python -m bot bench scale``: one bot process, then two, on one PostgreSQL database
against the stand-in, at the same offered load per process; then a fault run.

Each run has a fresh stand-in (in a process of its own, with the simulated members of
:mod:`bench.load_driver`: :mod:`bench.scale_driver`), a fresh database on one throw-away
PostgreSQL server (or ``--pg``), and real bot processes (:mod:`bench.scale_bot`, the
bot as ``python -m bot run --shards ... --shard-count 2`` runs it) with their tables'
servers spread over the two shards:

1. one process running both shards, ``--tables`` tables, offered ``--rate`` turns a
   second;
2. two processes, one shard each, twice the tables and twice the rate (the same per
   process);
3. the fault run: the two processes again; ``--kill-at`` seconds into the play one is
   killed (SIGKILL: no goodbye) and started again ``--down`` seconds later; its tables
   resume and its members carry on (a stalled table is probed after 10 s).

The stand-in's global limit is raised to ``--global-limit`` (one limit for every
connection of the token, as Discord's); each process paces itself at its share of 90% of
it. Reported per run: turns a second (actions answered in the play window), p99 of
every answer, failed answers, the bots' CPU per turn (every bot process's user+system
time over the play phase, from ``/proc``, divided by the turns) and the requests the
stand-in refused for the global limit. Lost and doubled actions come from setting every
table's action clicks against the actions its deals' records hold: an action the bot
answered as taken but not recorded is lost; a recorded action beyond the clicks
answered and unanswered is doubled.

The aims (issue 31) are for a machine where each bot process has a core: two processes
deliver >= 1.7x one's turns a second with p99 < 250 ms, CPU per turn within 1.25x.
On a machine where the bots, the stand-in and the members share two cores, the
measured speedup is bounded by the cores; ``simulated_speedup_2_over_1`` gives what two
processes with a core each would deliver from the measured CPU per turn (each process's
capacity is 1 / its CPU per turn).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import logging
import multiprocessing
import os
import signal
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from bot.cli.parsing import Parser, positive, positive_seconds
from bot.store import Store

from . import scale_driver
from .load import Pipe, process_cpu_s
from .scale_report import judge, report
from .store_backends import postgres_database

REPO = Path(__file__).resolve().parents[1]
SHARDS = 2

log = logging.getLogger(__name__)


def _parser() -> Parser:
    parser = Parser(
        prog="python -m bot bench scale",
        description="One bot process, then two (one shard each), on one PostgreSQL database "
                    "against the stand-in of Discord, at the same offered load per process; "
                    "then the two again with one killed mid-load and started again. Prints "
                    "turns a second, p99, the bots' CPU per turn, lost and doubled actions "
                    "and requests refused for the global limit.")
    parser.add_argument("--tables", type=positive, default=12, metavar="N",
                        help="tables per bot process (default: %(default)s)")
    parser.add_argument("--rate", type=float, default=20.0,
                        help="turns offered a second per bot process (default: %(default)s)")
    parser.add_argument("--seconds", type=positive_seconds, default=10.0,
                        help="length of each run's play phase (default: %(default)s)")
    parser.add_argument("--kill-at", type=positive_seconds, default=4.0, metavar="SECONDS",
                        help="the fault run kills a process this far into the play "
                             "(default: %(default)s)")
    parser.add_argument("--down", type=positive_seconds, default=2.0, metavar="SECONDS",
                        help="and starts it again this much later (default: %(default)s)")
    parser.add_argument("--global-limit", type=positive, default=400, metavar="N",
                        help="the stand-in's global limit, token requests a second over "
                             "every process (default: %(default)s: a raised limit)")
    parser.add_argument("--no-fault", action="store_true", help="skip the fault run")
    parser.add_argument("--pg", default=None, metavar="URL",
                        help="a PostgreSQL server's database whose role may create "
                             "databases (default: a throw-away local server)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    return parser


class Bots:
    """The bot processes of a run, started and stopped by their shard ranges."""

    def __init__(self, hello: dict[str, Any], database: str, pace: int) -> None:
        self.hello, self.database, self.pace = hello, database, pace
        self.procs: dict[str, asyncio.subprocess.Process] = {}
        self.spent: dict[str, float] = {}  # CPU of processes that were killed

    async def start(self, shards: str) -> None:
        self.procs[shards] = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bench.scale_bot", self.hello["api"], self.hello["gateway"],
            self.hello["token"], self.database, shards, str(SHARDS), str(self.pace),
            cwd=REPO, stdin=asyncio.subprocess.DEVNULL)

    def cpu_s(self) -> float:
        return sum(process_cpu_s(p.pid) for p in self.procs.values()) + sum(
            self.spent.values())

    async def kill(self, shards: str) -> None:
        proc = self.procs.pop(shards)
        self.spent[shards] = self.spent.get(shards, 0.0) + process_cpu_s(proc.pid)
        proc.kill()
        await proc.wait()

    async def stop(self) -> None:
        for proc in self.procs.values():
            with contextlib.suppress(ProcessLookupError):
                proc.send_signal(signal.SIGTERM)
        for proc in self.procs.values():
            try:
                await asyncio.wait_for(proc.wait(), 30)
            except TimeoutError:
                proc.kill()
                await proc.wait()


async def recorded_actions(url: str, table_ids: list[int]) -> dict[int, int]:
    store = await Store.open(url)
    try:
        counts = {}
        for table_id in table_ids:
            total = 0
            for deal in await store.deals.for_table(table_id):
                total += len((await store.deals.record(deal.deal_id))["actions"])
            counts[table_id] = total
        return counts
    finally:
        await store.close()


async def run(args: argparse.Namespace, url: str, processes: int, *,
              fault: bool = False) -> dict[str, Any]:
    """One run: ``processes`` bot processes (1: both shards; 2: one each)."""
    context = multiprocessing.get_context("spawn")
    ours, theirs = context.Pipe()
    options = {"tables": args.tables * processes, "seed": 1879, "shard_count": SHARDS,
               "global_limit": args.global_limit, "route_limits": False,
               "max_concurrency": 1}
    child = context.Process(target=scale_driver.child_main, args=(theirs, options),
                            name="tapp-scale-standin", daemon=True)
    child.start()
    theirs.close()
    pipe = Pipe(ours)
    ranges = ["0-1"] if processes == 1 else ["0", "1"]
    bots: Bots | None = None
    try:
        hello = await pipe.recv()
        bots = Bots(hello, url, max(1, args.global_limit * 9 // 10 // processes))
        for shards in ranges:
            await bots.start(shards)
        waited = await pipe.ask(do="wait_shards")
        opened = await pipe.ask(do="open")
        cpu0 = bots.cpu_s()
        playing = asyncio.create_task(pipe.ask(do="run", rate=args.rate * processes,
                                               seconds=args.seconds))
        if fault:
            await asyncio.sleep(args.kill_at)
            await bots.kill(ranges[-1])
            await asyncio.sleep(args.down)
            await bots.start(ranges[-1])
        played = await playing
        cpu = bots.cpu_s() - cpu0
        tally = await pipe.ask(do="tally")
        await bots.stop()
        await pipe.ask(do="stop")
    finally:
        if bots is not None:
            await bots.stop()
        pipe.close()
        child.join(timeout=30)
        if child.is_alive():
            child.terminate()
    recorded = await recorded_actions(url, tally["tables"])
    lost = doubled = 0
    for table_id, count in recorded.items():
        applied = tally["applied"].get(table_id, 0)
        unanswered = tally["unanswered"].get(table_id, 0)
        lost += max(0, applied - count)
        doubled += max(0, count - applied - unanswered)
    actions = played["actions"]
    return {"processes": processes, "tables": options["tables"],
            "rate": args.rate * processes, "turns_per_s": played["actions_per_s"],
            "p99_ms": played.get("p99_ms"), "p50_ms": played.get("p50_ms"),
            "failed": played["failed"], "timeouts": played["timeouts"],
            "missed": played["missed"], "probes": played["probes"],
            "bot_cpu_s": round(cpu, 2),
            "cpu_ms_per_turn": round(cpu * 1000 / actions, 2) if actions else None,
            "lost": lost, "doubled": doubled,
            "recorded_actions": sum(recorded.values()),
            "applied_clicks": sum(tally["applied"].values()),
            "unanswered_clicks": sum(tally["unanswered"].values()),
            "global_refused": tally["global_refused"],
            "identify_refused": tally["identify_refused"],
            "identify_waited_refused": waited["identify_refused"],
            "opening_s": opened["seconds"], "driver_cpu_s": played["driver_cpu_s"]}


async def fresh_database(server_url: str, name: str) -> str:
    admin = await asyncpg.connect(server_url)
    try:
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        await admin.execute(f'CREATE DATABASE "{name}"')
    finally:
        await admin.close()
    return urlunsplit(urlsplit(server_url)._replace(path=f"/{name}"))


async def measure(args: argparse.Namespace, server_url: str) -> dict[str, Any]:
    runs: dict[str, Any] = {}
    plan = [("one", 1, False), ("two", 2, False)]
    if not args.no_fault:
        plan.append(("fault", 2, True))
    for name, processes, fault in plan:
        url = await fresh_database(server_url, f"tapp_scale_{name}_{os.getpid()}")
        runs[name] = await run(args, url, processes, fault=fault)
    return judge(runs, args)


def main(argv: list[str]) -> int:
    args = _parser().parse_args(argv)
    logging.basicConfig(level=logging.WARNING)
    with postgres_database(args.pg) as server_url:
        figures = asyncio.run(measure(args, server_url))
    print(json.dumps(figures) if args.json else report(figures))
    return 0
