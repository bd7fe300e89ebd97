"""The one custom_id format (``tapp:<kind>:<fields>``): every kind round-trips, ids of
before it still read, one ``DynamicItem`` template matches them all, and anything else
is no id of the bot's; numbers are ASCII digits within the store's integer range, and
a select's values read as its kind's choice or not at all."""

from __future__ import annotations

import re
from datetime import date

import pytest

from bot.connection.custom_ids import (
    KINDS,
    MAX_ID,
    TEMPLATE,
    Key,
    Unreadable,
    parse,
    read,
    whole,
)
from bot.daily.ids import BoardId, RunId
from bot.display.rules_messages import RulesRef
from bot.engine.cards import CARD_NAMES
from bot.i18n import strings
from bot.review.ids import ReviewKey
from bot.series.ids import SeriesButtonId, SeriesRunId
from bot.series.review_ids import SeriesReviewKey
from bot.standings import BoardKey, HistoryKey, ReplayKey
from bot.store import Period
from bot.tables.ids import ComponentId, Stamp

KEYS: list[Key] = [
    ComponentId(5, Stamp(1, 2), "play:TH"), ComponentId(5, None, "hand"),
    RunId(9, 4, "pick.discard"), RunId(9, None, "hands"), BoardId("day", date(2031, 5, 14)),
    BoardId("streaks", None), BoardKey(1, "dapp", Period.DAYS_7, 3), HistoryKey(1, 2, 0),
    ReplayKey(77), RulesRef("zuger", "sv", 2), RulesRef("zuger", "sv", None),
    ReviewKey(1), SeriesRunId(9, 4, "pick.discard"), SeriesRunId(9, None, "hands"),
    SeriesButtonId(3, "standings"), SeriesReviewKey(3),
]
LEGACY = {
    "tapp:5:1.2:play:TH": ComponentId(5, Stamp(1, 2), "play:TH"),
    "tappd:9:4:pick.discard": RunId(9, 4, "pick.discard"),
    "tappd-b:week:-": BoardId("week", None),
    "tapp-rules:dapp:de:pick": RulesRef("dapp", "de", None),
}


def test_every_kind_is_registered_once_with_its_own_event() -> None:
    assert set(KINDS) == {"t", "d", "db", "lb", "hist", "replay", "rules", "rv", "s", "sb",
                          "sr"}
    events = [cls.event for cls in KINDS.values()]
    assert len(set(events)) == len(events)


@pytest.mark.parametrize("key", KEYS, ids=str)
def test_every_kind_round_trips_in_the_one_format(key: Key) -> None:
    text = key.encode()
    assert text.startswith(f"tapp:{key.kind}:") and len(text) <= 100
    assert parse(text) == key and type(parse(text)) is type(key)
    assert re.fullmatch(TEMPLATE, text)


@pytest.mark.parametrize(("text", "key"), LEGACY.items())
def test_ids_on_messages_posted_before_it_still_read(text: str, key: Key) -> None:
    assert parse(text) == key
    assert re.fullmatch(TEMPLATE, text)


@pytest.mark.parametrize("text", ["tapp:zz:1", "tapp:t:", "tapp:", "tappx:1:2", "tapp:lb:1",
                                  "tapp:rules:dapp:deu:1", "other:t:1:-:hand", "t" * 101])
def test_anything_else_is_no_key(text: str) -> None:
    assert parse(text) is None


def test_a_known_kind_whose_fields_mean_nothing_is_unreadable() -> None:
    with pytest.raises(Unreadable) as raised:
        read("tapp:db:day:20311399")  # the 99th of the 13th month
    assert raised.value.key_class is BoardId
    assert parse("tapp:db:day:20311399") is None


def test_an_id_over_discords_limit_is_refused() -> None:
    with pytest.raises(ValueError):
        ComponentId(1, None, "x" * 95).encode()


NUMBERED: list[Key] = [ComponentId(MAX_ID, None, "hand"), RunId(MAX_ID, None, "hands"),
                       HistoryKey(MAX_ID, MAX_ID), ReplayKey(MAX_ID), ReviewKey(MAX_ID),
                       BoardKey(MAX_ID, None, Period.ALL)]


@pytest.mark.parametrize("key", NUMBERED, ids=str)
def test_ids_up_to_the_stores_range_read_and_past_it_mean_nothing(key: Key) -> None:
    text = key.encode()
    assert parse(text) == key
    with pytest.raises(Unreadable) as raised:
        read(text.replace(str(MAX_ID), str(MAX_ID + 1), 1))
    assert raised.value.key_class is type(key)


@pytest.mark.parametrize("digits", ["²", "①②", "٣", "1٣", "", " 1", "+1", "1_0", "-1"])
def test_a_number_is_ascii_digits_only(digits: str) -> None:
    with pytest.raises(ValueError):
        whole(digits)
    for key in NUMBERED:
        assert parse(key.encode().replace(str(MAX_ID), digits, 1)) is None, key
    assert whole("0") == 0 and whole(str(MAX_ID)) == MAX_ID


def test_every_id_that_starts_as_the_bots_is_matched_so_that_it_is_answered() -> None:
    for text in ("tapp:t:①:-:hand", "tapp:", "tappd:²", "tapp:rv:\n1", "tapp:t:" + "9" * 93):
        assert re.fullmatch(TEMPLATE, text), text
        assert parse(text) is None
    assert not re.fullmatch(TEMPLATE, "other:t:1:-:hand")


def test_select_values_read_as_their_kinds_choice() -> None:
    assert ReviewKey.read_values(["12", str(MAX_ID)], select=True) == [12, MAX_ID]
    assert RulesRef.read_values(["3"], select=True) == [3]
    assert ComponentId.read_values(["TH", "6C"], select=True) == ["TH", "6C"]
    assert RunId.read_values(["AS"], select=True) == ["AS"]
    assert HistoryKey.read_values([], select=False) == []


@pytest.mark.parametrize("values", [["²"], ["①②"], ["٣"], [str(MAX_ID + 1)], [""], [],
                                    ["9" * 101], ["1"] * 26])
def test_select_values_that_mean_nothing_are_refused(values: list[str]) -> None:
    for kind in (ReviewKey, RulesRef, ComponentId, RunId):
        with pytest.raises(ValueError):
            kind.read_values(values, select=True)


def test_a_kind_without_a_select_takes_no_values() -> None:
    for kind in (BoardKey, HistoryKey, ReplayKey, BoardId):
        with pytest.raises(ValueError):
            kind.read_values(["1"], select=True)
    with pytest.raises(ValueError):
        ComponentId.read_values(["TH"], select=False)  # a button sends none


def test_every_card_name_is_a_value_of_a_table_select() -> None:
    assert ComponentId.choice is not None
    assert all(re.fullmatch(ComponentId.choice.regex, name) for name in CARD_NAMES)


def test_every_kind_names_a_catalogued_answer_to_what_it_cannot_read() -> None:
    known = strings("en")
    for cls in KINDS.values():
        assert cls.unreadable in known and cls.bad_choice in known, cls
