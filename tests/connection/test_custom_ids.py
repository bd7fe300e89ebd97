"""The one custom_id format (``tapp:<kind>:<fields>``): every kind round-trips, ids of
before it still read, one ``DynamicItem`` template matches them all, and anything else
is no id of the bot's."""

from __future__ import annotations

import re
from datetime import date

import pytest

from bot.connection.custom_ids import KINDS, TEMPLATE, Key, Unreadable, parse, read
from bot.daily.ids import BoardId, RunId
from bot.display.rules_messages import RulesRef
from bot.review.ids import ReviewKey
from bot.standings import BoardKey, HistoryKey, ReplayKey
from bot.store import Period
from bot.tables.ids import ComponentId, Stamp

KEYS: list[Key] = [
    ComponentId(5, Stamp(1, 2), "play:TH"), ComponentId(5, None, "hand"),
    RunId(9, 4, "pick.discard"), RunId(9, None, "hands"), BoardId("day", date(2031, 5, 14)),
    BoardId("streaks", None), BoardKey(1, "dapp", Period.DAYS_7, 3), HistoryKey(1, 2, 0),
    ReplayKey(77), RulesRef("zuger", "sv", 2), RulesRef("zuger", "sv", None),
    ReviewKey(1),
]
LEGACY = {
    "tapp:5:1.2:play:TH": ComponentId(5, Stamp(1, 2), "play:TH"),
    "tappd:9:4:pick.discard": RunId(9, 4, "pick.discard"),
    "tappd-b:week:-": BoardId("week", None),
    "tapp-rules:dapp:de:pick": RulesRef("dapp", "de", None),
}


def test_every_kind_is_registered_once_with_its_own_event() -> None:
    assert set(KINDS) == {"t", "d", "db", "lb", "hist", "replay", "rules", "rv"}
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
