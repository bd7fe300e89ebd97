"""The custom_id schemes: round trips, Discord's 100-character limit, no overlaps."""

from __future__ import annotations

import pytest

from bot.connection.custom_ids import MAX_ID, parse
from bot.standings import BOARD_PERIODS, BoardKey, HistoryKey, ReplayKey
from bot.store import Period
from bot.tables.ids import ComponentId  # registers the table kinds parse reads

#: the largest id the store holds (a signed 64-bit integer): every snowflake Discord
#: makes until 2084 (its 42-bit timestamp, shifted by 22, stays below 2^63)
BIG = MAX_ID


@pytest.mark.parametrize("variant", [None, "zuger", "tapp1879", "dapp", "wuerttemberg"])
@pytest.mark.parametrize("period", BOARD_PERIODS)
def test_board_keys_round_trip(variant: str | None, period: Period) -> None:
    key = BoardKey(BIG, variant, period, 99_999)
    assert BoardKey.parse(key.encode()) == key
    assert len(key.encode()) <= 100


def test_the_board_offers_exactly_three_periods() -> None:
    assert [p.value for p in BOARD_PERIODS] == ["all", "30d", "7d"]
    assert BoardKey(1, None, Period.DAYS_30, 2).encode() == "tapp:lb:1:all:30d:2"
    assert BoardKey.parse("tapp:lb:1:all:month:0") is None  # calendar periods are not offered


def test_history_and_replay_ids_round_trip() -> None:
    key = HistoryKey(BIG, BIG, 12)
    assert HistoryKey.parse(key.encode()) == key and len(key.encode()) <= 100
    assert ReplayKey.parse(ReplayKey(BIG).encode()) == ReplayKey(BIG)
    assert ReplayKey(7).encode() == "tapp:replay:7"


def test_pages_are_clamped() -> None:
    key = BoardKey(1, None, Period.ALL)
    assert key.at_page(-1).page == 0 and key.at_page(10**9).page == 99_999
    assert HistoryKey(1, 2).at_page(-3).page == 0


@pytest.mark.parametrize("custom_id", [
    "tapp:lb:1:all:all", "tapp:lb:1:skat:all:0", "tapp:lb:x:all:all:0",
    "tapp:replay:", "tapp:replay:1:2", "tapp:hist:1:2", "tapp:lb:1:all:all:0 ",
])
def test_broken_ids_name_no_key(custom_id: str) -> None:
    assert parse(custom_id) is None


@pytest.mark.parametrize("custom_id", [
    f"tapp:lb:{MAX_ID + 1}:all:all:0", f"tapp:hist:1:{2**64 - 1}:0", f"tapp:replay:{MAX_ID + 1}",
    "tapp:lb:٣:all:all:0", "tapp:hist:1:2:٣",
])
def test_numbers_past_the_stores_range_or_not_ascii_name_no_key(custom_id: str) -> None:
    assert parse(custom_id) is None


def test_a_table_id_is_no_standings_key() -> None:
    key = parse("tapp:1:-:join")
    assert isinstance(key, ComponentId)
    assert not isinstance(key, BoardKey | HistoryKey | ReplayKey)
