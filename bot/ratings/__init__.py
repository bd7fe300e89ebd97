"""Skill ratings (openskill) and seasons: the pure part (see :mod:`bot.store.ratings`
for where they are kept)."""

from .model import (
    INITIAL,
    MIN_RATED_DEALS,
    SIGMAS,
    Match,
    Rating,
    computer_level,
    match_of,
    player_key,
    rate,
)
from .seasons import GRAINS, SeasonLength, buckets, previous_start, season_end, season_start

__all__ = [
    "GRAINS", "INITIAL", "MIN_RATED_DEALS", "SIGMAS", "Match", "Rating", "SeasonLength",
    "buckets", "computer_level", "match_of", "player_key", "previous_start", "rate",
    "season_end", "season_start",
]
