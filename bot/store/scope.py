"""Which servers' work a bot process does, as SQL: the store's side of sharding.

A process that runs some of a bot's shards owns the servers those shards hold (Discord's
``(guild_id >> 22) % shard_count``, see :class:`bot.connection.shards.ShardScope`);
:meth:`bot.store.Store.limit_to` makes the store list only those servers' open tables,
due deadlines and owed display work, so each process picks up exactly its own at start
and fires exactly its own timers.
"""

from __future__ import annotations

from bot.connection.shards import ShardScope


def where(scope: ShardScope, column: str) -> str:
    """An SQL condition on a guild id column (the numbers are ours, not input)."""
    ids = ", ".join(str(int(s)) for s in sorted(scope.shard_ids))
    return f"(({column} >> 22) % {int(scope.shard_count)}) IN ({ids})"


def and_ours(scope: ShardScope | None, column: str, *, tables: bool = False) -> str:
    """`` AND`` the scope's condition on ``column`` (a guild id, or with ``tables`` a
    table id: its table's server), or nothing without a scope."""
    if scope is None:
        return ""
    if tables:
        return (f" AND {column} IN (SELECT table_id FROM tables"
                f" WHERE {where(scope, 'guild_id')})")
    return f" AND {where(scope, column)}"
