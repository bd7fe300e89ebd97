"""Synthetic standings data for benchmarks: many servers, settled deals, ledger rows.

``python -m bot bench`` (or a test) fills a throw-away database with
:func:`fill_synthetic`, then times the standings queries. Rows are consistent (each
deal's rows sum to zero, the pot's included) but the deals have no real records, so
do not run check-ledger's replay on such a database.
"""

from __future__ import annotations

import random
import sqlite3
from dataclasses import dataclass
from typing import Any

from .db import dumps
from .errors import StoreError
from .ledger import INSERT_LEDGER, POT_VARIANTS
from .store import Store

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
                         seed: int = 1, batch: int = 20_000) -> SyntheticData:
    """Fill about ``ledger_rows`` rows: guild 1 gets ``big_guild_deals`` deals of four
    seats (``members`` members, some computer seats), the other guilds the rest."""
    rng = random.Random(seed)
    guild_ids = tuple(range(1, guilds + 1))
    member_ids = tuple(range(1000, 1000 + members))
    state: dict[str, Any] = {"deal": 0, "rows": 0, "t": start}
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
            pot = -sum(amounts) if variant in POT_VARIANTS else None
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
                             int(contract == "ramsch" and rng.random() < 0.1)))
            if pot is not None:
                rows.append(("deal", None, guild, guild, None, None, 0, None, variant,
                             contract, at, pot, 0, None, 0))
            out.append((guild, at, variant, contract, rows))
            state["deal"] += 1
            state["rows"] += len(rows)
            planned += len(rows)
            state["t"] = max(state["t"], at)
        return out

    def write(conn: sqlite3.Connection, deals: list[Any]) -> None:
        for guild, at, variant, _contract, rows in deals:
            cur = conn.execute(
                "INSERT INTO deals (table_id, number, guild_id, variant, header, status,"
                " result, started_at, ended_at) VALUES (?, ?, ?, ?, ?, 'settled', ?, ?, ?)",
                (guild, numbers[guild], guild, variant, dumps({"variant": variant}), dumps({}),
                 at, at))
            numbers[guild] += 1
            conn.executemany(INSERT_LEDGER, [(r[0], cur.lastrowid, *r[2:]) for r in rows])

    def tables(conn: sqlite3.Connection) -> None:
        if conn.execute("SELECT 1 FROM tables LIMIT 1").fetchone():
            raise StoreError("fill_synthetic needs an empty database")
        conn.executemany(
            "INSERT INTO tables (table_id, guild_id, channel_id, host_id, variant, status,"
            " created_at) VALUES (?, ?, ?, 0, 'zuger', 'closed', ?)",
            [(g, g, g, start) for g in guild_ids])

    await store.db.write(tables)
    while state["rows"] < ledger_rows:
        await store.db.write(write, plan())
    return SyntheticData(1, guild_ids, member_ids, state["deal"], state["rows"], start,
                         state["t"])
