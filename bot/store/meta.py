"""Small facts the bot keeps about itself (the ``meta`` table: a text value per key).

Typed accessors, not a general key/value API: today the hash of the application
commands last synced to a scope (``"global"`` or a development guild's id), per
application, and which development guild had commands last.
"""

from __future__ import annotations

from .backend import Database
from .sql import Conn


def _get(conn: Conn, key: str) -> str | None:
    row = conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
    return None if row is None else str(row["value"])


def _put(conn: Conn, key: str, value: str | None, now: float) -> None:
    if value is None:
        conn.execute("DELETE FROM meta WHERE key = ?", (key,))
    else:
        conn.execute(
            "INSERT INTO meta (key, value, updated_at) VALUES (?, ?, ?)"
            " ON CONFLICT(key) DO UPDATE SET value = excluded.value,"
            " updated_at = excluded.updated_at", (key, value, now))


def _commands_key(application_id: int, scope: str) -> str:
    return f"commands.{application_id}.{scope}"


class Meta:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def command_hash(self, application_id: int, scope: str) -> str | None:
        """The hash of the commands last synced to ``scope`` ("global" or a guild id)."""
        return await self.db.read(_get, _commands_key(application_id, scope))

    async def set_command_hash(self, application_id: int, scope: str,
                               digest: str | None) -> None:
        """Remember (or, with None, forget) what ``scope`` was last synced with."""
        await self.db.write(_put, _commands_key(application_id, scope), digest, self.db.now())

    async def dev_guild(self, application_id: int) -> int | None:
        """The development guild that was last given the commands, if any."""
        value = await self.db.read(_get, f"commands.{application_id}.dev_guild")
        return None if value is None else int(value)

    async def set_dev_guild(self, application_id: int, guild_id: int | None) -> None:
        await self.db.write(_put, f"commands.{application_id}.dev_guild",
                            None if guild_id is None else str(guild_id), self.db.now())

    async def claim_identify(self, application_id: int, bucket: int, window: float) -> float:
        """Take the identify slot of ``bucket`` (Discord allows each bucket one IDENTIFY
        per ``window`` seconds, for every process of the bot): 0 if taken now, else the
        seconds to wait before asking again. Two processes cannot both take it (one
        write transaction reads and sets the slot's time)."""
        key = f"identify.{application_id}.{bucket}"

        def run(conn: Conn, now: float) -> float:
            last = _get(conn, key)
            if last is not None and now - float(last) < window:
                return float(last) + window - now
            _put(conn, key, repr(now), now)
            return 0.0
        return await self.db.write(run, self.db.now())
