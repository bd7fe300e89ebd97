"""A deal's shuffle seed is kept with it: stored beside its commitment, and only a seed
that deals exactly the deal's cards is accepted (docs/shuffle.md)."""

from __future__ import annotations

import hashlib

import pytest

from bot.engine.shuffle import SEED_BYTES
from bot.store import Store, StoreError

from .helpers import new_game


async def test_a_deal_stored_without_a_seed_claims_none(store: Store) -> None:
    game = await new_game(store)
    deal = game.session.start_deal(game.rng)
    row = await store.deals.start(game.table.table_id, deal)
    again = await store.deals.get(row.deal_id)
    assert (row.seed, row.commitment) == (again.seed, again.commitment) == (None, None)


async def test_the_seed_is_stored_beside_its_sha256(store: Store) -> None:
    game = await new_game(store)
    seed = bytes(range(SEED_BYTES))
    deal = game.session.start_deal(seed=seed)
    row = await store.deals.start(game.table.table_id, deal, seed=seed)
    again = await store.deals.get(row.deal_id)
    assert again.seed == seed.hex() == row.seed
    assert again.commitment == hashlib.sha256(seed).hexdigest() == row.commitment


async def test_a_seed_that_did_not_deal_the_cards_is_refused(store: Store) -> None:
    game = await new_game(store)
    deal = game.session.start_deal(seed=bytes(SEED_BYTES))
    other = bytes([1]) * SEED_BYTES
    with pytest.raises(StoreError, match="does not deal"):
        await store.deals.start(game.table.table_id, deal, seed=other)
    with pytest.raises(StoreError, match="32 bytes"):
        await store.deals.start(game.table.table_id, deal, seed=b"short")
    # nothing was stored: the right seed is still accepted
    row = await store.deals.start(game.table.table_id, deal, seed=bytes(SEED_BYTES))
    assert row.number == 0 and row.seed == bytes(SEED_BYTES).hex()
