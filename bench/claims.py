"""``python -m bot bench claims [--json] [--positions N] [--budget N] [--seed N]``: how long
the bot takes to check a claim.

For each variant, random legal play reaches positions where a claim is offered (the
player on turn in card play with five cards or fewer); each offered claim is checked as
a table checks it: first against every defence (a proof), and when that fails, whether
some lay of the cards the claimer cannot see could make it true (else it is refused at
once; if it could, it is put to the others). Figures per variant: the shares of claims
proven, put to the others and refused, the check's time (p50, p99, max) and the share
whose proof ran out of the search budget (the same as at a table), beside the time of
one random play to the end from the same position (the floor: the claim's line at its
cheapest).
"""

from __future__ import annotations

import json
import random
import statistics
import time
from typing import Any

from bot.cli.parsing import Parser, non_negative, positive
from bot.engine import VARIANTS, Deal
from bot.engine.claims import ClaimTooDeep, claim_line, could_come_true, offered_claims
from bot.engine.playout import random_action
from bot.tables.claims import CLAIM_BUDGET

DESCRIPTION = __doc__.split("\n\n", 1)[1] if __doc__ else ""


def _positions(variant: str, count: int, rng: random.Random) -> list[Deal]:
    """``count`` positions (deal copies) where a claim is offered, from random deals."""
    found: list[Deal] = []
    while len(found) < count:
        deal = Deal.new(variant, rng=rng)
        while not deal.is_over:
            seat = deal.turn
            if seat is not None and offered_claims(deal, seat) and rng.random() < 0.5:
                found.append(deal.copy())
                break
            deal.apply(*random_action(deal, rng))
    return found


def _ms(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000, 2)


def measure(positions: int, budget: int, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    out: dict[str, Any] = {"positions": positions, "budget": budget, "seed": seed,
                           "variants": {}}
    for variant in VARIANTS:
        times: list[float] = []
        floors: list[float] = []
        proven = too_deep = put = 0
        for deal in _positions(variant, positions, rng):
            seat = deal.turn
            assert seat is not None
            for kind in offered_claims(deal, seat):
                start = time.process_time()
                try:
                    line = claim_line(deal, seat, kind, budget=budget)
                except ClaimTooDeep:  # not proven, as at a table
                    too_deep += 1
                    line = None
                if line is not None:
                    proven += 1
                elif could_come_true(deal, seat, kind):
                    put += 1
                times.append(time.process_time() - start)
            start = time.process_time()
            copy = deal.copy()
            while not copy.is_over:
                copy.apply(*random_action(copy, rng))
            floors.append(time.process_time() - start)
        checked = len(times)
        out["variants"][variant] = {
            "claims": checked, "proven_share": round(proven / checked, 3),
            "put_share": round(put / checked, 3),
            "refused_share": round((checked - proven - put) / checked, 3),
            "over_budget_share": round(too_deep / checked, 3),
            "p50_ms": _ms(times, 0.5), "p99_ms": _ms(times, 0.99),
            "max_ms": round(max(times) * 1000, 2),
            "floor_p50_ms": round(statistics.median(floors) * 1000, 3),
            "p50_vs_floor": round(statistics.median(times) / max(statistics.median(floors),
                                                                 1e-9), 1),
        }
    return out


def main(argv: list[str]) -> int:
    parser = Parser(prog="python -m bot bench claims", description=DESCRIPTION)
    parser.add_argument("--positions", type=positive, default=200, metavar="N",
                        help="positions per variant (default 200)")
    parser.add_argument("--budget", type=positive, default=CLAIM_BUDGET, metavar="N",
                        help=f"search budget in positions (default {CLAIM_BUDGET}, a table's)")
    parser.add_argument("--seed", type=non_negative, default=1, metavar="N",
                        help="random seed (default 1)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    result = measure(args.positions, args.budget, args.seed)
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(f"claim checks, {args.positions} positions per variant, budget {args.budget} "
          "positions (CPU time, one core)")
    print(f"{'variant':<14}{'claims':>7}{'proven':>8}{'put':>6}{'refused':>9}{'over':>6}"
          f"{'p50 ms':>9}{'p99 ms':>9}{'max ms':>9}{'floor ms':>10}{'p50/floor':>11}")
    for variant, f in result["variants"].items():
        print(f"{variant:<14}{f['claims']:>7}{f['proven_share']:>8.0%}"
              f"{f['put_share']:>6.0%}{f['refused_share']:>9.0%}"
              f"{f['over_budget_share']:>6.0%}"
              f"{f['p50_ms']:>9.2f}{f['p99_ms']:>9.2f}{f['max_ms']:>9.2f}"
              f"{f['floor_p50_ms']:>10.3f}{f['p50_vs_floor']:>11.1f}")
    return 0
