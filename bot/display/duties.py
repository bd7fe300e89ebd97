"""What the display owed Discord when the bot stopped (or when Discord refused it for
longer than the display tries), done again from the store, so that every public message
converges to the table's stored state:

- a settled deal whose result was not shown (the bot stopped between settling and
  posting) is shown;
- a table closed or cancelled whose table message still offers live buttons (the closing
  edit was refused) is closed again;
- a message owed deleting (an old ping, a table message posted anew) is deleted.

:func:`converge` runs at start-up, after the open tables were resumed.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from bot.engine import deal_from_record
from bot.store import LedgerKind, Store, StoreError, TableStatus
from bot.tables.config import series_deal
from bot.tables.ids import Stamp
from bot.tables.state import DealOver, Shuffle, TableOver

if TYPE_CHECKING:
    from .display import Display

log = logging.getLogger(__name__)


async def converge(display: Display, store: Store) -> None:
    """Queue on the tables' display workers what is owed (see the module docstring)."""
    try:
        for table_id in await store.messages.unfinished_closings():
            display.owe(table_id, [await closing(store, table_id)])
        for deal in await store.deals.unshown():
            display.owe(deal.table_id, [await deal_over(store, deal.deal_id)])
        await display.public.delete_owed()
    except StoreError:
        log.exception("the display could not catch up on what it owes Discord")
    except Exception:
        log.exception("the display could not catch up on what it owes Discord (a bug)")


async def deal_over(store: Store, deal_id: int) -> DealOver:
    """A settled deal's result as it was shown when it settled: the finished deal, the
    names it was played under, the chips after it (by the ledger)."""
    row = await store.deals.get(deal_id)
    table = await store.tables.get(row.table_id)
    deal = deal_from_record(await store.deals.record(deal_id))
    ledger = await store.ledger.for_table(row.table_id)
    names = {r.seat: r.display_name or "" for r in ledger
             if r.deal_id == deal_id and r.seat is not None}
    chips = [sum(r.amount for r in ledger if r.seat == seat and r.kind is LedgerKind.DEAL
                 and r.deal_id is not None and r.deal_id <= deal_id)
             for seat in range(deal.n)]
    return DealOver(row.table_id, deal_id, Stamp(row.number, deal.ply), deal.public_view(),
                    tuple(names.get(s, "") for s in range(deal.n)), tuple(chips),
                    shuffle=Shuffle.of(row.seed, row.commitment),
                    hidden=series_deal(table.options) is not None)


async def closing(store: Store, table_id: int) -> TableOver:
    """A closed table's closing as the ledger tells it (final chips, the pot's shares)."""
    table = await store.tables.get(table_id)
    seats = await store.tables.seats(table_id)
    ledger = await store.ledger.for_table(table_id)
    players = int(table.options.get("players", len(seats)))
    names = tuple(next((s.display_name for s in seats if s.seat == i), "")
                  for i in range(players))
    if table.status is TableStatus.CANCELLED:
        return TableOver(table_id, True, names, None, None)
    chips = tuple(sum(r.amount for r in ledger if r.seat == i) for i in range(players))
    shares = tuple(sum(r.amount for r in ledger if r.seat == i
                       and r.kind is LedgerKind.POT_SHARE) for i in range(players))
    return TableOver(table_id, False, names, chips, shares if any(shares) else None)
