"""A table that cannot go on stops alone: its action stays committed and answered, it is
marked broken and reported once, and every other table plays on."""

from __future__ import annotations

import json
import logging
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.engine import Phase, deal_from_record
from bot.engine.cards import CARD_NAMES, N_CARDS
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


async def test_a_broken_tables_reason_and_log_name_no_card(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """A stored action names a card its seat does not hold (a damaged record): the table
    is marked broken on resume, and neither the stored reason nor the log says which
    card (the engine's English refusal would: ``XX is not in hand``)."""
    path = tmp_path / "t.sqlite3"
    store = await Store.open(path)
    svc, _ = service(store)
    tid = await started(svc)
    live = await svc.table(tid)
    while live.deal is not None and live.deal.view(0).phase is not Phase.PLAY:
        await act_as_ai(svc, tid)
    deal = live.deal
    assert deal is not None and live.deal_id is not None
    seat = deal.view(0).actor
    assert seat is not None
    held = deal.view(seat).hand
    stranger = next(c for c in range(N_CARDS) if not held.mask & (1 << c))  # in another hand
    name = CARD_NAMES[stranger]
    ply, deal_id = deal.ply, live.deal_id
    user = live.seats[seat].user_id or 0
    await svc.act(tid, user, deal.legal_actions(seat)[0].token, live.stamp)
    await svc.shutdown()
    await store.close()
    conn = sqlite3.connect(path)
    conn.execute("DROP TRIGGER actions_no_update")  # damage, as a broken disk or hand does
    conn.execute("UPDATE actions SET entry = ? WHERE deal_id = ? AND ply = ?",
                 (json.dumps({"seat": seat, "type": "play", "card": name}), deal_id, ply))
    conn.commit()
    conn.close()

    caplog.set_level(logging.INFO)
    store = await Store.open(path)
    try:
        again, _ = service(store)
        await again.resume()
        row = await store.tables.get(tid)
        assert row.broken_reason == "it cannot be rebuilt: RecordActionError(not_in_hand)"
        assert caplog.records and name not in caplog.text
    finally:
        await store.close()
