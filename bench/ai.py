"""``python -m bot bench ai``: how much better the levels play than each other.

Duplicate matches per variant: every deal is played once with seat 0 taken by each of
``easy`` (the baseline), ``normal`` and ``strong``, the other seats baseline every
time; the dealer moves on every deal, so seat 0 sits in every position. Where a
setting asks for more than one seat for a level (``SETTINGS``; ``--seats`` for all),
that level also takes the other seats (2 of 4: seats 0 and 2, opposite; 4 of 4: every
seat), one game each. Per pair of levels, on the seats both played: a deal's result is
the mean over those seats of the chip difference (the deal is the unit of the paired
comparison, its seats averaged first), reported as the mean per deal with a 95%
confidence interval, and how many deals it played differently (a different result).
The first ``--bound-deals`` deals are also played with the perfect-information bound in
seat 0 (:mod:`bot.ai.oracle`): the share of the gap between the baseline and the bound
that ``normal`` and ``strong`` close there (with ``--bound minimax``, how often the
bound's searches were exact). CPU seconds per variant and level
(``cpu_s``) tell what a longer run would cost.

Decision time p50/p99 per level, counting main-turn decisions with a choice, measured
where they are made (the worker processes, both cores busy: one process per core).
``--json`` prints one JSON object of the same figures.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import random
import statistics
import time
from collections.abc import Iterable
from typing import Any

from bot.ai import make_player
from bot.ai.base import Player, main_actions
from bot.ai.oracle import ClairvoyantPlayer, OraclePlayer
from bot.ai.search import LEVELS, search_player
from bot.ai.selfplay import play_deal
from bot.ai.valuation import STATS
from bot.cli.parsing import Parser, non_negative, positive
from bot.engine import Action, Deal, SeatView

#: (label, variant, players, options, seats): ``seats``, how many seats each level takes
#: in turn on every deal (one game per seat, the others baseline; the deal's result for
#: a level is its mean over them). More than one where one seat's 300 deals left the
#: differences within their noise: Zuger's normal over the baseline (two seats), and
#: Württemberg's strong over normal (every seat: its big games, won or lost at 9 to 18
#: chips, decide it; on the bench's deals four of five Rufer Herz strong rightly
#: declared in seats 0 and 2 were lost). One where the differences are large (each extra
#: seat costs as much time again)
Setting = tuple[str, str, int, dict[str, Any], int]
SETTINGS: list[Setting] = [
    ("zuger", "zuger", 4, {}, 2),
    ("tapp1879", "tapp1879", 3, {}, 1),
    ("dapp", "dapp", 4, {}, 1),
    ("wuerttemberg", "wuerttemberg", 4, {}, 4),
]
KINDS = ("easy", "normal", "strong", "bound")
#: the comparisons reported: (better, worse)
PAIRS = (("strong", "easy"), ("strong", "normal"), ("normal", "easy"))
#: the seat the bound takes (it is compared with the levels in that seat alone)
BOUND_SEAT = 0
DEALS = 300
BOUND_DEALS = DEALS


class Timed:
    """A player whose main-turn decisions with a real choice are timed."""

    def __init__(self, inner: Player) -> None:
        self.inner = inner
        self.times: list[float] = []

    def choose(self, view: SeatView) -> Action:
        t0 = time.perf_counter()
        action = self.inner.choose(view)
        if len(main_actions(view)) > 1:
            self.times.append(time.perf_counter() - t0)
        return action

    def announcement(self, view: SeatView) -> Action | None:
        return self.inner.announcement(view)


def _new_deal(variant: str, n: int, options: dict[str, Any], i: int, seed: int) -> Deal:
    return Deal.new(variant, players=n, dealer=i % n, rng=random.Random(seed), **options)


def tested_seats(n: int, count: int) -> list[int]:
    """The seats the levels take in turn: ``count`` of the ``n``, spread round the table
    from seat 0 (with 2 of 4: seats 0 and 2, opposite each other)."""
    count = min(count, n)
    return [j * n // count for j in range(count)]


Job = tuple[str, str, str, int, dict[str, Any], int, int, str, int]
Done = tuple[str, str, int, int, int, list[float], dict[str, int], float]


def _task(job: Job) -> Done:
    kind, label, variant, n, options, i, seed, bound, seat = job
    cpu = time.process_time()
    deal = _new_deal(variant, n, options, i, seed)
    seats: list[Player] = [make_player("easy", random.Random(seed * 10 + s))
                           for s in range(n)]
    player: Player
    if kind == "easy":
        player = make_player("easy", random.Random(seed))
    elif kind == "bound" and bound == "minimax":
        player = OraclePlayer(deal, random.Random(seed))
    elif kind == "bound":
        player = ClairvoyantPlayer(deal, seat, seats)
    else:
        player = search_player(kind, random.Random(seed))
    timed = Timed(player)
    seats[seat] = timed
    STATS.clear()
    result = play_deal(deal, seats)
    return (kind, label, i, seat, result.payments[seat], timed.times, dict(STATS),
            time.process_time() - cpu)


def ci95(xs: list[float]) -> tuple[float, float, float]:
    """Mean and a 95% confidence interval (normal approximation)."""
    m = statistics.fmean(xs) if xs else 0.0
    if len(xs) < 2:
        return m, m, m
    h = 1.96 * statistics.stdev(xs) / len(xs) ** 0.5
    return m, m - h, m + h


def _pct(xs: list[float], q: float) -> float:
    if not xs:
        return 0.0
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))] * 1000


Pays = dict[int, dict[int, int]]  # deal -> seat -> chips


def _compare(a: Pays, b: Pays, idx: list[int], seat: int | None = None) -> dict[str, Any]:
    """``a`` against ``b`` on the deals ``idx``: per deal the mean difference over the
    seats both played (the deal is the unit), or in ``seat`` alone."""
    def seats(i: int) -> list[int]:
        return [seat] if seat is not None else sorted(a[i].keys() & b[i].keys())

    diffs = [statistics.fmean(a[i][s] - b[i][s] for s in seats(i)) for i in idx]
    m, lo, hi = ci95(diffs)
    return {"mean": round(m, 3), "ci95": [round(lo, 3), round(hi, 3)],
            "changed": sum(1 for d in diffs if d), "deals": len(diffs)}


def run(deals: int, bound_deals: int, settings: list[Setting],
        workers: int, seed: int = 9000, bound: str = "clairvoyant",
        seats: int | None = None) -> dict[str, Any]:
    """``seats``: how many seats each level takes in turn on every deal (default: each
    setting's own); a deal's result for a level is its mean over those seats (the deal
    stays the unit of the paired comparison). The bound plays ``BOUND_SEAT`` alone."""
    where = {label: tested_seats(n, seats or own) for label, _, n, _, own in settings}
    jobs: list[Job] = []
    for i in range(deals):  # interleaved: the slow jobs spread over the run
        for label, variant, n, options, _ in settings:
            s = seed + i
            for seat in where[label]:
                for kind in KINDS:
                    if kind != "bound" or (i < bound_deals and seat == BOUND_SEAT):
                        jobs.append((kind, label, variant, n, options, i, s, bound, seat))
    pays: dict[tuple[str, str], Pays] = {}
    times: dict[str, list[float]] = {k: [] for k in KINDS}
    cpu: dict[str, dict[str, float]] = {}
    stats: dict[str, int] = {}
    load_before = os.getloadavg()
    t0 = time.perf_counter()

    def take(done: Iterable[Done]) -> None:
        for kind, label, i, seat, pay, ts, st, spent in done:
            pays.setdefault((kind, label), {}).setdefault(i, {})[seat] = pay
            times[kind].extend(ts)
            per = cpu.setdefault(label, {})
            per[kind] = per.get(kind, 0.0) + spent
            if kind == "bound":
                for key, v in st.items():
                    stats[key] = stats.get(key, 0) + v

    if workers <= 1:  # in this process (tests, profiling)
        take(map(_task, jobs))
    else:
        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            take(pool.imap_unordered(_task, jobs, chunksize=1))
    out: dict[str, Any] = {
        "deals": deals, "bound_deals": min(bound_deals, deals), "bound": bound,
        "seats": where,
        "workers": workers,
        "budget_s": {lv: LEVELS[lv].seconds for lv in ("normal", "strong")},
        "variants": {}, "decision_ms": {}, "seconds": round(time.perf_counter() - t0, 1),
        # the machine's 1, 5 and 15 minute load averages before and after: on a shared
        # machine the decision times (and so the searches' depth) depend on them
        "load_avg": {"before": [round(x, 2) for x in load_before],
                     "after": [round(x, 2) for x in os.getloadavg()]},
        "cores": os.cpu_count()}
    every = list(range(deals))
    for label, *_ in settings:
        got = {kind: pays.get((kind, label), {}) for kind in KINDS}
        entry: dict[str, Any] = {f"{a}_vs_{b}": _compare(got[a], got[b], every)
                                 for a, b in PAIRS}
        idx = sorted(got["bound"])
        if idx:
            gap = _compare(got["bound"], got["easy"], idx)
            entry["bound_vs_easy"] = gap
            for level in ("normal", "strong"):
                same = _compare(got[level], got["easy"], idx, BOUND_SEAT)
                entry[f"{level}_vs_easy_bound_deals"] = same["mean"]
                entry[f"{level}_gap_closed"] = (round(same["mean"] / gap["mean"], 3)
                                                if gap["mean"] > 0 else None)
        out["variants"][label] = entry
    for level, ts in times.items():
        if ts:
            out["decision_ms"][level] = {"p50": round(_pct(ts, 0.5), 1),
                                         "p99": round(_pct(ts, 0.99), 1),
                                         "mean": round(statistics.fmean(ts) * 1000, 1),
                                         "decisions": len(ts)}
    #: CPU seconds spent per variant and kind (what a longer run would cost)
    out["cpu_s"] = {label: {k: round(v, 1) for k, v in per.items()} for label, per in cpu.items()}
    exact = stats.get("exact", 0)
    out["bound_exact_share"] = round(exact / max(1, exact + stats.get("rollouts", 0)), 3)
    out["bound_searches"] = stats
    return out


def _share(x: float | None) -> str:
    return "-" if x is None else f"{x:.0%}"


def _fmt(c: dict[str, Any]) -> str:
    return f"{c['mean']:+7.3f} [{c['ci95'][0]:+7.3f}, {c['ci95'][1]:+7.3f}] {c['changed']:4d}"


def print_table(out: dict[str, Any]) -> None:
    seats = ", ".join(f"{label} {'/'.join(map(str, ss))}" for label, ss in out["seats"].items())
    print(f"duplicate deals: {out['deals']} per variant (each level in turn in the seats "
          f"{seats}, the others baseline; a deal's result: the mean over those seats); "
          f"bound ({out['bound']}) on the first {out['bound_deals']}")
    print("chips per deal, mean [95% CI] and deals played differently:")
    head = "  ".join(f"{f'{a} - {b}':^33}" for a, b in PAIRS)
    print(f"{'variant':13} {head}")
    for label, e in out["variants"].items():
        print(f"{label:13} " + "  ".join(_fmt(e[f"{a}_vs_{b}"]) for a, b in PAIRS))
    print(f"perfect-information bound (same deals, seat {BOUND_SEAT}): bound - easy, and the "
          "share of that gap closed by normal and strong there")
    for label, e in out["variants"].items():
        if "bound_vs_easy" not in e:
            continue
        gaps = "  ".join(f"{lv} {e[lv + '_vs_easy_bound_deals']:+7.3f} "
                         f"({_share(e[lv + '_gap_closed'])})" for lv in ("normal", "strong"))
        print(f"{label:13} bound {_fmt(e['bound_vs_easy'])}  {gaps}")
    if out["bound"] == "minimax":
        print(f"bound searches: {out['bound_searches']} "
              f"(exact share {out['bound_exact_share']:.0%})")
    print("decision time (ms, main-turn decisions with a choice):")
    for level, d in out["decision_ms"].items():
        print(f"  {level:7} p50 {d['p50']:7.1f}  p99 {d['p99']:7.1f}  mean {d['mean']:7.1f}"
              f"  ({d['decisions']})")
    print(f"wall time {out['seconds']} s on {out['workers']} worker processes, "
          f"{out['cores']} cores; load average (1/5/15 min) before "
          f"{out['load_avg']['before']}, after {out['load_avg']['after']}")


DESCRIPTION = """\
How much better the computer players play than each other: every deal is played once
with seat 0 taken by each of easy (the baseline), normal and strong, the other seats
easy every time (in zuger seat 2 as well, in wuerttemberg every seat, one game per
seat, a deal's result the mean over them). Printed per variant and pair of levels: the
mean chip difference per deal with a 95% confidence interval and the deals played
differently; the perfect-information bound (seat 0) and the share of its gap each level
closes there; and the decision times per level.
"""


def main(argv: list[str]) -> int:
    parser = Parser(prog="python -m bot bench ai", description=DESCRIPTION)
    parser.add_argument("--deals", type=positive, default=DEALS, metavar="N",
                        help=f"deals per variant, 1 or more (default: {DEALS})")
    parser.add_argument("--bound-deals", type=non_negative, default=BOUND_DEALS,
                        metavar="N", help="deals per variant also played by the "
                        "perfect-information bound; 0: none (default: %(default)s)")
    parser.add_argument("--variants", default=",".join(s[0] for s in SETTINGS),
                        help="the variants to play, separated by commas (default: all: "
                             "%(default)s)")
    parser.add_argument("--workers", type=positive, default=os.cpu_count() or 2,
                        metavar="N", help="processes, 1 or more (default: one per core)")
    parser.add_argument("--seed", type=non_negative, default=9000, metavar="N",
                        help="the first deal's seed (default: %(default)s)")
    parser.add_argument("--bound", choices=("clairvoyant", "minimax"), default="clairvoyant",
                        help="the bound: sees every card and knows the others' play "
                             "(default), or the exact solver's perfect-information play")
    parser.add_argument("--seats", type=positive, default=None, metavar="N",
                        help="seats each level takes in turn on every deal, spread round "
                             "the table from seat 0 (default: 2 in zuger, 4 in wuerttemberg, "
                             "else 1)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    wanted = args.variants.split(",")
    settings = [s for s in SETTINGS if s[0] in wanted]
    out = run(args.deals, args.bound_deals, settings, args.workers, args.seed, args.bound,
              args.seats)
    if args.json:
        print(json.dumps(out))
    else:
        print_table(out)
    return 0


__all__ = ["SETTINGS", "main", "run"]
