"""Every chip of every pot is accounted for: however a Tapp 1879 session ends, its pot
is shared out in the ledger, and ``check-ledger`` finds a pot left behind."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.cli.ledger import check_ledger as check_ledger_main
from bot.store import LedgerKind, Store, TableStatus
from bot.store.check_ledger import check

from .test_service import act_as_ai, service, started
from .timer_helpers import Clock


async def test_a_session_ended_by_an_abandoned_deal_shares_its_pot(tmp_path: Path) -> None:
    """With ``on_timeout abandon``: a deal settles (the pot holds chips), the host ends the
    table after the deal in play, and the member on turn times out. The deal is abandoned,
    the session ends, and the pot is shared out in the ledger as on screen (before, the
    table showed the shares while the ledger kept them in a pot nobody could reach)."""
    clock = Clock()
    store = await Store.open(tmp_path / "t.sqlite3", clock=clock)
    try:
        await store.settings.set_guild(1, {"turn_timeout": 3600, "reminder_delay": 0,
                                           "timeout_policy": "abandon"})
        svc, display = service(store, clock=clock)
        tid = await started(svc, "tapp1879", members=3)
        live = await svc.table(tid)
        session = live.session
        assert session is not None
        while not (session.deals_played and session.pot and live.deal is not None
                   and not live.deal.is_over):
            await act_as_ai(svc, tid)
        assert await svc.play.end(tid, 100) == "end.requested"
        clock.advance(3600)
        await svc.timers.fire_due()
        assert (await store.tables.get(tid)).status is TableStatus.CLOSED
        assert session.pot == 0 and session.pot_shares is not None
        ledger = [r for r in await store.ledger.for_table(tid)]
        shared = {r.seat: r.amount for r in ledger if r.kind is LedgerKind.POT_SHARE}
        assert shared and sum(shared.values()) == 0
        chips = [sum(r.amount for r in ledger if r.seat == s) for s in range(3)]
        assert chips == session.chips  # what the table shows is what the ledger holds
        assert display.events[-1].chips == tuple(chips)  # type: ignore[union-attr]
        assert (await check(store))[1] == []
    finally:
        await store.close()


async def test_check_ledger_finds_a_pot_left_in_a_closed_table(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The database the old bot left in that case: a closed table whose pot still holds
    the chips of its settled deal; the audit says so (before, it said OK)."""
    path = tmp_path / "t.sqlite3"
    store = await Store.open(path)
    try:
        svc, _ = service(store)
        tid = await started(svc, "tapp1879", members=3)
        live = await svc.table(tid)
        assert live.session is not None
        while not live.session.deals_played or not live.session.pot:
            await act_as_ai(svc, tid)
        pot = live.session.pot
        await store.tables.close(tid)  # closed without the session: nothing shared out
        count, problems = await check(store)
        assert count >= 1
        assert f"table {tid}: closed with {pot} chips left in its pot (never shared out)" \
            in problems
    finally:
        await store.close()
    assert await asyncio.to_thread(check_ledger_main, ["--db", str(path)]) == 1
    assert "never shared out" in capsys.readouterr().out
