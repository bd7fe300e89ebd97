"""Let computer players play deals, and measure them.

``python -m bot.ai [N]`` plays ``N`` baseline-only deals of every variant
setting and prints the contracts, the declarers' results and the speed.
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter
from collections.abc import Sequence
from typing import Any

from bot.engine import Deal, DealResult

from .base import Player, main_actions

#: (label, variant, players, options) for every setting the bot hosts
SETTINGS: tuple[tuple[str, str, int, dict[str, Any]], ...] = (
    ("zuger", "zuger", 4, {}),
    ("tapp1879", "tapp1879", 3, {}),
    ("dapp-3", "dapp", 3, {}),
    ("dapp-4", "dapp", 4, {}),
    ("dapp-5", "dapp", 5, {}),
    ("dapp-6", "dapp", 6, {}),
    ("dapp-4-closing", "dapp", 4, {"closing_ramsch": True}),
    ("wue-3", "wuerttemberg", 3, {}),
    ("wue-4", "wuerttemberg", 4, {}),
    ("wue-3-32", "wuerttemberg", 3, {"deck": 32}),
    ("wue-4-32", "wuerttemberg", 4, {"deck": 32}),
    ("wue-3-aufnehmen", "wuerttemberg", 3, {"herz_aufnehmen": True}),
    ("wue-4-aufnehmen", "wuerttemberg", 4, {"herz_aufnehmen": True}),
    ("wue-4-forced", "wuerttemberg", 4, {"forced_ramsch": True}),
)


def play_deal(deal: Deal, players: Sequence[Player], max_actions: int = 500) -> DealResult:
    """Play ``deal`` to its end, asking ``players[seat]`` on each main turn (and for
    optional announcements on the way). Raises if a player acts illegally."""
    for _ in range(max_actions):
        if deal.is_over:
            result = deal.outcome()
            assert result is not None
            return result
        for seat in deal.to_act():
            view = deal.view(seat)
            if main_actions(view):
                continue
            extra = players[seat].announcement(view)
            if extra is not None:
                deal.apply(seat, extra)
        seat = next(s for s in deal.to_act() if main_actions(deal.view(s)))
        deal.apply(seat, players[seat].choose(deal.view(seat)))
    raise RuntimeError(f"deal not over after {max_actions} actions")


def measure(variant: str, players: int, options: dict[str, Any], deals: int, seed: int = 0,
            level: str = "easy") -> dict[str, Any]:
    """Play ``deals`` deals with ``level`` at every seat; contracts, wins, speed."""
    from . import make_player

    rng = random.Random(seed)
    seats = [make_player(level, random.Random(seed * 100 + s)) for s in range(players)]
    contracts: Counter[str] = Counter()
    won: Counter[str] = Counter()
    decided: Counter[str] = Counter()
    decisions, spent = 0, 0.0
    for i in range(deals):
        deal = Deal.new(variant, players=players, dealer=i % players,
                        rng=random.Random(rng.getrandbits(64)), **options)
        t0 = time.perf_counter()
        result = play_deal(deal, seats)
        spent += time.perf_counter() - t0
        decisions += deal.ply
        name = result.contract or result.status
        if "tout" in result.announcements:
            name += "+tout"
        contracts[name] += 1
        if result.won is not None:
            decided[name] += 1
            won[name] += int(result.won)
    return {"contracts": contracts, "won": won, "decided": decided,
            "decisions": decisions, "seconds": spent}


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    deals = int(args[0]) if args else 500
    for label, variant, players, options in SETTINGS:
        m = measure(variant, players, options, deals)
        total_decided = sum(m["decided"].values())
        total_won = sum(m["won"].values())
        parts = []
        for name, count in m["contracts"].most_common():
            d = m["decided"][name]
            rate = f" won {m['won'][name] / d:.0%}" if d else ""
            parts.append(f"{name} {count / deals:.0%}{rate}")
        overall = f"{total_won / total_decided:.0%}" if total_decided else "-"
        speed = m["decisions"] / m["seconds"] if m["seconds"] else 0.0
        print(f"{label:16} declarer won {overall:>4} | " + ", ".join(parts)
              + f" | {speed:,.0f} actions/s (incl. engine)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
