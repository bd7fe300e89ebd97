"""Positions of ``bench ai-positions`` for its tests: seat 0's decisions in the
baseline's games of the bench's deals."""

from __future__ import annotations

import random

from bench import ai_positions as ap
from bench.ai import SETTINGS, _new_deal
from bot.ai import Player, make_player
from bot.engine import Deal


def baseline_seats(n: int, seed: int) -> list[Player]:
    """The baseline in every seat, seeded as the bench seeds them."""
    return [make_player("easy", random.Random(seed * 10 + s)) for s in range(n)]


def bench_position(label: str, phase: str, who: str = "any", i: int = 0, nth: int = 0
             ) -> tuple[Deal, list[Player]]:
    """The ``nth`` position of the bench's deal ``i`` in ``phase``, and the others."""
    _, variant, n, options, _ = next(s for s in SETTINGS if s[0] == label)
    seed = 9000 + i
    seats = baseline_seats(n, seed)
    base = list(seats)
    base[0] = make_player("easy", random.Random(seed))
    found = ap.candidates(_new_deal(variant, n, options, i, seed), base, phase, who, (1, 99))
    return found[nth], seats
