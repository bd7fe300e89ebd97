"""``python -m bot bench ai``: how much better the search levels play than the baseline.

- Duplicate matches per variant: each deal is played twice, once with seat 0 taken by
  ``strong`` and once by the baseline, the other seats baseline both times; the dealer
  moves on every deal, so seat 0 sits in every position. Printed: seat 0's mean chip
  difference per deal (strong minus baseline) with a 95% confidence interval.
- The perfect-information bound: the same deals (the first ``--cheat-deals``) with
  seat 0 played by a "cheating" player, the same search fed the true deal instead of
  samples; printed: the share of the gap between the baseline and that bound which
  ``strong`` closes.
- Decision time p50/p99 per level (``easy`` and ``strong`` from the matches, ``normal``
  from ``--normal-deals`` extra deals), counting main-turn decisions with a choice.

Both cores are used (one process per core). ``--deals`` and ``--budget`` (seconds per
``strong`` decision) shorten a run; ``--json`` prints one JSON object.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import random
import statistics
import time
from typing import Any

from bot.ai import make_player
from bot.ai.base import Player, main_actions
from bot.ai.determinize import Layout
from bot.ai.knowledge import Knowledge
from bot.ai.pimc import Budget
from bot.ai.search import LEVELS, LevelConfig, SearchPlayer, search_player
from bot.ai.selfplay import play_deal
from bot.cli import Parser, non_negative, positive, positive_seconds
from bot.engine import Action, Deal, SeatView

#: (label, variant, players, options)
SETTINGS: list[tuple[str, str, int, dict[str, Any]]] = [
    ("zuger", "zuger", 4, {}),
    ("tapp1879", "tapp1879", 3, {}),
    ("dapp", "dapp", 4, {}),
    ("wuerttemberg", "wuerttemberg", 4, {}),
]
SEAT = 0


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


class TrueSampler:
    """The perfect-information "sample": the deal as it really lies."""

    def __init__(self, deal: Deal, k: Knowledge) -> None:
        inside = 0
        for h in deal.hands:
            inside |= h
        self.layout = Layout(tuple(deal.hands), k.table.deck & ~inside & ~k.played)

    def sample(self, rng: random.Random) -> Layout:
        return self.layout


def cheat_config(seconds: float | None) -> LevelConfig:
    return LevelConfig("cheat", seconds, Budget(samples=1, min_samples=1, seconds=seconds,
                                                exact_tricks=5, exact_nodes=400_000),
                       bid_samples=1, z=0.0)


def _new_deal(variant: str, n: int, options: dict[str, Any], i: int, seed: int) -> Deal:
    return Deal.new(variant, players=n, dealer=i % n, rng=random.Random(seed), **options)


def _baseline_seats(n: int, seed: int) -> list[Player]:
    return [make_player("easy", random.Random(seed * 10 + s)) for s in range(n)]


def _play_with(variant: str, n: int, options: dict[str, Any], i: int, seed: int,
               player: Player) -> tuple[int, list[float]]:
    deal = _new_deal(variant, n, options, i, seed)
    seats = _baseline_seats(n, seed)
    timed = Timed(player)
    seats[SEAT] = timed
    if isinstance(player, SearchPlayer) and player.level == "cheat":
        player.sampler_factory = lambda k: TrueSampler(deal, k)
    result = play_deal(deal, seats)
    return result.payments[SEAT], timed.times


def _task(job: tuple[str, str, str, int, dict[str, Any], int, int, float | None]
          ) -> tuple[str, str, int, int, list[float]]:
    kind, label, variant, n, options, i, seed, budget = job
    if kind == "easy":
        player: Player = make_player("easy", random.Random(seed))
    elif kind == "cheat":
        player = SearchPlayer(random.Random(seed), cheat_config(budget))
    else:
        player = search_player(kind, random.Random(seed),
                               seconds=LEVELS[kind].seconds if budget is None else budget)
    pay, times = _play_with(variant, n, options, i, seed, player)
    return kind, label, i, pay, times


def _ci(xs: list[float]) -> tuple[float, float, float]:
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


def run(deals: int, budget: float | None, cheat_deals: int, normal_deals: int,
        settings: list[tuple[str, str, int, dict[str, Any]]], workers: int,
        seed: int = 9000) -> dict[str, Any]:
    jobs = []
    for label, variant, n, options in settings:
        for i in range(deals):
            s = seed + i
            jobs.append(("strong", label, variant, n, options, i, s, budget))
            jobs.append(("easy", label, variant, n, options, i, s, budget))
            if i < cheat_deals:
                jobs.append(("cheat", label, variant, n, options, i, s, budget))
            if i < normal_deals:
                jobs.append(("normal", label, variant, n, options, i, s, None))
    pays: dict[tuple[str, str], dict[int, int]] = {}
    times: dict[str, list[float]] = {"easy": [], "normal": [], "strong": [], "cheat": []}
    t0 = time.perf_counter()
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(workers) as p:
        for kind, label, i, pay, ts in p.imap_unordered(_task, jobs, chunksize=1):
            pays.setdefault((kind, label), {})[i] = pay
            times[kind].extend(ts)
    out: dict[str, Any] = {"variants": {}, "decision_ms": {},
                           "deals": deals, "cheat_deals": cheat_deals,
                           "budget_s": budget if budget is not None else
                           LEVELS["strong"].seconds,
                           "seconds": round(time.perf_counter() - t0, 1)}
    for label, *_ in settings:
        strong, easy = pays[("strong", label)], pays[("easy", label)]
        diffs = [float(strong[i] - easy[i]) for i in range(deals)]
        m, lo, hi = _ci(diffs)
        entry: dict[str, Any] = {"strong_vs_baseline": round(m, 3),
                                 "ci95": [round(lo, 3), round(hi, 3)],
                                 "deals_changed": sum(1 for d in diffs if d)}
        cheat = pays.get(("cheat", label), {})
        if cheat:
            idx = sorted(cheat)
            gap = statistics.fmean([cheat[i] - easy[i] for i in idx])
            got = statistics.fmean([strong[i] - easy[i] for i in idx])
            entry["cheat_vs_baseline"] = round(gap, 3)
            entry["strong_vs_baseline_same_deals"] = round(got, 3)
            entry["gap_closed"] = round(got / gap, 3) if gap else None
        out["variants"][label] = entry
    for level, ts in times.items():
        if ts:
            out["decision_ms"][level] = {"p50": round(_pct(ts, 0.5), 1),
                                         "p99": round(_pct(ts, 0.99), 1),
                                         "decisions": len(ts)}
    return out


def _print(out: dict[str, Any]) -> None:
    print(f"duplicate matches: {out['deals']} deals per variant, seat {SEAT} strong "
          f"(budget {out['budget_s']} s/decision) vs baseline; cheat bound on the first "
          f"{out['cheat_deals']}")
    print(f"{'variant':14} {'strong-base':>11} {'95% CI':>18} {'changed':>8} "
          f"{'cheat-base':>10} {'gap closed':>10}")
    for label, e in out["variants"].items():
        ci = f"[{e['ci95'][0]:+.3f}, {e['ci95'][1]:+.3f}]"
        cheat = e.get("cheat_vs_baseline")
        gap = e.get("gap_closed")
        print(f"{label:14} {e['strong_vs_baseline']:>+11.3f} {ci:>18} "
              f"{e['deals_changed']:>8} {'' if cheat is None else f'{cheat:+.3f}':>10} "
              f"{'' if gap is None else f'{gap:.0%}':>10}")
    print("decision time (ms, main-turn decisions with a choice):")
    for level, d in out["decision_ms"].items():
        print(f"  {level:7} p50 {d['p50']:7.1f}  p99 {d['p99']:7.1f}  ({d['decisions']})")
    print(f"wall time {out['seconds']} s")


DESCRIPTION = """\
How much better the strong computer players play than the baseline (easy): each deal
is played twice, seat 0 taken once by strong and once by the baseline, the other seats
baseline both times. Printed per variant: seat 0's mean chip difference per deal with
a 95% confidence interval; the share of the gap to a player that sees every hand
(the perfect-information bound) that strong closes; and the decision times per level.
"""


def main(argv: list[str]) -> int:
    parser = Parser(prog="python -m bot bench ai", description=DESCRIPTION)
    parser.add_argument("--deals", type=positive, default=300, metavar="N",
                        help="deals per variant, 1 or more (default: 300)")
    parser.add_argument("--budget", type=positive_seconds, default=None, metavar="SECONDS",
                        help="seconds per strong decision, more than 0 (default: the "
                             "level's)")
    parser.add_argument("--cheat-deals", type=non_negative, default=None, metavar="N",
                        help="deals per variant for the perfect-information bound; 0: "
                             "none (default: a third of --deals)")
    parser.add_argument("--normal-deals", type=non_negative, default=None, metavar="N",
                        help="deals per variant timed at level normal; 0: none (default: "
                             "a tenth of --deals, at least 1)")
    parser.add_argument("--variants", default=",".join(s[0] for s in SETTINGS),
                        help="the variants to play, separated by commas (default: all: "
                             "%(default)s)")
    parser.add_argument("--workers", type=positive, default=os.cpu_count() or 2,
                        metavar="N", help="processes, 1 or more (default: one per core)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    wanted = args.variants.split(",")
    settings = [s for s in SETTINGS if s[0] in wanted]
    cheat = args.deals // 3 if args.cheat_deals is None else args.cheat_deals
    normal = max(1, args.deals // 10) if args.normal_deals is None else args.normal_deals
    out = run(args.deals, args.budget, cheat, normal, settings, args.workers)
    if args.json:
        print(json.dumps(out))
    else:
        _print(out)
    return 0


__all__ = ["SETTINGS", "main", "run"]

