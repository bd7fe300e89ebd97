"""Computer players that decide alike for the same seed, seat and position: the deal of
the day's (:mod:`bot.daily.computers`) and a series' deal's, in its solo runs and at its
shared tables (:mod:`bot.tables.computers`), so that every member meets the same
opponents on the same cards and the same play.

Each decision gets a player whose random generator is seeded from the seed, the seat and
the position (every action so far, :func:`position`); the search levels run on sample
counts alone (no clock: a busy machine would otherwise cut a search short and change its
answer)."""

from __future__ import annotations

import hashlib
import random

from bot.engine import Deal
from bot.engine.cards import CARD_NAMES

from .base import Player, levels
from .baseline import BaselinePlayer
from .search import search_player


def position(deal: Deal) -> str:
    """Every action of ``deal`` so far as text: the same for the same actions however
    the deal got there (a play is logged as its card's index, a plain int or a card,
    whether taken now or replayed from the store)."""
    return ";".join(f"{s}:{'play:' + CARD_NAMES[a] if isinstance(a, int) else a.token}"
                    for s, a in deal.log)


def seeded_player(level: str, seed: bytes, seat: int, at: str, *,
                  samples: int | None = None) -> Player:
    """The player of ``seat`` at position ``at`` (the same one for the same seed, seat
    and position); a level unknown here plays as ``easy``."""
    digest = hashlib.blake2b(seed + f"|{seat}|{at}".encode(), digest_size=8).digest()
    rng = random.Random(int.from_bytes(digest, "big"))
    level = level if level in levels() else "easy"
    if level == "easy":
        return BaselinePlayer(rng)
    return search_player(level, rng, seconds=None, samples=samples)
