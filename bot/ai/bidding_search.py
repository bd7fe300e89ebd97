"""Bidding and the steps before play by sampling the unseen cards (stub)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from bot.engine import Action, SeatView

if TYPE_CHECKING:
    from .baseline import BaselinePlayer
    from .levels import LevelConfig


def decide(view: SeatView, legal: list[Action], fallback: Action, config: LevelConfig,
           rng: random.Random, start: float) -> Action | None:
    return None


def announcement(view: SeatView, config: LevelConfig, rng: random.Random,
                 baseline: BaselinePlayer) -> Action | None:
    return baseline.announcement(view)
