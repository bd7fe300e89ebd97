"""Two stores on one database (two processes that both believe they own a table): an
action, a settlement and a pot share are applied once, and the loser is told the table
moved on (a stale click). On both backends: two connections to one SQLite file, two
connection pools to one PostgreSQL database."""

from __future__ import annotations

import asyncio
import copy
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from bot.engine import Action, deal_from_record
from bot.store import ActionRow, DealClosed, DuplicateAction, SettledDeal, Store
from bot.store.check_ledger import check

from .helpers import FakeClock, new_game, play_deal, scripted_entries, start_deal

#: conflicting actions in the race: every ply is tried by CONTENDERS at once
ACTIONS = 1000
CONTENDERS = 4  # two on each store


@asynccontextmanager
async def pair(location: Path | str, clock: FakeClock) -> AsyncIterator[tuple[Store, Store]]:
    a, b = await Store.open(location, clock=clock), await Store.open(location, clock=clock)
    try:
        yield a, b
    finally:
        await a.close()
        await b.close()


@pytest.fixture
async def two_stores(request: pytest.FixtureRequest, backend: str, tmp_path: Path,
                     clock: FakeClock) -> AsyncIterator[tuple[Store, Store]]:
    if backend == "sqlite":
        async with pair(tmp_path / "race.sqlite3", clock) as stores:
            yield stores
        return
    async with request.getfixturevalue("pg_server").database() as url, \
            pair(url, clock) as stores:
        yield stores


async def test_each_ply_is_applied_exactly_once(two_stores: tuple[Store, Store]) -> None:
    a, b = two_stores
    game = await new_game(a)
    won: list[ActionRow] = []
    lost = 0
    tried = 0
    while tried < ACTIONS:
        row, deal = await start_deal(a, game)
        for entry in scripted_entries(deal, game.rng):
            seat, action = Action.from_record(entry)
            ply = deal.ply
            stores = [a, b] * (CONTENDERS // 2)
            results = await asyncio.gather(
                *(s.deals.append_action(row.deal_id, ply, seat, entry) for s in stores),
                return_exceptions=True)
            tried += len(results)
            winners = [r for r in results if isinstance(r, ActionRow)]
            assert len(winners) == 1, results
            assert all(isinstance(r, DuplicateAction) for r in results if r not in winners)
            lost += len(results) - 1
            won.extend(winners)
            deal.apply(seat, action)
        game.session.finish_deal()
        await b.deals.settle(row.deal_id, deal, game.session)
        # the log replays to the deal as played, ply by ply, on either store
        record = await b.deals.record(row.deal_id)
        assert deal_from_record(record).to_record() == deal.to_record()
        assert [x.ply for x in await a.deals.actions(row.deal_id)] == list(range(deal.ply))
    assert tried >= ACTIONS
    assert lost == tried - len(won)
    assert len({(r.deal_id, r.ply) for r in won}) == len(won)
    assert (await check(a))[1] == []


async def test_a_deal_is_settled_once(two_stores: tuple[Store, Store]) -> None:
    a, b = two_stores
    game = await new_game(a, "tapp1879", users=[10, 11, 12])
    row, deal = await start_deal(a, game)
    for entry in scripted_entries(deal, game.rng):
        seat, action = Action.from_record(entry)
        ply = deal.ply
        deal.apply(seat, action)
        await a.deals.append_action(row.deal_id, ply, seat, entry)
    game.session.finish_deal()
    results = await asyncio.gather(
        *(s.deals.settle(row.deal_id, deal.copy(), copy.deepcopy(game.session))
          for s in (a, b, a, b)), return_exceptions=True)
    settled = [r for r in results if isinstance(r, SettledDeal)]
    assert len(settled) == 1, results
    assert all(isinstance(r, DealClosed) for r in results if r not in settled)
    assert len(await b.ledger.for_deal(row.deal_id)) == len(settled[0].ledger) == 4
    assert (await check(b)) == (1, [])


async def test_a_pot_is_shared_once(two_stores: tuple[Store, Store]) -> None:
    a, b = two_stores
    game = await new_game(a, "tapp1879", users=[10, 11, 12], seed=7)
    while game.session.pot == 0:
        await play_deal(a, game)
    game.session.request_end()
    await asyncio.gather(*(s.tables.close(game.table.table_id, copy.deepcopy(game.session))
                           for s in (a, b, a, b)))
    shares = [r for r in await b.ledger.for_table(game.table.table_id)
              if r.kind.value == "pot_share"]
    assert len(shares) == 4 and sum(r.amount for r in shares) == 0
    assert any(r.amount for r in shares)
    assert (await check(a))[1] == []
