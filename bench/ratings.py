"""``python -m bot bench ratings [--json] [--deals N] [--samples N] [--seed N]``: what the
skill ratings cost a settling deal.

A throw-away SQLite database (a file, WAL, as the bot's) gets a server's history of
--deals settled deals (3 to 6 seats, members and computer players of each level,
every variant), rated as the bot rates them; then, for each number of seats, --samples
more deals are settled one write transaction each, as the settlement writes them: the
deal's ledger rows (the chips, with the standings triggers: the baseline) and then its
rating update (three spans: all time, the month, the quarter; read, rate, upsert, the
history point), each timed inside the transaction. Also: the rating arithmetic alone
(openskill, no SQL), and replaying every rating from the ledger (check-ledger,
rebuild-ratings) in deals a second. The aim: a deal's rating update under 5 ms.
"""

from __future__ import annotations

import asyncio
import json
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from bot.cli.parsing import Parser, non_negative, positive
from bot.engine import VARIANTS
from bot.store import Store
from bot.store.ledger import INSERT_LEDGER
from bot.store.ratings import StoredRating, rate_deal, updates_for
from bot.store.rows import ledger_row
from bot.store.sql import Conn

DESCRIPTION = __doc__.split("\n\n", 1)[1] if __doc__ else ""
GUILD = 1
START = 1_767_225_600.0  # 2026-01-01 UTC
SPACING = 600.0
SEATS = (3, 4, 5, 6)
AIM_MS = 5.0


class World:
    """Deals of one server: ``members`` members, computer players of three levels."""

    def __init__(self, rng: random.Random, members: int = 80) -> None:
        self.rng = rng
        self.members = list(range(10_000, 10_000 + members))
        self.deal_id = 0
        self.at = START

    def deal_rows(self, seats: int) -> list[tuple[Any, ...]]:
        """A settled deal's ledger values (no pot), its amounts summing to zero."""
        rng = self.rng
        self.deal_id += 1
        self.at += SPACING
        variant = rng.choice(sorted(VARIANTS))
        ramsch = rng.random() < 0.15
        declarer = None if ramsch else rng.randrange(seats)
        won = rng.random() < 0.6
        people = rng.sample(self.members, seats)
        amounts = [rng.randint(-6, 6) for _ in range(seats)]
        amounts[-1] -= sum(amounts)
        rows = []
        for seat in range(seats):
            computer = rng.random() < 0.3
            level = rng.choice(("easy", "normal", "strong")) if computer else None
            rows.append(("deal", self.deal_id, 1, GUILD, seat, None if computer else people[seat],
                         int(computer), f"p{seat}", variant, "ramsch" if ramsch else "solo",
                         self.at, amounts[seat], int(seat == declarer),
                         int(won) if seat == declarer else None, 0, level))
        return rows


def _settle(conn: Conn, rows: list[tuple[Any, ...]], rate: bool
            ) -> tuple[float, float, float]:
    """Book one deal as the settlement does; the seconds of (the chips' wall time, the
    rating's wall time, the rating's CPU time)."""
    deal_id, variant, at = rows[0][1], rows[0][8], rows[0][10]
    start = time.perf_counter()
    conn.execute("INSERT INTO deals (deal_id, table_id, number, guild_id, variant, header,"
                 " status, result, started_at, ended_at) VALUES (?, 1, ?, ?, ?, '{}',"
                 " 'settled', '{}', ?, ?)", (deal_id, deal_id, GUILD, variant, at, at))
    conn.executemany(INSERT_LEDGER, rows)
    chips = time.perf_counter()
    cpu = time.process_time()
    if rate:
        rate_deal(conn, deal_id)
    return chips - start, time.perf_counter() - chips, time.process_time() - cpu


def _ms(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000, 3)


async def measure(deals: int, samples: int, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    world = World(rng)
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(Path(folder) / "bench.sqlite3", clock=lambda: START)
        try:
            await store.db.write(lambda c: c.execute(
                "INSERT INTO tables (table_id, guild_id, channel_id, host_id, variant,"
                " status, created_at) VALUES (1, ?, 0, 0, 'zuger', 'closed', ?)",
                (GUILD, START)))
            history = [world.deal_rows(rng.choice(SEATS)) for _ in range(deals)]

            def fill(conn: Conn) -> None:
                for rows in history:
                    _settle(conn, rows, rate=False)

            await store.db.write(fill)
            start = time.perf_counter()
            rebuilt = await store.ratings.rebuild()
            rebuild_s = time.perf_counter() - start
            out: dict[str, Any] = {
                "deals_before": deals, "samples": samples, "seed": seed,
                "ratings_stored": rebuilt, "aim_ms": AIM_MS,
                "rebuild_s": round(rebuild_s, 3),
                "rebuild_deals_per_s": round(deals / rebuild_s), "seats": {}}
            for seats in SEATS:
                chips: list[float] = []
                rating: list[float] = []
                cpu: list[float] = []
                arithmetic: list[float] = []
                for _ in range(samples):
                    rows = world.deal_rows(seats)
                    c, r, u = await store.db.write(_settle, rows, True)
                    chips.append(c)
                    rating.append(r)
                    cpu.append(u)
                    parsed = [ledger_row({"entry_id": 0, **dict(zip(_COLUMNS, v, strict=True))})
                              for v in rows]
                    t0 = time.perf_counter()
                    updates_for(parsed, _nothing)
                    arithmetic.append(time.perf_counter() - t0)
                out["seats"][str(seats)] = {
                    "chips_p50_ms": _ms(chips, 0.5), "rating_p50_ms": _ms(rating, 0.5),
                    "rating_p99_ms": _ms(rating, 0.99),
                    "rating_max_ms": round(max(rating) * 1000, 3),
                    "rating_cpu_p50_ms": _ms(cpu, 0.5), "rating_cpu_p99_ms": _ms(cpu, 0.99),
                    "rating_vs_chips": round(statistics.median(rating)
                                             / statistics.median(chips), 2),
                    "arithmetic_p50_ms": _ms(arithmetic, 0.5),
                }
            out["within_aim"] = all(f["rating_cpu_p99_ms"] < AIM_MS
                                    for f in out["seats"].values())
            out["replay_matches"] = (await store.ratings.stored()
                                     == await store.ratings.replayed())
            return out
        finally:
            await store.close()


_COLUMNS = ("kind", "deal_id", "table_id", "guild_id", "seat", "user_id", "is_computer",
            "display_name", "variant", "contract", "settled_at", "amount", "was_declarer",
            "won", "jungfrau", "level")


def _nothing(keys: Any) -> dict[Any, StoredRating]:
    return {}


def main(argv: list[str]) -> int:
    parser = Parser(prog="python -m bot bench ratings", description=DESCRIPTION)
    parser.add_argument("--deals", type=positive, default=20_000, metavar="N",
                        help="settled deals in the server before measuring (default 20000)")
    parser.add_argument("--samples", type=positive, default=300, metavar="N",
                        help="deals settled and timed per number of seats (default 300)")
    parser.add_argument("--seed", type=non_negative, default=1, metavar="N",
                        help="random seed (default 1)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    result = asyncio.run(measure(args.deals, args.samples, args.seed))
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(f"rating updates, SQLite file, {args.deals} deals before, {args.samples} timed"
          f" per seat count (wall time inside the write transaction)")
    print(f"{'seats':<7}{'chips p50':>11}{'rating p50':>12}{'p99':>9}{'max':>9}"
          f"{'CPU p50':>9}{'CPU p99':>9}{'rating/chips':>14}{'openskill':>11}")
    for seats, f in result["seats"].items():
        print(f"{seats:<7}{f['chips_p50_ms']:>11.3f}{f['rating_p50_ms']:>12.3f}"
              f"{f['rating_p99_ms']:>9.3f}{f['rating_max_ms']:>9.3f}"
              f"{f['rating_cpu_p50_ms']:>9.3f}{f['rating_cpu_p99_ms']:>9.3f}"
              f"{f['rating_vs_chips']:>14.2f}{f['arithmetic_p50_ms']:>11.3f}")
    print(f"(ms; wall time unless CPU; rating/chips: the p50s' ratio; openskill: the"
          f" arithmetic alone. Aim: a rating's CPU p99 < {AIM_MS:g} ms: "
          f"{'met' if result['within_aim'] else 'NOT met'})")
    print(f"rebuilding every rating from the ledger's first {args.deals} deals:"
          f" {result['rebuild_s']} s ({result['rebuild_deals_per_s']} deals/s);"
          f" at the end the replay equals the stored: {result['replay_matches']}")
    return 0
