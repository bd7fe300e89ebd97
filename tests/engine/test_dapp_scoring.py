"""Dapp (``dapp.md``): scoring of the point contracts (value, schneider, the talon, the
stake) and of Ramsch (the last trick takes the talon, Jungfrau, ties), and the worked
examples of ``dapp.md``."""

from __future__ import annotations

import json

import pytest

from bot.engine import deal_from_record

from . import scenarios_dapp as S
from .helpers import EXAMPLES, points, trick_points, tricks_won

# -- scoring -----------------------------------------------------------------------------

def _check(res, contract, dp, payments, multipliers=()):
    assert res["status"] == "finished" and res["contract"] == contract
    assert res["declarer_points"] == dp
    assert res["payments"] == payments
    assert res["multipliers"] == list(multipliers)
    assert res["pot"] == 0


def test_dapp_normal_won_with_61_or_more_value_1():
    _check(S.DAPP_NORMAL_80.result(), "normal", 80, [2, -1, -1])


def test_dapp_herz_won_with_61_value_2():
    _check(S.DAPP_HERZ_61.result(), "herz", 61, [4, -2, -2])


def test_dapp_herz_60_loses():
    _check(S.DAPP_HERZ_60.result(), "herz", 60, [-4, 2, 2])


def test_dapp_schneider_when_the_opponents_take_fewer_than_40():
    _check(S.DAPP_NORMAL_81.result(), "normal", 81, [4, -2, -2], ["schneider"])
    _check(S.DAPP_NORMAL_80.result(), "normal", 80, [2, -1, -1])  # opponents 40: no


def test_dapp_schneider_when_the_declarer_takes_fewer_than_40():
    _check(S.DAPP_NORMAL_39.result(), "normal", 39, [-4, 2, 2], ["schneider"])
    _check(S.DAPP_NORMAL_40.result(), "normal", 40, [-2, 1, 1])


def test_dapp_point_contracts_count_the_talon_for_the_declarer():
    for sc in (S.DAPP_NORMAL_80, S.DAPP_NORMAL_39, S.DAPP_HERZ_60):
        res = sc.result()
        expected = trick_points(res, 3)
        expected[0] += points(sc.talon)
        assert res["points"] == expected and sum(expected) == 120
        assert len(res["tricks"]) == 10


def test_dapp_stake_multiplies_the_value():
    _check(S.DAPP_HERZ_61.result(stake=3), "herz", 61, [12, -6, -6])


def test_dapp_ramsch_last_trick_takes_the_talon():
    for sc in (S.DAPP_RAMSCH4_TIE_LAST, S.DAPP_RAMSCH3_NO_JUNGFRAU, S.DAPP_RAMSCH5_JUNGFRAU):
        res = sc.result()
        n = len(sc.hands)
        expected = trick_points(res, n)
        expected[res["tricks"][-1]["winner"]] += points(sc.talon)
        assert res["points"] == expected and sum(expected) == 120
        assert res["contract"] == "ramsch" and res["declarer"] is None
        assert res["declarer_points"] is None


def test_dapp_ramsch_most_points_pays_each_other_player():
    res = S.DAPP_RAMSCH3_NO_JUNGFRAU.result()
    assert res["points"] == [10, 2, 108]
    assert res["payments"] == [1, 1, -2] and res["multipliers"] == []


def test_dapp_ramsch_jungfrau_receives_double():
    res = S.DAPP_RAMSCH5_JUNGFRAU.result()
    assert tricks_won(res, 5)[1] == 0
    assert res["points"] == [22, 0, 28, 12, 58]
    assert res["payments"] == [1, 2, 1, 1, -5] and res["multipliers"] == ["jungfrau"]


def test_dapp_ramsch_tie_the_tied_player_with_the_last_trick_loses_alone():
    res = S.DAPP_RAMSCH4_TIE_LAST.result()
    assert res["points"] == [20, 50, 50, 0] and res["tricks"][-1]["winner"] == 1
    assert tricks_won(res, 4)[3] == 0
    assert res["payments"] == [1, -4, 1, 2] and res["multipliers"] == ["jungfrau"]


def test_dapp_ramsch_tie_without_the_last_trick_every_tied_player_loses():
    res = S.DAPP_RAMSCH3_TIE_NONE.result()
    assert res["points"] == [24, 48, 48] and res["tricks"][-1]["winner"] == 0
    assert res["payments"] == [2, -1, -1] and res["multipliers"] == []


def test_dapp_ramsch_multiple_losers_pay_a_jungfrau_double():
    res = S.DAPP_RAMSCH4_TIE_NONE_JUNGFRAU.result()
    assert res["points"] == [49, 49, 0, 22] and res["tricks"][-1]["winner"] == 3
    assert tricks_won(res, 4)[2] == 0
    assert res["payments"] == [-3, -3, 4, 2] and res["multipliers"] == ["jungfrau"]


def test_dapp_jungfrau_means_no_trick_not_no_points():
    res = S.DAPP_RAMSCH4_ZERO_POINTS_WITH_TRICK.result()
    assert res["points"] == [33, 45, 0, 42] and tricks_won(res, 4) == [3, 2, 1, 1]
    # seat 2 took a trick worth nothing: not a Jungfrau, so it gets 1, not 2
    assert res["payments"] == [1, -3, 1, 1] and res["multipliers"] == []


# -- the worked examples of dapp.md (records in the examples folder) ----------------------

DAPP_EXAMPLES = [
    ("example-dapp-0", "herz", [6, -2, -2, -2], []),
    ("example-dapp-1", "normal", [-8, 4, 4], ["kontra", "schneider"]),
    ("example-dapp-2", "durch_herz", [192, -48, -48, -48, -48], ["kontra", "rekontra"]),
    ("example-dapp-3", "ramsch", [-4, 1, 1, 2], ["jungfrau"]),
    ("example-dapp-4", "durch", [8, -24, 8, 8], []),
]


@pytest.mark.parametrize("name,contract,payments,multipliers", DAPP_EXAMPLES,
                         ids=[e[0] for e in DAPP_EXAMPLES])
def test_dapp_worked_examples(name, contract, payments, multipliers):
    path = EXAMPLES / f"{name}.json"
    res = deal_from_record(json.loads(path.read_text())).outcome()
    assert res is not None
    assert (res.contract, list(res.payments), list(res.multipliers)) == \
        (contract, payments, multipliers)
