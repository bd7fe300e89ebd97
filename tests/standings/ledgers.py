"""A hand-made ledger with known standings, around "now" = Wednesday 2024-05-15 12:00 UTC.

Server 1, zuger unless noted; seats as (member, chips), cpu a computer player:

    A  2024-05-15 09:00     11:+3   12:-1   13:-1   cpu:-1    (11 declares a solo, wins)
    B  2024-05-09 00:00:00  11:-2   12:+4   13:-1   14:-1     (first second of the 7 days)
    C  2024-05-08 23:59:59  11:+5   12:-5   13: 0   14: 0     (just before the 7 days)
    D  2024-04-16 00:00:00  dapp Ramsch: 13:+6  14:-2 (no trick)  12:-2  cpu:-2
                                                              (first second of the 30 days)
    E  2024-04-15 23:59:59  14:+10  11:-10  12: 0   13: 0     (just before the 30 days)
    G  2024-04-22 10:00     12:+3   13:-3   cpu: 0  14: 0     (a whole week inside the 30)
    H  2024-05-12 18:00     14:+2   cpu:-2  11: 0   12: 0     (a Sunday)

Server 2: F today, 11:+50 12:-50 13:0 cpu:0.

Known boards (rank, member, net); ties share a rank, more deals first:
    7 days:   (1, 12, 3) (2, 11, 1) (2, 14, 1) (4, 13, -2)
    30 days:  (1, 11, 6) (2, 13, 1) (3, 12, -1) (3, 14, -1)
    all time: (1, 14, 9) (2, 13, 1) (3, 12, -1) (4, 11, -4)
"""

from __future__ import annotations

from bot.store import Store
from tests.store.helpers import Seat, book, utc

NOW = utc(2024, 5, 15, 12)
CPU = None
BOARD_7D = [(1, 12, 3), (2, 11, 1), (2, 14, 1), (4, 13, -2)]
BOARD_30D = [(1, 11, 6), (2, 13, 1), (3, 12, -1), (3, 14, -1)]
BOARD_ALL = [(1, 14, 9), (2, 13, 1), (3, 12, -1), (4, 11, -4)]


async def fill(store: Store) -> dict[str, int]:
    """Book the deals above; returns their ids by letter."""
    ids = {}
    ids["A"] = await book(store, guild_id=1, variant="zuger", at=utc(2024, 5, 15, 9),
                          contract="solo", declarer=0, won=True,
                          seats=[Seat(11, 3), Seat(12, -1), Seat(13, -1), Seat(CPU, -1)])
    ids["B"] = await book(store, guild_id=1, variant="zuger", at=utc(2024, 5, 9),
                          contract="tapp", declarer=1, won=True,
                          seats=[Seat(11, -2), Seat(12, 4), Seat(13, -1), Seat(14, -1)])
    ids["C"] = await book(store, guild_id=1, variant="zuger", at=utc(2024, 5, 8, 23, 59, 59),
                          contract="solo", declarer=0, won=True,
                          seats=[Seat(11, 5), Seat(12, -5), Seat(13, 0), Seat(14, 0)])
    ids["D"] = await book(store, guild_id=1, variant="dapp", at=utc(2024, 4, 16),
                          contract="ramsch",
                          seats=[Seat(13, 6), Seat(14, -2, 0), Seat(12, -2), Seat(CPU, -2)])
    ids["E"] = await book(store, guild_id=1, variant="zuger", at=utc(2024, 4, 15, 23, 59, 59),
                          contract="super", declarer=0, won=True,
                          seats=[Seat(14, 10), Seat(11, -10), Seat(12, 0), Seat(13, 0)])
    ids["G"] = await book(store, guild_id=1, variant="zuger", at=utc(2024, 4, 22, 10),
                          contract="solo", declarer=1, won=False,
                          seats=[Seat(12, 3), Seat(13, -3), Seat(CPU, 0), Seat(14, 0)])
    ids["H"] = await book(store, guild_id=1, variant="zuger", at=utc(2024, 5, 12, 18),
                          contract="solo", declarer=0, won=True,
                          seats=[Seat(14, 2), Seat(CPU, -2), Seat(11, 0), Seat(12, 0)])
    ids["F"] = await book(store, guild_id=2, variant="zuger", at=utc(2024, 5, 15, 8),
                          seats=[Seat(11, 50), Seat(12, -50), Seat(13, 0), Seat(CPU, 0)])
    return ids
