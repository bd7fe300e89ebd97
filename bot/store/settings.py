"""Per-server settings and per-table overrides in SQL: each key is one JSON value.

What the values are and how they are checked is the settings domain's
(:mod:`bot.settings.models`); here they are read and written.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Literal

from bot.settings.models import Settings, known, merged, plain, validate

from .backend import Database
from .db import dumps, loads
from .errors import TableNotFound
from .rows import MAX_ROWID
from .sql import Conn, Row


def _stored(rows: Iterable[Row], *, table: bool = False) -> dict[str, Any]:
    """Stored values still known and valid (see :func:`bot.settings.models.known`)."""
    return known(((r["key"], loads(r["value"])) for r in rows), table=table)


def _guild(conn: Conn, guild_id: int) -> dict[str, Any]:
    return _stored(conn.execute("SELECT key, value FROM guild_settings WHERE guild_id = ?",
                                (guild_id,)))


def _table(conn: Conn, table_id: int) -> dict[str, Any]:
    rows = conn.execute("SELECT key, value FROM table_settings WHERE table_id = ?", (table_id,))
    return _stored(rows, table=True)


def _for_table(conn: Conn, table_id: int) -> Settings:
    """The table's settings in one statement (a turn reads them: on PostgreSQL, one round
    trip): its server's values, its own, and a row saying the table exists."""
    rows = conn.execute(
        "SELECT 'guild' AS owner, g.key, g.value FROM guild_settings g"
        " JOIN tables t ON t.guild_id = g.guild_id WHERE t.table_id = ?"
        " UNION ALL SELECT 'table', key, value FROM table_settings WHERE table_id = ?"
        " UNION ALL SELECT 'found', NULL, NULL FROM tables WHERE table_id = ?",
        (table_id,) * 3).fetchall() if 0 <= table_id <= MAX_ROWID else []
    if not any(r["owner"] == "found" for r in rows):
        raise TableNotFound(table_id)
    return merged(_stored(r for r in rows if r["owner"] == "guild"),
                  _stored((r for r in rows if r["owner"] == "table"), table=True))


def _forget(conn: Conn, owner: Literal["guild", "table"], owner_id: int,
            keys: list[str] | None) -> None:
    """Delete a server's or a table's own values (of ``keys``, or all)."""
    if keys is None:
        conn.execute(f"DELETE FROM {owner}_settings WHERE {owner}_id = ?", (owner_id,))
    else:
        conn.executemany(f"DELETE FROM {owner}_settings WHERE {owner}_id = ? AND key = ?",
                         [(owner_id, k) for k in keys])


def insert_table_settings(conn: Conn, table_id: int,
                          checked: Mapping[str, Any], now: float) -> None:
    """Store a table's overrides (checked by :func:`validate` with ``table=True``) in the
    caller's transaction."""
    conn.executemany(
        "INSERT INTO table_settings (table_id, key, value, updated_at)"
        " VALUES (?, ?, ?, ?) ON CONFLICT (table_id, key) DO UPDATE SET"
        " value = excluded.value, updated_at = excluded.updated_at",
        [(table_id, k, dumps(plain(v)), now) for k, v in checked.items()])


class SettingsStore:
    def __init__(self, db: Database) -> None:
        self._db = db

    async def for_guild(self, guild_id: int) -> Settings:
        """A server's settings (defaults where it set nothing)."""
        return Settings(**await self._db.read(_guild, guild_id))

    async def guild_overrides(self, guild_id: int) -> dict[str, Any]:
        """Only what the server set."""
        return await self._db.read(_guild, guild_id)

    async def set_guild(self, guild_id: int, values: Mapping[str, Any], *,
                        updated_by: int | None = None) -> Settings:
        checked = validate(values)
        now = self._db.now()

        def run(conn: Conn) -> Settings:
            conn.executemany(
                "INSERT INTO guild_settings (guild_id, key, value, updated_at, updated_by)"
                " VALUES (?, ?, ?, ?, ?) ON CONFLICT (guild_id, key) DO UPDATE SET"
                " value = excluded.value, updated_at = excluded.updated_at,"
                " updated_by = excluded.updated_by",
                [(guild_id, k, dumps(plain(v)), now, updated_by) for k, v in checked.items()])
            return Settings(**_guild(conn, guild_id))
        return await self._db.write(run)

    async def reset_guild(self, guild_id: int, keys: Iterable[str] | None = None) -> Settings:
        """Back to the defaults (the given keys, or all)."""
        names = None if keys is None else list(keys)

        def run(conn: Conn) -> Settings:
            _forget(conn, "guild", guild_id, names)
            return Settings(**_guild(conn, guild_id))
        return await self._db.write(run)

    async def for_table(self, table_id: int) -> Settings:
        """A table's settings: defaults, then its server's, then its own overrides."""
        return await self._db.read(_for_table, table_id)
