"""What the store tells of tables that are not live: a settled deal as its result showed
it (also of a table closed since), the table marked broken in a channel, a server's
default variant."""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine import SeatView, deal_from_record
from bot.store import DealStatus, TableNotFound
from bot.store.deals import Deals
from bot.store.ledger import Ledger
from bot.store.series import SeriesStatus, SeriesStore
from bot.store.settings import SettingsStore
from bot.store.tables import Tables

from .config import series_deal
from .errors import NoTableHere


@dataclass(frozen=True, slots=True)
class FinishedDeal:
    """A settled deal as its result showed it."""

    view: SeatView  # the public view of the finished deal
    number: int
    names: tuple[str, ...]
    style: str


class Records:
    """Reads of stored tables (see the module docstring). Given the stored tables, deals,
    ledger and settings."""

    def __init__(self, *, tables: Tables, deals: Deals, ledger: Ledger,
                 settings: SettingsStore, series: SeriesStore | None = None) -> None:
        self.series = series  # (a series' deals are shown to those who played them)
        self.tables = tables
        self.deals = deals
        self.ledger = ledger
        self.settings = settings

    async def broken_in(self, guild_id: int | None, channel_id: int) -> int | None:
        """The table marked broken whose messages live in this channel or thread, if any
        (it is not live, so the registry's ``find`` does not know it)."""
        for where in ({"thread_id": channel_id}, {"channel_id": channel_id}):
            rows = [r for r in await self.tables.find_open(**where)
                    if r.broken_reason is not None and r.guild_id == guild_id
                    and (r.thread_id == channel_id or r.thread_id is None)]
            if rows:
                return rows[0].table_id
        return None

    async def finished_deal(self, table_id: int, guild_id: int | None,
                            number: int, *, viewer: int | None = None) -> FinishedDeal:
        """A settled deal of a table of this server (open or closed), as its result shows
        it: every hand may be shown now. A series' deal only to ``viewer`` if they played
        it at that table, until the series closes (the others may not have played it)."""
        try:
            table = await self.tables.get(table_id)
        except TableNotFound:
            raise NoTableHere("error.table_gone") from None
        if table.guild_id != guild_id:
            raise NoTableHere("error.table_gone")
        deal = next((d for d in await self.deals.for_table(table_id)
                     if d.number == number and d.status is DealStatus.SETTLED), None)
        if deal is None:
            raise NoTableHere("error.no_such_deal")
        series = series_deal(table.options)
        if series is not None and self.series is not None:
            played = {r.user_id for r in await self.ledger.for_deal(deal.deal_id)
                      if r.user_id is not None}
            row = await self.series.get(series[0])
            if viewer not in played and row.status is not SeriesStatus.CLOSED:
                raise NoTableHere("series.error.not_played")
        view = deal_from_record(await self.deals.record(deal.deal_id)).public_view()
        ledger = await self.ledger.for_deal(deal.deal_id)
        names = {r.seat: r.display_name or "" for r in ledger if r.seat is not None}
        settings = await self.settings.for_table(table_id)
        style = settings.deck_for(table.variant)
        return FinishedDeal(view, number, tuple(names.get(s, "") for s in range(view.players)),
                            style)

    async def server_variant(self, guild_id: int) -> str:
        """The variant a server plays where none is named (its ``default_variant``)."""
        return (await self.settings.for_guild(guild_id)).default_variant
