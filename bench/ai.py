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

Where ``strong`` loses against the bound (``phases``): on the bound's deals, every
decision ``strong`` made in seat 0 is charged what it cost against the bound, per phase
(:mod:`bench.ai_phases`); ``phase_check`` counts the deals where the charges added up
to the bound's result minus strong's.

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
from collections.abc import Iterable, Sequence
from typing import Any

from bot.ai import clock, make_player
from bot.ai.base import Player, main_actions
from bot.ai.oracle import ClairvoyantPlayer, OraclePlayer
from bot.ai.search import LEVELS, search_player
from bot.ai.selfplay import play_deal
from bot.ai.valuation import STATS
from bot.cli.parsing import Parser, non_negative, positive
from bot.engine import Action, Deal, SeatView

from .ai_phases import Losses, Recorder, losses, phase_table

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
    """A player whose main-turn decisions with a real choice are timed (on the clock
    the budgets are read from: :mod:`bot.ai.clock`)."""

    def __init__(self, inner: Player) -> None:
        self.inner = inner
        self.times: list[float] = []

    def choose(self, view: SeatView) -> Action:
        t0 = clock.now()
        action = self.inner.choose(view)
        if len(main_actions(view)) > 1:
            self.times.append(clock.now() - t0)
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


Job = tuple[str, str, str, int, dict[str, Any], int, int, str, int, bool, str]
#: kind, label, deal, seat, chips, decision times, the bound's search counts, CPU s,
#: the per-phase losses (strong on the bound's deals: rows, the bound's value, CPU s)
Done = tuple[str, str, int, int, int, list[float], dict[str, int], float,
             tuple[Losses, int, float] | None]


def _task(job: Job) -> Done:
    saved = clock.current()
    clock.use(job[-1])  # the clock the budgets (and the decision times) are read from
    try:
        return _play(job)
    finally:
        clock.use(saved)


def _play(job: Job) -> Done:
    kind, label, variant, n, options, i, seed, bound, seat, phases, _ = job
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
    others = list(seats)
    recorder = Recorder(player, deal) if phases else None
    timed = Timed(recorder or player)
    seats[seat] = timed
    STATS.clear()
    result = play_deal(deal, seats)
    spent = time.process_time() - cpu
    lost = None
    if recorder is not None:
        rows, start = losses(recorder.decisions, seat, others, result.payments[seat])
        lost = (rows, start, time.process_time() - cpu - spent)
    return (kind, label, i, seat, result.payments[seat], timed.times, dict(STATS),
            spent, lost)


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


def ratio_ci95(a: Sequence[float], b: Sequence[float]) -> tuple[float, float, float] | None:
    """The ratio of the means of paired samples ``a`` and ``b`` (``mean(a) / mean(b)``)
    with a 95% interval by the delta method: the standard error of ``a_i - r * b_i``
    over ``mean(b)``. None where ``mean(b)`` is not above 0."""
    if len(a) < 2 or statistics.fmean(b) <= 0:
        return None
    r = statistics.fmean(a) / statistics.fmean(b)
    h = 1.96 * statistics.stdev(x - r * y for x, y in zip(a, b, strict=True)) / (
        len(a) ** 0.5 * statistics.fmean(b))
    return r, r - h, r + h


def run(deals: int, bound_deals: int, settings: list[Setting],
        workers: int, seed: int = 9000, bound: str = "clairvoyant",
        seats: int | None = None, phases: bool = True,
        clock_name: str = "wall") -> dict[str, Any]:
    """``seats``: how many seats each level takes in turn on every deal (default: each
    setting's own); a deal's result for a level is its mean over those seats (the deal
    stays the unit of the paired comparison). The bound plays ``BOUND_SEAT`` alone.
    ``phases``: charge strong's decisions on the bound's deals with what they cost
    against the clairvoyant bound (needs ``bound="clairvoyant"``). ``clock_name``:
    what the budgets and decision times are read from (``wall`` as in the bot;
    ``cpu``, the workers' CPU time, so a loaded machine gives the searches as much
    work as a quiet one)."""
    where = {label: tested_seats(n, seats or own) for label, _, n, _, own in settings}
    jobs: list[Job] = []
    for i in range(deals):  # interleaved: the slow jobs spread over the run
        for label, variant, n, options, _ in settings:
            s = seed + i
            for seat in where[label]:
                for kind in KINDS:
                    on_bound = i < bound_deals and seat == BOUND_SEAT
                    if kind != "bound" or on_bound:
                        charge = (phases and on_bound and kind == "strong"
                                  and bound == "clairvoyant")
                        jobs.append((kind, label, variant, n, options, i, s, bound, seat,
                                     charge, clock_name))
    pays: dict[tuple[str, str], Pays] = {}
    times: dict[str, list[float]] = {k: [] for k in KINDS}
    cpu: dict[str, dict[str, float]] = {}
    stats: dict[str, int] = {}
    charged: dict[str, dict[int, Losses]] = {}  # label -> deal -> rows
    charged_start: dict[str, dict[int, int]] = {}  # label -> deal -> the bound's value
    load_before = os.getloadavg()
    t0 = time.perf_counter()

    def take(done: Iterable[Done]) -> None:
        for kind, label, i, seat, pay, ts, st, spent, lost in done:
            pays.setdefault((kind, label), {}).setdefault(i, {})[seat] = pay
            times[kind].extend(ts)
            per = cpu.setdefault(label, {})
            per[kind] = per.get(kind, 0.0) + spent
            if lost is not None:
                charged.setdefault(label, {})[i] = lost[0]
                charged_start.setdefault(label, {})[i] = lost[1]
                per["phases"] = per.get("phases", 0.0) + lost[2]
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
        "workers": workers, "clock": clock_name,
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
            gaps = [got["bound"][i][BOUND_SEAT] - got["easy"][i][BOUND_SEAT] for i in idx]
            for level in ("normal", "strong"):
                same = _compare(got[level], got["easy"], idx, BOUND_SEAT)
                entry[f"{level}_vs_easy_bound_deals"] = same["mean"]
                entry[f"{level}_gap_closed"] = (round(same["mean"] / gap["mean"], 3)
                                                if gap["mean"] > 0 else None)
                closed = ratio_ci95([got[level][i][BOUND_SEAT] - got["easy"][i][BOUND_SEAT]
                                     for i in idx], gaps)
                entry[f"{level}_gap_closed_ci95"] = (
                    None if closed is None else [round(closed[1], 3), round(closed[2], 3)])
        if label in charged:
            table = phase_table(charged[label], len(charged[label]))
            starts = charged_start[label]
            # the charges of a deal add up to bound - strong where the bound's value at
            # strong's first decision is the bound's own game (it is, unless the bound's
            # or the others' play is not deterministic)
            table["check"] = {"deals": len(starts), "sum_is_bound_minus_strong": sum(
                1 for i, v in starts.items()
                if v == got["bound"].get(i, {}).get(BOUND_SEAT))}
            entry["phases"] = table
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


def _interval(e: dict[str, Any], level: str) -> str:
    ci = e.get(f"{level}_gap_closed_ci95")
    return "" if ci is None else f"[{ci[0]:.0%}, {ci[1]:.0%}]"


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
                         f"({_share(e[lv + '_gap_closed'])} {_interval(e, lv)})"
                         for lv in ("normal", "strong"))
        print(f"{label:13} bound {_fmt(e['bound_vs_easy'])}  {gaps}")
    for label, e in out["variants"].items():
        if "phases" not in e:
            continue
        check = e["phases"]["check"]
        print(f"{label}: chips per deal strong gives up against the bound, by phase "
              f"(decisions, where the bound chose otherwise); the rows add up to "
              f"bound - strong on {check['sum_is_bound_minus_strong']} of "
              f"{check['deals']} deals")
        for key, r in e["phases"]["groups"].items():
            print(f"  {key:22} {r['chips_per_deal']:+7.3f}  ({r['decisions']}, "
                  f"{r['bound_differs']})")
        for key, r in e["phases"]["rows"].items():
            if r["chips_per_deal"]:
                print(f"    {key:20} {r['chips_per_deal']:+7.3f}  ({r['decisions']}, "
                      f"{r['bound_differs']})")
    if out["bound"] == "minimax":
        print(f"bound searches: {out['bound_searches']} "
              f"(exact share {out['bound_exact_share']:.0%})")
    print(f"decision time (ms on the {out.get('clock', 'wall')} clock, main-turn decisions "
          "with a choice):")
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
    parser.add_argument("--no-phases", action="store_true",
                        help="skip the per-phase table (where strong loses against the "
                             "bound: it costs about as much CPU as the bound itself)")
    parser.add_argument("--clock", choices=tuple(clock.CLOCKS), default="wall",
                        help="what the searches' budgets and the decision times are read "
                             "from: wall (as in the bot) or cpu (each worker's CPU time: "
                             "figures that do not depend on the machine's load; "
                             "default: %(default)s)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    wanted = args.variants.split(",")
    settings = [s for s in SETTINGS if s[0] in wanted]
    out = run(args.deals, args.bound_deals, settings, args.workers, args.seed, args.bound,
              args.seats, phases=not args.no_phases, clock_name=args.clock)
    if args.json:
        print(json.dumps(out))
    else:
        print_table(out)
    return 0


__all__ = ["SETTINGS", "main", "run"]
