"""A table that cannot go on stops alone: its action stays committed and answered, it is
marked broken and reported once, and every other table plays on."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.engine import deal_from_record
from bot.store import Store, TableStatus
from bot.tables.errors import TableBroken

from .test_service import act_as_ai, service, started


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    s = await Store.open(tmp_path / "t.sqlite3")
    yield s
    await s.close()


async def test_a_bug_while_moving_on_pauses_that_table_only(store: Store,
                                                            monkeypatch: Any) -> None:
    svc, display = service(store)
    sick, well = await started(svc, channel_id=2), await started(svc, channel_id=3)
    settle = store.deals.settle

    async def failing_settle(deal_id: int, deal: Any, session: Any) -> Any:
        if (await store.deals.get(deal_id)).table_id == sick:
            raise OverflowError("Python int too large to convert to SQLite INTEGER")
        return await settle(deal_id, deal, session)

    monkeypatch.setattr(store.deals, "settle", failing_settle)
    while svc.peek(sick) is not None:  # until the last card's commit cannot settle
        await act_as_ai(svc, sick)  # each action answered
    stored = await store.deals.current(sick)
    assert stored is not None  # the last card is committed: the deal is over, unsettled
    assert deal_from_record(await store.deals.record(stored.deal_id)).is_over
    row = await store.tables.get(sick)
    assert row.status is TableStatus.PLAYING and "could not move on" in (row.broken_reason or "")
    assert display.paused_tables == [sick]
    with pytest.raises(TableBroken):
        await svc.table(sick)
    await act_as_ai(svc, well)  # the other table plays on
    assert display.paused_tables == [sick]
    assert await svc.end(sick, 100, now=True) == "end.closed"  # its host may close it
    assert (await store.tables.get(sick)).status is TableStatus.CLOSED
