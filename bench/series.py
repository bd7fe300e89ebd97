"""``python -m bot bench series [--json] [--members N] [--deals N] [--results N]
[--samples N] [--seed N]``: how long a series' standings take.

A throw-away SQLite database (a file, WAL, as the bot's) gets one series of --deals
deals (48) whose --members members (60) have each finished every deal, and other
series of the same server until --results finished series deals (10,000) are stored.
Then, --samples times each, alternated: reading the big series' results alone (the
rows the standings are computed from), and the standings as the bot answers
/tapp series standings (read, matchpoints per deal and seat, totals, order). The
aim: the standings under 50 ms (p50). The standings equal an independent count of the
matchpoints from the same rows (checked once).
"""

from __future__ import annotations

import asyncio
import json
import random
import statistics
import tempfile
import time
from fractions import Fraction
from pathlib import Path
from typing import Any

from bot.cli.parsing import Parser, non_negative, positive
from bot.series import SeriesSpec
from bot.series.config import SeriesConfig
from bot.series.service import SeriesService
from bot.store import Store
from bot.store.sql import Conn

DESCRIPTION = __doc__.split("\n\n", 1)[1] if __doc__ else ""
GUILD = 1
START = 1_767_225_600.0  # 2026-01-01 UTC
AIM_MS = 50.0
RESULT = '{"status":"finished","declarer":0,"won":true}'


def _spec(deals: int) -> SeriesSpec:
    return SeriesSpec.build("tapp1879", deals=deals, days=7, level="easy")


async def _fill(store: Store, rng: random.Random, series_id: int, members: int,
                deals: int, first_user: int) -> int:
    """Every member joined and finished deals 1 to ``deals`` (their seat as the
    movement says, chips drawn): the rows written."""
    spec = _spec(48)
    users = list(range(first_user, first_user + members))

    def write(conn: Conn) -> int:
        conn.executemany("INSERT INTO series_members (series_id, user_id, turn, joined_at)"
                         " VALUES (?, ?, ?, ?)",
                         [(series_id, u, k, START) for k, u in enumerate(users)])
        conn.execute("UPDATE series SET joined = ? WHERE series_id = ?", (members, series_id))
        rows = [(series_id, u, d, (d - 1) % spec.players, 14, "finished",
                 rng.randint(-12, 12), RESULT, START, START + d * 60 + k)
                for d in range(1, deals + 1) for k, u in enumerate(users)]
        conn.executemany("INSERT INTO series_runs (series_id, user_id, deal, seat, steps,"
                         " status, chips, result, started_at, finished_at)"
                         " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
        return len(rows)

    return await store.db.write(write)


def _independent(rows: list[tuple[Any, ...]]) -> dict[int, Fraction]:
    """Each member's total, counted here again: per deal and seat, a point for each
    rival beaten, half for each tie, over the rivals there were, in percent."""
    groups: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for user, deal, seat, chips, _, _ in rows:
        groups.setdefault((deal, seat), []).append((user, chips))
    totals: dict[int, Fraction] = {}
    for group in groups.values():
        for user, chips in group:
            rivals = [c for u, c in group if u != user]
            won = sum((Fraction(1) if chips > c else Fraction(1, 2) if chips == c
                       else Fraction(0) for c in rivals), Fraction(0))
            share = Fraction(50) if not rivals else 100 * won / len(rivals)
            totals[user] = totals.get(user, Fraction(0)) + share
    return totals


async def measure(members: int, deals: int, results: int, samples: int,
                  seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(Path(folder) / "bench.sqlite3", clock=lambda: START)
        try:
            service = SeriesService(store, SeriesConfig(seeds=lambda: rng.randbytes(32)),
                                    clock=lambda: START)
            spec = _spec(deals)

            async def new_series() -> int:
                info = await service.open(guild_id=GUILD, channel_id=2, host_id=3,
                                          title="bench", spec=spec)
                return info.series_id

            big = await new_series()
            stored = await _fill(store, rng, big, members, deals, 10_000)
            user = 100_000
            while stored < results:
                left = results - stored
                n = max(1, min(members, left // deals or 1))
                d = max(1, min(deals, left // n))
                sid = await new_series()
                stored += await _fill(store, rng, sid, n, d, user)
                user += n
            rows_alone: list[float] = []
            table: list[float] = []
            for _ in range(samples):
                t0 = time.perf_counter()
                rows = await store.series.results(big, outcome=False)
                rows_alone.append((time.perf_counter() - t0) * 1000)
                t0 = time.perf_counter()
                board = await service.standings(GUILD, big, 10_000)
                table.append((time.perf_counter() - t0) * 1000)
            expected = _independent(rows)
            same = {line.user_id: line.total for line in board.lines} == expected
            p50 = statistics.median(table)
            return {
                "members": members, "deals": deals, "results_stored": stored,
                "series_results": len(rows), "samples": samples,
                "rows_alone_p50_ms": round(statistics.median(rows_alone), 3),
                "rows_alone_max_ms": round(max(rows_alone), 3),
                "standings_p50_ms": round(p50, 3),
                "standings_max_ms": round(max(table), 3),
                "computing_p50_ms": round(p50 - statistics.median(rows_alone), 3),
                "standings_match_independent_count": same,
                "within_aim": p50 < AIM_MS,
            }
        finally:
            await store.close()


def main(argv: list[str]) -> int:
    parser = Parser(prog="python -m bot bench series", description=DESCRIPTION)
    parser.add_argument("--members", type=positive, default=60, metavar="N",
                        help="members of the measured series (default 60)")
    parser.add_argument("--deals", type=positive, default=48, metavar="N",
                        help="its deals, 6 to 48 (default 48)")
    parser.add_argument("--results", type=positive, default=10_000, metavar="N",
                        help="finished series deals stored in all (default 10000)")
    parser.add_argument("--samples", type=positive, default=30, metavar="N",
                        help="timings of each (default 30)")
    parser.add_argument("--seed", type=non_negative, default=1, metavar="N",
                        help="random seed (default 1)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    if not 6 <= args.deals <= 48:
        parser.error("--deals must be 6 to 48")
    result = asyncio.run(measure(args.members, args.deals, args.results, args.samples,
                                 args.seed))
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    f = result
    print(f"series standings, SQLite file: {f['members']} members x {f['deals']} deals"
          f" ({f['series_results']} results) among {f['results_stored']} stored,"
          f" {f['samples']} samples")
    print(f"{'':<22}{'p50':>9}{'max':>9}")
    print(f"{'reading the rows':<22}{f['rows_alone_p50_ms']:>9.3f}{f['rows_alone_max_ms']:>9.3f}")
    print(f"{'the standings':<22}{f['standings_p50_ms']:>9.3f}{f['standings_max_ms']:>9.3f}")
    print(f"(ms, wall time; computing alone ~{f['computing_p50_ms']:.3f} ms. Aim: the"
          f" standings' p50 < {AIM_MS:g} ms: {'met' if f['within_aim'] else 'NOT met'};"
          f" equal to an independent count: {f['standings_match_independent_count']})")
    return 0
