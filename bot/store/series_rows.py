"""Series in the store: the rows (a series, a member, a run, the standings kept), the
errors of :class:`~.series.SeriesStore`, and the reads every series transaction shares."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from typing import Any

from .db import loads
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
