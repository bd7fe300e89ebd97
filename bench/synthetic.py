"""Synthetic standings data for benchmarks: many servers, settled deals, ledger rows.

Not part of the bot: it writes the store's tables directly, as no feature does.
``python -m bot bench store`` (or a test) fills a throw-away database with
:func:`fill_synthetic`, then times the standings queries. Rows are consistent (each
deal's rows sum to zero, the pot's included) but the deals have no real records, so
do not run check-ledger's replay on such a database. ``bulk=True`` writes everything
in one transaction and builds the standings summaries afterwards in bulk
(:mod:`bot.store.bulk`): the same rows, several times faster.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from bot.engine import rules_of
from bot.store import Store, StoreError
from bot.store.bulk import summaries_rebuilt_after
from bot.store.db import dumps
from bot.store.ledger import INSERT_LEDGER
from bot.store.sql import Conn, resync_keys

CONTRACTS = {
    "zuger": ("tapp", "solo", "super", "vice"),
    "tapp1879": ("hold", "coeurfrage", "solo", "coeursolo"),
    "dapp": ("ramsch", "rufer", "bettel", "durch", "solo"),
    "wuerttemberg": ("ramsch", "rufer", "solo", "bettel"),
}


@dataclass(frozen=True, slots=True)
class SyntheticData:
    big_guild_id: int
    guild_ids: tuple[int, ...]
    member_ids: tuple[int, ...]  # members of the big server
    deals: int
    ledger_rows: int
    first_at: float
    last_at: float


async def fill_synthetic(store: Store, *, ledger_rows: int = 1_000_000, guilds: int = 100,
                         big_guild_deals: int = 10_000, members: int = 60,
                         start: float = 1_700_000_000.0, spacing: float = 900.0,
                         seed: int = 1, batch: int = 20_000,
                         bulk: bool = False) -> SyntheticData:
    """Fill about ``ledger_rows`` rows: guild 1 gets ``big_guild_deals`` deals of four
    seats (``members`` members, some computer seats), the other guilds the rest.

    ``bulk``: one transaction, summaries built at the end instead of by the triggers."""
    rng = random.Random(seed)
    guild_ids = tuple(range(1, guilds + 1))
    member_ids = tuple(range(1000, 1000 + members))
    state: dict[str, Any] = {"deal": 0, "rows": 0, "t": start, "written": 0}
    numbers = dict.fromkeys(guild_ids, 0)  # next deal number per table (one per guild)

    def plan() -> list[tuple[int, float, str, str, list[tuple[Any, ...]]]]:
        """One batch of deals: (guild, time, variant, contract, ledger values)."""
        out: list[tuple[int, float, str, str, list[tuple[Any, ...]]]] = []
        planned = 0
        while state["rows"] < ledger_rows and planned < batch:
            n = state["deal"]
            big = n < big_guild_deals
            guild = 1 if big else guild_ids[1 + n % (guilds - 1)]
            users = member_ids if big else range(guild * 10_000, guild * 10_000 + 80)
            at = start + n * spacing if big else start + (n - big_guild_deals) * 10.0
            variant = rng.choice(tuple(CONTRACTS))
            contract = rng.choice(CONTRACTS[variant])
            declarer = None if contract == "ramsch" else rng.randrange(4)
            amounts = [rng.randint(-12, 12) for _ in range(4)]
            pot = -sum(amounts) if rules_of(variant).keeps_pot else None
            if pot is None:
                amounts[3] -= sum(amounts)
            seated = rng.sample(list(users), 4)
            rows: list[tuple[Any, ...]] = []
            for seat in range(4):
                computer = rng.random() < 0.15
                won = None if seat != declarer else int(rng.random() < 0.6)
                rows.append(("deal", None, guild, guild, seat, None if computer else seated[seat],
                             int(computer), f"p{seat}", variant, contract, at, amounts[seat],
                             int(seat == declarer), won,
                             int(contract == "ramsch" and rng.random() < 0.1),
                             "normal" if computer else None))
            if pot is not None:
                rows.append(("deal", None, guild, guild, None, None, 0, None, variant,
                             contract, at, pot, 0, None, 0, None))
            out.append((guild, at, variant, contract, rows))
            state["deal"] += 1
            state["rows"] += len(rows)
            planned += len(rows)
            state["t"] = max(state["t"], at)
        return out

    def write(conn: Conn, deals: list[Any]) -> None:
        # deal ids are given (the database starts empty), so both tables take batches
        deal_values, ledger_values = [], []
        first = state["written"] + 1
        for deal_id, (guild, at, variant, _contract, rows) in enumerate(deals, first):
            deal_values.append((deal_id, guild, numbers[guild], guild, variant,
                                dumps({"variant": variant}), dumps({}), at, at))
            numbers[guild] += 1
            ledger_values += [(r[0], deal_id, *r[2:]) for r in rows]
        state["written"] += len(deals)
        conn.executemany(
            "INSERT INTO deals (deal_id, table_id, number, guild_id, variant, header, status,"
            " result, started_at, ended_at) VALUES (?, ?, ?, ?, ?, ?, 'settled', ?, ?, ?)",
            deal_values)
        conn.executemany(INSERT_LEDGER, ledger_values)
        resync_keys(conn)

    def write_all(conn: Conn) -> None:
        with summaries_rebuilt_after(conn):
            while state["rows"] < ledger_rows:
                write(conn, plan())

    def tables(conn: Conn) -> None:
        if conn.execute("SELECT 1 FROM tables LIMIT 1").fetchone():
            raise StoreError("fill_synthetic needs an empty database")
        conn.executemany(
            "INSERT INTO tables (table_id, guild_id, channel_id, host_id, variant, status,"
            " created_at) VALUES (?, ?, ?, 0, 'zuger', 'closed', ?)",
            [(g, g, g, start) for g in guild_ids])
        resync_keys(conn)

    await store.db.write(tables)
    if bulk:
        await store.db.write(write_all)
    while state["rows"] < ledger_rows:
        await store.db.write(write, plan())
    return SyntheticData(1, guild_ids, member_ids, state["deal"], state["rows"], start,
                         state["t"])


@dataclass(frozen=True, slots=True)
class BenchSubject:
    """What a benchmark asks about in a filled database: its busiest server."""

    ledger_rows: int
    guilds: int
    guild_id: int
    deals: int  # settled deals of that server
    member_rows: int  # its ledger rows of members (what its standings sum up)
    last_at: float  # its latest deal (periods are measured up to it)


async def bench_subject(store: Store) -> BenchSubject | None:
    """The server with the most settled deals (None for an empty database)."""
    def run(conn: Conn) -> BenchSubject | None:
        rows = conn.execute("SELECT count(*) FROM ledger").fetchone()[0]
        if not rows:
            return None
        guilds = conn.execute("SELECT count(DISTINCT guild_id) FROM tables").fetchone()[0]
        guild, deals = conn.execute(
            "SELECT guild_id, count(*) AS n FROM deals WHERE status = 'settled'"
            " GROUP BY guild_id ORDER BY n DESC, guild_id LIMIT 1").fetchone()
        last = conn.execute("SELECT max(ended_at) FROM deals WHERE guild_id = ?"
                            " AND status = 'settled'", (guild,)).fetchone()[0]
        return BenchSubject(rows, guilds, guild, deals, count_member_rows(conn, guild), last)
    return await store.db.read(run)


def count_member_rows(conn: Conn, guild_id: int) -> int:
    """A server's ledger rows of members, counted from the covering index."""
    return int(conn.execute(
        "SELECT count(*) FROM ledger WHERE guild_id = ? AND kind = 'deal'"
        " AND user_id IS NOT NULL", (guild_id,)).fetchone()[0])


def count_ledger(conn: Conn) -> int:
    """Every ledger row: the floor a query over the whole ledger cannot beat."""
    return int(conn.execute("SELECT count(*) FROM ledger").fetchone()[0])
