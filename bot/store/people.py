"""Who the bot knows on a server, from what it stored there: the name each member last
played under, and whether someone is a member at all (the web's members-only pages).

The bot keeps no member list: a member is someone who has played on the server (a
settled deal's ledger row) or finished a deal of the day or a series deal there. Each
reads an index (``ledger_member_recent``, a partial index: its conditions are in the
queries, else SQLite builds a temporary one at every call; ``daily_runs_user``; the
server's series by ``series_guild``, then each one's runs by member through the key of
``series_runs``); a page asks for its few names in one statement.
"""

from __future__ import annotations

from collections.abc import Iterable

from .backend import Database
from .rows import MAX_ROWID
from .sql import Conn

#: the most names one call looks up (a page shows far fewer)
MAX_NAMES = 200

_NAMES = """
SELECT u.user_id, (SELECT l.display_name FROM ledger l
                   WHERE l.guild_id = :guild AND l.user_id = u.user_id AND l.kind = 'deal'
                     AND l.user_id IS NOT NULL
                   ORDER BY l.settled_at DESC, l.deal_id DESC LIMIT 1) AS name
FROM ({ids}) AS u
"""

_KNOWN = """
SELECT 1 WHERE EXISTS (SELECT 1 FROM ledger WHERE guild_id = :guild AND user_id = :user
                        AND kind = 'deal' AND user_id IS NOT NULL)
   OR EXISTS (SELECT 1 FROM daily_runs r JOIN daily_deals d ON d.daily_id = r.daily_id
              WHERE r.user_id = :user AND r.status = 'finished' AND d.guild_id = :guild)
   OR EXISTS (SELECT 1 FROM series s JOIN series_runs r ON r.series_id = s.series_id
              WHERE s.guild_id = :guild AND r.user_id = :user AND r.status = 'finished')
"""


def _id(n: int) -> bool:
    return 0 < n <= MAX_ROWID


class People:
    def __init__(self, db: Database) -> None:
        self._db = db

    async def names(self, guild_id: int, user_ids: Iterable[int]) -> dict[int, str]:
        """The name each member last played a deal under on the server (a member with no
        settled deal there is left out)."""
        ids = sorted({u for u in user_ids if _id(u)})[:MAX_NAMES]
        if not ids or not _id(guild_id):
            return {}
        params: dict[str, object] = {"guild": guild_id}
        params |= {f"u{i}": u for i, u in enumerate(ids)}
        rows = " UNION ALL ".join(f"SELECT CAST(:u{i} AS BIGINT) AS user_id"
                                  for i in range(len(ids)))
        sql = _NAMES.format(ids=rows)

        def run(conn: Conn) -> dict[int, str]:
            return {int(r["user_id"]): str(r["name"]) for r in conn.execute(sql, params)
                    if r["name"] is not None}

        return await self._db.read(run)

    async def knows(self, guild_id: int, user_id: int) -> bool:
        """Has ``user_id`` played on the server (a settled deal, a finished deal of the
        day or a finished series deal)? The bot's idea of its members."""
        if not (_id(guild_id) and _id(user_id)):
            return False
        params = {"guild": guild_id, "user": user_id}

        def run(conn: Conn) -> bool:
            return conn.execute(_KNOWN, params).fetchone() is not None

        return await self._db.read(run)
