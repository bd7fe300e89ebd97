"""``python -m bot bench engine``: random-play deals per second, per variant and player
count (deal, auction, play, scoring) on one core, beside OpenSpiel's ``skat`` played by
random actions from Python where ``open_spiel`` is installed (the ``bench`` extra).

Times are the process's CPU time (``time.process_time``), so other work on the machine
does not count against either side. The ratio dapp-3 / skat comes from a paired run:
batches of dapp-3 deals and skat games alternate, each side timed on its own, so drift in
the machine's speed during the run touches both sides alike. ``--runs N`` makes the
paired run N times and reports the median one (one run of the same code moves by about
3 % on a shared machine).

The engine measured is the one every install runs: plain Python, nothing compiled.
"""

from __future__ import annotations

import json
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from bot.cli.parsing import Parser, positive, positive_seconds
from bot.engine.deal import Deal
from bot.engine.playout import play_out
from bot.engine.variants import Variant

PlayOut = Callable[[Deal, random.Random], Deal]

CASES: list[tuple[str, int, dict[str, Any]]] = [
    ("zuger", 4, {}),
    ("tapp1879", 3, {}),
    ("dapp", 3, {}),
    ("dapp", 4, {}),
    ("dapp", 5, {}),
    ("dapp", 6, {}),
    ("wuerttemberg", 3, {}),
    ("wuerttemberg", 4, {}),
]

BATCH = 50
_clock = time.process_time


def engine_batch(variant: str | Variant, players: int, options: dict[str, Any],
                 seed: int = 1, playout: PlayOut = play_out) -> Callable[[], None]:
    """A function that plays the next :data:`BATCH` random deals (dealer rotating), as a
    table would: ``Deal.new`` (shuffle, deal), then random legal play to the settlement
    (by ``playout``: the engine's own, unless told)."""
    rng = random.Random(seed)
    state = {"dealer": 0}

    def batch() -> None:
        dealer = state["dealer"]
        for _ in range(BATCH):
            playout(Deal.new(variant, players=players, dealer=dealer, rng=rng, **options), rng)
            dealer = (dealer + 1) % players
        state["dealer"] = dealer

    return batch


def skat_batch(seed: int = 1) -> Callable[[], None] | None:
    """A function that plays the next :data:`BATCH` OpenSpiel ``skat`` games by random
    actions (chance outcomes drawn uniformly); ``None`` without ``open_spiel``."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("skat")
    rng = random.Random(seed)

    def batch() -> None:
        for _ in range(BATCH):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
                else:
                    actions = state.legal_actions()
                    state.apply_action(actions[int(rng.random() * len(actions))])
            state.returns()

    return batch


def rate(batch: Callable[[], None], seconds: float) -> float:
    """Items per CPU second of ``batch`` over at least ``seconds`` (after one warm-up)."""
    batch()
    count = 0
    start = _clock()
    while True:
        batch()
        count += BATCH
        spent = _clock() - start
        if spent >= seconds:
            return count / spent


def paired_rates(batches: list[Callable[[], None]], seconds: float) -> list[float]:
    """Rates of ``batches`` with their batches taking turns, at least ``seconds`` each."""
    for batch in batches:
        batch()
    spent = [0.0] * len(batches)
    count = 0
    while min(spent) < seconds:
        for i, batch in enumerate(batches):
            t = _clock()
            batch()
            spent[i] += _clock() - t
        count += BATCH
    return [count / s for s in spent]


def engine_rate(variant: str, players: int, options: dict[str, Any], seconds: float,
                seed: int = 1) -> float:
    return rate(engine_batch(variant, players, options, seed), seconds)


def measure(seconds: float, runs: int = 1) -> dict[str, Any]:
    """The figures. The paired run (dapp-3 beside OpenSpiel's skat, where installed)
    ``runs`` times over; its figures are those of the run whose ratio is the median (the
    lower of the middle two), every run's ratio beside."""
    rates = {f"{v}-{p}": engine_rate(v, p, o, seconds) for v, p, o in CASES}
    skat_games = skat_batch()
    paired: list[dict[str, float]] = []
    if skat_games is not None:
        sides = {"dapp3": engine_batch("dapp", 3, {}), "skat": skat_games}
        paired = [dict(zip(sides, paired_rates(list(sides.values()), seconds), strict=True))
                  for _ in range(runs)]
    over_skat = [round(run["dapp3"] / run["skat"], 3) for run in paired]
    run = paired[over_skat.index(statistics.median_low(over_skat))] if over_skat else {}

    def figure(name: str) -> float | None:
        return round(run[name], 1) if name in run else None

    return {
        "deals_per_s": {k: round(r, 1) for k, r in rates.items()},
        "openspiel_skat_games_per_s": figure("skat"),
        "dapp3_deals_per_s_paired": figure("dapp3"),
        "ratio_dapp3_vs_openspiel": (
            round(run["dapp3"] / run["skat"], 3) if run else None),
        "paired_runs": over_skat,
        "seconds_per_case": seconds,
        "clock": "process_time",
    }


DESCRIPTION = """\
Random-play deals per second of the rules engine (deal, auction, play, scoring) on one
core, per variant and player count; beside them OpenSpiel's skat played at random from
Python, where open_spiel is installed (the bench extra: pip install -e '.[bench]').
The engine is plain Python, as every install runs it. Times are the CPU time of this
process.
"""


def main(argv: list[str]) -> int:
    parser = Parser(prog="python -m bot bench engine", description=DESCRIPTION)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--seconds", type=positive_seconds, default=3.0,
                        help="CPU seconds per case and per side of the paired run, more "
                             "than 0 (default: 3)")
    parser.add_argument("--runs", type=positive, default=1, metavar="N",
                        help="make the paired run N times and report the median one "
                             "(default: 1)")
    args = parser.parse_args(argv)
    figures = measure(args.seconds, args.runs)
    if args.json:
        print(json.dumps(figures))
        return 0
    print(f"{'case':<16} {'deals/s':>10}")
    for case, deals in figures["deals_per_s"].items():
        print(f"{case:<16} {deals:>10.0f}")
    skat = figures["openspiel_skat_games_per_s"]
    if skat is None:
        print("OpenSpiel skat: not installed (pip install '.[bench]')")
    else:
        print(f"paired run: dapp-3 {figures['dapp3_deals_per_s_paired']:.0f} deals/s, "
              f"OpenSpiel skat {skat:.0f} games/s")
        print(f"ratio dapp-3 / OpenSpiel skat: {figures['ratio_dapp3_vs_openspiel']:.2f}")
        if len(figures["paired_runs"]) > 1:
            print(f"(the median of {len(figures['paired_runs'])} paired runs: "
                  f"{', '.join(f'{r:.2f}' for r in figures['paired_runs'])})")
    print("(CPU time of this process, one core)")
    return 0
