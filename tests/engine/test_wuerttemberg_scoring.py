"""Württemberg Tapp (``wuerttemberg.md``): the scoring table (all-tricks games, colour games,
the Tapp, the stake, no schneider), Ramsch payments, and the worked examples of
``wuerttemberg.md``."""

from __future__ import annotations

import json

import pytest

from bot.engine import Phase, deal_from_record

from . import scenarios_wuerttemberg as S
from .helpers import EXAMPLES, filled, points, result_json, run, trick_points, tricks_won
from .wuerttemberg_helpers import only_forehand_plays, play_first_legal

# -- scoring -----------------------------------------------------------------------------

TOP = {  # seat 0's hand of eight cards that takes every trick with this trump
    "durch_herz": ("7H 8H 9H JH QH KH TH AH", None),
    "durch": ("7C 8C 9C JC QC KC TC AC", "C"),
    "rufer": ("7C 8C 9C JC QC KC TC AC", "C"),
    "rufer_herz": ("7H 8H 9H JH QH KH TH AH", None),
}


@pytest.mark.parametrize("game,value", [("durch_herz", 12), ("durch", 6), ("rufer", 3),
                                        ("rufer_herz", 6)])
def test_wuerttemberg_all_tricks_games_won(game, value):
    hand, trump = TOP[game]
    deal = filled("wuerttemberg", 4, {0: hand}, dealer=3)
    only_forehand_plays(deal, game)
    if trump:
        run(deal, f"trump:{trump}")
    if deal.phase is Phase.CALL:
        run(deal, "call:-")
    res = play_first_legal(deal)
    assert tricks_won(res, 4) == [8, 0, 0, 0]
    assert res["payments"] == [3 * value, -value, -value, -value]
    assert res["multipliers"] == []


@pytest.mark.parametrize("game,value", [("durch_herz", 12), ("durch", 6), ("rufer", 3),
                                        ("rufer_herz", 6)])
def test_wuerttemberg_all_tricks_games_end_at_the_first_lost_trick(game, value):
    deal = filled("wuerttemberg", 4, {0: "7H 8H 9H JH QH KH TH 6S", 1: "AS"}, dealer=3)
    only_forehand_plays(deal, game)
    if deal.phase is Phase.TRUMP:
        run(deal, "trump:D")
    if deal.phase is Phase.CALL:
        run(deal, "call:-")
    run(deal, "6S AS")
    for seat in (2, 3):
        run(deal, deal.legal_actions(seat)[0].token)
    assert deal.is_over
    res = result_json(deal)
    assert len(res["tricks"]) == 1 and res["tricks"][0]["winner"] != 0
    assert res["payments"] == [-3 * value, value, value, value]


def _check(res, contract, dp, payments):
    assert res["status"] == "finished" and res["contract"] == contract
    assert res["declarer_points"] == dp
    assert res["payments"] == payments
    assert res["multipliers"] == [] and res["pot"] == 0


def test_wuerttemberg_farbe_won_with_61():
    _check(S.WUE_FARBE_61.result(), "farbe", 61, [3, -1, -1, -1])


def test_wuerttemberg_farbe_60_loses():
    _check(S.WUE_FARBE_60.result(), "farbe", 60, [-3, 1, 1, 1])


def test_wuerttemberg_herz_value_2_three_players():
    _check(S.WUE_HERZ_61_3P.result(), "herz", 61, [4, -2, -2])


def test_wuerttemberg_farbe_32_card_deck():
    res = S.WUE_FARBE_32_61.result()
    _check(res, "farbe", 61, [3, -1, -1, -1])
    assert len(res["tricks"]) == 7


def test_wuerttemberg_tapp_counts_for_the_declarer_in_colour_games():
    for sc in (S.WUE_FARBE_61, S.WUE_FARBE_60, S.WUE_HERZ_61_3P, S.WUE_FARBE_32_61):
        res = sc.result()
        expected = trick_points(res, len(sc.hands))
        expected[0] += points(sc.talon)
        assert res["points"] == expected and sum(expected) == 120


def test_wuerttemberg_no_schneider():
    deal = filled("wuerttemberg", 4, {0: "7C 8C 9C JC QC KC TC AC"}, dealer=3)
    only_forehand_plays(deal, "farbe")
    run(deal, "trump:C")
    res = play_first_legal(deal)
    assert res["declarer_points"] == 120
    assert res["payments"] == [3, -1, -1, -1] and res["multipliers"] == []


def test_wuerttemberg_stake_multiplies_the_value():
    _check(S.WUE_FARBE_61.result(stake=5), "farbe", 61, [15, -5, -5, -5])


def test_wuerttemberg_herz_aufnehmen_discards_count_for_the_declarer():
    for sc, dp, payments in [(S.WUE_HA_4P, 66, [3, -1, -1, -1]), (S.WUE_HA_3P_59, 59, [-2, 1, 1])]:
        res = sc.result()
        _check(res, "herz_aufnehmen", dp, payments)
        discard = next(s for s in sc.auction.split() if s.startswith("discard:"))[8:]
        expected = trick_points(res, len(sc.hands))
        expected[0] += points(discard.split("."))
        assert res["points"] == expected and sum(expected) == 120


def test_wuerttemberg_ramsch_last_trick_takes_the_tapp():
    for sc in (S.WUE_RAMSCH4_TIE_LAST, S.WUE_RAMSCH4_TIE_NONE, S.WUE_RAMSCH3_32,
               S.WUE_FORCED_RAMSCH):
        res = sc.result()
        n = len(sc.hands)
        expected = trick_points(res, n)
        expected[res["tricks"][-1]["winner"]] += points(sc.talon)
        assert res["points"] == expected and sum(expected) == 120
        assert res["declarer"] is None and res["declarer_points"] is None


def test_wuerttemberg_ramsch_most_points_pays_1_each():
    res = S.WUE_RAMSCH3_32.result()
    assert res["points"] == [10, 2, 108]
    assert res["payments"] == [1, 1, -2] and res["multipliers"] == []


def test_wuerttemberg_ramsch_tie_the_tied_player_with_the_last_trick_pays_alone():
    res = S.WUE_RAMSCH4_TIE_LAST.result()
    assert res["points"] == [46, 7, 21, 46] and res["tricks"][-1]["winner"] == 3
    assert res["payments"] == [1, 1, 1, -3] and res["multipliers"] == []


def test_wuerttemberg_ramsch_tie_without_the_last_trick_each_tied_player_pays():
    res = S.WUE_RAMSCH4_TIE_NONE.result()
    assert res["points"] == [0, 34, 43, 43] and res["tricks"][-1]["winner"] == 1
    assert tricks_won(res, 4)[0] == 0  # a Jungfer: 2 from each payer
    assert res["payments"] == [4, 2, -3, -3] and res["multipliers"] == ["jungfrau"]


def test_wuerttemberg_forced_ramsch_normal_payments():
    res = S.WUE_FORCED_RAMSCH.result()
    assert res["points"] == [29, 62, 29, 0]
    assert res["payments"] == [1, -4, 1, 2] and res["multipliers"] == ["jungfrau"]


def test_wuerttemberg_jungfer_means_no_trick_not_no_points():
    res = S.WUE_RAMSCH4_ZERO_POINTS_WITH_TRICK.result()
    assert res["points"] == [30, 25, 0, 65] and tricks_won(res, 4) == [3, 1, 1, 3]
    assert res["payments"] == [1, 1, 1, -3] and res["multipliers"] == []


# -- the worked examples of wuerttemberg.md (records in the examples folder) --------------

WUE_EXAMPLES = [
    ("example-wuerttemberg-0", "farbe", [3, -1, -1, -1]),
    ("example-wuerttemberg-1", "herz", [-6, 2, 2, 2]),
    ("example-wuerttemberg-2", "durch_herz", [36, -12, -12, -12]),
    ("example-wuerttemberg-3", "ramsch", [-4, 1, 1, 2]),
    ("example-wuerttemberg-4", "rufer", [-9, 3, 3, 3]),
]


@pytest.mark.parametrize("name,contract,payments", WUE_EXAMPLES, ids=[e[0] for e in WUE_EXAMPLES])
def test_wuerttemberg_worked_examples(name, contract, payments):
    path = EXAMPLES / f"{name}.json"
    res = deal_from_record(json.loads(path.read_text())).outcome()
    assert res is not None
    assert (res.contract, list(res.payments)) == (contract, payments)
