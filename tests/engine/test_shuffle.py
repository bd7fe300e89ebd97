"""The published shuffle: a deal follows from its seed by the documented algorithm,
the same every time; the commitment is the seed's SHA-256; a seed deals every card once."""

from __future__ import annotations

import hashlib
import random

import pytest

from bot.engine import Deal
from bot.engine.cards import CARD_NAMES, deck_mask, iter_bits
from bot.engine.shuffle import commitment, draws, seeded_masks, seeded_order

SEED = bytes(range(32))


def test_the_draws_are_sha256_of_seed_and_counter() -> None:
    stream = draws(SEED)
    first = [next(stream) for _ in range(9)]
    block0 = hashlib.sha256(SEED + (0).to_bytes(4, "big")).digest()
    block1 = hashlib.sha256(SEED + (1).to_bytes(4, "big")).digest()
    assert first[:8] == [int.from_bytes(block0[i:i + 4], "big") for i in range(0, 32, 4)]
    assert first[8] == int.from_bytes(block1[:4], "big")


def test_fisher_yates_from_the_top_by_rejection() -> None:
    """The order is recomputed here from the documented steps alone."""
    cards = list(iter_bits(deck_mask(36)))
    stream = draws(SEED)
    for i in range(35, 0, -1):
        n = i + 1
        r = next(stream)
        while r >= (1 << 32) // n * n:
            r = next(stream)
        cards[i], cards[r % n] = cards[r % n], cards[i]
    assert seeded_order(SEED, 36) == cards


@pytest.mark.parametrize(("variant", "players", "options"), [
    ("zuger", 4, {}), ("tapp1879", 3, {}), ("dapp", 6, {}), ("wuerttemberg", 4, {"deck": 32})])
def test_a_seed_deals_the_same_deal_every_time(variant: str, players: int,
                                               options: dict[str, int]) -> None:
    seed = random.Random(variant).randbytes(32)
    one = Deal.new(variant, players=players, seed=seed, **options)
    two = Deal.new(variant, players=players, seed=seed, **options)
    assert one.to_record() == two.to_record()
    hands, talon = seeded_masks(seed, one.v.deck, one.v.hand_size, players)
    assert list(one.dealt) == hands and one.dealt_talon == talon
    every = 0
    for mask in (*hands, talon):
        assert not every & mask
        every |= mask
    assert every == deck_mask(one.v.deck)
    other = Deal.new(variant, players=players, seed=bytes(32), **options)
    assert other.to_record()["hands"] != one.to_record()["hands"]


def test_the_commitment_is_the_seeds_sha256_and_a_seed_is_32_bytes() -> None:
    assert commitment(SEED) == hashlib.sha256(SEED).hexdigest()
    with pytest.raises(ValueError, match="32 bytes"):
        seeded_masks(b"short", 36, 8, 4)
    order = seeded_order(SEED, 32)
    assert sorted(CARD_NAMES[c] for c in order) == sorted(
        CARD_NAMES[c] for c in iter_bits(deck_mask(32)))
