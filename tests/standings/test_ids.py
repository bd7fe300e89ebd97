"""The custom_id schemes: round trips, Discord's 100-character limit, no overlaps."""

from __future__ import annotations

import re

import pytest

from bot.standings import BOARD_PERIODS, BoardKey, HistoryKey, parse_replay, replay_id
from bot.standings.ids import BOARD_TEMPLATE, HISTORY_TEMPLATE, REPLAY_TEMPLATE
from bot.store import Period

BIG = 2**64 - 1  # the largest snowflake


@pytest.mark.parametrize("variant", [None, "zuger", "tapp1879", "dapp", "wuerttemberg"])
@pytest.mark.parametrize("period", BOARD_PERIODS)
def test_board_keys_round_trip(variant: str | None, period: Period) -> None:
    key = BoardKey(BIG, variant, period, 99_999)
    assert BoardKey.parse(key.custom_id) == key
    assert len(key.custom_id) <= 100


def test_the_board_offers_exactly_three_periods() -> None:
    assert [p.value for p in BOARD_PERIODS] == ["all", "30d", "7d"]
    assert BoardKey(1, None, Period.DAYS_30, 2).custom_id == "tapp:lb:1:all:30d:2"
    assert BoardKey.parse("tapp:lb:1:all:month:0") is None  # calendar periods are not offered


def test_history_and_replay_ids_round_trip() -> None:
    key = HistoryKey(BIG, BIG, 12)
    assert HistoryKey.parse(key.custom_id) == key and len(key.custom_id) <= 100
    assert parse_replay(replay_id(BIG)) == BIG and replay_id(7) == "tapp:replay:7"


def test_pages_are_clamped() -> None:
    key = BoardKey(1, None, Period.ALL)
    assert key.at_page(-1).page == 0 and key.at_page(10**9).page == 99_999
    assert HistoryKey(1, 2).at_page(-3).page == 0


@pytest.mark.parametrize("custom_id", [
    "tapp:1:0:join", "tapp:lb:1:all:all", "tapp:lb:1:skat:all:0", "tapp:lb:x:all:all:0",
    "tapp:replay:", "tapp:replay:1:2", "tapp:hist:1:2", "tapp:lb:1:all:all:0 ",
])
def test_foreign_or_broken_ids_match_no_template(custom_id: str) -> None:
    for template in (BOARD_TEMPLATE, HISTORY_TEMPLATE, REPLAY_TEMPLATE):
        assert re.fullmatch(template, custom_id) is None
