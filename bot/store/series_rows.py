"""Series in the store: the rows (a series, a member, a run, the standings kept), the
errors of :class:`~.series.SeriesStore`, and the statements every series transaction
shares (those of a league's season too, :mod:`.leagues`: a division is a series)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from typing import Any

from .db import dumps, loads
from .errors import NotFound, StaleAction, StoreError
from .rows import row_or_none
from .sql import Conn, Row

DECLINE = "decline"  # a step that is no engine action: the member lets a Kontra pass
MAX_ID = 2**63 - 1


class SeriesStatus(StrEnum):
    OPEN = "open"
    CLOSED = "closed"
    DELETED = "deleted"


class SeriesRunStatus(StrEnum):
    PLAYING = "playing"
    FINISHED = "finished"
    DROPPED = "dropped"  # the member left, or the series closed, before it ended


@dataclass(frozen=True, slots=True)
class SeriesRow:
    series_id: int
    guild_id: int
    channel_id: int
    host_id: int
    title: str
    spec: dict[str, Any]
    seed: bytes
    status: SeriesStatus
    opens_at: float
    closes_at: float
    closed_at: float | None
    joined: int


@dataclass(frozen=True, slots=True)
class SeriesMember:
    series_id: int
    user_id: int
    turn: int  # the order they joined in, from 0: their place (bot/series/movement.py)
    display_name: str  # their name as they joined (the table's image shows it)
    joined_at: float
    left_at: float | None


@dataclass(frozen=True, slots=True)
class SeriesRun:
    run_id: int
    series_id: int
    user_id: int
    deal: int
    seat: int
    steps: int
    status: SeriesRunStatus
    chips: int | None
    result: dict[str, Any] | None
    started_at: float
    finished_at: float | None
    #: the shared table the deal is played at (None: alone against computers)
    table_id: int | None = None

    @property
    def finished(self) -> bool:
        return self.status is SeriesRunStatus.FINISHED


@dataclass(frozen=True, slots=True)
class FinalLine:
    user_id: int
    rank: int
    total: Fraction
    deals: int


class SeriesNotFound(NotFound):
    def __init__(self, series_id: int) -> None:
        super().__init__("That series does not exist.")
        self.series_id = series_id


class SeriesRunNotFound(NotFound):
    def __init__(self, run_id: int) -> None:
        super().__init__("That deal of a series does not exist.")
        self.run_id = run_id


class SeriesStepTaken(StaleAction):
    """The run has moved past this step (two racing clicks: the second loses)."""

    def __init__(self, run_id: int, step: int) -> None:
        super().__init__("Your deal of the series has moved on.")
        self.run_id = run_id
        self.step = step


class SeriesRunOver(StaleAction):
    """The run is finished or dropped; nothing more is recorded for it."""

    def __init__(self, run_id: int) -> None:
        super().__init__("This deal of the series is over.")
        self.run_id = run_id


class SeriesNotOpen(StoreError):
    """The series is closed or deleted: nobody joins it or starts a deal of it."""


class AlreadyJoined(StoreError):
    """The member is a member of the series already (joining twice)."""


@dataclass(frozen=True, slots=True)
class NewSeriesTable:
    """A shared table to open for a deal of a series (in the lobby; the member seated
    first hosts it). ``options``: the table's (the series' own among them)."""

    guild_id: int
    channel_id: int
    variant: str
    options: Mapping[str, Any]
    settings: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class SeriesTableRow:
    """A table playing a deal of a series, and its status (lobby, playing, ...)."""

    table_id: int
    series_id: int
    deal: int
    status: str
    created_at: float
    guild_id: int


def series_row(r: Row) -> SeriesRow:
    return SeriesRow(series_id=r["series_id"], guild_id=r["guild_id"],
                     channel_id=r["channel_id"], host_id=r["host_id"], title=r["title"],
                     spec=loads(r["spec"]), seed=bytes(r["seed"]),
                     status=SeriesStatus(r["status"]), opens_at=r["opens_at"],
                     closes_at=r["closes_at"], closed_at=r["closed_at"], joined=r["joined"])


def member_row(r: Row) -> SeriesMember:
    return SeriesMember(series_id=r["series_id"], user_id=r["user_id"],
                        turn=r["turn"], display_name=r["display_name"],
                        joined_at=r["joined_at"], left_at=r["left_at"])


def run_row(r: Row) -> SeriesRun:
    return SeriesRun(run_id=r["run_id"], series_id=r["series_id"], user_id=r["user_id"],
                     deal=r["deal"], seat=r["seat"], steps=r["steps"],
                     status=SeriesRunStatus(r["status"]), chips=r["chips"],
                     result=loads(r["result"]), started_at=r["started_at"],
                     finished_at=r["finished_at"], table_id=r["table_id"])


def fetch_series(conn: Conn, series_id: int) -> SeriesRow:
    found = (row_or_none(conn, series_row, "SELECT * FROM series WHERE series_id = ?",
                         series_id) if 0 < series_id <= MAX_ID else None)
    if found is None:
        raise SeriesNotFound(series_id)
    return found


def fetch_run(conn: Conn, run_id: int) -> SeriesRun:
    found = (row_or_none(conn, run_row, "SELECT * FROM series_runs WHERE run_id = ?", run_id)
             if 0 < run_id <= MAX_ID else None)
    if found is None:
        raise SeriesRunNotFound(run_id)
    return found


def member_of(conn: Conn, series_id: int, user_id: int) -> SeriesMember | None:
    return row_or_none(conn, member_row, "SELECT * FROM series_members"
                       " WHERE series_id = ? AND user_id = ?", series_id, user_id)


#: the columns of a finished run the standings read, in this order
RESULT_COLUMNS = "user_id, deal, seat, chips, finished_at, result"


def member_run(conn: Conn, series_id: int, user_id: int, deal: int) -> SeriesRun | None:
    return row_or_none(conn, run_row, "SELECT * FROM series_runs WHERE series_id = ?"
                       " AND user_id = ? AND deal = ?", series_id, user_id, deal)


def fraction_text(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


def insert_series(conn: Conn, *, guild_id: int, channel_id: int, host_id: int, title: str,
                  spec: Mapping[str, Any], seed: bytes, opens_at: float,
                  closes_at: float) -> int:
    """A new open series, ``opens_at`` to ``closes_at``: its id."""
    cur = conn.execute(
        "INSERT INTO series (guild_id, channel_id, host_id, title, spec, seed,"
        " opens_at, closes_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (guild_id, channel_id, host_id, title, dumps(dict(spec)), seed, opens_at, closes_at))
    assert cur.lastrowid is not None
    return cur.lastrowid


def join_series(conn: Conn, series_id: int, user_id: int, display_name: str,
                now: float) -> bool:
    """Make the member a member of the open series, with the next turn (which fixes
    their place); False when they are (or were) a member already or the series is not
    open: nothing is written then. (A racing join of the same member: the insert
    raises one of :data:`~.sql.INTEGRITY_ERRORS`.)"""
    if member_of(conn, series_id, user_id) is not None:
        return False
    cur = conn.execute("UPDATE series SET joined = joined + 1 WHERE series_id = ?"
                       " AND status = 'open'", (series_id,))
    if cur.rowcount != 1:
        return False
    turn = fetch_series(conn, series_id).joined - 1
    conn.execute("INSERT INTO series_members (series_id, user_id, turn,"
                 " display_name, joined_at) VALUES (?, ?, ?, ?, ?)",
                 (series_id, user_id, turn, display_name, now))
    return True


def leave_series(conn: Conn, series_id: int, user_id: int, now: float) -> None:
    """The member leaves the series: their run in play is dropped (not counted), no deal
    is started for them again; what they finished stays counted."""
    conn.execute("UPDATE series_members SET left_at = ? WHERE series_id = ?"
                 " AND user_id = ? AND left_at IS NULL", (now, series_id, user_id))
    conn.execute("UPDATE series_runs SET status = 'dropped' WHERE series_id = ?"
                 " AND user_id = ? AND status = 'playing'", (series_id, user_id))


def dealt_to(conn: Conn, series_id: int, user_id: int) -> SeriesMember:
    """The member, if a deal of the series may start for them: the series is open and
    they have not left it; else :class:`SeriesNotOpen`."""
    row = fetch_series(conn, series_id)
    member = member_of(conn, series_id, user_id)
    if row.status is not SeriesStatus.OPEN or member is None or member.left_at is not None:
        raise SeriesNotOpen(f"series {series_id}: no deal for member {user_id}")
    return member
