"""The deal of the day: each server's deal per day, members' runs and their steps.

A day's deal row holds the record header as dealt, the secret seed it was dealt from,
the seat every member holds and the computer players' level. A run is one member's
play of it: ``header + steps`` replays to where they are (a step is an action entry of
the deal record, a computer's or theirs, or ``{"seat": s, "type": "decline"}``: they let
a Kontra or Rekontra pass). Steps are appended with a compare-and-swap on the run's
step count, so of two racing clicks one wins and nothing is written for the other; the
step that ends the deal finishes the run in the same transaction.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from .backend import Database
from .db import dumps, loads
from .errors import NotFound, StaleAction, StoreError
from .rows import row_or_none
from .sql import Conn, Row

DECLINE = "decline"  # a step that is no engine action: the member lets a Kontra pass


class RunStatus(StrEnum):
    PLAYING = "playing"
    FINISHED = "finished"


@dataclass(frozen=True, slots=True)
class DailyDeal:
    daily_id: int
    guild_id: int
    day: str  # 'YYYY-MM-DD', UTC
    variant: str
    seat: int
    level: str
    seed: bytes
    header: dict[str, Any]
    created_at: float


@dataclass(frozen=True, slots=True)
class DailyRun:
    run_id: int
    daily_id: int
    user_id: int
    steps: int
    status: RunStatus
    chips: int | None
    result: dict[str, Any] | None
    started_at: float
    finished_at: float | None

    @property
    def finished(self) -> bool:
        return self.status is RunStatus.FINISHED


@dataclass(frozen=True, slots=True)
class DailyScore:
    """A finished run: who, on which day, and the seat's chips."""

    day: str
    user_id: int
    chips: int
    finished_at: float
    run_id: int
    result: dict[str, Any]


@dataclass(frozen=True, slots=True)
class DayCount:
    finished: int
    playing: int


class RunNotFound(NotFound):
    def __init__(self, run_id: int) -> None:
        super().__init__("That deal of the day does not exist.")
        self.run_id = run_id


class StepTaken(StaleAction):
    """The run has moved past this step (two racing clicks: the second loses)."""

    def __init__(self, run_id: int, step: int) -> None:
        super().__init__("Your deal of the day has moved on.")
        self.run_id = run_id
        self.step = step


class RunOver(StaleAction):
    """The run is finished; nothing more is recorded for it."""

    def __init__(self, run_id: int) -> None:
        super().__init__("You have finished this deal of the day.")
        self.run_id = run_id


def _deal(r: Row) -> DailyDeal:
    return DailyDeal(daily_id=r["daily_id"], guild_id=r["guild_id"], day=r["day"],
                     variant=r["variant"], seat=r["seat"], level=r["level"],
                     seed=bytes(r["seed"]), header=loads(r["header"]),
                     created_at=r["created_at"])


def _run(r: Row) -> DailyRun:
    return DailyRun(run_id=r["run_id"], daily_id=r["daily_id"], user_id=r["user_id"],
                    steps=r["steps"], status=RunStatus(r["status"]), chips=r["chips"],
                    result=loads(r["result"]), started_at=r["started_at"],
                    finished_at=r["finished_at"])


def _day_deal(conn: Conn, guild_id: int, day: str) -> DailyDeal | None:
    return row_or_none(conn, _deal, "SELECT * FROM daily_deals WHERE guild_id = ? AND day = ?",
                       guild_id, day)


def _member_run(conn: Conn, daily_id: int, user_id: int) -> DailyRun | None:
    return row_or_none(conn, _run, "SELECT * FROM daily_runs WHERE daily_id = ? AND user_id = ?",
                       daily_id, user_id)


def _fetch_run(conn: Conn, run_id: int) -> DailyRun:
    row = conn.execute("SELECT * FROM daily_runs WHERE run_id = ?", (run_id,)).fetchone()
    if row is None:
        raise RunNotFound(run_id)
    return _run(row)


class DailyStore:
    def __init__(self, db: Database) -> None:
        self._db = db

    # -- the day's deal ----------------------------------------------------------------
    async def deal(self, guild_id: int, day: str) -> DailyDeal | None:
        return await self._db.read(_day_deal, guild_id, day)

    async def deal_by_id(self, daily_id: int) -> DailyDeal:
        def run(conn: Conn) -> DailyDeal:
            row = conn.execute("SELECT * FROM daily_deals WHERE daily_id = ?",
                               (daily_id,)).fetchone()
            if row is None:
                raise NotFound("That deal of the day does not exist.")
            return _deal(row)

        return await self._db.read(run)

    async def create_deal(self, guild_id: int, day: str, *, variant: str, seat: int,
                          level: str, seed: bytes, header: Mapping[str, Any]) -> DailyDeal:
        """The server's deal of ``day``: stored now, or the one stored first if another
        call got there before (the first one stands, whatever this one was given)."""
        if len(seed) != 32:
            raise StoreError(f"a seed is 32 bytes, not {len(seed)}")
        if header.get("actions"):
            raise StoreError("a deal of the day is stored before its first action")
        text = dumps({k: v for k, v in header.items() if k != "actions"})
        now = self._db.now()

        def run(conn: Conn) -> DailyDeal:
            conn.execute(
                "INSERT INTO daily_deals (guild_id, day, variant, seat, level, seed, header,"
                " created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (guild_id, day) DO NOTHING",
                (guild_id, day, variant, seat, level, seed, text, now))
            deal = _day_deal(conn, guild_id, day)
            assert deal is not None  # inserted now, or by the call that got there first
            return deal

        return await self._db.write(run)

    # -- runs ------------------------------------------------------------------------------
    async def start_run(self, daily_id: int, user_id: int) -> DailyRun:
        """The member's run of the day's deal (started now if they have none)."""
        now = self._db.now()

        def run(conn: Conn) -> DailyRun:
            conn.execute("INSERT INTO daily_runs (daily_id, user_id, started_at)"
                         " VALUES (?, ?, ?) ON CONFLICT (daily_id, user_id) DO NOTHING",
                         (daily_id, user_id, now))
            found = _member_run(conn, daily_id, user_id)
            assert found is not None  # started now, or before
            return found

        return await self._db.write(run)

    async def run_of(self, daily_id: int, user_id: int) -> DailyRun | None:
        return await self._db.read(_member_run, daily_id, user_id)

    async def run(self, run_id: int) -> DailyRun:
        return await self._db.read(_fetch_run, run_id)

    async def run_with_steps(self, run_id: int) -> tuple[DailyRun, list[dict[str, Any]]]:
        """The run and its steps in order, from one snapshot."""
        def run(conn: Conn) -> tuple[DailyRun, list[dict[str, Any]]]:
            found = _fetch_run(conn, run_id)
            rows = conn.execute("SELECT entry FROM daily_steps WHERE run_id = ? ORDER BY step",
                                (run_id,)).fetchall()
            return found, [loads(r["entry"]) for r in rows]

        return await self._db.read(run)

    async def append_step(self, run_id: int, step: int, entry: Mapping[str, Any], *,
                          finish: tuple[int, Mapping[str, Any]] | None = None) -> DailyRun:
        """Append ``entry`` as the run's step ``step`` (its step count before it).
        ``finish``: the step ends the deal; (the seat's chips, the result) finish the run
        in the same transaction. Raises :class:`StepTaken` if the step is taken already
        and :class:`RunOver` once the run is finished; nothing is written then."""
        seat = entry.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool) or not entry.get("type"):
            raise StoreError(f"not a step entry: {dict(entry)!r}")
        text = dumps(dict(entry))
        now = self._db.now()

        def run(conn: Conn) -> DailyRun:
            cur = conn.execute(
                "UPDATE daily_runs SET steps = steps + 1"
                " WHERE run_id = ? AND steps = ? AND status = 'playing'", (run_id, step))
            if cur.rowcount != 1:
                current = _fetch_run(conn, run_id)
                if current.finished:
                    raise RunOver(run_id)
                if current.steps > step:
                    raise StepTaken(run_id, step)
                raise StoreError(f"run {run_id}: step {step} skips ahead of {current.steps}")
            conn.execute("INSERT INTO daily_steps (run_id, step, entry, at) VALUES (?, ?, ?, ?)",
                         (run_id, step, text, now))
            if finish is not None:
                chips, result = finish
                conn.execute(
                    "UPDATE daily_runs SET status = 'finished', chips = ?, result = ?,"
                    " finished_at = ? WHERE run_id = ?", (chips, dumps(dict(result)), now, run_id))
            return _fetch_run(conn, run_id)

        return await self._db.write(run)

    # -- tables ----------------------------------------------------------------------------
    async def count(self, daily_id: int) -> DayCount:
        """How many members have finished the day's deal, and how many are playing it."""
        def run(conn: Conn) -> DayCount:
            counts = dict(conn.execute(
                "SELECT status, COUNT(*) FROM daily_runs WHERE daily_id = ? GROUP BY status",
                (daily_id,)).fetchall())
            return DayCount(finished=counts.get("finished", 0), playing=counts.get("playing", 0))

        return await self._db.read(run)

    async def scores(self, guild_id: int, first_day: str, last_day: str) -> list[DailyScore]:
        """Every finished run of the server's deals from ``first_day`` to ``last_day``
        (inclusive), by day, then by when it finished."""
        def run(conn: Conn) -> list[DailyScore]:
            rows = conn.execute(
                "SELECT d.day, r.user_id, r.chips, r.finished_at, r.run_id, r.result"
                " FROM daily_deals d JOIN daily_runs r ON r.daily_id = d.daily_id"
                " WHERE d.guild_id = ? AND d.day BETWEEN ? AND ? AND r.status = 'finished'"
                " ORDER BY d.day, r.finished_at, r.run_id", (guild_id, first_day, last_day))
            return [DailyScore(day=r["day"], user_id=r["user_id"], chips=r["chips"],
                               finished_at=r["finished_at"], run_id=r["run_id"],
                               result=loads(r["result"])) for r in rows]

        return await self._db.read(run)

    async def days_played(self, guild_id: int, last_day: str) -> dict[int, list[str]]:
        """Each member's days with a finished run, up to ``last_day``, in order."""
        def run(conn: Conn) -> dict[int, list[str]]:
            rows = conn.execute(
                "SELECT r.user_id, d.day FROM daily_deals d"
                " JOIN daily_runs r ON r.daily_id = d.daily_id"
                " WHERE d.guild_id = ? AND d.day <= ? AND r.status = 'finished'"
                " ORDER BY r.user_id, d.day", (guild_id, last_day))
            out: dict[int, list[str]] = {}
            for r in rows:
                out.setdefault(r["user_id"], []).append(r["day"])
            return out

        return await self._db.read(run)
