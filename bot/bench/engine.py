"""``python -m bot bench engine``: random-play deals per second, per variant and player
count (deal, auction, play, scoring) on one core, beside OpenSpiel's ``skat`` played by
random actions from Python where ``open_spiel`` is installed (the ``bench`` extra).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

from bot.engine.deal import Deal
from bot.engine.playout import play_out

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


def engine_rate(variant: str, players: int, options: dict[str, Any], seconds: float,
                seed: int = 1) -> float:
    rng = random.Random(seed)
    count = 0
    dealer = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(50):
            deal = Deal.new(variant, players=players, dealer=dealer, rng=rng, **options)
            play_out(deal, rng)
            dealer = (dealer + 1) % players
        count += 50
        now = time.perf_counter()
        if now >= deadline:
            return count / (now - start)


def openspiel_skat_rate(seconds: float, seed: int = 1) -> float | None:
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("skat")
    rng = random.Random(seed)
    count = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(50):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
                else:
                    actions = state.legal_actions()
                    state.apply_action(actions[int(rng.random() * len(actions))])
            state.returns()
        count += 50
        now = time.perf_counter()
        if now >= deadline:
            return count / (now - start)


def measure(seconds: float) -> dict[str, Any]:
    rates = {f"{v}-{p}": engine_rate(v, p, o, seconds) for v, p, o in CASES}
    skat = openspiel_skat_rate(seconds)
    return {
        "deals_per_s": {k: round(r, 1) for k, r in rates.items()},
        "openspiel_skat_games_per_s": None if skat is None else round(skat, 1),
        "ratio_dapp3_vs_openspiel": None if skat is None else round(rates["dapp-3"] / skat, 3),
        "seconds_per_case": seconds,
    }


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot bench engine")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--seconds", type=float, default=3.0, help="time per case")
    args = parser.parse_args(argv)
    figures = measure(args.seconds)
    if args.json:
        print(json.dumps(figures))
        return 0
    print(f"{'case':<16} {'deals/s':>10}")
    for case, rate in figures["deals_per_s"].items():
        print(f"{case:<16} {rate:>10.0f}")
    skat = figures["openspiel_skat_games_per_s"]
    if skat is None:
        print("OpenSpiel skat: not installed (pip install '.[bench]')")
    else:
        print(f"{'openspiel skat':<16} {skat:>10.0f}")
        print(f"ratio dapp-3 / OpenSpiel skat: {figures['ratio_dapp3_vs_openspiel']:.2f}")
    return 0
