"""Deal records (``records.md``) through the Python API: writing, reading and replaying
them, the ``incomplete``/``thrown_in`` outputs, the sorted ``legal`` listing, malformed
records and illegal actions."""

from __future__ import annotations

import copy
import random

import pytest

from bot.engine import Action, Deal, IllegalAction, InvalidRecord, deal_from_record, replay

from .helpers import make, random_step, run, seeded

# zuger: dealer 3, seat 0 plays a solo with clubs as trump (as in test_trick_rules)
HANDS = [
    "AS KS QS JS AH KH AD KD",
    "QC JC TH QH TD QD 9D 8D",
    "TS 9S 8S 7S 6S 9H 8H 7H",
    "AC TC 6C JH 6H JD 7D 6D",
]
TALON = "KC 9C 8C 7C"


def zuger_record(actions=()):
    return {
        "variant": "zuger",
        "dealer": 3,
        "hands": [h.split() for h in HANDS],
        "talon": TALON.split(),
        "actions": list(actions),
    }


SOLO_C = [
    {"seat": 0, "type": "bid", "value": "solo"},
    {"seat": 1, "type": "bid", "value": "pass"},
    {"seat": 2, "type": "bid", "value": "pass"},
    {"seat": 3, "type": "bid", "value": "pass"},
    {"seat": 0, "type": "trump", "suit": "C"},
]


def play(seat, card):
    return {"seat": seat, "type": "play", "card": card}


# -- writing and reading -----------------------------------------------------------------

def test_record_has_the_records_md_shape():
    deal = make("zuger", HANDS, TALON, dealer=3)
    run(deal, "bid:solo bid:pass bid:pass bid:pass trump:C AS")
    record = deal.to_record()
    assert set(record) == {"variant", "options", "dealer", "hands", "talon", "actions"}
    assert record["variant"] == "zuger" and record["dealer"] == 3
    assert record["options"]["players"] == 4 and record["options"]["stake"] == 1
    assert [sorted(h) for h in record["hands"]] == [sorted(h.split()) for h in HANDS]
    assert sorted(record["talon"]) == sorted(TALON.split())
    assert record["actions"] == SOLO_C + [play(0, "AS")]


def test_tapp1879_record_holds_the_pot_before_the_ante():
    deal = seeded("tapp1879", pot=7, dealer=2)
    record = deal.to_record()
    assert record["pot"] == 7
    assert deal_from_record(record).status().pot == 9


def test_every_bid_is_in_the_record_also_a_forced_pass():
    deal = seeded("tapp1879", dealer=2)
    run(deal, "bid:coeursolo bid:pass bid:pass")
    assert [a["value"] for a in deal.to_record()["actions"]] == ["coeursolo", "pass", "pass"]


def test_options_default_and_players_from_the_number_of_hands():
    deal = seeded("dapp", players=5)
    record = deal.to_record()
    del record["options"]
    rebuilt = deal_from_record(record)
    assert rebuilt.n == 5 and rebuilt.options["stake"] == 1
    assert rebuilt.options["closing_ramsch"] is False


@pytest.mark.parametrize("variant,players,options", [
    ("zuger", 4, {"tapp_threshold": 65}), ("tapp1879", 3, {"ante": 3}), ("dapp", 3, {}),
    ("dapp", 6, {"closing_ramsch": True}), ("wuerttemberg", 4, {"deck": 32}),
    ("wuerttemberg", 3, {"herz_aufnehmen": True}), ("wuerttemberg", 4, {"forced_ramsch": True}),
], ids=str)
def test_record_round_trip_gives_the_same_state_and_views(variant, players, options):
    rng = random.Random(11)
    deal = Deal.new(variant, players=players, rng=rng, dealer=1, stake=2, **options)
    while True:
        rebuilt = deal_from_record(copy.deepcopy(deal.to_record()))
        assert rebuilt.to_record() == deal.to_record()
        assert rebuilt.to_act() == deal.to_act()
        assert rebuilt.status() == deal.status()
        out = replay(deal.to_record())
        assert {k: v for k, v in out.items() if k not in ("to_act", "legal")} == \
            deal.status().to_json()
        if not deal.is_over:
            assert out["to_act"] == list(deal.to_act())
        for seat in range(players):
            assert rebuilt.view(seat) == deal.view(seat)
        assert rebuilt.public_view() == deal.public_view()
        if deal.is_over:
            break
        for _ in range(3):
            if not deal.is_over:
                deal.apply(*random_step(deal, rng))


# -- replay outputs ----------------------------------------------------------------------

def test_replay_finished_output_fields():
    out = replay(zuger_record(SOLO_C))
    assert out["status"] == "incomplete"
    record = deal_from_record(zuger_record(SOLO_C))
    while not record.is_over:
        seat = record.to_act()[0]
        record.apply(seat, record.legal_actions(seat)[0])
    out = replay(record.to_record())
    assert set(out) == {"status", "contract", "declarer", "trump", "multipliers",
                        "announcements", "declarer_points", "points", "tricks", "payments",
                        "pot"}
    assert out["status"] == "finished" and out["contract"] == "solo"
    assert out["declarer"] == 0 and out["trump"] == "C"
    assert len(out["tricks"]) == 8
    assert set(out["tricks"][0]) == {"leader", "cards", "winner"}
    assert out["tricks"][0]["leader"] == 0 and len(out["tricks"][0]["cards"]) == 4


def test_replay_incomplete_counts_completed_tricks_only():
    actions = SOLO_C + [play(0, "AS"), play(1, "QC"), play(2, "6S"), play(3, "6C"),
                        play(1, "TH")]
    out = replay(zuger_record(actions))
    assert out["status"] == "incomplete"
    assert out["contract"] == "solo" and out["declarer"] == 0 and out["trump"] == "C"
    assert out["declarer_points"] is None
    assert out["points"] == [0, 14, 0, 0]  # AS + QC; no talon, trick 2 not complete
    assert out["payments"] == [0, 0, 0, 0] and out["pot"] == 0
    assert out["multipliers"] == []
    assert out["tricks"] == [{"leader": 0, "cards": ["AS", "QC", "6S", "6C"], "winner": 1}]
    assert out["to_act"] == [2]
    assert out["legal"] == [play(2, c) for c in ["7H", "8H", "9H"]]


def test_replay_incomplete_before_the_contract():
    out = replay(zuger_record(SOLO_C[:2]))
    assert out["status"] == "incomplete"
    assert out["contract"] is None and out["declarer"] is None and out["trump"] is None
    assert out["to_act"] == [2]
    assert out["legal"] == [{"seat": 2, "type": "bid", "value": v}
                            for v in ["pass", "super"]]


def test_replay_incomplete_tapp1879_shows_the_ante():
    deal = seeded("tapp1879", dealer=1, pot=3)
    out = replay(deal.to_record())
    assert out["payments"] == [0, -2, 0] and out["pot"] == 5
    assert out["to_act"] == [2]


def test_replay_thrown_in_output():
    passes = [{"seat": s, "type": "bid", "value": "pass"} for s in range(4)]
    out = replay(zuger_record(passes))
    assert out == {"status": "thrown_in", "contract": None, "declarer": None, "trump": None,
                   "multipliers": [], "announcements": [], "declarer_points": None,
                   "points": [0, 0, 0, 0], "tricks": [], "payments": [0, 0, 0, 0], "pot": 0}


def test_legal_plays_sorted_by_card_as_text():
    hands = ["6C 9C AC JC KC QC TC 6S", "7C 8C 7S 8S 9S JS QS KS",
             "TS AS 6H 7H 8H 9H JH QH", "KH TH AH 6D 7D 8D 9D JD"]
    record = {"variant": "zuger", "dealer": 3, "hands": [h.split() for h in hands],
              "talon": ["QD", "KD", "TD", "AD"], "actions": SOLO_C}
    out = replay(record)
    assert [e["card"] for e in out["legal"]] == ["6C", "6S", "9C", "AC", "JC", "KC", "QC",
                                                 "TC"]


def test_legal_discard_listed_once_with_its_count():
    deal = make("zuger", HANDS, TALON, dealer=3)
    run(deal, "bid:tapp bid:pass bid:pass bid:pass")
    out = replay(deal.to_record())
    assert out["legal"] == [{"seat": 0, "type": "discard", "count": 4}]


def test_legal_null_call_first():
    deal = seeded("wuerttemberg", 3, players=3, dealer=2)
    run(deal, "bid:weg bid:weg bid:spiele declare:rufer trump:C")
    out = replay(deal.to_record())
    assert out["legal"][0] == {"seat": 0, "type": "call", "card": None}
    cards = [e["card"] for e in out["legal"][1:]]
    assert cards == sorted(cards) and len(cards) == 36 - 11


def test_legal_sorted_by_seat_then_type_with_kontra_interleaved():
    deal = seeded("dapp", players=4, dealer=3)
    run(deal, "bid:play bid:pass bid:pass bid:pass contract:normal")
    out = replay(deal.to_record())
    assert out["to_act"] == [0, 1, 2, 3]
    assert out["legal"] == [{"seat": 0, "type": "trump", "suit": s} for s in "CDS"] + \
        [{"seat": s, "type": "kontra"} for s in (1, 2, 3)]


def test_legal_kontra_before_plays_of_the_same_seat():
    deal = seeded("dapp", players=3, dealer=2)
    run(deal, "bid:pass bid:pass bid:pass")
    out = replay(deal.to_record())
    seat0 = [e for e in out["legal"] if e["seat"] == 0]
    assert seat0[0] == {"seat": 0, "type": "kontra"}
    assert all(e["type"] == "play" for e in seat0[1:])
    assert [e["card"] for e in seat0[1:]] == sorted(e["card"] for e in seat0[1:])
    assert [e["seat"] for e in out["legal"]] == sorted(e["seat"] for e in out["legal"])


# -- malformed records -------------------------------------------------------------------

def _mutate(fn):
    record = zuger_record(SOLO_C)
    fn(record)
    return record


MALFORMED = {
    "not an object": lambda r: [],
    "missing variant": lambda r: r.pop("variant"),
    "missing dealer": lambda r: r.pop("dealer"),
    "missing hands": lambda r: r.pop("hands"),
    "missing talon": lambda r: r.pop("talon"),
    "unknown key": lambda r: r.update(comment="x"),
    "unknown variant": lambda r: r.update(variant="skat"),
    "bad card": lambda r: r["hands"][0].__setitem__(0, "1S"),
    "duplicate card": lambda r: r["talon"].__setitem__(0, "AS"),
    "hand too big": lambda r: r["hands"][0].append(r["talon"].pop()),
    "three hands": lambda r: r["hands"].pop(),
    "dealer out of range": lambda r: r.update(dealer=4),
    "dealer not an int": lambda r: r.update(dealer="3"),
    "unknown option": lambda r: r.update(options={"speed": 1}),
    "option of dapp": lambda r: r.update(options={"closing_ramsch": True}),
    "option of tapp1879": lambda r: r.update(options={"ante": 2}),
    "option of wuerttemberg": lambda r: r.update(options={"deck": 36}),
    "bad tapp_threshold": lambda r: r.update(options={"tapp_threshold": 62}),
    "stake 0": lambda r: r.update(options={"stake": 0}),
    "stake text": lambda r: r.update(options={"stake": "1"}),
    "stake bool": lambda r: r.update(options={"stake": True}),
    "players mismatch": lambda r: r.update(options={"players": 3}),
    "pot outside tapp1879": lambda r: r.update(pot=2),
    "actions not a list": lambda r: r.update(actions={}),
    "options not an object": lambda r: r.update(options=[]),
}


@pytest.mark.parametrize("case", sorted(MALFORMED))
def test_malformed_record_is_rejected(case):
    record = _mutate(MALFORMED[case]) if case != "not an object" else []
    with pytest.raises(InvalidRecord):
        replay(record)


@pytest.mark.parametrize("variant,players,options", [
    ("tapp1879", 3, {"ante": -1}), ("tapp1879", 3, {"ante": 1.5}),
    ("tapp1879", 3, {"tapp_threshold": 61}),
    ("dapp", 4, {"closing_ramsch": "yes"}), ("dapp", 4, {"herz_aufnehmen": True}),
    ("dapp", 4, {"deck": 32}), ("dapp", 4, {"forced_ramsch": True}),
    ("wuerttemberg", 4, {"deck": 33}), ("wuerttemberg", 4, {"herz_aufnehmen": 1}),
    ("wuerttemberg", 4, {"forced_ramsch": "no"}), ("wuerttemberg", 4, {"closing_ramsch": False}),
    ("zuger", 4, {"herz_aufnehmen": False}),
], ids=str)
def test_bad_or_foreign_option_is_rejected(variant, players, options):
    record = seeded(variant, players=players).to_record()
    record["options"] = options
    with pytest.raises(InvalidRecord):
        replay(record)


@pytest.mark.parametrize("pot", [-1, 1.5, "3", True])
def test_tapp1879_pot_must_be_an_integer_at_least_0(pot):
    record = seeded("tapp1879").to_record()
    record["pot"] = pot
    with pytest.raises(InvalidRecord):
        replay(record)


def test_pot_0_is_accepted_outside_tapp1879():
    record = zuger_record()
    record["pot"] = 0
    assert replay(record)["status"] == "incomplete"


def test_wuerttemberg_32_card_record_must_not_hold_sixes():
    record = seeded("wuerttemberg", players=4, deck=32).to_record()
    record["options"] = {"deck": 36}
    with pytest.raises(InvalidRecord):
        replay(record)


# -- illegal actions ---------------------------------------------------------------------

def _error(record):
    with pytest.raises(IllegalAction) as info:
        deal_from_record(record)
    return str(info.value)


def test_illegal_play_names_the_action_index_and_why():
    actions = SOLO_C + [play(0, "AS"), play(1, "QC"), play(2, "9H")]
    assert _error(zuger_record(actions)) == "action 7 (seat 2 play 9H): must follow suit S"


def test_illegal_actions_name_their_index_and_seat():
    cases = [
        (SOLO_C[:1] + [{"seat": 1, "type": "bid", "value": "tapp"}], 1, "seat 1 bid tapp"),
        ([{"seat": 2, "type": "bid", "value": "tapp"}], 0, "seat 2 bid tapp"),
        (SOLO_C[:4] + [{"seat": 0, "type": "trump", "suit": "X"}], 4, "seat 0"),
        (SOLO_C + [play(0, "QC")], 5, "seat 0 play QC"),
        (SOLO_C + [play(0, "AS"), play(1, "TH")], 6, "seat 1 play TH"),
        (SOLO_C + [{"seat": 1, "type": "kontra"}], 5, "seat 1 kontra"),
        (SOLO_C + [{"seat": 0, "type": "discard", "cards": ["AS"]}], 5, "seat 0 discard AS"),
        (SOLO_C + [{"seat": 0, "type": "dance"}], 5, "seat 0"),
    ]
    for actions, index, who in cases:
        message = _error(zuger_record(actions))
        assert message.startswith(f"action {index} ({who}"), message
        assert "\n" not in message


def test_actions_after_the_end_are_rejected():
    passes = [{"seat": s, "type": "bid", "value": "pass"} for s in range(4)]
    message = _error(zuger_record(passes + [{"seat": 0, "type": "bid", "value": "pass"}]))
    assert message.startswith("action 4 (seat 0 bid pass)")


def test_record_cards_must_be_written_in_card_notation():
    # README "Cards": "Notation: rank then suit, two characters ... used in records"
    record = zuger_record(SOLO_C)
    record["talon"] = [int(Action.play(c).card) for c in record["talon"]]
    with pytest.raises(InvalidRecord):
        replay(record)
