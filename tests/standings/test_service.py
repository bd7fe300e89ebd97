"""The standings service over the hand-made ledger of ``ledgers.py`` (known answers), and
replays of deals played through the engine."""

from __future__ import annotations

import pytest

from bot.standings import (
    BoardKey,
    DealNotOver,
    HistoryKey,
    NoSuchDeal,
    StandingsService,
)
from bot.store import ContractRecord, DealAmount, Period, Store
from tests.store.helpers import new_game, play_deal, start_deal

from .ledgers import BOARD_7D, BOARD_30D, BOARD_ALL


def lines(page: object) -> list[tuple[int, int, int]]:
    return [(s.rank, s.user_id, s.net) for s in page.rows]  # type: ignore[attr-defined]


@pytest.fixture
def service(store: Store) -> StandingsService:
    return StandingsService(store, page_size=2)


@pytest.mark.parametrize(("period", "board"), [
    (Period.ALL, BOARD_ALL), (Period.DAYS_30, BOARD_30D), (Period.DAYS_7, BOARD_7D)])
async def test_pages_of_two(service: StandingsService, deals: dict[str, int], period: Period,
                            board: list[tuple[int, int, int]]) -> None:
    first = await service.board(BoardKey(1, None, period), viewer_id=13)
    second = await service.board(BoardKey(1, None, period, 1), viewer_id=13)
    assert lines(first) + lines(second) == board
    assert (first.pages, first.players, first.has_previous, first.has_next) == (2, 4, False, True)
    assert (second.has_previous, second.has_next) == (True, False)
    me = next(r for r in board if r[1] == 13)
    assert first.me is not None and (first.me.rank, first.me.net) == (me[0], me[2])
    assert first.me == second.me


async def test_a_page_past_the_end_shows_the_last(service: StandingsService,
                                                  deals: dict[str, int]) -> None:
    page = await service.board(BoardKey(1, None, Period.ALL, 7), viewer_id=11)
    assert page.key.page == 1 and lines(page) == BOARD_ALL[2:]
    assert page.me is not None and page.me.rank == 4


async def test_empty_boards_and_strangers(service: StandingsService,
                                          deals: dict[str, int]) -> None:
    empty = await service.board(BoardKey(3, None, Period.ALL), viewer_id=11)
    assert (empty.rows, empty.pages, empty.players, empty.me) == ((), 1, 0, None)
    stranger = await service.board(BoardKey(1, "dapp", Period.DAYS_30), viewer_id=11)
    assert lines(stranger) == [(1, 13, 6), (2, 12, -2)] and stranger.me is None


async def test_stats_with_known_answers(service: StandingsService,
                                        deals: dict[str, int]) -> None:
    dora = await service.stats(1, 14)
    assert (dora.net, dora.deals, dora.declarer_games, dora.declarer_won) == (9, 6, 2, 2)
    assert (dora.ramsch_deals, dora.jungfrau) == (1, 1)  # D: no trick in a Ramsch
    assert dora.best == DealAmount(deals["E"], 10) and dora.worst == DealAmount(deals["D"], -2)
    assert dora.contracts == (ContractRecord("zuger", "solo", 1, 1, 0, 2),
                              ContractRecord("zuger", "super", 1, 1, 0, 10))
    assert [p.total for p in dora.history] == [10, 8, 8, 8, 7, 9]  # E D G C B H, by day
    dapp = await service.stats(1, 14, variant="dapp")
    assert (dapp.net, dapp.deals, dapp.contracts) == (-2, 1, ())
    assert (await service.stats(2, 14)).deals == 0


async def test_history_pages_newest_first(service: StandingsService,
                                          deals: dict[str, int]) -> None:
    first = await service.history(HistoryKey(1, 14))
    assert [e.deal_id for e in first.entries] == [deals["H"], deals["B"]]
    assert first.has_more and not first.has_previous
    h, b = first.entries
    assert (h.outcome, h.chips, h.contract, h.declarer_user_id) == ("won", 2, "solo", 14)
    assert (b.outcome, b.chips, b.contract, b.declarer_user_id) == ("won", -1, "tapp", 12)
    second = await service.history(HistoryKey(1, 14, 1))
    assert [e.deal_id for e in second.entries] == [deals["C"], deals["G"]]
    assert [e.outcome for e in second.entries] == ["won", "lost"]
    third = await service.history(HistoryKey(1, 14, 2))
    assert [(e.outcome, e.chips) for e in third.entries] == [("ramsch", -2), ("won", 10)]
    assert not third.has_more
    assert (await service.history(HistoryKey(1, 14, 9))).key.page == 0  # past the end
    assert (await service.history(HistoryKey(2, 14))).entries == ()


async def test_history_names_the_declarer_as_seated(store: Store,
                                                     deals: dict[str, int]) -> None:
    page = await StandingsService(store).history(HistoryKey(1, 12))
    g = next(e for e in page.entries if e.deal_id == deals["G"])
    assert (g.declarer_user_id, g.declarer_name, g.outcome) == (13, "S1", "lost")


async def test_a_replay_of_a_settled_deal(store: Store) -> None:
    game = await new_game(store, "tapp1879", guild_id=5, users=[11, None, 13], seed=4)
    settled = await play_deal(store, game)
    replay = await StandingsService(store).replay(5, settled.deal.deal_id)
    assert replay.names == ("P11", "Computer 1", "P13") and replay.user_ids == (11, None, 13)
    assert sum(replay.chips) + (replay.pot_change or 0) == 0
    assert replay.record == await store.deals.record(settled.deal.deal_id)
    assert replay.result == settled.deal.result and replay.deck_style == "french"
    await store.settings.set_guild(5, {"deck_style": "german"})
    assert (await StandingsService(store).replay(5, settled.deal.deal_id)).deck_style == "german"


async def test_replays_are_refused_for_other_servers_and_unfinished_deals(store: Store) -> None:
    service = StandingsService(store)
    game = await new_game(store, "zuger", guild_id=5, seed=2)
    settled = await play_deal(store, game)
    with pytest.raises(NoSuchDeal):
        await service.replay(6, settled.deal.deal_id)  # another server's deal
    with pytest.raises(NoSuchDeal):
        await service.replay(5, 999)
    row, _ = await start_deal(store, game)
    with pytest.raises(DealNotOver):
        await service.replay(5, row.deal_id)
    await store.deals.abandon(row.deal_id)
    with pytest.raises(NoSuchDeal):
        await service.replay(5, row.deal_id)
