"""Leagues: a server's ladder of members, its seasons and each season's divisions, each
division a series (:mod:`bot.store.series` keeps the series themselves).

A league row holds its definition (JSON, checked by :mod:`bot.series.league_spec`);
nothing here reads it. A season is opened in one transaction (its row, one series per
division with its members, and the division rows), keyed by its league and start, so a
restart or a second process never opens it twice; it is closed in one transaction that
also writes the members' new places on the ladder. Joining and leaving a league write
the league's row and the running season's series membership together.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from .backend import Database
from .db import dumps, loads
from .errors import NotFound, StoreError
from .rows import row_or_none
from .series_rows import insert_series, join_series, leave_series
from .sql import INTEGRITY_ERRORS, Conn, Row

MAX_ID = 2**63 - 1


class LeagueStatus(StrEnum):
    RUNNING = "running"
    ENDED = "ended"


class SeasonStatus(StrEnum):
    RUNNING = "running"
    CLOSED = "closed"


@dataclass(frozen=True, slots=True)
class LeagueRow:
    league_id: int
    guild_id: int
    channel_id: int
    host_id: int
    title: str
    spec: dict[str, Any]
    status: LeagueStatus
    created_at: float
    ended_at: float | None


@dataclass(frozen=True, slots=True)
class LeagueMember:
    league_id: int
    user_id: int
    ladder: int  # place on the ladder, 0 the top (ties: the earlier joiner first)
    division: int | None  # their division next season (None: a newcomer, the bottom)
    display_name: str
    joined_at: float
    left_at: float | None


@dataclass(frozen=True, slots=True)
class SeasonRow:
    league_id: int
    season: int  # from 1
    starts_at: float
    ends_at: float
    status: SeasonStatus
    closed_at: float | None


@dataclass(frozen=True, slots=True)
class DivisionRow:
    league_id: int
    season: int
    division: int  # 0 the top
    series_id: int


@dataclass(frozen=True, slots=True)
class NewDivision:
    """A division of a season to open: its series (title, definition, secret seed) and
    its members ``(user_id, display_name)`` in the order they take their places."""

    title: str
    spec: Mapping[str, Any]
    seed: bytes
    members: Sequence[tuple[int, str]]


class LeagueRunning(StoreError):
    """The server has a running league already (one at a time)."""


class LeagueNotFound(NotFound):
    def __init__(self, league_id: int) -> None:
        super().__init__("That league does not exist.")
        self.league_id = league_id


def _league(r: Row) -> LeagueRow:
    return LeagueRow(league_id=r["league_id"], guild_id=r["guild_id"],
                     channel_id=r["channel_id"], host_id=r["host_id"], title=r["title"],
                     spec=loads(r["spec"]), status=LeagueStatus(r["status"]),
                     created_at=r["created_at"], ended_at=r["ended_at"])


def _member(r: Row) -> LeagueMember:
    return LeagueMember(league_id=r["league_id"], user_id=r["user_id"], ladder=r["ladder"],
                        division=r["division"], display_name=r["display_name"],
                        joined_at=r["joined_at"], left_at=r["left_at"])


def _season(r: Row) -> SeasonRow:
    return SeasonRow(league_id=r["league_id"], season=r["season"], starts_at=r["starts_at"],
                     ends_at=r["ends_at"], status=SeasonStatus(r["status"]),
                     closed_at=r["closed_at"])


def _division(r: Row) -> DivisionRow:
    return DivisionRow(league_id=r["league_id"], season=r["season"], division=r["division"],
                       series_id=r["series_id"])


def _fetch_league(conn: Conn, league_id: int) -> LeagueRow:
    found = (row_or_none(conn, _league, "SELECT * FROM leagues WHERE league_id = ?",
                         league_id) if 0 < league_id <= MAX_ID else None)
    if found is None:
        raise LeagueNotFound(league_id)
    return found


def _member_of(conn: Conn, league_id: int, user_id: int) -> LeagueMember | None:
    return row_or_none(conn, _member, "SELECT * FROM league_members"
                       " WHERE league_id = ? AND user_id = ?", league_id, user_id)


def _latest_season(conn: Conn, league_id: int) -> SeasonRow | None:
    return row_or_none(conn, _season, "SELECT * FROM league_seasons WHERE league_id = ?"
                       " ORDER BY season DESC LIMIT 1", league_id)


def _divisions(conn: Conn, league_id: int, season: int) -> list[DivisionRow]:
    rows = conn.execute("SELECT * FROM league_divisions WHERE league_id = ? AND season = ?"
                        " ORDER BY division", (league_id, season)).fetchall()
    return [_division(r) for r in rows]


def _division_of(conn: Conn, series_id: int) -> DivisionRow | None:
    row = conn.execute("SELECT * FROM league_divisions WHERE series_id = ?",
                       (series_id,)).fetchone()
    return None if row is None else _division(row)


class LeagueStore:
    def __init__(self, db: Database) -> None:
        self._db = db

    # -- leagues -----------------------------------------------------------------------
    async def create(self, *, guild_id: int, channel_id: int, host_id: int, title: str,
                     spec: Mapping[str, Any]) -> LeagueRow:
        """A new running league; :class:`LeagueRunning` if the server has one."""
        now = self._db.now()
        text = dumps(dict(spec))

        def run(conn: Conn) -> LeagueRow:
            if row_or_none(conn, _league, "SELECT * FROM leagues WHERE guild_id = ?"
                           " AND status = 'running'", guild_id) is not None:
                raise LeagueRunning(f"server {guild_id} has a running league")
            try:
                cur = conn.execute(
                    "INSERT INTO leagues (guild_id, channel_id, host_id, title, spec,"
                    " created_at) VALUES (?, ?, ?, ?, ?, ?)",
                    (guild_id, channel_id, host_id, title, text, now))
            except INTEGRITY_ERRORS:  # a racing create in another process
                raise LeagueRunning(f"server {guild_id} has a running league") from None
            assert cur.lastrowid is not None
            return _fetch_league(conn, cur.lastrowid)

        return await self._db.write(run)

    async def get(self, league_id: int) -> LeagueRow:
        return await self._db.read(_fetch_league, league_id)

    async def running(self, guild_id: int | None = None) -> list[LeagueRow]:
        """The running leagues (of one server: at most one)."""
        def run(conn: Conn) -> list[LeagueRow]:
            if guild_id is None:
                rows = conn.execute("SELECT * FROM leagues WHERE status = 'running'"
                                    " ORDER BY league_id").fetchall()
            else:
                rows = conn.execute("SELECT * FROM leagues WHERE status = 'running'"
                                    " AND guild_id = ?", (guild_id,)).fetchall()
            return [_league(r) for r in rows]

        return await self._db.read(run)

    async def end(self, league_id: int) -> bool:
        """End a running league (no season is opened again; the running season's series
        play on to their close). False when it had ended already."""
        now = self._db.now()

        def run(conn: Conn) -> bool:
            cur = conn.execute("UPDATE leagues SET status = 'ended', ended_at = ?"
                               " WHERE league_id = ? AND status = 'running'",
                               (now, league_id))
            return cur.rowcount == 1

        return await self._db.write(run)

    # -- members -----------------------------------------------------------------------
    async def members(self, league_id: int, *, active: bool = True) -> list[LeagueMember]:
        """The members by their place on the ladder (``active``: those who have not
        left)."""
        where = " AND left_at IS NULL" if active else ""

        def run(conn: Conn) -> list[LeagueMember]:
            rows = conn.execute(f"SELECT * FROM league_members WHERE league_id = ?{where}"
                                " ORDER BY ladder, joined_at, user_id", (league_id,))
            return [_member(r) for r in rows]

        return await self._db.read(run)

    async def member(self, league_id: int, user_id: int) -> LeagueMember | None:
        return await self._db.read(_member_of, league_id, user_id)

    async def join(self, league_id: int, user_id: int, display_name: str = ""
                   ) -> tuple[LeagueMember, int | None] | None:
        """Make the member a member of the running league, at the bottom of its ladder
        (one who left comes back there), and of the bottom division's series of the
        running season where it is open and they were never in it. ``(member, series
        joined or None: they wait for the next season)``; None when they are a member
        already (nothing written). :class:`LeagueNotFound` for a league not running."""
        now = self._db.now()

        def run(conn: Conn) -> tuple[LeagueMember, int | None] | None:
            league = _fetch_league(conn, league_id)
            if league.status is not LeagueStatus.RUNNING:
                raise LeagueNotFound(league_id)
            found = _member_of(conn, league_id, user_id)
            if found is not None and found.left_at is None:
                return None
            bottom = conn.execute("SELECT COALESCE(MAX(ladder) + 1, 0) FROM league_members"
                                  " WHERE league_id = ?", (league_id,)).fetchone()[0]
            if found is None:
                try:
                    conn.execute("INSERT INTO league_members (league_id, user_id, ladder,"
                                 " display_name, joined_at) VALUES (?, ?, ?, ?, ?)",
                                 (league_id, user_id, bottom, display_name, now))
                except INTEGRITY_ERRORS:  # a racing join of the same member
                    return None
            else:
                cur = conn.execute("UPDATE league_members SET left_at = NULL, ladder = ?,"
                                   " division = NULL, display_name = ?, joined_at = ?"
                                   " WHERE league_id = ?"
                                   " AND user_id = ? AND left_at IS NOT NULL",
                                   (bottom, display_name, now, league_id, user_id))
                if cur.rowcount != 1:
                    return None
            joined = None
            season = _latest_season(conn, league_id)
            if season is not None and season.status is SeasonStatus.RUNNING:
                divisions = _divisions(conn, league_id, season.season)
                if divisions and join_series(conn, divisions[-1].series_id, user_id,
                                             display_name, now):
                    joined = divisions[-1].series_id
            member = _member_of(conn, league_id, user_id)
            assert member is not None
            return member, joined

        return await self._db.write(run)

    async def leave(self, league_id: int, user_id: int) -> LeagueMember | None:
        """The member leaves the league and their series of the running season (the
        deal they are playing is dropped; what they finished stays counted). None when
        they are no member (nothing written)."""
        now = self._db.now()

        def run(conn: Conn) -> LeagueMember | None:
            cur = conn.execute("UPDATE league_members SET left_at = ? WHERE league_id = ?"
                               " AND user_id = ? AND left_at IS NULL",
                               (now, league_id, user_id))
            if cur.rowcount != 1:
                return None
            season = _latest_season(conn, league_id)
            if season is not None and season.status is SeasonStatus.RUNNING:
                for division in _divisions(conn, league_id, season.season):
                    leave_series(conn, division.series_id, user_id, now)
            return _member_of(conn, league_id, user_id)

        return await self._db.write(run)

    # -- seasons -----------------------------------------------------------------------
    async def latest_season(self, league_id: int) -> SeasonRow | None:
        return await self._db.read(_latest_season, league_id)

    async def divisions(self, league_id: int, season: int) -> list[DivisionRow]:
        """The season's divisions, the top first."""
        return await self._db.read(_divisions, league_id, season)

    async def division_of(self, series_id: int) -> DivisionRow | None:
        """The league division whose series this is (None: a series of its own)."""
        return await self._db.read(_division_of, series_id)

    async def open_season(self, league_id: int, *, starts_at: float, ends_at: float,
                          guild_id: int, channel_id: int, host_id: int,
                          divisions: Sequence[NewDivision]
                          ) -> tuple[SeasonRow, list[DivisionRow]] | None:
        """Open the league's next season, ``starts_at`` to ``ends_at``: one open series a
        division (closing when the season ends), its members joined in the order given;
        active members who are in none (they joined since the divisions were drawn) join
        the last. None, and nothing written, when the league is not running, a season
        is still running, or one with this start exists (opened already)."""
        if not divisions:
            raise StoreError("a season has at least one division")
        for division in divisions:
            if len(division.seed) != 32:
                raise StoreError(f"a seed is 32 bytes, not {len(division.seed)}")
        now = self._db.now()

        def run(conn: Conn) -> tuple[SeasonRow, list[DivisionRow]] | None:
            league = _fetch_league(conn, league_id)
            latest = _latest_season(conn, league_id)
            if league.status is not LeagueStatus.RUNNING or (
                    latest is not None and (latest.status is SeasonStatus.RUNNING
                                            or latest.starts_at >= starts_at)):
                return None
            number = latest.season + 1 if latest is not None else 1
            cur = conn.execute(
                "INSERT INTO league_seasons (league_id, season, starts_at, ends_at)"
                " VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
                (league_id, number, starts_at, ends_at))
            if cur.rowcount != 1:
                return None
            placed: set[int] = set()
            series_ids = []
            for index, division in enumerate(divisions):
                series_id = insert_series(
                    conn, guild_id=guild_id, channel_id=channel_id, host_id=host_id,
                    title=division.title, spec=division.spec, seed=division.seed,
                    opens_at=now, closes_at=ends_at)
                series_ids.append(series_id)
                conn.execute("INSERT INTO league_divisions (league_id, season, division,"
                             " series_id) VALUES (?, ?, ?, ?)",
                             (league_id, number, index, series_id))
                for user_id, name in division.members:
                    if user_id not in placed and join_series(conn, series_id, user_id,
                                                             name, now):
                        placed.add(user_id)
            late = conn.execute("SELECT user_id, display_name FROM league_members"
                                " WHERE league_id = ? AND left_at IS NULL"
                                " ORDER BY ladder, joined_at, user_id",
                                (league_id,)).fetchall()
            for r in late:
                if r["user_id"] not in placed:
                    join_series(conn, series_ids[-1], r["user_id"], r["display_name"], now)
            season = _latest_season(conn, league_id)
            assert season is not None
            return season, _divisions(conn, league_id, number)

        return await self._db.write(run)

    async def close_season(self, league_id: int, season: int,
                           divisions: Sequence[Sequence[int]]) -> bool:
        """Close the running season ``season`` and write each member's division of the
        next season and place on the ladder as ``divisions`` gives them (top first, each
        best first); members in none keep theirs, below. False, and nothing written,
        when it was closed already."""
        now = self._db.now()
        placed = {user: d for d, division in enumerate(divisions) for user in division}
        order = list(dict.fromkeys(u for division in divisions for u in division))

        def run(conn: Conn) -> bool:
            cur = conn.execute("UPDATE league_seasons SET status = 'closed', closed_at = ?"
                               " WHERE league_id = ? AND season = ? AND status = 'running'",
                               (now, league_id, season))
            if cur.rowcount != 1:
                return False
            rest = conn.execute("SELECT user_id FROM league_members WHERE league_id = ?"
                                " ORDER BY ladder, joined_at, user_id",
                                (league_id,)).fetchall()
            ladder = order + [r["user_id"] for r in rest if r["user_id"] not in placed]
            conn.executemany(
                "UPDATE league_members SET ladder = ?, division = COALESCE(?, division)"
                " WHERE league_id = ? AND user_id = ?",
                [(place, placed.get(user), league_id, user)
                 for place, user in enumerate(ladder)])
            return True

        return await self._db.write(run)
