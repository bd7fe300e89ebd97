"""Skill ratings in the store: updated in the transaction that settles a deal, read by
the leaderboard and the stats chart, and replayed from the ledger to check or rebuild
them (``check-ledger``, ``rebuild-ratings``).

A deal updates the ratings of its players (members, and computer players per level)
in its server and variant three times: all time, its UTC month and its UTC quarter
(:mod:`bot.ratings.seasons`). Both paths, the settlement and the replay, take the
deal's ledger rows through :func:`updates_for`, so a rating rebuilt from scratch is the
stored one, bit for bit, when the deals are replayed in the order they were rated: the
order they were settled (of their first ledger row), except a deal of a series' shared
table settled while the series was open (:data:`~bot.store.held.HELD`), which is rated
when the series closes, as of its close (:mod:`bot.store.disclosure`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass

from bot.i18n import plural
from bot.ratings import Rating, buckets, match_of, player_key, rate

from .backend import Database
from .held import HELD
from .models import LedgerRow
from .rows import ledger_row
from .sql import Conn, Row

#: (guild, variant, grain, bucket, player): one rating
Key = tuple[int, str, str, int, str]
REBUILD_MARK = "ratings.rebuild"
PAGE = 2000  # deals per read while replaying


@dataclass(frozen=True, slots=True)
class StoredRating:
    key: Key
    user_id: int | None
    rating: Rating
    deals: int
    last_deal_id: int


@dataclass(frozen=True, slots=True)
class HistoryPoint:
    """A player's all-time rating after one deal."""

    deal_id: int
    player: str
    guild_id: int
    variant: str
    user_id: int | None
    settled_at: float
    rating: Rating


Lookup = Callable[[Sequence[Key]], Mapping[Key, StoredRating]]


def updates_for(rows: Sequence[LedgerRow], lookup: Lookup, *, at: float | None = None
                ) -> tuple[list[StoredRating], list[HistoryPoint]]:
    """The ratings a settled deal's ledger rows change (``lookup`` gives the ratings
    before it), and the history points it adds; nothing for a deal that is not rated.
    ``at``: when it is rated (its seasons, its history point), if not when settled."""
    seats = [r for r in rows if r.seat is not None]
    match = match_of(seats)
    if match is None:
        return [], []
    first = seats[0]
    when = first.settled_at if at is None else at
    deal_id = first.deal_id or 0
    players = {r.seat or 0: player_key(r.user_id, r.level) for r in seats}
    users = {players[r.seat or 0]: r.user_id for r in seats}
    names = sorted(set(players.values()))
    out: list[StoredRating] = []
    history: list[HistoryPoint] = []
    for grain, bucket in buckets(when):
        keys = [(first.guild_id, first.variant, grain, bucket, p) for p in names]
        before = lookup(keys)
        new = rate(match, players, {k[4]: s.rating for k, s in before.items()})
        for key in keys:
            old = before.get(key)
            out.append(StoredRating(key, users[key[4]], new[key[4]],
                                    1 + (old.deals if old else 0), deal_id))
            if grain == "all":
                history.append(HistoryPoint(deal_id, key[4], first.guild_id, first.variant,
                                            users[key[4]], when, new[key[4]]))
    return out, history


# -- in a transaction --------------------------------------------------------------------
def _stored(row: Row) -> StoredRating:
    key = (int(row["guild_id"]), str(row["variant"]), str(row["grain"]), int(row["bucket"]),
           str(row["player"]))
    user = row["user_id"]
    return StoredRating(key, None if user is None else int(user),
                        Rating(float(row["mu"]), float(row["sigma"])), int(row["deals"]),
                        int(row["last_deal_id"]))


def _lookup(conn: Conn) -> Lookup:
    def run(keys: Sequence[Key]) -> dict[Key, StoredRating]:
        guild, variant, grain, bucket = keys[0][:4]
        marks = ",".join("?" * len(keys))
        rows = conn.execute(
            "SELECT * FROM ratings WHERE guild_id = ? AND variant = ? AND grain = ?"
            f" AND bucket = ? AND player IN ({marks})",
            (guild, variant, grain, bucket, *(k[4] for k in keys)))
        return {s.key: s for s in map(_stored, rows)}
    return run


UPSERT = """
INSERT INTO ratings (guild_id, variant, grain, bucket, player, user_id, mu, sigma, deals,
                     last_deal_id)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (guild_id, variant, grain, bucket, player) DO UPDATE SET
    mu = excluded.mu, sigma = excluded.sigma, deals = excluded.deals,
    last_deal_id = excluded.last_deal_id
"""
INSERT_HISTORY = """
INSERT INTO rating_history (deal_id, player, guild_id, variant, user_id, settled_at, mu, sigma)
VALUES (?, ?, ?, ?, ?, ?, ?, ?)
"""


def _write(conn: Conn, ratings: Sequence[StoredRating], history: Sequence[HistoryPoint]
           ) -> None:
    if ratings:
        conn.executemany(UPSERT, [(*s.key, s.user_id, s.rating.mu, s.rating.sigma, s.deals,
                                   s.last_deal_id) for s in ratings])
    if history:
        conn.executemany(INSERT_HISTORY, [
            (h.deal_id, h.player, h.guild_id, h.variant, h.user_id, h.settled_at,
             h.rating.mu, h.rating.sigma) for h in history])


def rate_deal(conn: Conn, deal_id: int, *, at: float | None = None) -> None:
    """Update the ratings for a deal whose ledger rows were just written (in the
    settling transaction), unless they are held (:data:`~bot.store.held.HELD`: the
    series' close rates it, ``at`` its close)."""
    rows = [ledger_row(r) for r in conn.execute(
        "SELECT * FROM ledger l WHERE deal_id = ? AND kind = 'deal' AND seat IS NOT NULL"
        f" AND NOT {HELD} ORDER BY seat", (deal_id,))]
    _write(conn, *updates_for(rows, _lookup(conn), at=at))


#: every rated deal in the order it was rated, with when (the close of its series for
#: a deal held until then, else NULL: when it was settled). A held deal's place is
#: after the ledger's last entry at its series' close, among the deals its series
#: disclosed in their order there (the series' deal number, then as settled); a deal of
#: a series still open is not rated yet.
_RATED_ORDER = """
WITH f AS (
    SELECT deal_id, MIN(entry_id) AS first, MIN(table_id) AS table_id FROM ledger
    WHERE kind = 'deal' GROUP BY deal_id),
o AS (
    SELECT f.deal_id, f.first, st.deal AS number, s.status, s.closed_at,
           s.disclosed_entry, s.disclosed_seq,
           CASE WHEN f.first > s.held_after AND (s.status = 'open'
                     OR f.first <= s.disclosed_entry) THEN 1 ELSE 0 END AS held
    FROM f LEFT JOIN series_tables st ON st.table_id = f.table_id
    LEFT JOIN series s ON s.series_id = st.series_id)
SELECT deal_id, CASE WHEN held = 1 THEN closed_at END AS rated_at FROM o
WHERE NOT (held = 1 AND status = 'open')
ORDER BY CASE WHEN held = 1 THEN disclosed_entry ELSE first END, held,
         CASE WHEN held = 1 THEN disclosed_seq ELSE 0 END,
         CASE WHEN held = 1 THEN number ELSE 0 END, first, deal_id
"""


def settled_in_order(conn: Conn) -> Iterator[tuple[list[LedgerRow], float | None]]:
    """Every rated deal's seat rows, deals in the order they were rated, each with when
    it was rated if not when it was settled."""
    order = [(int(r[0]), None if r[1] is None else float(r[1]))
             for r in conn.execute(_RATED_ORDER)]
    for start in range(0, len(order), PAGE):
        page = order[start:start + PAGE]
        marks = ",".join("?" * len(page))
        rows: dict[int, list[LedgerRow]] = {deal_id: [] for deal_id, _ in page}
        for r in conn.execute(
                f"SELECT * FROM ledger WHERE kind = 'deal' AND seat IS NOT NULL"
                f" AND deal_id IN ({marks}) ORDER BY deal_id, seat",
                [deal_id for deal_id, _ in page]):
            rows[int(r["deal_id"])].append(ledger_row(r))
        for deal_id, at in page:
            yield rows[deal_id], at


def replay(conn: Conn) -> tuple[dict[Key, StoredRating], list[HistoryPoint]]:
    """Every rating and history point as the ledger's deals give them, from scratch."""
    book: dict[Key, StoredRating] = {}
    history: list[HistoryPoint] = []

    def lookup(keys: Sequence[Key]) -> dict[Key, StoredRating]:
        return {k: book[k] for k in keys if k in book}

    for rows, at in settled_in_order(conn):
        changed, points = updates_for(rows, lookup, at=at)
        book.update((s.key, s) for s in changed)
        history.extend(points)
    return book, history


def rebuild(conn: Conn) -> int:
    """Replace every rating and history point by the ledger's replay; returns the
    ratings written."""
    book, history = replay(conn)
    conn.execute("DELETE FROM ratings")
    conn.execute("DELETE FROM rating_history")
    _write(conn, list(book.values()), history)
    conn.execute("DELETE FROM meta WHERE key = ?", (REBUILD_MARK,))
    return len(book)


def drift(conn: Conn) -> list[str]:
    """Where the stored ratings differ from the ledger's replay (empty: none)."""
    book, history = replay(conn)
    stored = {s.key: s for s in map(_stored, conn.execute("SELECT * FROM ratings"))}
    problems = []
    for key in sorted(book.keys() | stored.keys()):
        want, have = book.get(key), stored.get(key)
        if want != have:
            guild, variant, grain, bucket, player = key
            season = "all time" if grain == "all" else f"the {grain} from {bucket}"
            problems.append(f"rating of {player} in server {guild} ({variant}, {season}):"
                            f" stored {_shown(have)}, the ledger's replay {_shown(want)}")
    points = {(h.deal_id, h.player): h for h in history}
    kept = {(int(r["deal_id"]), str(r["player"])): Rating(float(r["mu"]), float(r["sigma"]))
            for r in conn.execute("SELECT deal_id, player, mu, sigma FROM rating_history")}
    wrong = sorted(k for k in points.keys() | kept.keys()
                   if k not in points or kept.get(k) != points[k].rating)
    if wrong:
        problems.append(plural("cli.history_drift", len(wrong), deal=wrong[0][0],
                               player=wrong[0][1]))
    return problems


def _shown(s: StoredRating | None) -> str:
    return "none" if s is None else plural(
        "cli.stored_rating", s.deals, rating=f"{s.rating.mu:.6f} ± {s.rating.sigma:.6f}")


# -- reading -----------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class RatingLine:
    """A player's place on a rating leaderboard (``rank`` None: too few deals yet)."""

    rank: int | None
    position: int | None
    player: str
    user_id: int | None  # None: a computer level (``player`` says which)
    rating: Rating
    deals: int


@dataclass(frozen=True, slots=True)
class RatingBoard:
    lines: tuple[RatingLine, ...]
    me: RatingLine | None
    players: int  # ranked players (with at least ``min_deals`` deals)
    min_deals: int


_BOARD = """
WITH ranked AS (
    SELECT player, user_id, mu, sigma, deals,
           RANK() OVER (ORDER BY mu - :z * sigma DESC) AS rank,
           ROW_NUMBER() OVER (ORDER BY mu - :z * sigma DESC, deals DESC, player) AS position,
           COUNT(*) OVER () AS players
    FROM ratings WHERE guild_id = :guild AND variant = :variant AND grain = :grain
      AND bucket = :bucket AND deals >= :min)
SELECT * FROM ranked WHERE (position > :offset AND position <= :offset + :limit)
    OR player = :me ORDER BY position
"""


def _line(r: Row, ranked: bool) -> RatingLine:
    user = r["user_id"]
    return RatingLine(int(r["rank"]) if ranked else None,
                      int(r["position"]) if ranked else None, str(r["player"]),
                      None if user is None else int(user),
                      Rating(float(r["mu"]), float(r["sigma"])), int(r["deals"]))


@dataclass(frozen=True, slots=True)
class RatingPoint:
    variant: str
    settled_at: float
    rating: Rating


class Ratings:
    def __init__(self, db: Database) -> None:
        self._db = db

    async def leaderboard(self, guild_id: int, variant: str, *, grain: str = "all",
                          bucket: int = 0, min_deals: int, limit: int = 10, offset: int = 0,
                          user_id: int | None = None, z: float = 2.0) -> RatingBoard:
        """Players with at least ``min_deals`` deals in the span ranked by mu - z sigma;
        ``user_id``: that member's line as ``me`` (unranked if they have fewer deals)."""
        me = None if user_id is None else str(user_id)
        params = {"guild": guild_id, "variant": variant, "grain": grain, "bucket": bucket,
                  "min": min_deals, "offset": offset, "limit": limit, "me": me, "z": z}

        def run(conn: Conn) -> RatingBoard:
            rows = conn.execute(_BOARD, params).fetchall()
            lines = tuple(_line(r, True) for r in rows
                          if offset < r["position"] <= offset + limit)
            mine = next((_line(r, True) for r in rows if r["player"] == me), None)
            if mine is None and me is not None:
                r = conn.execute(
                    "SELECT *, 0 AS rank, 0 AS position FROM ratings WHERE guild_id = ?"
                    " AND variant = ? AND grain = ? AND bucket = ? AND player = ?",
                    (guild_id, variant, grain, bucket, me)).fetchone()
                mine = None if r is None else _line(r, False)
            players = int(rows[0]["players"]) if rows else 0
            return RatingBoard(lines, mine, players, min_deals)

        return await self._db.read(run)

    async def history(self, guild_id: int, user_id: int, *, variant: str | None = None
                      ) -> tuple[RatingPoint, ...]:
        """A member's all-time rating after each of their rated deals, oldest first."""
        def run(conn: Conn) -> tuple[RatingPoint, ...]:
            return tuple(RatingPoint(str(r["variant"]), float(r["settled_at"]),
                                     Rating(float(r["mu"]), float(r["sigma"])))
                         for r in conn.execute(
                "SELECT variant, settled_at, mu, sigma FROM rating_history"
                " WHERE guild_id = :guild AND user_id = :user"
                " AND (CAST(:variant AS TEXT) IS NULL OR variant = :variant)"
                " ORDER BY settled_at, deal_id",
                {"guild": guild_id, "user": user_id, "variant": variant}))
        return await self._db.read(run)

    async def of_member(self, guild_id: int, user_id: int, *, variant: str | None = None
                        ) -> dict[str, StoredRating]:
        """A member's all-time rating in each variant they were rated in."""
        def run(conn: Conn) -> dict[str, StoredRating]:
            return {s.key[1]: s for s in map(_stored, conn.execute(
                "SELECT * FROM ratings WHERE guild_id = :guild AND player = :player"
                " AND grain = 'all' AND bucket = 0"
                " AND (CAST(:variant AS TEXT) IS NULL OR variant = :variant)",
                {"guild": guild_id, "player": str(user_id), "variant": variant}))}
        return await self._db.read(run)

    async def drift(self) -> list[str]:
        """See :func:`drift`."""
        return await self._db.read(drift)

    async def rebuild(self) -> int:
        """See :func:`rebuild`: one write transaction."""
        return await self._db.write(rebuild)

    async def rebuild_if_marked(self) -> bool:
        """Rate the deals settled before ratings existed (the upgrade's mark); True if
        it did."""
        def run(conn: Conn) -> bool:
            if conn.execute("SELECT 1 FROM meta WHERE key = ?", (REBUILD_MARK,)).fetchone():
                rebuild(conn)
                return True
            return False
        if not await self._db.read(lambda conn: conn.execute(
                "SELECT 1 FROM meta WHERE key = ?", (REBUILD_MARK,)).fetchone() is not None):
            return False
        return await self._db.write(run)

    async def stored(self) -> dict[Key, StoredRating]:
        """Every stored rating (checks and tests)."""
        def run(conn: Conn) -> dict[Key, StoredRating]:
            return {s.key: s for s in map(_stored, conn.execute("SELECT * FROM ratings"))}
        return await self._db.read(run)

    async def replayed(self) -> dict[Key, StoredRating]:
        """Every rating as a replay of the ledger from scratch gives it."""
        return (await self._db.read(replay))[0]
