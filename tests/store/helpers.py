"""Helpers for the store tests: tables with real engine sessions, deals played through
the engine and logged action by action, and hand-made ledgers with chosen amounts."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from bot.engine import Action, Deal, DealResult, TrickView
from bot.engine.playout import play_out
from bot.engine.session import Session
from bot.store import DealRow, SeatRow, SettledDeal, Store, TableRow
from bot.store.ledger import INSERT_LEDGER, deal_ledger_values
from bot.store.ratings import rate_deal

START = datetime(2024, 5, 15, 12, 0, tzinfo=UTC).timestamp()  # a Wednesday


class FakeClock:
    def __init__(self, t: float) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t

    def advance(self, seconds: float) -> None:
        self.t += seconds


def utc(year: int, month: int, day: int, hour: int = 0, minute: int = 0,
        second: int = 0) -> float:
    return datetime(year, month, day, hour, minute, second, tzinfo=UTC).timestamp()


@dataclass
class Game:
    """A table being played: its row and the engine session kept beside the store."""

    table: TableRow
    session: Session
    rng: random.Random


async def new_game(store: Store, variant: str = "zuger", *, guild_id: int = 1,
                   channel_id: int = 100, users: Sequence[int | None] | None = None,
                   seed: int = 1, level: str = "normal", **options: Any) -> Game:
    """A started table; ``users[i]`` is seat i's member id (None: a computer of
    ``level``)."""
    rng = random.Random(seed)
    session = Session.new(variant, rng=rng, **options)
    seated = list(users) if users is not None else [10 + i for i in range(session.players)]
    table = await store.tables.create(guild_id=guild_id, channel_id=channel_id,
                                      host_id=seated[0] or 0, variant=variant,
                                      options=options)
    for seat, user in enumerate(seated):
        await store.tables.sit(table.table_id, seat, user_id=user,
                               display_name=f"Computer {seat}" if user is None else f"P{user}",
                               is_computer=user is None, level=level if user is None else None)
    table = await store.tables.start(table.table_id, session)
    return Game(table, session, rng)


def scripted_entries(deal: Deal, rng: random.Random) -> list[dict[str, Any]]:
    """The actions a random playout of ``deal`` would take (deal itself untouched)."""
    copy = deal.copy()
    play_out(copy, rng)
    return copy.to_record()["actions"][deal.ply:]


async def start_deal(store: Store, game: Game) -> tuple[DealRow, Deal]:
    deal = game.session.start_deal(game.rng)
    row = await store.deals.start(game.table.table_id, deal)
    return row, deal


async def log_actions(store: Store, row: DealRow, deal: Deal,
                      entries: Sequence[dict[str, Any]]) -> None:
    """Apply each entry with the engine and append it, as the table service will."""
    for entry in entries:
        seat, action = Action.from_record(entry)
        ply = deal.ply
        deal.apply(seat, action)
        await store.deals.append_action(row.deal_id, ply, seat, entry)


async def play_deal(store: Store, game: Game) -> SettledDeal:
    """Start, play out (logging every action) and settle one deal."""
    row, deal = await start_deal(store, game)
    await log_actions(store, row, deal, scripted_entries(deal, game.rng))
    game.session.finish_deal()
    return await store.deals.settle(row.deal_id, deal, game.session)


# -- hand-made ledgers ---------------------------------------------------------------
@dataclass(frozen=True)
class Seat:
    user_id: int | None  # None: a computer player
    amount: int
    tricks: int = 1  # tricks won (0 makes a Jungfrau in Ramsch)


async def book(store: Store, *, guild_id: int, variant: str, at: float, seats: Sequence[Seat],
               contract: str | None = "solo", declarer: int | None = None,
               won: bool | None = None, pot_change: int = 0) -> int:
    """Write one settled deal with chosen amounts through the store's own ledger code
    (``deal_ledger_values``: zero-sum check, denormalised fields); returns its id."""
    seat_rows = [SeatRow(0, i, s.user_id, f"S{i}", s.user_id is None, None, at)
                 for i, s in enumerate(seats)]
    tricks = tuple(TrickView(0, (), i) for i, s in enumerate(seats) for _ in range(s.tricks))
    result = DealResult(status="finished", contract=contract, declarer=declarer, trump=None,
                        multipliers=(), announcements=(), declarer_points=None,
                        points=(0,) * len(seats), tricks=tricks,
                        payments=tuple(s.amount for s in seats), pot=pot_change, won=won)

    def run(conn: Any) -> int:
        table_id = guild_id  # one table per server is enough here
        conn.execute("INSERT INTO tables (table_id, guild_id, channel_id, host_id,"
                     " variant, status, created_at) VALUES (?, ?, 0, 0, ?, 'closed', ?)"
                     " ON CONFLICT DO NOTHING",
                     (table_id, guild_id, variant, at))
        table = TableRow(table_id, guild_id, 0, None, 0, variant, {}, "closed",  # type: ignore[arg-type]
                         at, None, None)
        cur = conn.execute(
            "INSERT INTO deals (table_id, number, guild_id, variant, header, status, result,"
            " started_at, ended_at) VALUES (?, (SELECT COUNT(*) FROM deals WHERE table_id = ?),"
            " ?, ?, ?, 'settled', '{}', ?, ?)",
            (table_id, table_id, guild_id, variant, f'{{"variant":"{variant}"}}', at, at))
        values = deal_ledger_values(deal_id=cur.lastrowid, table=table, seats=seat_rows,
                                    header={"variant": variant, "pot": 0}, result=result,
                                    settled_at=at)
        conn.executemany(INSERT_LEDGER, values)
        rate_deal(conn, cur.lastrowid)  # as the settlement does
        return int(cur.lastrowid)

    return await store.db.write(run)
