"""Where a level loses chips: each of its decisions compared with a deeper search of
the same view (the same information set).

``python -m bot.ai.diagnose [--variant zuger] [--deals 20] [--level strong] [--deep 4]``
plays deals with seat 0 at ``level`` and the other seats baseline (the benchmark's
deals: seed 9000 + i, dealer i mod n). At every decision of seat 0 with a choice the
deep search (the strong level with ``--deep`` times its layouts, no clock) scores the
options; printed per phase: how often the level and the baseline chose what the deep
search chose, and the chips per decision each gave away by its estimate (its value of
its own choice minus its value of theirs). Deterministic: no clocks anywhere.
"""

from __future__ import annotations

import argparse
import random
from collections import defaultdict
from dataclasses import dataclass, replace
from typing import Any

from bot.engine import Action, Deal, Phase, SeatView

from . import make_player
from .base import Player, main_actions
from .search import LEVELS, SearchPlayer
from .selfplay import SETTINGS, play_deal


@dataclass
class Tally:
    decisions: int = 0
    level_agrees: int = 0
    base_agrees: int = 0
    level_loss: float = 0.0
    base_loss: float = 0.0


def phase_name(view: SeatView) -> str:
    if view.phase is Phase.PLAY:
        left = max(view.hand_sizes)
        return "play (early)" if left > 4 else "play (late)"
    return str(view.phase.value)


class Witness:
    """Seat 0's player, its every decision with a choice compared with the deep search."""

    def __init__(self, inner: Player, deep: SearchPlayer, tallies: dict[str, Tally]) -> None:
        self.inner = inner
        self.deep = deep
        self.baseline = make_player("easy", random.Random(0))
        self.tallies = tallies

    def choose(self, view: SeatView) -> Action:
        action = self.inner.choose(view)
        if len(main_actions(view)) > 1:
            deep_action, values = self.deep.evaluate(view)
            if values:
                base = self.baseline.choose(view)
                t = self.tallies[phase_name(view)]
                t.decisions += 1
                top = values.get(deep_action, max(values.values()))
                t.level_agrees += action == deep_action
                t.base_agrees += base == deep_action
                t.level_loss += top - values.get(action, top)
                t.base_loss += top - values.get(base, top)
        return action

    def announcement(self, view: SeatView) -> Action | None:
        return self.inner.announcement(view)


def diagnose(variant: str, n: int, options: dict[str, Any], deals: int, level: str,
             deep_factor: int) -> dict[str, Tally]:
    strong = LEVELS["strong"]
    deep_config = replace(
        strong.with_seconds(None), name="deep",
        play=replace(strong.play, seconds=None, samples=strong.play.samples * deep_factor,
                     min_samples=strong.play.samples * deep_factor),
        bid_samples=strong.bid_samples * deep_factor)
    tallies: dict[str, Tally] = defaultdict(Tally)
    for i in range(deals):
        seed = 9000 + i
        deal = Deal.new(variant, players=n, dealer=i % n, rng=random.Random(seed), **options)
        seats: list[Player] = [make_player("easy", random.Random(seed * 10 + s))
                               for s in range(n)]
        if level == "easy":
            inner: Player = make_player("easy", random.Random(seed))
        else:
            inner = SearchPlayer(random.Random(seed), LEVELS[level].with_seconds(None))
        deep = SearchPlayer(random.Random(seed + 1), deep_config)
        seats[0] = Witness(inner, deep, tallies)
        play_deal(deal, seats)
    return tallies


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.ai.diagnose")
    parser.add_argument("--variant", default="zuger")
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--level", default="strong")
    parser.add_argument("--deep", type=int, default=4)
    args = parser.parse_args(argv)
    label, variant, n, options = next(s for s in SETTINGS if s[0] == args.variant
                                      or s[1] == args.variant)
    tallies = diagnose(variant, n, options, args.deals, args.level, args.deep)
    print(f"{label}: {args.deals} deals, seat 0 {args.level}, deep search {args.deep}x "
          f"the strong level's layouts")
    print(f"{'phase':14} {'decisions':>9} {'level=deep':>10} {'base=deep':>9} "
          f"{'level loss':>10} {'base loss':>9}  (chips per deal, by the deep search)")
    for phase, t in sorted(tallies.items()):
        d = max(t.decisions, 1)
        print(f"{phase:14} {t.decisions:9d} {t.level_agrees / d:10.0%} {t.base_agrees / d:9.0%}"
              f" {t.level_loss / args.deals:10.3f} {t.base_loss / args.deals:9.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
