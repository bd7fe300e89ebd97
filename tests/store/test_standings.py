"""Leaderboard, stats and history over hand-made ledgers with known answers.

Server 1 (times UTC; "today" is Wednesday 2024-05-15), seats as (member, chips):

    D1 2024-05-15 10:00  zuger solo, 11 declares and wins  11:+6  12:-2  13:-2  14:-2
    D2 2024-05-14 10:00  zuger tapp, 12 declares and loses 11:+1  12:-3  13:+1  cpu:+1
    D3 2024-05-06 10:00  dapp Ramsch, 12 wins no trick     11:-4  12:+2  13:+1  14:+1
    D4 2024-04-30 23:59:59  wuerttemberg solo, 13 wins     11:-1  12:-1  13:+3  cpu:-1
    D5 2023-12-31 12:00  zuger super, 14 declares: a draw  11:+2  12:+1  13:+3  14:-6
    D6 2024-05-15 00:00  tapp1879 coeursolo, 14 loses      14:-6  11:+2  cpu:+2  pot:+2

Server 2: D7 today, zuger: 11:+100  12:-100  13:0  cpu:0.
"""

from __future__ import annotations

import pytest

from bot.store import (
    ChipPoint,
    ContractRecord,
    DealAmount,
    LedgerKind,
    Period,
    Standing,
    Store,
)
from bot.store.standings import period_bounds

from .helpers import START, FakeClock, Seat, book, new_game, play_deal, utc

CPU = None


@pytest.fixture
async def deals(store: Store) -> dict[str, int]:
    ids = {}
    ids["D1"] = await book(store, guild_id=1, variant="zuger", at=utc(2024, 5, 15, 10),
                           contract="solo", declarer=0, won=True,
                           seats=[Seat(11, 6), Seat(12, -2), Seat(13, -2), Seat(14, -2)])
    ids["D2"] = await book(store, guild_id=1, variant="zuger", at=utc(2024, 5, 14, 10),
                           contract="tapp", declarer=1, won=False,
                           seats=[Seat(11, 1), Seat(12, -3), Seat(13, 1), Seat(CPU, 1)])
    ids["D3"] = await book(store, guild_id=1, variant="dapp", at=utc(2024, 5, 6, 10),
                           contract="ramsch",
                           seats=[Seat(11, -4, 2), Seat(12, 2, 0), Seat(13, 1), Seat(14, 1)])
    ids["D4"] = await book(store, guild_id=1, variant="wuerttemberg",
                           at=utc(2024, 4, 30, 23, 59, 59), contract="solo", declarer=2,
                           won=True,
                           seats=[Seat(11, -1), Seat(12, -1), Seat(13, 3), Seat(CPU, -1)])
    ids["D5"] = await book(store, guild_id=1, variant="zuger", at=utc(2023, 12, 31, 12),
                           contract="super", declarer=3, won=None,
                           seats=[Seat(11, 2), Seat(12, 1), Seat(13, 3), Seat(14, -6)])
    ids["D6"] = await book(store, guild_id=1, variant="tapp1879", at=utc(2024, 5, 15),
                           contract="coeursolo", declarer=0, won=False, pot_change=2,
                           seats=[Seat(14, -6), Seat(11, 2), Seat(CPU, 2)])
    ids["D7"] = await book(store, guild_id=2, variant="zuger", at=START,
                           seats=[Seat(11, 100), Seat(12, -100), Seat(13, 0), Seat(CPU, 0)])
    return ids


def lines(board_rows: tuple[Standing, ...]) -> list[tuple[int, int, int]]:
    """(rank, member, net) per line."""
    return [(s.rank, s.user_id, s.net) for s in board_rows]


async def test_all_time_ranks_members_by_net_chips_with_ties(store: Store,
                                                            deals: dict[str, int]) -> None:
    board = await store.standings.leaderboard(1)
    assert lines(board.rows) == [(1, 11, 6), (1, 13, 6), (3, 12, -3), (4, 14, -13)]
    assert [s.position for s in board.rows] == [1, 2, 3, 4]  # a tie: more deals first
    assert [s.deals for s in board.rows] == [6, 5, 5, 4]
    assert board.players == 4 and board.since is None and board.until is None
    assert board.me is None
    anna = board.rows[0]
    assert (anna.declarer_games, anna.declarer_won, anna.declarer_lost) == (1, 1, 0)
    dora = board.rows[3]
    assert (dora.declarer_games, dora.declarer_won, dora.declarer_lost) == (2, 0, 1)


async def test_computer_players_and_the_pot_are_never_ranked(store: Store,
                                                            deals: dict[str, int]) -> None:
    board = await store.standings.leaderboard(1, limit=100)
    assert None not in [s.user_id for s in board.rows]
    tapp = await store.standings.leaderboard(1, variant="tapp1879")
    assert lines(tapp.rows) == [(1, 11, 2), (2, 14, -6)]  # the computer won 2, the pot 2


async def test_the_callers_own_line_comes_with_any_page(store: Store,
                                                        deals: dict[str, int]) -> None:
    top = await store.standings.leaderboard(1, limit=2, user_id=14)
    assert lines(top.rows) == [(1, 11, 6), (1, 13, 6)]
    assert top.me is not None and (top.me.rank, top.me.position, top.me.net) == (4, 4, -13)
    page = await store.standings.leaderboard(1, limit=2, offset=2, user_id=11)
    assert lines(page.rows) == [(3, 12, -3), (4, 14, -13)]
    assert page.me is not None and page.me.rank == 1
    stranger = await store.standings.leaderboard(1, user_id=99)
    assert stranger.me is None


async def test_only_that_servers_tables_count(store: Store, deals: dict[str, int]) -> None:
    board = await store.standings.leaderboard(2)
    assert lines(board.rows) == [(1, 11, 100), (2, 13, 0), (3, 12, -100)]
    assert (await store.standings.leaderboard(3)).players == 0


async def test_a_variant_narrows_the_board(store: Store, deals: dict[str, int]) -> None:
    board = await store.standings.leaderboard(1, variant="zuger")
    assert lines(board.rows) == [(1, 11, 9), (2, 13, 2), (3, 12, -4), (4, 14, -8)]
    assert [s.deals for s in board.rows] == [3, 3, 3, 2]


@pytest.mark.parametrize(("period", "expected"), [
    (Period.DAY, [(1, 11, 8), (2, 12, -2), (2, 13, -2), (4, 14, -8)]),
    (Period.WEEK, [(1, 11, 9), (2, 13, -1), (3, 12, -5), (4, 14, -8)]),
    (Period.MONTH, [(1, 11, 5), (2, 13, 0), (3, 12, -3), (4, 14, -7)]),
    (Period.YEAR, [(1, 11, 4), (2, 13, 3), (3, 12, -4), (4, 14, -7)]),
    (Period.ALL, [(1, 11, 6), (1, 13, 6), (3, 12, -3), (4, 14, -13)]),
])
async def test_periods_are_utc_calendar_periods(store: Store, deals: dict[str, int],
                                                clock: FakeClock, period: Period,
                                                expected: list[tuple[int, int, int]]) -> None:
    assert clock() == START
    board = await store.standings.leaderboard(1, period=period)
    assert lines(board.rows) == expected
    assert board == await store.standings.leaderboard(1, period=period.value, at=START)


async def test_a_past_period_can_be_asked_for(store: Store, deals: dict[str, int]) -> None:
    board = await store.standings.leaderboard(1, period=Period.MONTH, at=utc(2024, 4, 2))
    assert lines(board.rows) == [(1, 13, 3), (2, 11, -1), (2, 12, -1)]
    assert (board.since, board.until) == (utc(2024, 4, 1), utc(2024, 5, 1))
    empty = await store.standings.leaderboard(1, period=Period.DAY, at=utc(2024, 5, 16))
    assert empty.rows == () and empty.players == 0


def test_period_bounds() -> None:
    wed = utc(2024, 5, 15, 18, 30)
    assert period_bounds(Period.DAY, wed) == ("day", utc(2024, 5, 15), utc(2024, 5, 16))
    assert period_bounds(Period.WEEK, wed) == ("day", utc(2024, 5, 13), utc(2024, 5, 20))
    assert period_bounds(Period.MONTH, wed) == ("month", utc(2024, 5, 1), utc(2024, 6, 1))
    assert period_bounds(Period.MONTH, utc(2024, 12, 31, 23)) == (
        "month", utc(2024, 12, 1), utc(2025, 1, 1))
    assert period_bounds(Period.YEAR, wed) == ("month", utc(2024, 1, 1), utc(2025, 1, 1))
    assert period_bounds(Period.ALL, wed) == ("all", 0, 1)


async def test_stats_of_a_member(store: Store, deals: dict[str, int]) -> None:
    dora = await store.standings.stats(1, 14)
    assert (dora.net, dora.deals) == (-13, 4)
    assert (dora.declarer_games, dora.declarer_won, dora.declarer_lost) == (2, 0, 1)
    assert dora.contracts == (ContractRecord("tapp1879", "coeursolo", 1, 0, 1, -6),
                              ContractRecord("zuger", "super", 1, 0, 0, -6))
    assert dora.best == DealAmount(deals["D3"], 1)
    assert dora.worst == DealAmount(deals["D5"], -6)  # D6 too: the earlier deal is shown
    assert (dora.ramsch_deals, dora.jungfrau) == (1, 0)
    assert dora.history == (ChipPoint(utc(2023, 12, 31), -6, -6),
                            ChipPoint(utc(2024, 5, 6), 1, -5),
                            ChipPoint(utc(2024, 5, 15), -8, -13))


async def test_stats_count_jungfrau_and_filter_by_variant(store: Store,
                                                          deals: dict[str, int]) -> None:
    beat = await store.standings.stats(1, 12)
    assert (beat.ramsch_deals, beat.jungfrau) == (1, 1)
    assert beat.contracts == (ContractRecord("zuger", "tapp", 1, 0, 1, -3),)
    anna = await store.standings.stats(1, 11, variant="zuger")
    assert (anna.net, anna.deals, anna.declarer_won, anna.variant) == (9, 3, 1, "zuger")
    assert anna.best == DealAmount(deals["D1"], 6) and anna.worst == DealAmount(deals["D2"], 1)
    assert [p.day for p in anna.history] == [utc(2023, 12, 31), utc(2024, 5, 14),
                                             utc(2024, 5, 15)]
    anna2 = await store.standings.stats(2, 11)
    assert (anna2.net, anna2.deals) == (100, 1)


async def test_stats_of_someone_who_never_played(store: Store, deals: dict[str, int]) -> None:
    nobody = await store.standings.stats(1, 99)
    assert (nobody.net, nobody.deals, nobody.best, nobody.worst) == (0, 0, None, None)
    assert nobody.contracts == () and nobody.history == ()


async def test_history_of_a_member_newest_first(store: Store, deals: dict[str, int]) -> None:
    recent = await store.standings.history(1, user_id=14, limit=2)
    assert [h.deal.deal_id for h in recent] == [deals["D1"], deals["D6"]]
    older = await store.standings.history(1, user_id=14, limit=2, offset=2)
    assert [h.deal.deal_id for h in older] == [deals["D3"], deals["D5"]]
    first = recent[0]
    mine = first.row_of(14)
    assert mine is not None and (mine.seat, mine.amount) == (3, -2)
    assert [r.amount for r in first.ledger] == [6, -2, -2, -2]
    assert first.record == {"variant": "zuger", "actions": []}
    zuger = await store.standings.history(1, user_id=14, variant="zuger")
    assert [h.deal.deal_id for h in zuger] == [deals["D1"], deals["D5"]]
    assert await store.standings.history(2, user_id=14) == []


async def test_history_of_a_server(store: Store, deals: dict[str, int]) -> None:
    server = await store.standings.history(1, limit=10)
    assert [h.deal.deal_id for h in server] == [
        deals[k] for k in ("D1", "D6", "D2", "D3", "D4", "D5")]
    pot = [r for r in server[1].ledger if r.is_pot]
    assert len(pot) == 1 and pot[0].amount == 2
    dapp = await store.standings.history(1, variant="dapp")
    assert [h.deal.deal_id for h in dapp] == [deals["D3"]]


async def test_standings_follow_real_deals_and_pot_shares(store: Store) -> None:
    game = await new_game(store, "tapp1879", users=[11, None, 13], seed=11)
    for _ in range(3):
        await play_deal(store, game)
    game.session.request_end()
    await store.tables.close(game.table.table_id, game.session)
    rows = await store.ledger.for_table(game.table.table_id)
    assert any(r.kind is LedgerKind.POT_SHARE for r in rows)
    board = await store.standings.leaderboard(1)
    for standing in board.rows:
        mine = [r for r in rows if r.user_id == standing.user_id]
        assert standing.net == sum(r.amount for r in mine)  # pot shares count as chips
        assert standing.deals == sum(r.kind is LedgerKind.DEAL for r in mine) == 3
    assert {s.user_id for s in board.rows} == {11, 13}
    for user in (11, 13):  # the session's chips are exactly the ledger's net
        seat = [11, None, 13].index(user)
        net = next(s.net for s in board.rows if s.user_id == user)
        assert net == game.session.chips[seat]
    assert await store.ledger.standings_drift() == []
