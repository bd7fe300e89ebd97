"""Copying a whole database to another backend, row for row, and proving the copy.

:func:`copy_database` writes every row of the source into an empty target in one
write transaction of the target (all or nothing), reading the source page by page;
the standings summaries are copied as they are, not rebuilt. :func:`compare` then
reads both again, table by table, page by page, and names every table whose rows
differ.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

from .bulk import summaries_rebuilt_after
from .errors import StoreError
from .sql import Conn, dialect, resync_keys
from .store import Store

#: every table of the schema, parents first, with the columns that order its rows
TABLES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("tables", ("table_id",)),
    ("seats", ("table_id", "seat")),
    ("table_settings", ("table_id", "key")),
    ("guild_settings", ("guild_id", "key")),
    ("deals", ("deal_id",)),
    ("actions", ("deal_id", "ply")),
    ("ledger", ("entry_id",)),
    ("standings", ("guild_id", "grain", "bucket", "variant", "user_id")),
    ("declarer_records", ("guild_id", "user_id", "variant", "contract")),
    ("messages", ("message_id",)),
    ("deadlines", ("deadline_id",)),
    ("claims", ("claim_id",)),
    ("meta", ("key",)),
    ("daily_deals", ("daily_id",)),
    ("daily_runs", ("run_id",)),
    ("daily_steps", ("run_id", "step")),
    ("member_times", ("guild_id", "user_id")),
    ("ratings", ("guild_id", "variant", "grain", "bucket", "player")),
    ("rating_history", ("deal_id", "player")),
    ("series", ("series_id",)),
    ("series_members", ("series_id", "user_id")),
    ("series_runs", ("run_id",)),
    ("series_steps", ("run_id", "step")),
    ("series_final", ("series_id", "user_id")),
    ("series_tables", ("table_id",)),
    ("leagues", ("league_id",)),
    ("league_members", ("league_id", "user_id")),
    ("league_seasons", ("league_id", "season")),
    ("league_divisions", ("league_id", "season", "division")),
)
#: the key columns that hold text (ordered byte by byte on both backends)
TEXT_KEYS = frozenset({"key", "grain", "variant", "contract", "player"})
PAGE = 5000

Page = tuple[tuple[str, ...], list[tuple[Any, ...]]]


class CopyRefused(StoreError):
    """The target is not empty, or the schema has a table this code does not know."""


def schema_tables(conn: Conn) -> set[str]:
    """The names of the store's tables in this database (its own bookkeeping left out)."""
    if dialect(conn) == "postgres":
        rows = conn.execute("SELECT table_name FROM information_schema.tables"
                            " WHERE table_schema = current_schema()"
                            " AND table_type = 'BASE TABLE'")
        return {r[0] for r in rows} - {"tapp_schema"}
    rows = conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'"
                        " AND name NOT LIKE 'sqlite_%'")
    return {r[0] for r in rows}


def row_counts(conn: Conn) -> dict[str, int]:
    """Rows per table; refuses a schema with a table missing from :data:`TABLES`."""
    unknown = schema_tables(conn) - {name for name, _ in TABLES}
    if unknown:
        raise CopyRefused(f"tables this copy does not know: {sorted(unknown)}")
    return {name: int(conn.execute(f"SELECT COUNT(*) FROM {name}").fetchone()[0])
            for name, _ in TABLES}


def page(conn: Conn, table: str, keys: tuple[str, ...], after: tuple[Any, ...] | None,
         limit: int = PAGE) -> Page:
    """``(columns, rows)``: up to ``limit`` rows of ``table`` after key ``after``."""
    if dialect(conn) == "postgres":  # text in byte order, as SQLite orders it
        keys = tuple(f'{k} COLLATE "C"' if k in TEXT_KEYS else k for k in keys)
    order = ", ".join(keys)
    where = "" if after is None else (
        f" WHERE ({order}) > ({', '.join('?' * len(keys))})")
    rows = conn.execute(f"SELECT * FROM {table}{where} ORDER BY {order} LIMIT ?",
                        (*(after or ()), limit)).fetchall()
    columns = tuple(rows[0].keys()) if rows else ()
    return columns, [tuple(r) for r in rows]


async def pages(store: Store, table: str, keys: tuple[str, ...]) -> Any:
    """Every row of ``table`` in key order, a page (one read) at a time."""
    after: tuple[Any, ...] | None = None
    while True:
        columns, rows = await store.db.read(page, table, keys, after)
        if not rows:
            return
        yield columns, rows
        after = tuple(rows[-1][columns.index(k)] for k in keys)


async def copy_database(source: Store, target: Store) -> dict[str, int]:
    """Copy every row of ``source`` into ``target``, which must hold none; returns the
    rows copied per table. One transaction of the target: on any error it holds none."""
    loop = asyncio.get_running_loop()
    await source.db.read(row_counts)  # the source's tables are all known

    def read_pages(table: str, keys: tuple[str, ...]) -> Iterator[Page]:
        # runs on the target's worker thread: each page is read on the caller's loop
        after: tuple[Any, ...] | None = None
        while True:
            columns, rows = asyncio.run_coroutine_threadsafe(
                source.db.read(page, table, keys, after), loop).result()
            if not rows:
                return
            yield columns, rows
            after = tuple(rows[-1][columns.index(k)] for k in keys)

    def run(conn: Conn) -> dict[str, int]:
        held = {name: n for name, n in row_counts(conn).items() if n}
        if held:
            raise CopyRefused(f"the target is not empty ({sum(held.values())} rows in"
                              f" {', '.join(sorted(held))}): copy only into an empty database")
        copied = dict.fromkeys((name for name, _ in TABLES), 0)
        with summaries_rebuilt_after(conn, rebuild=False):  # the summaries are copied too
            for table, keys in TABLES:
                for columns, rows in read_pages(table, keys):
                    marks = ", ".join("?" * len(columns))
                    conn.executemany(f"INSERT INTO {table} ({', '.join(columns)})"
                                     f" VALUES ({marks})", rows)
                    copied[table] += len(rows)
        resync_keys(conn)
        return copied

    return await target.db.write(run)


async def compare(a: Store, b: Store) -> list[str]:
    """The tables whose rows differ between ``a`` and ``b`` (row for row, in key
    order), each with the first difference; empty when they hold the same rows."""
    differences = []
    for table, keys in TABLES:
        left, right = pages(a, table, keys), pages(b, table, keys)
        seen = 0
        while True:
            x = await anext(left, None)
            y = await anext(right, None)
            if x is None and y is None:
                break
            if x is None or y is None or x[1] != y[1] or x[0] != y[0]:
                where = f"rows {seen + 1}-{seen + PAGE}"
                differences.append(f"{table}: {where} differ")
                break
            seen += len(x[1])
    return differences
