"""``python -m bot bench ai-positions``: the computer players decision by decision,
against the clairvoyant bound.

Positions come from the baseline's own games on the deals of ``bench ai`` (seed
``--seed + i``, dealer ``i mod n``, every seat the baseline): seat 0's decisions with a
choice in the phase asked for (the auction, the steps before play but the discard, or
card play by the seat's role and trick), at most ``--per-deal`` per deal, and only
those where the options are worth different amounts (else every player scores the
same). At each position every legal option is valued as the per-phase table of ``bench
ai`` values a state: the chips seat 0 ends with when the clairvoyant bound
(:class:`~bot.ai.oracle.ClairvoyantPlayer`) takes the seat after it, the others the
baseline as ever. Then each player asked for (``--players``) decides from the seat's
view alone, and gets the value of the option it chose. ``best`` is the best option on
the real deal: what a seat that saw every card would choose there. With ``--after
easy`` the baseline takes the seat after the option instead of the bound: a
continuation that sees no more than the seat, so an option is not credited with what
the bound's sight of the cards makes of the rest of the deal (in the auction above
all, where the bound's value of a word includes its whole clairvoyant game); ``--after
normal`` or ``strong``, that level without a clock (a continuation as good as the
level's own later play, and as blind).

What seeing the cards is worth at a decision (``--redeals M``): the unseen cards are
dealt again where the others would have acted the same (:mod:`bench.ai_redeals`), and
every option is valued by the bound on each of ``M`` such re-deals.

The searching players decide without a clock by default (their layout counts bound the
work; the same position gives the same decision); a budget in seconds
(``strong:seconds=0.7``) is read from the process's CPU time with ``--clock cpu`` (the
default: the figures do not depend on the load of a shared machine) or from the wall
clock (``--clock wall``). Each decision's CPU time is reported.

Players (``--players``, separated by commas): ``easy``, ``normal`` or ``strong``, each
with options after colons: ``layouts=K`` (layouts per card, and per auction word or
plan; default ``--layouts``, else the level's own: ``strong`` 32 per card, 96 per
word or plan), ``scale=F`` (the level's own counts times ``F``), ``seconds=S`` (a
budget on ``--clock``), ``z=Z`` (the standard errors a search's choice must win by
before play), ``mismatch=W`` and ``mismatch_play=W`` (the inference's weight per bid,
per card, the model would not have made), ``exact=T`` (tricks left from which card
play is solved exactly; 0: never), ``infoset=T`` (tricks left from which the layouts
are searched together, no strategy fusion: :mod:`bot.ai.infoset`; one more with three
players, as ``exact``; ``infoset_nodes=N`` its work at most), ``seer=1`` (the
search's layouts are all the real deal: its method with every card seen). For example
``strong,strong:scale=4,strong:exact=0``.
"""

from __future__ import annotations

import json
import multiprocessing
import random
import statistics
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import Any

from bot.ai import clock, inference, make_player
from bot.ai.base import Player, main_actions
from bot.ai.oracle import TrueSampler
from bot.ai.search import LEVELS, SearchPlayer
from bot.ai.selfplay import play_deal
from bot.cli.parsing import Parser, non_negative, positive
from bot.engine import Action, ActionType, Deal, Phase, SeatView

from .ai import SETTINGS, _new_deal, ci95
from .ai_phases import bound_value, role
from .ai_redeals import SEAT, cross_fitted, redeals

PHASES = ("auction", "before", "play")
ROLES = ("any", "declarer", "partner", "defender", "none")
#: player options and their types
OPTIONS: dict[str, type] = {"layouts": int, "scale": float, "seconds": float, "z": float,
                            "mismatch": float, "mismatch_play": float, "exact": int,
                            "seer": int, "infoset": int, "infoset_nodes": int}


@dataclass(frozen=True)
class Spec:
    """One player of ``--players``: a level and its options."""

    text: str
    level: str
    options: dict[str, float] = field(default_factory=dict)

    @classmethod
    def parse(cls, text: str) -> Spec:
        level, *parts = text.split(":")
        if level not in ("easy", "normal", "strong"):
            raise ValueError(f"{text!r}: the level is easy, normal or strong")
        options: dict[str, float] = {}
        for part in parts:
            key, eq, value = part.partition("=")
            if not eq or key not in OPTIONS:
                raise ValueError(f"{text!r}: {part!r} is not one of "
                                 f"{', '.join(k + '=' for k in OPTIONS)}")
            try:
                number = OPTIONS[key](value)
            except ValueError:
                raise ValueError(f"{text!r}: {key} needs a number, not {value!r}") from None
            if number < 0:
                raise ValueError(f"{text!r}: {key} may not be negative")
            options[key] = number
        if level == "easy" and options:
            raise ValueError(f"{text!r}: easy takes no options")
        return cls(text, level, options)


def parse_players(text: str) -> list[Spec]:
    specs = [Spec.parse(t.strip()) for t in text.split(",") if t.strip()]
    if not specs:
        raise ValueError("no players")
    if len({s.text for s in specs}) != len(specs):
        raise ValueError("a player is named twice")
    return specs


def make(spec: Spec, layouts: int, seed: int, deal: Deal) -> Player:
    """The player of ``spec`` for one position (``deal``: the real deal, for a seer)."""
    if spec.level == "easy":
        return make_player("easy", random.Random(seed))
    o = spec.options
    config = LEVELS[spec.level].with_seconds(o.get("seconds"))
    scale = o.get("scale", 1.0)
    k = int(o.get("layouts", layouts or round(config.play.samples * scale)))
    bid = int(o.get("layouts", layouts or round(config.bid_samples * scale)))
    play = replace(config.play, samples=k, min_samples=min(config.play.min_samples, k))
    if "exact" in o:
        play = replace(play, exact_tricks=int(o["exact"]))
    if "infoset" in o:
        play = replace(play, infoset_tricks=int(o["infoset"]))
    if "infoset_nodes" in o:
        play = replace(play, infoset_nodes=int(o["infoset_nodes"]))
    config = replace(config, play=play, bid_samples=bid, z=o.get("z", config.z),
                     extra_exact_for_three=(0 if o.get("exact") == 0
                                            else config.extra_exact_for_three))
    player = SearchPlayer(random.Random(seed), config)
    if o.get("seer"):
        player.sampler_factory = lambda view: TrueSampler(deal, view)
    return player


@contextmanager
def weights(spec: Spec) -> Iterator[None]:
    """The inference's weights of ``spec`` for the time of one decision."""
    saved = inference.MISMATCH, inference.MISMATCH_PLAY
    inference.MISMATCH = spec.options.get("mismatch", saved[0])
    inference.MISMATCH_PLAY = spec.options.get("mismatch_play", saved[1])
    try:
        yield
    finally:
        inference.MISMATCH, inference.MISMATCH_PLAY = saved


def matches(view: SeatView, phase: str, who: str, tricks: tuple[int, int]) -> bool:
    """Whether a decision of seat 0 (with a choice) is one the run asks for."""
    if phase == "auction":
        return view.phase in (Phase.AUCTION, Phase.DECLARE)
    if phase == "before":
        return view.phase not in (Phase.AUCTION, Phase.DECLARE, Phase.PLAY,
                                  Phase.DISCARD, Phase.FINISHED)
    if view.phase is not Phase.PLAY:
        return False
    trick = len(view.tricks) + 1
    return tricks[0] <= trick <= tricks[1] and who in ("any", role(view))


def candidates(deal: Deal, others: list[Player], phase: str, who: str,
               tricks: tuple[int, int]) -> list[Deal]:
    """The baseline's game of ``deal`` (seat 0 the baseline too): the deal just
    before each decision of seat 0 the run asks for, in order."""
    seats = list(others)
    found: list[Deal] = []
    for _ in range(500):
        if deal.is_over:
            return found
        for s in deal.to_act():
            view = deal.view(s)
            if not main_actions(view):
                extra = seats[s].announcement(view)
                if extra is not None:
                    deal.apply(s, extra)
        s = next(s for s in deal.to_act() if main_actions(deal.view(s)))
        view = deal.view(s)
        if s == SEAT and len(main_actions(view)) > 1 and matches(view, phase, who, tricks):
            found.append(deal.copy())
        deal.apply(s, seats[s].choose(view))
    raise RuntimeError("deal not over after 500 actions")


def options_of(view: SeatView) -> list[Action]:
    return [a for a in main_actions(view) if a.type is not ActionType.DISCARD]


#: who takes seat 0 after an option to value it (``--after``): the clairvoyant bound,
#: or a level that sees no more than the seat: the baseline, or ``normal`` or ``strong``
#: without a clock (their layout counts bound the work: the same value on any machine)
AFTER = ("bound", "easy", "normal", "strong")
#: the seed of a searching continuation (its decisions are seeded by what it sees)
CONTINUATION_SEED = 1879


def easy_value(deal: Deal, seat: int, others: list[Player]) -> int:
    """The chips ``seat`` ends with when the baseline plays it from ``deal`` on."""
    return play_deal(deal.copy(), list(others)).payments[seat]


def level_value(level: str, deal: Deal, seat: int, others: list[Player]) -> int:
    """The chips ``seat`` ends with when ``level`` (no clock) plays it from ``deal`` on,
    the others as ever."""
    seats = list(others)
    seats[seat] = SearchPlayer(random.Random(CONTINUATION_SEED),
                               LEVELS[level].with_seconds(None))
    return play_deal(deal.copy(), seats).payments[seat]


def values(deal: Deal, opts: list[Action], others: list[Player],
           after: str = "bound") -> dict[Action, int]:
    """Each option valued by ``after`` (the bound, easy, normal or strong) taking the
    seat after it."""
    out = {}
    for a in opts:
        then = deal.copy()
        then.apply(SEAT, a)
        if after == "bound":
            out[a] = bound_value(then, SEAT, others)
        elif after == "easy":
            out[a] = easy_value(then, SEAT, others)
        else:
            out[a] = level_value(after, then, SEAT, others)
    return out


Job = tuple[str, int, dict[str, Any], int, str, str, tuple[int, int], int, list[str], int,
            int, int, int, str, str]


def _deal_task(job: Job) -> dict[str, Any]:
    """One deal's positions, each valued and decided by every player (the budgets read
    from the job's clock)."""
    saved = clock.current()
    clock.use(job[-1])
    try:
        return _deal(job)
    finally:
        clock.use(saved)


def _deal(job: Job) -> dict[str, Any]:
    (variant, n, options, i, phase, who, tricks, per_deal, texts, layouts, redeal, tries,
     seed, after, _) = job
    specs = [Spec.parse(t) for t in texts]
    seers = {spec.text for spec in specs if spec.options.get("seer")}
    s = seed + i
    others: list[Player] = [make_player("easy", random.Random(s * 10 + k)) for k in range(n)]
    base = list(others)
    base[SEAT] = make_player("easy", random.Random(s))
    cpu = time.process_time()
    found = candidates(_new_deal(variant, n, options, i, s), base, phase, who, tricks)
    rows: list[dict[str, Any]] = []
    tied = 0
    for j, deal in enumerate(found):
        if len(rows) >= per_deal:
            break
        view = deal.view(SEAT)
        opts = options_of(view)
        if len(opts) < 2:
            continue
        vals = values(deal, opts, others, after)
        if len(set(vals.values())) == 1:
            tied += 1
            continue
        row: dict[str, Any] = {
            "deal": i, "ply": deal.ply, "options": len(opts),
            "trick": len(view.tricks) + 1 if view.phase is Phase.PLAY else 0,
            "role": role(view) if view.phase is Phase.PLAY else None, "best": max(vals.values()),
            "mean": statistics.fmean(vals.values()), "chose": {}, "value": {},
            "cpu_ms": {}}
        chosen: dict[str, Action] = {}
        for spec in specs:
            player = make(spec, layouts, s * 1000 + j, deal)
            t0 = time.process_time()
            with weights(spec):
                action = player.choose(view)
            row["cpu_ms"][spec.text] = round((time.process_time() - t0) * 1000, 1)
            if action not in vals:  # not an option (a kontra the bound did not value)
                vals[action] = values(deal, [action], others, after)[action]
            chosen[spec.text] = action
            row["chose"][spec.text] = action.token
            row["value"][spec.text] = vals[action]
        if redeal:
            rng = random.Random(s * 7919 + j)
            deals, drawn = redeals(deal, others, rng, redeal, tries)
            table = [values(d, opts, others, after) for d in deals]
            row["redeals"] = {"kept": len(deals), "drawn": drawn}
            if len(table) >= 2:
                row["redeals"].update({
                    "seeing": statistics.fmean(max(r.values()) for r in table),
                    "blind_best": cross_fitted(table, opts),
                    "blind_best_in_sample": max(statistics.fmean(r[a] for r in table)
                                                for a in opts),
                    # each option's mean over the re-deals (which way a player errs)
                    "options": {a.token: round(statistics.fmean(r[a] for r in table), 3)
                                for a in opts},
                    # a seer's choice comes from the real deal's cards: not a choice
                    # from the seat's view, so it has no value on the re-deals
                    "value": {t: statistics.fmean(r[a] for r in table)
                              if a in opts and t not in seers else None
                              for t, a in chosen.items()}})
        rows.append(row)
    return {"deal": i, "rows": rows, "tied": tied, "cpu_s": time.process_time() - cpu}


def _pct(xs: Sequence[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))] if s else 0.0


def summary(rows: list[dict[str, Any]], texts: list[str]) -> dict[str, Any]:
    """Per player: the mean value of its choices, the paired difference with the first
    player (95% interval), how often it chose a best option, its CPU time."""
    out: dict[str, Any] = {"positions": len(rows)}
    if not rows:
        return out
    out["best"] = round(statistics.fmean(r["best"] for r in rows), 3)
    out["options_mean"] = round(statistics.fmean(r["mean"] for r in rows), 3)
    first = texts[0]
    players: dict[str, Any] = {}
    for t in texts:
        vals = [r["value"][t] for r in rows]
        m, lo, hi = ci95([r["value"][t] - r["value"][first] for r in rows])
        gap_m, gap_lo, gap_hi = ci95([r["best"] - r["value"][t] for r in rows])
        cpu = [r["cpu_ms"][t] for r in rows]
        players[t] = {"value": round(statistics.fmean(vals), 3),
                      f"minus_{first}": {"mean": round(m, 3),
                                         "ci95": [round(lo, 3), round(hi, 3)]},
                      "below_best": {"mean": round(gap_m, 3),
                                     "ci95": [round(gap_lo, 3), round(gap_hi, 3)]},
                      "chose_best": round(sum(r["value"][t] == r["best"] for r in rows)
                                          / len(rows), 3),
                      "cpu_ms": {"p50": _pct(cpu, 0.5), "p99": _pct(cpu, 0.99),
                                 "max": max(cpu)}}
    out["players"] = players
    seen = [r["redeals"] for r in rows if "seeing" in r.get("redeals", {})]
    if seen:
        red: dict[str, Any] = {
            "positions": len(seen),
            "kept_per_position": round(statistics.fmean(x["kept"] for x in seen), 1),
            "drawn_per_position": round(statistics.fmean(x["drawn"] for x in seen), 1),
            "seeing": round(statistics.fmean(x["seeing"] for x in seen), 3),
            "blind_best": round(statistics.fmean(x["blind_best"] for x in seen), 3),
            "blind_best_in_sample": round(statistics.fmean(x["blind_best_in_sample"]
                                                           for x in seen), 3),
            "players": {t: round(statistics.fmean(v), 3) for t in texts
                        if (v := [x["value"][t] for x in seen if x["value"][t] is not None])}}
        out["redeals"] = red
    return out


def run(variant: str, phase: str, who: str, positions: int, layouts: int,
        specs: list[Spec], *, tricks: tuple[int, int] = (1, 99), seed: int = 9000,
        per_deal: int = 1, max_deals: int | None = None, redeal: int = 0,
        tries: int = 3000, clock_name: str = "cpu", workers: int = 1,
        after: str = "bound") -> dict[str, Any]:
    label, name, n, options, _ = next(s for s in SETTINGS if s[0] == variant)
    texts = [s.text for s in specs]
    limit = max_deals if max_deals is not None else 20 * positions

    def jobs() -> Iterator[Job]:
        for i in range(limit):
            yield (name, n, options, i, phase, who, tricks, per_deal, texts, layouts,
                   redeal, tries, seed, after, clock_name)

    rows: list[dict[str, Any]] = []
    tied = deals = 0
    cpu = 0.0
    t0 = time.perf_counter()

    def take(done: Iterator[dict[str, Any]]) -> None:
        nonlocal tied, deals, cpu
        for d in done:
            deals += 1
            tied += d["tied"]
            cpu += d["cpu_s"]
            rows.extend(d["rows"])
            if len(rows) >= positions:
                return

    if workers <= 1:
        take(map(_deal_task, jobs()))
    else:
        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            take(pool.imap(_deal_task, jobs(), chunksize=1))
    rows = rows[:positions]
    return {"variant": label, "phase": phase, "role": who, "tricks": list(tricks),
            "seed": seed, "layouts": layouts, "clock": clock_name, "redeals_asked": redeal,
            "after": after,
            "deals": deals, "tied_skipped": tied, "cpu_s": round(cpu, 1),
            "seconds": round(time.perf_counter() - t0, 1), **summary(rows, texts),
            "rows": rows}


def print_table(out: dict[str, Any]) -> None:
    where = out["phase"] if out["phase"] != "play" else (
        f"play, {out['role']}, tricks {out['tricks'][0]}-{out['tricks'][1]}")
    print(f"{out['variant']} {where}: {out['positions']} positions from {out['deals']} "
          f"deals (seed {out['seed']} on; {out['tied_skipped']} more where every option "
          f"was worth the same); each option valued by {out['after']} taking seat 0 after "
          "it")
    if not out["positions"]:
        return
    print(f"  best option {out['best']:+.3f}, the options' mean {out['options_mean']:+.3f}")
    first = next(iter(out["players"]))
    print(f"  {'player':34} {'value':>8} {'- ' + first:>26} {'below best':>8} "
          f"{'best':>5} {'cpu p50/p99 ms':>16}")
    for t, p in out["players"].items():
        d = p[f"minus_{first}"]
        print(f"  {t:34} {p['value']:+8.3f} {d['mean']:+8.3f} [{d['ci95'][0]:+7.3f}, "
              f"{d['ci95'][1]:+7.3f}] {p['below_best']['mean']:8.3f} "
              f"{p['chose_best']:5.0%} {p['cpu_ms']['p50']:7.0f}/{p['cpu_ms']['p99']:.0f}")
    red = out.get("redeals")
    if red:
        print(f"  re-deals ({red['positions']} positions, {red['kept_per_position']} kept of "
              f"{red['drawn_per_position']} drawn each): seeing {red['seeing']:+.3f}, the "
              f"best blind choice {red['blind_best']:+.3f} (in sample "
              f"{red['blind_best_in_sample']:+.3f}); players: " + ", ".join(
                  f"{t} {v:+.3f}" for t, v in red["players"].items()))
    print(f"  CPU {out['cpu_s']} s, wall {out['seconds']} s")


DESCRIPTION = """\
The computer players decision by decision: seat 0's decisions in the baseline's games
of the bench ai deals (a phase, and in card play a role and tricks), every option
valued by the clairvoyant bound taking the seat after it, and the option each player
chooses from the seat's view. With --redeals, what seeing the cards is worth there:
the unseen cards dealt again where the others would have acted the same, every option
valued on each. Players: easy, normal or strong, with options such as
strong:layouts=128:seconds=0.7:z=0:mismatch=0.02:mismatch_play=0.1:exact=0:seer=1.
"""


def _tricks(text: str) -> tuple[int, int]:
    a, _, b = text.partition("-")
    try:
        lo, hi = int(a), int(b or a)
    except ValueError:
        raise ValueError(f"tricks {text!r}: FIRST-LAST, e.g. 1-5") from None
    if not 1 <= lo <= hi:
        raise ValueError(f"tricks {text!r}: 1 <= FIRST <= LAST")
    return lo, hi


def main(argv: list[str]) -> int:
    parser = Parser(prog="python -m bot bench ai-positions", description=DESCRIPTION)
    variants = [s[0] for s in SETTINGS]
    parser.add_argument("--variant", choices=variants, required=True, metavar="VARIANT",
                        help="the variant: " + ", ".join(variants))
    parser.add_argument("--phase", choices=PHASES, required=True, metavar="PHASE",
                        help="auction (and declarations), before (the steps before play "
                             "but the discard) or play")
    parser.add_argument("--role", choices=ROLES, default="any", metavar="ROLE",
                        help="card play: the seat's side, one of " + ", ".join(ROLES)
                             + " (default: %(default)s)")
    parser.add_argument("--tricks", default="1-99", metavar="FIRST-LAST",
                        help="card play: the tricks (default: all)")
    parser.add_argument("--positions", type=positive, default=40, metavar="N",
                        help="positions (default: %(default)s)")
    parser.add_argument("--layouts", type=non_negative, default=0, metavar="K",
                        help="layouts per card, auction word or plan of every searching "
                             "player; 0: each level's own (default: %(default)s)")
    parser.add_argument("--players", default="easy,normal,strong", metavar="LIST",
                        help="players, separated by commas (default: %(default)s)")
    parser.add_argument("--redeals", type=non_negative, default=0, metavar="M",
                        help="re-deals of the unseen cards per position (default: none)")
    parser.add_argument("--redeal-tries", type=positive, default=3000, metavar="N",
                        help="draws per position at most (default: %(default)s)")
    parser.add_argument("--per-deal", type=positive, default=1, metavar="N",
                        help="positions per deal at most (default: %(default)s)")
    parser.add_argument("--deals", type=positive, default=None, metavar="N",
                        help="deals at most (default: 20 per position)")
    parser.add_argument("--seed", type=non_negative, default=9000, metavar="N",
                        help="the first deal's seed (default: %(default)s)")
    parser.add_argument("--clock", choices=tuple(clock.CLOCKS), default="cpu",
                        help="what a player's seconds are read from (default: %(default)s)")
    parser.add_argument("--after", choices=AFTER, default="bound",
                        help="who takes seat 0 after an option to value it: the "
                             "clairvoyant bound, or a level without a clock "
                             "(default: %(default)s)")
    parser.add_argument("--workers", type=positive, default=1, metavar="N",
                        help="processes (default: %(default)s)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    try:
        specs = parse_players(args.players)
        tricks = _tricks(args.tricks)
    except ValueError as e:
        parser.error(str(e))
    out = run(args.variant, args.phase, args.role, args.positions, args.layouts, specs,
              tricks=tricks, seed=args.seed, per_deal=args.per_deal, max_deals=args.deals,
              redeal=args.redeals, tries=args.redeal_tries, clock_name=args.clock,
              workers=args.workers, after=args.after)
    if args.json:
        print(json.dumps(out))
    else:
        print_table(out)
    return 0


__all__ = ["Spec", "main", "parse_players", "redeals", "run"]
