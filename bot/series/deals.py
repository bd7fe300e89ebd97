"""A series' deals: all fixed at its start by one secret seed (pure: no I/O).

The series' seed (32 bytes from the operating system's secure source) is kept secret
while the series runs; its commitment (the seed's SHA-256, :func:`bot.engine.shuffle.
commitment`) is posted when it opens. Deal ``n`` (1, 2, ...) is dealt by the published
algorithm (docs/shuffle.md) from its own seed, ``SHA-256("tapp-series-deal" || seed ||
n as 4 bytes big-endian)``, with the dealer :func:`dealer_of`. Once the window closes
the seed is published and ``python -m bot verify --seed SEED --series-deal N`` deals
deal ``n`` again.
"""

from __future__ import annotations

import hashlib
from typing import Any

from bot.engine import Deal
from bot.engine.shuffle import SEED_BYTES

from .spec import SeriesSpec

_LABEL = b"tapp-series-deal"


def deal_seed(seed: bytes, number: int) -> bytes:
    """The seed of the series' deal ``number`` (from 1)."""
    if len(seed) != SEED_BYTES:
        raise ValueError(f"a seed is {SEED_BYTES} bytes, not {len(seed)}")
    if not 1 <= number < 2**32:
        raise ValueError(f"deal {number} is no deal of a series")
    return hashlib.sha256(_LABEL + seed + number.to_bytes(4, "big")).digest()


def dealer_of(spec: SeriesSpec, number: int) -> int:
    """Who deals deal ``number``: seat 1 (index 0) always; the members' seats rotate
    instead (see :mod:`.movement`), so each holds each place in the order of play."""
    del spec, number
    return 0


def series_deal(spec: SeriesSpec, seed: bytes, number: int) -> Deal:
    """Deal ``number`` of the series as dealt (before any action)."""
    if not 1 <= number <= spec.deals:
        raise ValueError(f"deal {number} is not among the series' {spec.deals}")
    return Deal.new(spec.variant, players=spec.players, dealer=dealer_of(spec, number),
                    seed=deal_seed(seed, number), **dict(spec.options))


def deal_header(spec: SeriesSpec, seed: bytes, number: int) -> dict[str, Any]:
    """The record of deal ``number`` without actions (records.md)."""
    record = series_deal(spec, seed, number).to_record()
    return {k: v for k, v in record.items() if k != "actions"}
