"""``python -m bot bench store``: standings query times on a big synthetic ledger.

Fills a database with about ``--rows`` ledger rows over ``--servers`` servers, one of
them with ``--deals`` deals (:func:`bench.synthetic.fill_synthetic` in bulk mode;
the fill time is printed apart), then times, through the store's async API as the bot
calls it, the leaderboard (all time, 30 days, 7 days, one variant), a member's stats
and history, and beside them the floor: a plain ``SELECT count(*)`` over the whole
ledger, and over the busy server's member rows. Each figure is the median (and 95th
percentile) of ``--repeat`` interleaved runs after a warm-up.

``--db PATH`` keeps the filled database there and reuses it on the next run (filling
a million rows takes a while); without it a temporary file is used and removed.
``--json`` prints one object with ``leaderboard_ms``, ``stats_ms``, ``count_floor_ms``
and the other figures, and ``action_commit_p50_ms``/``_p99_ms``: one action appended
(one write transaction, as the bot logs a move), ``--actions`` times.

``--backend postgres`` measures the same on PostgreSQL (``--pg URL``, an empty or a
bench-filled database; default: a throw-away local server), and SQLite's figures of
the same run beside them (``"sqlite"`` in the JSON).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from bot.cli.parsing import Parser, positive, sqlite_file
from bot.store import Period, Store, shown_location

from .store_backends import action_commits, add_backend_options, postgres_database
from .synthetic import (
    BenchSubject,
    bench_subject,
    count_ledger,
    count_member_rows,
    fill_synthetic,
)

AIM_MS = 5.0
Query = Callable[[], Awaitable[Any]]


def _parser() -> Parser:
    parser = Parser(
        prog="python -m bot bench store",
        description="Standings query times on a big ledger: fill a database with about "
                    "--rows ledger rows over --servers servers, then time the leaderboard, "
                    "a member's stats and history as the bot asks for them, beside a plain "
                    "count of the rows (the floor). Each figure is the median (and 95th "
                    "percentile) of --repeat runs.")
    parser.add_argument("--rows", type=int, default=1_000_000, metavar="N",
                        help="ledger rows to fill, 1 or more (default: %(default)s)")
    parser.add_argument("--servers", type=int, default=100, metavar="N",
                        help="servers to spread them over, 2 or more (default: %(default)s)")
    parser.add_argument("--deals", type=int, default=10_000, metavar="N",
                        help="deals of the busy server whose standings are timed, 1 or more "
                             "(default: %(default)s)")
    parser.add_argument("--members", type=positive, default=60, metavar="N",
                        help="members of the busy server, 1 or more (default: %(default)s)")
    parser.add_argument("--db", type=Path, default=None, metavar="PATH",
                        help="keep the database here and reuse it when it exists (filling "
                             "a million rows takes a while; default: a temporary file)")
    parser.add_argument("--fresh", action="store_true",
                        help="refill the --db database even when it exists")
    parser.add_argument("--repeat", type=int, default=200, metavar="N",
                        help="timed runs per query, 1 or more (default: %(default)s)")
    parser.add_argument("--actions", type=positive, default=500, metavar="N",
                        help="action commits to time (default: %(default)s)")
    add_backend_options(parser, "also measures sqlite in the same run, beside it",
                        "the database to fill or reuse")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    return parser


async def _fill(store: Store, args: argparse.Namespace) -> float | None:
    """Fill an empty database (returns seconds), or reuse a filled one (None)."""
    if await bench_subject(store) is not None:
        return None
    started = time.perf_counter()
    await fill_synthetic(store, ledger_rows=args.rows, guilds=args.servers,
                         big_guild_deals=args.deals, members=args.members, bulk=True)
    return time.perf_counter() - started


def _queries(store: Store, subject: BenchSubject, member: int) -> dict[str, Query]:
    guild, at = subject.guild_id, subject.last_at
    board = store.standings.leaderboard
    return {
        "leaderboard": lambda: board(guild, user_id=member, at=at),
        "leaderboard_30d": lambda: board(guild, period=Period.DAYS_30, user_id=member, at=at),
        "leaderboard_7d": lambda: board(guild, period=Period.DAYS_7, user_id=member, at=at),
        "leaderboard_variant": lambda: board(guild, variant="zuger", user_id=member, at=at),
        "stats": lambda: store.standings.stats(guild, member),
        "history": lambda: store.standings.history(guild, user_id=member),
        "count_floor": lambda: store.db.read(count_ledger),
        "count_server_floor": lambda: store.db.read(count_member_rows, guild),
    }


async def _time(queries: dict[str, Query], repeat: int) -> dict[str, list[float]]:
    """Milliseconds per run, the queries interleaved so drift hits all alike."""
    for query in queries.values():  # warm-up: page cache and statement cache
        for _ in range(3):
            await query()
    times: dict[str, list[float]] = {name: [] for name in queries}
    for _ in range(repeat):
        for name, query in queries.items():
            started = time.perf_counter()
            await query()
            times[name].append((time.perf_counter() - started) * 1000)
    return times


async def measure(args: argparse.Namespace, path: Path | str) -> dict[str, Any]:
    if isinstance(path, Path) and args.fresh and path.exists():
        for suffix in ("", "-wal", "-shm"):
            Path(f"{path}{suffix}").unlink(missing_ok=True)
    async with await Store.open(path) as store:
        fill_s = await _fill(store, args)
        subject = await bench_subject(store)
        assert subject is not None
        everyone = await store.standings.leaderboard(subject.guild_id, limit=10_000)
        member = everyone.rows[len(everyone.rows) // 2].user_id  # off the first page
        times = await _time(_queries(store, subject, member), args.repeat)
        commits = sorted(await action_commits(store, args.actions))
    figures: dict[str, Any] = {
        f"{name}_ms": round(statistics.median(ms), 3) for name, ms in times.items()}
    figures |= {
        f"{name}_p95_ms": round(statistics.quantiles(ms, n=20)[-1], 3)
        for name, ms in times.items()} if args.repeat >= 2 else {}
    figures |= {
        "ledger_rows": subject.ledger_rows, "servers": subject.guilds,
        "server_deals": subject.deals, "server_member_rows": subject.member_rows,
        "server_members": everyone.players, "fill_s": None if fill_s is None else round(fill_s, 1),
        "reused_db": fill_s is None, "repeat": args.repeat, "aim_ms": AIM_MS,
        "action_commit_p50_ms": round(_quantile(commits, 0.50), 3),
        "action_commit_p99_ms": round(_quantile(commits, 0.99), 3),
        "action_commits": len(commits), "backend": store.db.dialect,
    }
    return figures


def _quantile(ordered: list[float], q: float) -> float:
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


LABELS = {
    "leaderboard": "leaderboard, all time (page 1 + caller)",
    "leaderboard_30d": "leaderboard, last 30 days",
    "leaderboard_7d": "leaderboard, last 7 days",
    "leaderboard_variant": "leaderboard, one variant",
    "stats": "stats of one member",
    "history": "history of one member (10 deals)",
    "count_floor": "floor: count(*) over the whole ledger",
    "count_server_floor": "floor: count(*) over the server's member rows",
}


def _table(f: dict[str, Any], path: str) -> str:
    fill = ("reused" if f["reused_db"] else f"filled in {f['fill_s']:.1f} s (bulk)")
    lines = [
        f"{f['backend']} database: {path} ({fill})",
        f"{f['ledger_rows']:,} ledger rows over {f['servers']} servers; timed server: "
        f"{f['server_deals']:,} deals, {f['server_member_rows']:,} member rows, "
        f"{f['server_members']} members",
        f"median and 95th percentile of {f['repeat']} runs (aim: {AIM_MS:g} ms per query)",
        "",
        f"{'query':<48} {'median ms':>10} {'p95 ms':>8}",
    ]
    for name, label in LABELS.items():
        p95 = f.get(f"{name}_p95_ms")
        lines.append(f"{label:<48} {f[f'{name}_ms']:>10.3f} "
                     f"{'' if p95 is None else f'{p95:.3f}':>8}")
    lines.append(f"{'action commit (p50, p99 of ' + str(f['action_commits']) + ')':<48} "
                 f"{f['action_commit_p50_ms']:>10.3f} {f['action_commit_p99_ms']:>8.3f} (p99)")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if args.rows < 1 or args.servers < 2 or args.deals < 1 or args.repeat < 1:
        print("--rows, --deals and --repeat must be positive, --servers at least 2")
        return 2
    if args.db is not None:
        figures = asyncio.run(measure(args, sqlite_file(parser, args.db)))
        shown = str(args.db)
    else:
        with tempfile.TemporaryDirectory(prefix="tapp-bench-") as folder:
            figures = asyncio.run(measure(args, Path(folder) / "bench.sqlite3"))
        shown = "temporary file"
    if args.backend == "postgres":
        with postgres_database(args.pg) as url:
            pg = asyncio.run(measure(args, url))
        text = f"{_table(figures, shown)}\n\n{_table(pg, shown_location(url))}"
        figures = pg | {"sqlite": figures}
    else:
        text = _table(figures, shown)
    print(json.dumps(figures) if args.json else text)
    return 0
