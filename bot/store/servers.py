"""Each server's name as the bot last saw it (the ``server_names`` table): the bot
records it when Discord tells it (a server joined, available again, renamed); the web
pages read it to title a server's pages. A server the bot never named has none."""

from __future__ import annotations

from .backend import Database
from .rows import MAX_ROWID
from .sql import Conn

#: the longest name kept (Discord's server names: 2 to 100 characters)
NAME_MAX = 100


def _id(n: int) -> bool:
    return 0 < n <= MAX_ROWID


class Servers:
    def __init__(self, db: Database) -> None:
        self._db = db

    async def record_name(self, guild_id: int, name: str) -> bool:
        """Keep ``name`` as the server's; True if it was not its name already (a
        server's unchanged name writes nothing)."""
        if not _id(guild_id) or not name:
            return False
        name = name[:NAME_MAX]
        now = self._db.now()

        def run(conn: Conn) -> bool:
            cur = conn.execute(
                "INSERT INTO server_names (guild_id, name, seen_at) VALUES (?, ?, ?)"
                " ON CONFLICT (guild_id) DO UPDATE SET name = excluded.name,"
                " seen_at = excluded.seen_at WHERE server_names.name <> excluded.name",
                (guild_id, name, now))
            return cur.rowcount == 1

        if await self.name(guild_id) == name:
            return False
        return await self._db.write(run)

    async def name(self, guild_id: int) -> str | None:
        """The server's name as last seen (None: never named)."""
        if not _id(guild_id):
            return None

        def run(conn: Conn) -> str | None:
            row = conn.execute("SELECT name FROM server_names WHERE guild_id = ?",
                               (guild_id,)).fetchone()
            return None if row is None else str(row["name"])

        return await self._db.read(run)
