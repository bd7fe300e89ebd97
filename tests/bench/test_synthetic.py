"""The synthetic filler used by benchmarks writes a consistent ledger."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bench.synthetic import fill_synthetic
from bot.store import Store
from tests.conftest import open_store


@pytest.fixture
async def store(request: pytest.FixtureRequest, backend: str) -> AsyncIterator[Store]:
    async with open_store(request, backend) as s:
        yield s


async def test_synthetic_data_is_consistent(store: Store) -> None:
    data = await fill_synthetic(store, ledger_rows=3000, guilds=5, big_guild_deals=300,
                                members=12, batch=500)
    assert data.ledger_rows >= 3000 and data.deals > 300
    assert await store.ledger.imbalances() == []
    assert await store.ledger.standings_drift() == []
    board = await store.standings.leaderboard(data.big_guild_id, limit=100)
    assert 0 < board.players <= 12
    assert {s.user_id for s in board.rows} <= set(data.member_ids)
    assert sum(s.deals for s in board.rows) <= 4 * 300
