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
from bot.store import Store, StoreUnavailable, TableStatus
from bot.tables import TableService
from bot.tables.errors import TableBroken
from bot.tables.registry import Unrebuildable

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
    while svc.registry.peek(sick) is not None:  # until the last card's commit cannot settle
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
    assert await svc.play.end(sick, 100, now=True) == "end.closed"  # its host may close it
    assert (await store.tables.get(sick)).status is TableStatus.CLOSED


async def a_card_played_and_another(svc: TableService, tid: int) -> tuple[int, int, str]:
    """Play on to card play and have the member on turn play a card; returns its ply, the
    seat, and the name of a card that seat did not hold."""
    live = await svc.table(tid)
    while live.deal is not None and live.deal.view(0).phase is not Phase.PLAY:
        await act_as_ai(svc, tid)
    deal = live.deal
    assert deal is not None
    seat = deal.view(0).actor
    assert seat is not None
    held = deal.view(seat).hand
    assert held is not None
    stranger = next(c for c in range(N_CARDS) if not held.mask & (1 << c))  # not theirs
    ply = deal.ply
    await svc.play.act(await svc.table(tid), live.seats[seat].user_id or 0,
                       deal.legal_actions(seat)[0].token, live.stamp)
    return ply, seat, CARD_NAMES[stranger]


def damage(path: Path, deal_id: int, ply: int, seat: int, card: str) -> None:
    """The stored action at ``ply`` becomes ``seat`` playing ``card`` (as a broken disk
    or hand would do it)."""
    conn = sqlite3.connect(path)
    conn.execute("DROP TRIGGER actions_no_update")
    conn.execute("UPDATE actions SET entry = ? WHERE deal_id = ? AND ply = ?",
                 (json.dumps({"seat": seat, "type": "play", "card": card}), deal_id, ply))
    conn.execute("CREATE TRIGGER actions_no_update BEFORE UPDATE ON actions"
                 " BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END")
    conn.commit()
    conn.close()


async def test_a_broken_tables_reason_and_log_name_no_card(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """A stored action names a card its seat does not hold (a damaged record): the table
    is marked broken on resume, and neither the stored reason nor the log says which
    card (the engine's English refusal would: ``XX is not in hand``)."""
    path = tmp_path / "t.sqlite3"
    store = await Store.open(path)
    svc, _ = service(store)
    tid = await started(svc)
    ply, seat, name = await a_card_played_and_another(svc, tid)
    deal_id = (await svc.table(tid)).deal_id or 0
    await svc.shutdown()
    await store.close()
    damage(path, deal_id, ply, seat, name)

    caplog.set_level(logging.INFO)
    store = await Store.open(path)
    try:
        again, _ = service(store)
        await again.restart.resume()
        row = await store.tables.get(tid)
        assert row.broken_reason == "it cannot be rebuilt: RecordActionError(not_in_hand)"
        assert caplog.records and name not in caplog.text
    finally:
        await store.close()


async def test_a_reload_that_meets_a_damaged_record_breaks_the_table_quietly(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """The store refuses a member's action and the table is reloaded from a record that
    no longer replays: the table is forgotten and found broken by the next click, and
    no log line (nor its traceback) names the card."""
    path = tmp_path / "t.sqlite3"
    store = await Store.open(path)
    try:
        svc, display = service(store)
        tid = await started(svc)
        ply, seat, name = await a_card_played_and_another(svc, tid)
        live = await svc.table(tid)
        deal = live.deal
        assert deal is not None and live.deal_id is not None
        damage(path, live.deal_id, ply, seat, name)
        caplog.set_level(logging.INFO)

        async def busy(*args: Any, **kwargs: Any) -> Any:
            raise StoreUnavailable("locked")

        store.deals.append_action = busy  # type: ignore[method-assign]
        actor = deal.view(0).actor
        assert actor is not None
        with pytest.raises(Unrebuildable) as raised:
            await svc.play.act(await svc.table(tid), live.seats[actor].user_id or 0,
                          deal.legal_actions(actor)[0].token, live.stamp)
        logging.getLogger("bot").error("as the cog logs it", exc_info=raised.value)
        assert svc.registry.peek(tid) is None  # forgotten, not left half reloaded
        with pytest.raises(TableBroken):
            await svc.table(tid)
        row = await store.tables.get(tid)
        assert row.broken_reason == "it cannot be rebuilt: RecordActionError(not_in_hand)"
        assert display.paused_tables == [tid]
        assert "as the cog logs it" in caplog.text and name not in caplog.text
    finally:
        await store.close()
