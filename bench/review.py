"""``python -m bot bench review [--json] [--deals N] [--seed N]``: how long a deal review
takes.

For each variant, deals are played by normal computer players (clock off); each
seat's decisions in each deal are then reviewed as the bot reviews them (the strong
player, clock off, judging every decision from the seat's view). Figures per variant:
a review's decisions and wall time (p50, max; one process, as the bot's review worker
runs), the share of decisions found to be mistakes, and as the baseline measured in the
same run the time the strong player takes to choose at the same moments
(review/choose: what judging costs beyond deciding). The aim: a Zuger review
under 20 seconds.
"""

from __future__ import annotations

import json
import random
import statistics
import time
from typing import Any

from bot.ai import play_deal, search_player
from bot.cli.parsing import Parser, non_negative, positive
from bot.engine import Deal
from bot.review import moments, review_deal, review_player

DESCRIPTION = __doc__.split("\n\n", 1)[1] if __doc__ else ""
SETTINGS = (("zuger", 4), ("tapp1879", 3), ("dapp", 4), ("wuerttemberg", 4))
AIM_SECONDS = 20.0


def measure(deals: int, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    out: dict[str, Any] = {"deals": deals, "seed": seed, "aim_seconds": AIM_SECONDS,
                           "variants": {}}
    reviewer = review_player()
    for variant, players in SETTINGS:
        times: list[float] = []
        chosen: list[float] = []
        decisions = mistakes = 0
        for _ in range(deals):
            deal = Deal.new(variant, players=players, rng=random.Random(rng.getrandbits(64)))
            play_deal(deal, [search_player("normal", random.Random(rng.getrandbits(32)),
                                           seconds=None) for _ in range(players)])
            record = deal.to_record()
            for seat in range(players):
                start = time.perf_counter()
                review = review_deal(record, seat, player=reviewer)
                times.append(time.perf_counter() - start)
                decisions += len(review.items)
                mistakes += sum(r.judgement.mistake for r in review.items)
                start = time.perf_counter()
                for m in moments(record, seat):
                    reviewer.choose(m.view)
                chosen.append(time.perf_counter() - start)
        reviews = len(times)
        out["variants"][variant] = {
            "reviews": reviews, "decisions_per_review": round(decisions / reviews, 1),
            "p50_s": round(statistics.median(times), 3), "max_s": round(max(times), 3),
            "mistake_share": round(mistakes / max(decisions, 1), 3),
            "choose_p50_s": round(statistics.median(chosen), 3),
            "review_vs_choose": round(sum(times) / max(sum(chosen), 1e-9), 2),
            "under_aim": max(times) < AIM_SECONDS,
        }
    return out


def main(argv: list[str]) -> int:
    parser = Parser(prog="python -m bot bench review", description=DESCRIPTION)
    parser.add_argument("--deals", type=positive, default=5, metavar="N",
                        help="deals per variant, each reviewed for every seat (default 5)")
    parser.add_argument("--seed", type=non_negative, default=1, metavar="N",
                        help="random seed (default 1)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    result = measure(args.deals, args.seed)
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(f"deal reviews, {args.deals} deals per variant, every seat reviewed "
          f"(wall time, one process; aim: under {AIM_SECONDS:.0f} s)")
    print(f"{'variant':<14}{'reviews':>8}{'decisions':>10}{'p50 s':>8}{'max s':>8}"
          f"{'mistakes':>10}{'choose s':>10}{'review/choose':>15}")
    for variant, f in result["variants"].items():
        print(f"{variant:<14}{f['reviews']:>8}{f['decisions_per_review']:>10.1f}"
              f"{f['p50_s']:>8.2f}{f['max_s']:>8.2f}{f['mistake_share']:>10.0%}"
              f"{f['choose_p50_s']:>10.2f}{f['review_vs_choose']:>15.2f}")
    return 0
