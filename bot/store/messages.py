"""Ids of each table's public messages (table message, turn ping, result, ...).

A message is *current* until retired. A retired message the display must delete on
Discord (an old ping, a table message posted anew) is *owed* until it is gone
(:meth:`Messages.gone`), so a deletion Discord refused is done later, also after a
restart. ``created_at`` lets the display re-post a table message older than an hour
instead of editing it (Discord limits such edits).
"""

from __future__ import annotations

from bot.connection.shards import ShardScope

from .backend import Database
from .errors import StoreError
from .models import MessageRef, PostedMessage
from .rows import fetch_table, row_or_none
from .scope import and_ours
from .sql import Conn, Row


def message_row(r: Row) -> MessageRef:
    return MessageRef(message_id=r["message_id"], table_id=r["table_id"], kind=r["kind"],
                      channel_id=r["channel_id"], created_at=r["created_at"],
                      retired_at=r["retired_at"])


def _current(conn: Conn, table_id: int, kind: str | None) -> list[MessageRef]:
    if kind is None:
        rows = conn.execute("SELECT * FROM messages WHERE table_id = ? AND retired_at IS NULL"
                            " ORDER BY created_at, message_id", (table_id,))
    else:
        rows = conn.execute("SELECT * FROM messages WHERE table_id = ? AND kind = ?"
                            " AND retired_at IS NULL ORDER BY created_at, message_id",
                            (table_id, kind))
    return [message_row(r) for r in rows]


class Messages:
    def __init__(self, db: Database) -> None:
        self._db = db
        #: the servers whose work this process does (None: all; see Store.limit_to)
        self.scope: ShardScope | None = None

    async def record(self, table_id: int, kind: str, channel_id: int, message_id: int, *,
                     replace: bool = True, deal_id: int | None = None) -> PostedMessage:
        """Record a posted message; with ``replace`` the current ones of that kind are
        retired (owed: to delete) and returned, so the caller can delete them.
        ``deal_id``: the settled deal whose result the message shows (it is shown now)."""
        now = self._db.now()

        def run(conn: Conn) -> PostedMessage:
            fetch_table(conn, table_id)
            r = conn.execute("SELECT * FROM messages WHERE message_id = ?",
                             (message_id,)).fetchone()
            if r is not None:  # recorded before: idempotent for the same table and kind
                known = message_row(r)
                if (known.table_id, known.kind) != (table_id, kind):
                    raise StoreError(f"message {message_id} belongs to another table or kind")
                return PostedMessage(known, ())
            old = _current(conn, table_id, kind) if replace else []
            conn.executemany("UPDATE messages SET retired_at = ? WHERE message_id = ?",
                             [(now, m.message_id) for m in old])
            conn.execute("INSERT INTO messages (message_id, table_id, kind, channel_id,"
                         " created_at) VALUES (?, ?, ?, ?, ?)",
                         (message_id, table_id, kind, channel_id, now))
            if deal_id is not None:
                conn.execute("UPDATE deals SET shown_at = ? WHERE deal_id = ?"
                             " AND table_id = ?", (now, deal_id, table_id))
            retired = tuple(MessageRef(m.message_id, m.table_id, m.kind, m.channel_id,
                                       m.created_at, now) for m in old)
            return PostedMessage(MessageRef(message_id, table_id, kind, channel_id, now, None),
                                 retired)

        return await self._db.write(run)

    async def current(self, table_id: int, kind: str | None = None) -> list[MessageRef]:
        """The table's current messages (of one kind, or all), oldest first."""
        return await self._db.read(_current, table_id, kind)

    async def get(self, message_id: int) -> MessageRef | None:
        return await self._db.read(row_or_none, message_row,
                                   "SELECT * FROM messages WHERE message_id = ?", message_id)

    async def retire(self, message_id: int) -> bool:
        """Retire one message (deleted, or replaced by hand); False if it was not current."""
        now = self._db.now()

        def run(conn: Conn) -> bool:
            return conn.execute("UPDATE messages SET retired_at = ? WHERE message_id = ?"
                                " AND retired_at IS NULL", (now, message_id)).rowcount == 1
        return await self._db.write(run)

    async def gone(self, message_ids: list[int]) -> None:
        """These retired messages are no longer on Discord (deleted, or never to be): owed
        no more."""
        now = self._db.now()

        def run(conn: Conn) -> None:
            conn.executemany("UPDATE messages SET retired_at = COALESCE(retired_at, ?),"
                             " gone_at = ? WHERE message_id = ?",
                             [(now, now, m) for m in message_ids])
        await self._db.write(run)

    async def owed(self, table_id: int | None = None) -> list[MessageRef]:
        """Retired messages still to delete on Discord (of one table, or all)."""
        def run(conn: Conn) -> list[MessageRef]:
            where = "" if table_id is None else " AND table_id = ?"
            args = () if table_id is None else (table_id,)
            return [message_row(r) for r in conn.execute(
                "SELECT * FROM messages WHERE retired_at IS NOT NULL AND gone_at IS NULL"
                f"{where}{and_ours(self.scope, 'table_id', tables=True)}"
                " ORDER BY table_id, message_id", args)]
        return await self._db.read(run)

    async def unfinished_closings(self) -> list[int]:
        """Tables closed or cancelled whose table message or ping is still current: the
        display had not finished closing them."""
        def run(conn: Conn) -> list[int]:
            return [r[0] for r in conn.execute(
                "SELECT DISTINCT m.table_id FROM messages m JOIN tables t USING (table_id)"
                " WHERE m.retired_at IS NULL AND m.kind IN ('table', 'turn_ping')"
                " AND t.status IN ('closed', 'cancelled')"
                f"{and_ours(self.scope, 't.guild_id')} ORDER BY m.table_id")]
        return await self._db.read(run)
