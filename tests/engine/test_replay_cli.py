"""``python -m bot replay FILE|-`` (``records.md``) run as a subprocess: exit status, one
JSON object on stdout, or exactly one line on stderr and nothing on stdout."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from .helpers import REPO, make, run, seeded

HANDS = [
    "AS KS QS JS AH KH AD KD",
    "QC JC TH QH TD QD 9D 8D",
    "TS 9S 8S 7S 6S 9H 8H 7H",
    "AC TC 6C JH 6H JD 7D 6D",
]
TALON = "KC 9C 8C 7C"


def solo_record(extra_actions=()):
    deal = make("zuger", HANDS, TALON, dealer=3)
    run(deal, "bid:solo bid:pass bid:pass bid:pass trump:C")
    record = deal.to_record()
    record["actions"] += list(extra_actions)
    return record


def finished_record():
    deal = make("zuger", HANDS, TALON, dealer=3)
    run(deal, "bid:solo bid:pass bid:pass bid:pass trump:C")
    while not deal.is_over:
        seat = deal.to_act()[0]
        deal.apply(seat, deal.legal_actions(seat)[0])
    return deal.to_record(), deal.outcome().to_json()


def replay_cli(args, stdin=None):
    return subprocess.run([sys.executable, "-m", "bot", "replay", *args], cwd=REPO,
                          input=stdin, capture_output=True, text=True, timeout=60)


def replay_text(text):
    return replay_cli(["-"], stdin=text)


def assert_ok(proc):
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    lines = proc.stdout.splitlines()
    assert len(lines) == 1  # one JSON object
    out = json.loads(lines[0])
    assert isinstance(out, dict)
    return out


def assert_error(proc):
    assert proc.returncode == 2
    assert proc.stdout == ""
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].strip()
    return lines[0]


# -- success -----------------------------------------------------------------------------

def test_replay_file_prints_the_result(tmp_path):
    record, expected = finished_record()
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(record))
    out = assert_ok(replay_cli([str(path)]))
    assert out == expected
    assert out["status"] == "finished" and out["contract"] == "solo"


def test_replay_stdin_prints_the_result():
    record, expected = finished_record()
    assert assert_ok(replay_text(json.dumps(record))) == expected


def test_replay_incomplete_lists_to_act_and_legal():
    out = assert_ok(replay_text(json.dumps(solo_record([
        {"seat": 0, "type": "play", "card": "AS"}]))))
    assert out["status"] == "incomplete"
    assert out["to_act"] == [1]
    assert out["legal"] == [{"seat": 1, "type": "play", "card": c} for c in ("JC", "QC")]
    assert out["declarer_points"] is None and out["payments"] == [0, 0, 0, 0]


def test_replay_incomplete_discard_and_kontra_listing():
    deal = make("zuger", HANDS, TALON, dealer=3)
    run(deal, "bid:tapp bid:pass bid:pass bid:pass")
    out = assert_ok(replay_text(json.dumps(deal.to_record())))
    assert out["legal"] == [{"seat": 0, "type": "discard", "count": 4}]
    deal = seeded("dapp", players=3, dealer=2)
    run(deal, "bid:play bid:pass bid:pass contract:herz")
    out = assert_ok(replay_text(json.dumps(deal.to_record())))
    assert out["to_act"] == [0, 1, 2]
    assert out["legal"][-2:] == [{"seat": 1, "type": "kontra"}, {"seat": 2, "type": "kontra"}]
    assert all(e["seat"] == 0 and e["type"] == "play" for e in out["legal"][:-2])


def test_replay_incomplete_null_call_first():
    deal = seeded("wuerttemberg", players=4, dealer=3)
    run(deal, "bid:weg bid:weg bid:weg bid:spiele declare:rufer_herz")
    out = assert_ok(replay_text(json.dumps(deal.to_record())))
    assert out["legal"][0] == {"seat": 0, "type": "call", "card": None}


def test_replay_thrown_in():
    deal = seeded("tapp1879", dealer=2, pot=1)
    run(deal, "bid:pass bid:pass bid:pass")
    out = assert_ok(replay_text(json.dumps(deal.to_record())))
    assert out["status"] == "thrown_in"
    assert out["payments"] == [0, 0, -2] and out["pot"] == 3


# -- malformed records -------------------------------------------------------------------

def _record(**changes):
    record = solo_record()
    for key, value in changes.items():
        if value is None:
            record.pop(key)
        else:
            record[key] = value
    return record


def _bad_hands(kind):
    record = solo_record()
    if kind == "card":
        record["hands"][2][0] = "XS"
    elif kind == "duplicate":
        record["talon"][0] = record["hands"][0][0]
    elif kind == "size":
        record["hands"][1].append(record["talon"].pop())
    return record


MALFORMED = {
    "not json": "{this is not json",
    "empty": "",
    "json list": "[]",
    "missing hands": json.dumps(_record(hands=None)),
    "missing variant": json.dumps(_record(variant=None)),
    "missing dealer": json.dumps(_record(dealer=None)),
    "missing talon": json.dumps(_record(talon=None)),
    "unknown variant": json.dumps(_record(variant="jass")),
    "bad card": json.dumps(_bad_hands("card")),
    "duplicate card": json.dumps(_bad_hands("duplicate")),
    "wrong hand size": json.dumps(_bad_hands("size")),
    "unknown option": json.dumps(_record(options={"colour": "red"})),
    "option of another variant": json.dumps(_record(options={"ante": 2})),
    "bad option value": json.dumps(_record(options={"tapp_threshold": 70})),
    "bad stake": json.dumps(_record(options={"stake": 0})),
    "players mismatch": json.dumps(_record(options={"players": 5})),
    "pot outside tapp1879": json.dumps(_record(pot=4)),
}


@pytest.mark.parametrize("case", sorted(MALFORMED))
def test_replay_rejects_malformed_records(case):
    assert_error(replay_text(MALFORMED[case]))


def test_replay_rejects_a_bad_tapp1879_pot_and_ante():
    record = seeded("tapp1879").to_record()
    record["pot"] = -3
    assert_error(replay_text(json.dumps(record)))
    record["pot"] = 0
    record["options"] = {"ante": -1}
    assert_error(replay_text(json.dumps(record)))


def test_replay_missing_file():
    assert_error(replay_cli([str(REPO / "no-such-record.json")]))


# -- illegal actions ---------------------------------------------------------------------

def test_replay_illegal_action_names_the_index_and_why():
    record = solo_record([{"seat": 0, "type": "play", "card": "AS"},
                          {"seat": 1, "type": "play", "card": "QC"},
                          {"seat": 2, "type": "play", "card": "9H"}])
    line = assert_error(replay_text(json.dumps(record)))
    assert line == "action 7 (seat 2 play 9H): must follow suit S"


def test_replay_illegal_action_from_a_file(tmp_path):
    record = solo_record([{"seat": 0, "type": "play", "card": "AS"},
                          {"seat": 1, "type": "play", "card": "TH"}])
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    line = assert_error(replay_cli([str(path)]))
    assert line.startswith("action 6 (seat 1 play TH): ")
    assert "trump" in line


@pytest.mark.parametrize("entry,index,prefix", [
    ({"seat": 1, "type": "play", "card": "QC"}, 5, "action 5 (seat 1 play QC): "),
    ({"seat": 0, "type": "bid", "value": "vice"}, 5, "action 5 (seat 0 bid vice): "),
    ({"seat": 0, "type": "play", "card": "9Z"}, 5, "action 5 (seat 0 "),
    ({"seat": 2, "type": "kontra"}, 5, "action 5 (seat 2 kontra): "),
])
def test_replay_other_illegal_actions(entry, index, prefix):
    line = assert_error(replay_text(json.dumps(solo_record([entry]))))
    assert line.startswith(prefix), line


# -- any input: exit 0 with one JSON object, or exit 2 with one line -----------------------

def test_replay_rejects_a_file_that_is_not_utf8(tmp_path):
    path = tmp_path / "binary.json"
    path.write_bytes(b"\xff\xfe{\"variant\": \"zuger\"}")
    assert_error(replay_cli([str(path)]))


def test_replay_rejects_deeply_nested_json():
    assert_error(replay_text("[" * 100000 + "]" * 100000))


def test_replay_rejects_integer_cards():
    record = solo_record()
    record["hands"] = [[DECK_INDEX[c] for c in h] for h in record["hands"]]
    assert_error(replay_text(json.dumps(record)))


@pytest.mark.parametrize("entry", [
    {"seat": 0, "type": "play", "card": "A\nS"},
    {"seat": 0, "type": "bid", "value": "so\nlo"},
    {"seat": 0, "type": "sh\nout"},
], ids=["card", "value", "type"])
def test_replay_error_is_one_line_whatever_the_record_holds(entry):
    record = solo_record()
    record["actions"] = [entry]
    line = assert_error(replay_text(json.dumps(record)))
    assert line.startswith("action 0 (seat 0 ")


DECK_INDEX = {r + s: i * 9 + j for i, s in enumerate("CSHD") for j, r in enumerate("6789JQKTA")}
