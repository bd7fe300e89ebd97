"""Faults a real deployment meets, injected through the stand-in or the SQLite file:
a gateway drop mid-deal, a 429 storm on the table message's edits, a 5xx on an
interaction response, a locked database and a full disk. After each, the table's live
state equals a replay of its stored log."""

from __future__ import annotations

from bot.client import TappBot
from bot.store import Store, restore_session


async def assert_state_replays(bot: TappBot, table_id: int) -> None:
    """The live table equals the table rebuilt from the store (session state + the deal
    in play replayed from its record)."""
    assert bot.tables is not None and isinstance(bot.store, Store)
    live = bot.tables.peek(table_id)
    opened = await bot.store.tables.load(table_id)
    if live is None:
        assert not opened.table.status.is_open
        return
    assert opened.table.status is live.status
    assert (opened.deal.deal_id if opened.deal else None) == live.deal_id
    assert {s.seat: s for s in opened.seats} == live.seats
    session = restore_session(opened.session_state, opened.record)
    if live.session is None:
        assert session is None
        return
    assert session is not None
    assert session.chips == live.session.chips
    assert session.deals_played == live.session.deals_played
    replayed, deal = session.current, live.deal
    assert (replayed is None) == (deal is None)
    if deal is not None and replayed is not None:
        assert replayed.to_record() == deal.to_record()
        assert replayed.public_view() == deal.public_view()
