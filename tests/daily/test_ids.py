"""Deal-of-the-day custom_ids: they round-trip, fit Discord's 100 characters, and
anything else is not one of them."""

from __future__ import annotations

from datetime import date

import pytest

from bot.daily.ids import BoardId, RunId, board_id, run_id


def test_run_ids_round_trip() -> None:
    for rid in (RunId(1, 0, "play:TH"), RunId(2**62, 99999, "discard:6H.AS.9C.QS"),
                RunId(5, None, "hands"), RunId(5, 3, "pick.call.2")):
        assert RunId.parse(rid.encode()) == rid
        assert len(rid.encode()) <= 100
    assert RunId.parse(run_id(3, 4, "pick.discard")).pick_kind == "discard"  # type: ignore[union-attr]
    assert RunId.parse(run_id(3, 4, "pick.call.2")).pick_kind == "call"  # type: ignore[union-attr]


def test_board_ids_round_trip() -> None:
    for bid in (BoardId("day", date(2031, 5, 14)), BoardId("week", None),
                BoardId("streaks", None), BoardId("play", None)):
        assert BoardId.parse(bid.encode()) == bid
    assert board_id("day", date(2031, 5, 14)) == "tapp:db:day:20310514"


def test_ids_posted_before_the_one_format_still_read() -> None:
    assert BoardId.parse("tappd-b:day:20310514") == BoardId("day", date(2031, 5, 14))
    assert RunId.parse("tappd:7:3:play:TH") == RunId(7, 3, "play:TH")


@pytest.mark.parametrize("text", ["tapp:1:0.1:play:TH", "tappd:x:0:play:TH", "tappd:1:0:",
                                  "tappd-b:month:-", "tappd-b:day:20311399",
                                  "tappd-b:day:2031051", "tapp:db:day:20311399",
                                  "tapp:d:1:0:"])
def test_other_ids_are_not_ours(text: str) -> None:
    assert RunId.parse(text) is None and BoardId.parse(text) is None


def test_an_id_too_long_is_refused() -> None:
    with pytest.raises(ValueError):
        run_id(1, 1, "x" * 90)
