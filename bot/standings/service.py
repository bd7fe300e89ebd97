"""The standings service: leaderboard pages, member stats, deal history and replays.

One method per answer a cog gives; each reads the store (indexed queries only) and
returns a view model. Replays are checked here: only a settled deal of the asking
server is ever returned.
"""

from __future__ import annotations

import math

from bot.ratings import MIN_RATED_DEALS, SeasonLength, previous_start, season_end, season_start
from bot.settings import WebAccess
from bot.store import DealNotFound, DealStatus, LedgerRow, MemberStats, Period, SettledDeal, Store
from bot.store.ratings import RatingPoint, StoredRating

from .errors import DealNotOver, NoSeasons, NoSuchDeal, RatingPeriod, SeasonAndPeriod
from .ids import BoardKey, HistoryKey, Order, Season
from .models import BoardPage, DealReplay, HistoryEntry, HistoryPage, RatingPage, SeasonSpan

PAGE_SIZE = 10


class StandingsService:
    def __init__(self, store: Store, *, page_size: int = PAGE_SIZE) -> None:
        self.store = store
        self.page_size = page_size

    async def web_access(self, guild_id: int) -> WebAccess:
        """Who may see the server's web pages (its ``web`` setting)."""
        return (await self.store.settings.for_guild(guild_id)).web

    async def language(self, guild_id: int) -> str:
        """The server's ``language`` setting (``auto``: its Discord locale decides)."""
        return (await self.store.settings.for_guild(guild_id)).language

    async def season(self, guild_id: int, which: Season) -> SeasonSpan | None:
        """The server's current or previous season (None for ``Season.ALL``); refused
        where the server has no seasons."""
        if which is Season.ALL:
            return None
        length = (await self.store.settings.for_guild(guild_id)).season
        if length is SeasonLength.OFF:
            raise NoSeasons()
        start = season_start(length, self.store.db.now())
        if which is Season.PREVIOUS:
            start = previous_start(length, start)
        return SeasonSpan(length, start, season_end(length, start))

    async def board(self, key: BoardKey, viewer_id: int | None = None
                    ) -> BoardPage | RatingPage:
        """A leaderboard page (past the last page: the last one) with the viewer's line:
        by chips, or by rating (:meth:`rating_board`)."""
        if key.season is not Season.ALL and key.period is not Period.ALL:
            raise SeasonAndPeriod()
        season = await self.season(key.guild_id, key.season)
        if key.order is Order.RATING:
            return await self.rating_board(key, season, viewer_id)
        size = self.page_size
        period, at = ((key.period, None) if season is None
                      else (Period(season.length.value), float(season.start)))
        board = await self.store.standings.leaderboard(
            key.guild_id, variant=key.variant, period=period, at=at, limit=size,
            offset=key.page * size, user_id=viewer_id)
        pages = max(1, math.ceil(board.players / size))
        if key.page >= pages:
            return await self.board(key.at_page(pages - 1), viewer_id)
        return BoardPage(key, pages, board.players, board.rows, board.me, viewer_id, season)

    async def rating_board(self, key: BoardKey, season: SeasonSpan | None,
                           viewer_id: int | None) -> RatingPage:
        """Players by rating (mu - 2 sigma) in one variant (the server's usual one if
        the key names none), all time or in a season; ranked from
        :data:`MIN_RATED_DEALS` deals in that span."""
        if key.period is not Period.ALL:
            raise RatingPeriod()
        variant = key.variant or (await self.store.settings.for_guild(key.guild_id)
                                  ).default_variant
        size = self.page_size
        grain, bucket = ("all", 0) if season is None else (season.length.value, season.start)
        board = await self.store.ratings.leaderboard(
            key.guild_id, variant, grain=grain, bucket=bucket, min_deals=MIN_RATED_DEALS,
            limit=size, offset=key.page * size, user_id=viewer_id)
        pages = max(1, math.ceil(board.players / size))
        if key.page >= pages:
            return await self.rating_board(key.at_page(pages - 1), season, viewer_id)
        return RatingPage(key, variant, pages, board.players, board.lines, board.me,
                          viewer_id, MIN_RATED_DEALS, season)

    async def rating_history(self, guild_id: int, user_id: int, *,
                             variant: str | None = None) -> tuple[RatingPoint, ...]:
        """The member's all-time rating after each rated deal (every variant, or one)."""
        return await self.store.ratings.history(guild_id, user_id, variant=variant)

    async def ratings(self, guild_id: int, user_id: int, *,
                      variant: str | None = None) -> dict[str, StoredRating]:
        """The member's all-time rating now, per variant."""
        return await self.store.ratings.of_member(guild_id, user_id, variant=variant)

    async def stats(self, guild_id: int, user_id: int, *,
                    variant: str | None = None) -> MemberStats:
        return await self.store.standings.stats(guild_id, user_id, variant=variant)

    async def history(self, key: HistoryKey) -> HistoryPage:
        """A page of the member's settled deals in the server, newest first."""
        size = self.page_size
        deals = await self.store.standings.history(key.guild_id, user_id=key.user_id,
                                                   limit=size + 1, offset=key.page * size)
        if not deals and key.page > 0:
            return await self.history(key.at_page(0))
        entries = tuple(_entry(d, key.user_id) for d in deals[:size])
        return HistoryPage(key, entries, len(deals) > size)

    async def replay(self, guild_id: int, deal_id: int, viewer: int | None = None
                     ) -> DealReplay:
        """A settled deal of this server; anything else is refused, as is a deal of a
        series' shared table to anyone but who played it (``viewer``) until the series
        closes: others may have yet to play it."""
        try:
            row = await self.store.deals.get(deal_id)
        except DealNotFound:
            raise NoSuchDeal() from None
        if row.guild_id != guild_id or row.status is DealStatus.ABANDONED:
            raise NoSuchDeal()
        if row.status is not DealStatus.SETTLED or row.result is None:
            raise DealNotOver()
        ledger = await self.store.ledger.for_deal(deal_id)
        if viewer not in {r.user_id for r in ledger if r.seat is not None} \
                and await self.store.standings.undisclosed(deal_id):
            raise NoSuchDeal()
        record = await self.store.deals.record(deal_id)
        settings = await self.store.settings.for_guild(guild_id)
        seats = sorted((r for r in ledger if r.seat is not None), key=lambda r: r.seat or 0)
        pot = next((r.amount for r in ledger if r.seat is None), None)
        return DealReplay(
            deal_id=deal_id, guild_id=guild_id, variant=row.variant, record=record,
            result=row.result, names=tuple(_name(r) for r in seats),
            user_ids=tuple(r.user_id for r in seats),
            chips=tuple(r.amount for r in seats), pot_change=pot,
            ended_at=row.ended_at or row.started_at,
            deck_style=settings.deck_for(row.variant),
            seed=row.seed, commitment=row.commitment)


def _name(row: LedgerRow) -> str:
    return row.display_name or f"#{(row.seat or 0) + 1}"


def _entry(item: SettledDeal, user_id: int) -> HistoryEntry:
    """From the deal's ledger rows (they carry contract, declarer and outcome)."""
    deal = item.deal
    contract = next((r.contract for r in item.ledger if r.contract is not None), None)
    declarer = next((r for r in item.ledger if r.was_declarer), None)
    mine = item.row_of(user_id)
    return HistoryEntry(
        deal_id=deal.deal_id, ended_at=deal.ended_at or deal.started_at, variant=deal.variant,
        contract=contract, status="finished" if contract is not None else "thrown_in",
        declarer_user_id=None if declarer is None else declarer.user_id,
        declarer_name=None if declarer is None else _name(declarer),
        won=None if declarer is None else declarer.won,
        chips=0 if mine is None else mine.amount)
