"""Cards (README "Cards") and actions (records.md "Actions"): points, decks, notation,
tokens and record entries."""

from __future__ import annotations

import pytest

from bot.engine import Action, ActionType, Card, CardSet, InvalidRecord

from .helpers import DECK32, DECK36, POINTS


@pytest.mark.parametrize("rank,value", sorted(POINTS.items()))
def test_card_points_per_rank(rank: str, value: int) -> None:
    for suit in "CSHD":
        assert Card.parse(rank + suit).points == value


@pytest.mark.parametrize("deck", [DECK36, DECK32], ids=["36", "32"])
def test_every_deck_totals_120_points(deck: list[str]) -> None:
    assert CardSet(deck).points == 120
    assert sum(Card.parse(c).points for c in deck) == 120


def test_card_notation_is_rank_then_suit() -> None:
    for name in DECK36:
        assert str(Card.parse(name)) == name
    assert len({int(Card.parse(c)) for c in DECK36}) == 36


@pytest.mark.parametrize("bad", ["", "A", "HA", "1H", "AX", "AHX", "ah", "10H"])
def test_card_parse_rejects_other_text(bad: str) -> None:
    with pytest.raises(ValueError):
        Card.parse(bad)


def test_card_set_basics() -> None:
    s = CardSet.parse("AH TH 6C")
    assert len(s) == 3
    assert "AH" in s and "KH" not in s
    assert s.points == 21
    assert sorted(s.names()) == ["6C", "AH", "TH"]


ACTIONS = [
    Action.bid("pass"), Action.bid("tapp"), Action.bid("durch_herz"), Action.bid("spiele"),
    Action.declare("rufer"), Action.contract("herz"), Action.discard(["6H", "AS", "9C", "QS"]),
    Action.trump("H"), Action.trump("C"), Action.call("7C"), Action.call(None),
    Action.give("8D"), Action.announce("tout"), Action.announce("none"), Action.kontra(),
    Action.rekontra(), Action.play("TH"), Action.play("6C"),
]


@pytest.mark.parametrize("action", ACTIONS, ids=lambda a: a.token)
def test_action_token_round_trip(action: Action) -> None:
    assert Action.parse(action.token) == action


@pytest.mark.parametrize("action", ACTIONS, ids=lambda a: a.token)
def test_action_record_round_trip(action: Action) -> None:
    entry = action.to_record(2)
    assert entry["seat"] == 2 and entry["type"] == action.type.value
    assert Action.from_record(entry) == (2, action)


def test_action_record_fields_follow_records_md() -> None:
    assert Action.bid("solo").to_record(1) == {"seat": 1, "type": "bid", "value": "solo"}
    assert Action.declare("herz").to_record(0) == {"seat": 0, "type": "declare",
                                                   "value": "herz"}
    assert Action.contract("bettel").to_record(0) == {"seat": 0, "type": "contract",
                                                      "value": "bettel"}
    assert sorted(Action.discard(["6H", "AS"]).to_record(0)["cards"]) == ["6H", "AS"]
    assert Action.trump("D").to_record(3) == {"seat": 3, "type": "trump", "suit": "D"}
    assert Action.call("7C").to_record(0) == {"seat": 0, "type": "call", "card": "7C"}
    assert Action.call(None).to_record(0) == {"seat": 0, "type": "call", "card": None}
    assert Action.give("8D").to_record(0) == {"seat": 0, "type": "give", "card": "8D"}
    assert Action.announce("tout").to_record(0) == {"seat": 0, "type": "announce",
                                                    "value": "tout"}
    assert Action.kontra().to_record(1) == {"seat": 1, "type": "kontra"}
    assert Action.rekontra().to_record(0) == {"seat": 0, "type": "rekontra"}
    assert Action.play("QS").to_record(2) == {"seat": 2, "type": "play", "card": "QS"}


def test_discard_template_token_round_trip() -> None:
    template = Action(ActionType.DISCARD, count=4)
    assert template.token == "discard:4"
    assert Action.parse("discard:4") == template


@pytest.mark.parametrize("token", ["", "foo", "bid", "bid:", "play:ZZ", "play:", "trump:X",
                                   "trump:HH", "kontra:x", "give:1H", "call:"])
def test_action_parse_rejects_garbage(token: str) -> None:
    with pytest.raises(ValueError):
        Action.parse(token)


@pytest.mark.parametrize("entry", [
    [],
    {"type": "bid", "value": "pass"},
    {"seat": "0", "type": "bid", "value": "pass"},
    {"seat": True, "type": "bid", "value": "pass"},
    {"seat": 0, "type": "shout"},
    {"seat": 0, "type": "bid"},
    {"seat": 0, "type": "bid", "value": 3},
    {"seat": 0, "type": "play"},
    {"seat": 0, "type": "play", "card": "XX"},
    {"seat": 0, "type": "play", "card": None},
    {"seat": 0, "type": "trump", "suit": "X"},
    {"seat": 0, "type": "discard", "cards": "6H"},
    {"seat": 0, "type": "discard", "cards": ["6H", "6H"]},
    {"seat": 0, "type": "play", "card": "AH", "value": "x"},
], ids=str)
def test_action_from_record_rejects_malformed_entries(entry: object) -> None:
    with pytest.raises(InvalidRecord):
        Action.from_record(entry)
