"""Standings per server: leaderboard, member stats and deal history.

All three read from indexes. Leaderboard and stats read the ``standings`` and
``declarer_records`` summaries that triggers keep from the ledger (a few rows per
member, whatever the number of deals); history walks a covering index of the ledger.
Computer players and the pot have no user id, so they are never ranked. Periods are
UTC calendar periods (this day, week from Monday, month, quarter, year), rolling windows of
whole UTC days (the last 7 or 30 days, today included), or all time.
"""

from __future__ import annotations

import calendar
from datetime import UTC, datetime, timedelta
from enum import StrEnum

from .backend import Database
from .held import UNDISCLOSED_SERIES_DEALS
from .ledger import attach
from .models import (
    ChipPoint,
    ContractRecord,
    DealAmount,
    Leaderboard,
    MemberStats,
    SettledDeal,
    Standing,
)
from .rows import deal_row
from .sql import Conn, Row


class Period(StrEnum):
    ALL = "all"
    YEAR = "year"
    QUARTER = "quarter"  # a UTC calendar quarter (a season, see bot.ratings.seasons)
    MONTH = "month"
    WEEK = "week"
    DAY = "day"
    DAYS_30 = "30d"  # today and the 29 UTC days before
    DAYS_7 = "7d"  # today and the 6 UTC days before


ROLLING_DAYS = {Period.DAYS_30: 30, Period.DAYS_7: 7}



def period_bounds(period: Period | str, at: float) -> tuple[str, int, int]:
    """``(grain, since, until)``: the summary grain and the UTC period holding ``at``
    (a rolling window ends with the UTC day holding ``at``)."""
    period = Period(period)
    if period is Period.ALL:
        return "all", 0, 1
    t = datetime.fromtimestamp(at, UTC)
    day = t.replace(hour=0, minute=0, second=0, microsecond=0)
    if period is Period.DAY:
        return "day", _ts(day), _ts(day + timedelta(days=1))
    if period in ROLLING_DAYS:
        first = day - timedelta(days=ROLLING_DAYS[period] - 1)
        return "day", _ts(first), _ts(day + timedelta(days=1))
    if period is Period.WEEK:
        monday = day - timedelta(days=day.weekday())
        return "day", _ts(monday), _ts(monday + timedelta(days=7))
    month = day.replace(day=1)
    if period is Period.MONTH:
        days = calendar.monthrange(month.year, month.month)[1]
        return "month", _ts(month), _ts(month + timedelta(days=days))
    if period is Period.QUARTER:
        first = month.replace(month=3 * ((month.month - 1) // 3) + 1)
        years, after = divmod(first.month + 2, 12)
        return "month", _ts(first), _ts(first.replace(year=first.year + years,
                                                      month=after + 1))
    year = month.replace(month=1)
    return "month", _ts(year), _ts(year.replace(year=year.year + 1))


def _ts(t: datetime) -> int:
    return int(t.timestamp())


Slice = tuple[str, int, int]  # (grain, since, until): summary rows with since <= bucket < until
WEEK = 7 * 86400


def period_slices(period: Period | str, at: float) -> tuple[Slice, ...]:
    """The period holding ``at`` as disjoint slices of summary rows, the fewest rows: a
    span of days is read as whole weeks (Mondays, UTC) plus the days at either end."""
    grain, since, until = period_bounds(period, at)
    if grain != "day":
        return ((grain, since, until),)
    monday = 4 * 86400  # the epoch was a Thursday; Monday 1970-01-05 starts a week
    first = since + (monday - since) % WEEK  # the first Monday in the span
    last = until - (until - monday) % WEEK  # the last Monday (or the end) in it
    if last - first < WEEK:
        return (("day", since, until),)
    parts = (("day", since, first), ("week", first, last), ("day", last, until))
    return tuple(part for part in parts if part[1] < part[2])


_SLICE = """
    SELECT user_id, net, deals, declarer_games, declarer_won, declarer_lost FROM standings
    WHERE guild_id = :guild AND grain = :grain{i} AND bucket >= :since{i}
      AND bucket < :until{i} AND (CAST(:variant AS TEXT) IS NULL OR variant = :variant)"""

_LEADERBOARD = """
WITH picked AS ({slices}),
agg AS (
    SELECT user_id, SUM(net) AS net, SUM(deals) AS deals,
           SUM(declarer_games) AS declarer_games, SUM(declarer_won) AS declarer_won,
           SUM(declarer_lost) AS declarer_lost
    FROM picked GROUP BY user_id),
ranked AS (
    SELECT *, RANK() OVER (ORDER BY net DESC) AS rank,
           ROW_NUMBER() OVER (ORDER BY net DESC, deals DESC, user_id) AS position,
           COUNT(*) OVER () AS players
    FROM agg)
SELECT * FROM ranked
WHERE (position > :offset AND position <= :offset + :limit) OR user_id = :me
ORDER BY position
"""


def _standing(r: Row) -> Standing:
    return Standing(rank=r["rank"], position=r["position"], user_id=r["user_id"],
                    net=r["net"], deals=r["deals"], declarer_games=r["declarer_games"],
                    declarer_won=r["declarer_won"], declarer_lost=r["declarer_lost"])


class Standings:
    def __init__(self, db: Database) -> None:
        self._db = db

    async def leaderboard(self, guild_id: int, *, variant: str | None = None,
                          period: Period | str = Period.ALL, at: float | None = None,
                          limit: int = 10, offset: int = 0,
                          user_id: int | None = None) -> Leaderboard:
        """A server's members ranked by net chips in a period (the one holding ``at``,
        default now). ``user_id``: also return that member's line as ``me``."""
        when = self._db.now() if at is None else at
        grain, since, until = period_bounds(period, when)
        slices = period_slices(period, when)
        params: dict[str, object] = {"guild": guild_id, "variant": variant, "offset": offset,
                                     "limit": limit, "me": user_id}
        for i, (part, start, end) in enumerate(slices):
            params |= {f"grain{i}": part, f"since{i}": start, f"until{i}": end}
        sql = _LEADERBOARD.format(slices=" UNION ALL".join(
            _SLICE.format(i=i) for i in range(len(slices))))

        def run(conn: Conn) -> Leaderboard:
            rows = conn.execute(sql, params).fetchall()
            lines = tuple(_standing(r) for r in rows if offset < r["position"] <= offset + limit)
            me = next((_standing(r) for r in rows if r["user_id"] == user_id), None)
            players = rows[0]["players"] if rows else 0
            bounds = (None, None) if grain == "all" else (float(since), float(until))
            return Leaderboard(lines, me, players, *bounds)

        return await self._db.read(run)

    async def stats(self, guild_id: int, user_id: int, *,
                    variant: str | None = None) -> MemberStats:
        """A member's all-time record in a server (zeros if they never played there)."""
        params = {"guild": guild_id, "user": user_id, "variant": variant}

        def run(conn: Conn) -> MemberStats:
            totals = conn.execute(
                "SELECT * FROM standings WHERE guild_id = :guild AND user_id = :user"
                " AND grain = 'all' AND bucket = 0"
                " AND (CAST(:variant AS TEXT) IS NULL OR variant = :variant)",
                params).fetchall()
            best = [(r["best_amount"], -r["best_deal_id"]) for r in totals
                    if r["best_amount"] is not None]
            worst = [(r["worst_amount"], r["worst_deal_id"]) for r in totals
                     if r["worst_amount"] is not None]
            top, bottom = max(best, default=None), min(worst, default=None)
            contracts = tuple(ContractRecord(r["variant"], r["contract"], r["games"], r["won"],
                                             r["lost"], r["net"]) for r in conn.execute(
                "SELECT * FROM declarer_records WHERE guild_id = :guild AND user_id = :user"
                " AND (CAST(:variant AS TEXT) IS NULL OR variant = :variant)"
                " ORDER BY variant, contract",
                params))
            history, total = [], 0
            for r in conn.execute(
                    "SELECT bucket, SUM(net) AS net FROM standings WHERE guild_id = :guild"
                    " AND user_id = :user AND grain = 'day'"
                    " AND (CAST(:variant AS TEXT) IS NULL OR variant = :variant)"
                    " GROUP BY bucket ORDER BY bucket", params):
                total += r["net"]
                history.append(ChipPoint(float(r["bucket"]), r["net"], total))

            def field(name: str) -> int:
                return sum(r[name] for r in totals)

            return MemberStats(
                guild_id=guild_id, user_id=user_id, variant=variant, net=field("net"),
                deals=field("deals"), declarer_games=field("declarer_games"),
                declarer_won=field("declarer_won"), declarer_lost=field("declarer_lost"),
                ramsch_deals=field("ramsch_deals"), jungfrau=field("jungfrau"),
                best=None if top is None else DealAmount(-top[1], top[0]),
                worst=None if bottom is None else DealAmount(bottom[1], bottom[0]),
                contracts=contracts, history=tuple(history))

        return await self._db.read(run)

    async def undisclosed(self, deal_id: int) -> bool:
        """Whether the deal was played at a shared table of a series still open (only
        who played it may see it)."""
        def run(conn: Conn) -> bool:
            return conn.execute(f"SELECT 1 FROM ({UNDISCLOSED_SERIES_DEALS}) AS u"
                                " WHERE u.deal_id = ?", (deal_id,)).fetchone() is not None

        return await self._db.read(run)

    async def history(self, guild_id: int, *, user_id: int | None = None,
                      variant: str | None = None, limit: int = 10,
                      offset: int = 0) -> list[SettledDeal]:
        """Recent settled deals of a server (or of one member there), newest first, each
        with every seat's ledger row and the full record; not the deals of a series'
        shared tables until the series closes (:data:`UNDISCLOSED_SERIES_DEALS`)."""
        params = {"guild": guild_id, "user": user_id, "variant": variant, "limit": limit,
                  "offset": offset}

        def run(conn: Conn) -> list[SettledDeal]:
            if user_id is None:
                deals = [deal_row(r) for r in conn.execute(
                    "SELECT * FROM deals WHERE guild_id = :guild AND status = 'settled'"
                    " AND (CAST(:variant AS TEXT) IS NULL OR variant = :variant)"
                    f" AND deal_id NOT IN ({UNDISCLOSED_SERIES_DEALS})"
                    " ORDER BY ended_at DESC, deal_id DESC LIMIT :limit OFFSET :offset",
                    params)]
            else:
                ids = [r[0] for r in conn.execute(
                    "SELECT deal_id FROM ledger WHERE guild_id = :guild AND user_id = :user"
                    " AND kind = 'deal'"
                    " AND (CAST(:variant AS TEXT) IS NULL OR variant = :variant)"
                    f" AND deal_id NOT IN ({UNDISCLOSED_SERIES_DEALS})"
                    " ORDER BY settled_at DESC, deal_id DESC LIMIT :limit OFFSET :offset",
                    params)]
                if not ids:  # (PostgreSQL has no empty IN list)
                    return []
                marks = ",".join("?" * len(ids))
                by_id = {r["deal_id"]: deal_row(r) for r in conn.execute(
                    f"SELECT * FROM deals WHERE deal_id IN ({marks})", ids)}
                deals = [by_id[i] for i in ids if i in by_id]
            return attach(conn, deals) if deals else []

        return await self._db.read(run)
