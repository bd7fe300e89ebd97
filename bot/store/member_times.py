"""Members' own times, per member per server: time zone, quiet hours, away period.

The values are checked by whoever takes them from a member (see
:mod:`bot.tables.quiet_hours`); the table's CHECKs refuse what could never be right.
A change is read, merged and written in one transaction, so two changes of the same
member never lose one another.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import Any

from .backend import Database
from .models import MemberTime
from .sql import Conn, Row

#: the fields a change may set (None clears one)
FIELDS = ("zone", "quiet_from", "quiet_to", "away_until")


def _row(r: Row) -> MemberTime:
    return MemberTime(guild_id=r["guild_id"], user_id=r["user_id"], zone=r["zone"],
                      quiet_from=r["quiet_from"], quiet_to=r["quiet_to"],
                      away_until=r["away_until"])


def _get(conn: Conn, guild_id: int, user_id: int) -> MemberTime:
    r = conn.execute("SELECT * FROM member_times WHERE guild_id = ? AND user_id = ?",
                     (guild_id, user_id)).fetchone()
    return _row(r) if r is not None else MemberTime(guild_id, user_id)


class MemberTimes:
    def __init__(self, db: Database) -> None:
        self._db = db

    async def get(self, guild_id: int, user_id: int) -> MemberTime:
        """The member's times on the server (nothing set: all None)."""
        return await self._db.read(_get, guild_id, user_id)

    async def of(self, guild_id: int, user_ids: Iterable[int]) -> dict[int, MemberTime]:
        """The times of those members who set any, by member."""
        ids = sorted(set(user_ids))
        if not ids:
            return {}

        def run(conn: Conn) -> dict[int, MemberTime]:
            marks = ",".join("?" * len(ids))
            rows = conn.execute(f"SELECT * FROM member_times WHERE guild_id = ?"
                                f" AND user_id IN ({marks})", (guild_id, *ids))
            return {r["user_id"]: _row(r) for r in rows}
        return await self._db.read(run)

    async def update(self, guild_id: int, user_id: int, **changes: Any) -> MemberTime:
        """Set the given fields (see :data:`FIELDS`; None clears one) and return the
        member's times after the change."""
        unknown = set(changes) - set(FIELDS)
        if unknown:
            raise TypeError(f"no such member time field: {sorted(unknown)}")
        now = self._db.now()

        def run(conn: Conn) -> MemberTime:
            after = dataclasses.replace(_get(conn, guild_id, user_id), **changes)
            conn.execute(
                "INSERT INTO member_times (guild_id, user_id, zone, quiet_from, quiet_to,"
                " away_until, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (guild_id, user_id) DO UPDATE SET zone = excluded.zone,"
                " quiet_from = excluded.quiet_from, quiet_to = excluded.quiet_to,"
                " away_until = excluded.away_until, updated_at = excluded.updated_at",
                (guild_id, user_id, after.zone, after.quiet_from, after.quiet_to,
                 after.away_until, now))
            return after
        return await self._db.write(run)
