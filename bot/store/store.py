"""The store facade: one object the bot opens at start-up and passes around."""

from __future__ import annotations

import time
from pathlib import Path
from types import TracebackType

from bot.connection.shards import ShardScope

from .backend import Database, open_database
from .claims import Claims
from .daily import DailyStore
from .db import DEFAULT_PATH, Clock
from .deadlines import Deadlines
from .deals import Deals
from .leagues import LeagueStore
from .ledger import Ledger
from .member_times import MemberTimes
from .messages import Messages
from .meta import Meta
from .people import People
from .ratings import Ratings
from .series import SeriesStore
from .servers import Servers
from .settings import SettingsStore
from .sql import Conn
from .standings import Standings
from .tables import Tables


class Store:
    """All persistence, grouped by concern::

        store = await Store.open("data/tapp.sqlite3")
        table = await store.tables.create(guild_id=..., channel_id=..., host_id=..., ...)
        await store.deals.append_action(deal_id, ply, seat, action)
        board = await store.standings.leaderboard(guild_id, period="month")
        await store.close()
    """

    def __init__(self, db: Database) -> None:
        self.db = db
        self.tables = Tables(db)
        self.deals = Deals(db)
        self.ledger = Ledger(db)
        self.standings = Standings(db)
        self.settings = SettingsStore(db)
        self.deadlines = Deadlines(db)
        self.messages = Messages(db)
        self.claims = Claims(db)
        self.meta = Meta(db)
        self.daily = DailyStore(db)
        self.members = MemberTimes(db)
        self.ratings = Ratings(db)
        self.people = People(db)
        self.series = SeriesStore(db)
        self.leagues = LeagueStore(db)
        self.servers = Servers(db)

    @classmethod
    async def open(cls, path: str | Path = DEFAULT_PATH, *, clock: Clock = time.time,
                   busy_timeout: float = 5.0, read_only: bool = False) -> Store:
        """Open the database, migrating it to the latest schema: an SQLite file (or
        ``":memory:"`` for tests) or a ``postgresql://`` URL.

        ``clock`` gives every timestamp (Unix seconds); ``busy_timeout`` is how long a
        write waits for another connection's lock before :class:`StoreUnavailable`.
        ``read_only`` (the web process): an existing database the bot has brought to
        this version's schema, read and never written (a write raises a store error).
        """
        store = cls(await open_database(path, clock=clock, busy_timeout=busy_timeout,
                                        read_only=read_only))
        if read_only:
            return store
        try:
            await store.ratings.rebuild_if_marked()  # deals settled before ratings existed
        except BaseException:
            await store.close()
            raise
        return store

    def limit_to(self, scope: ShardScope | None) -> None:
        """List only the work of ``scope``'s servers (None: every server's): the open
        tables to resume, the deadlines to fire, the results and closings owed, the
        messages owed deleting. Everything else (a table asked for by id, standings)
        is unaffected: a process hears only its own servers' interactions."""
        for part in (self.tables, self.deals, self.messages, self.deadlines):
            part.scope = scope

    @property
    def schema_version(self) -> int:
        return self.db.schema_version

    async def ping(self) -> None:
        """Ask the database a trivial query (raises :class:`StoreError` if it cannot)."""
        await self.db.read(_select_one)

    async def close(self) -> None:
        await self.db.close()

    async def __aenter__(self) -> Store:
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                        tb: TracebackType | None) -> None:
        await self.close()


def _select_one(conn: Conn) -> None:
    conn.execute("SELECT 1").fetchone()
