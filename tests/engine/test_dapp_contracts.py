"""Dapp (``dapp.md``) from the contract on: trump, the face-down talon, the lead, the Rufer
call and exchange, Bettel (the open hand), Durch, and the early end of Rufer, Bettel and
Durch."""

from __future__ import annotations

import pytest

from bot.engine import Action, IllegalAction, Phase

from .dapp_helpers import DURCH_HANDS, DURCH_HERZ_HANDS, TALON, dapp, fixed, play_first_legal
from .helpers import (
    legal_tokens,
    main_actor,
    make,
    names,
    result_json,
    run,
    trick_points,
    tricks_won,
)

# -- before play -------------------------------------------------------------------------


@pytest.mark.parametrize("contract", ["normal", "rufer", "durch"])
def test_dapp_declarer_names_clubs_spades_or_diamonds(contract):
    deal = fixed(contract)
    assert deal.phase is Phase.TRUMP and deal.to_act()[0:1] == (0,)
    assert sorted(a.token for a in deal.legal_actions(0)) == ["trump:C", "trump:D", "trump:S"]
    with pytest.raises(IllegalAction):
        deal.apply(0, Action.trump("H"))


@pytest.mark.parametrize("contract", ["herz", "rufer_herz", "durch_herz"])
def test_dapp_hearts_contracts_have_hearts_trump(contract):
    deal = fixed(contract)
    assert deal.trump == 2
    assert deal.phase is (Phase.CALL if contract == "rufer_herz" else Phase.PLAY)


@pytest.mark.parametrize("contract", ["normal", "herz", "durch", "durch_herz", "bettel"])
def test_dapp_talon_stays_face_down(contract):
    deal = fixed(contract)
    record = deal.to_record()
    if deal.phase is Phase.TRUMP:
        run(deal, "trump:C")
    assert names(deal.view(0).hand) == set(record["hands"][0])
    assert all(deal.view(s).talon is None for s in range(4))


@pytest.mark.parametrize("contract", ["normal", "herz", "durch", "durch_herz", "rufer"])
def test_dapp_forehand_leads_contracts_with_trump(contract):
    deal = dapp(4)
    run(deal, f"bid:pass bid:play bid:pass bid:pass contract:{contract}")  # declarer 1
    if deal.phase is Phase.TRUMP:
        run(deal, "trump:S")
    if deal.phase is Phase.CALL:
        card = sorted(a.argument for a in deal.legal_actions(1))[0]
        run(deal, f"call:{card}")
        if deal.phase is Phase.GIVE:
            run(deal, deal.legal_actions(1)[0].token)
    assert deal.phase is Phase.PLAY
    assert main_actor(deal) == 0


def test_dapp_bettel_declarer_leads_without_trump():
    deal = dapp(4)
    run(deal, "bid:pass bid:pass bid:play bid:pass contract:bettel")
    assert deal.declarer == 2 and deal.trump is None
    assert deal.phase is Phase.PLAY and main_actor(deal) == 2


def test_dapp_ramsch_forehand_leads_without_trump():
    deal = dapp(4, dealer=1)
    run(deal, "bid:pass " * 4)
    assert deal.trump is None and main_actor(deal) == 2


# Rufer: seat 0 declares (3 players, dealer 2)
RUFER_HANDS = [
    "8C 9C JC QC KC TC AC AH AS 7D",
    "7C 8H 9H JH QH KH TH 7S 8S 9S",
    "JS QS KS TS 7H 8D 9D JD QD KD",
]
RUFER_TALON = "TD AD"
RUFER_TALON_HANDS = [  # 7C lies in the talon
    "8C 9C JC QC KC TC AC AH AS 7D",
    "TD 8H 9H JH QH KH TH 7S 8S 9S",
    "JS QS KS TS 7H 8D 9D JD QD KD",
]
RUFER_TALON_TALON = "7C AD"
RUFER_AUCTION = "bid:play bid:pass bid:pass contract:rufer trump:C"


def test_dapp_rufer_trump_then_call_a_card_not_in_own_hand():
    deal = make("dapp", RUFER_HANDS, RUFER_TALON, dealer=2)
    run(deal, "bid:play bid:pass bid:pass contract:rufer")
    assert deal.phase is Phase.TRUMP
    run(deal, "trump:C")
    assert deal.phase is Phase.CALL
    callable_ = {a.argument for a in deal.legal_actions(0)}
    own = set(RUFER_HANDS[0].split())
    assert callable_ == {c for h in RUFER_HANDS[1:] for c in h.split()} | set(RUFER_TALON.split())
    assert not callable_ & own
    with pytest.raises(IllegalAction):
        deal.apply(0, Action.call("AC"))
    with pytest.raises(IllegalAction):
        deal.apply(0, Action.call(None))  # dapp: a card must be called


def test_dapp_rufer_opponent_hands_over_the_called_card_and_receives_any_other():
    deal = make("dapp", RUFER_HANDS, RUFER_TALON, dealer=2)
    run(deal, RUFER_AUCTION + " call:7C")
    assert deal.phase is Phase.GIVE and main_actor(deal) == 0
    assert "7C" in names(deal.view(0).hand) and "7C" not in names(deal.view(1).hand)
    view = deal.public_view()
    assert str(view.called_card) == "7C" and view.called_from == 1
    givable = {a.argument for a in deal.legal_actions(0)}
    assert givable == set(RUFER_HANDS[0].split())  # any card but the called one
    with pytest.raises(IllegalAction):
        deal.apply(0, Action.give("7C"))
    run(deal, "give:AS")
    assert "AS" in names(deal.view(1).hand)
    assert deal.public_view().hand_sizes == (10, 10, 10)
    assert deal.phase is Phase.PLAY and main_actor(deal) == 0


def test_dapp_rufer_called_card_in_talon_no_exchange_known_to_all():
    deal = make("dapp", RUFER_TALON_HANDS, RUFER_TALON_TALON, dealer=2)
    run(deal, RUFER_AUCTION + " call:7C")
    assert deal.phase is Phase.PLAY
    assert names(deal.view(0).hand) == set(RUFER_TALON_HANDS[0].split())
    for view in [deal.view(s) for s in range(3)] + [deal.public_view()]:
        assert view.called_in_talon is True
        assert str(view.called_card) == "7C"
        assert view.called_from is None and view.exchange_card is None


def test_dapp_rufer_called_card_in_talon_forbids_kontra():
    deal = make("dapp", RUFER_TALON_HANDS, RUFER_TALON_TALON, dealer=2)
    run(deal, RUFER_AUCTION + " call:7C")
    assert deal.to_act() == (0,)
    for seat in (1, 2):
        assert "kontra" not in legal_tokens(deal, seat)
        with pytest.raises(IllegalAction):
            deal.apply(seat, Action.kontra())


def test_dapp_rufer_kontra_only_after_the_call_and_exchange():
    deal = make("dapp", RUFER_HANDS, RUFER_TALON, dealer=2)
    run(deal, "bid:play bid:pass bid:pass contract:rufer")
    for step in ("trump:C", "call:7C", "give:7D"):
        assert deal.to_act() == (0,)
        with pytest.raises(IllegalAction):
            deal.apply(1, Action.kontra())
        run(deal, step)
    assert deal.to_act() == (0, 1, 2)
    run(deal, "kontra@2")
    assert deal.public_view().kontra_by == 2


def test_dapp_rufer_won_with_every_trick():
    deal = make("dapp", RUFER_HANDS, RUFER_TALON, dealer=2)
    run(deal, RUFER_AUCTION + " call:7C give:7D")
    res = play_first_legal(deal)
    assert tricks_won(res, 3) == [10, 0, 0]
    assert res["payments"] == [8, -4, -4] and res["multipliers"] == []


def test_dapp_rufer_herz_value_6():
    hands = [h.replace("C", "x").replace("H", "C").replace("x", "H") for h in RUFER_HANDS]
    deal = make("dapp", hands, RUFER_TALON, dealer=2)
    run(deal, "bid:play bid:pass bid:pass contract:rufer_herz call:7H give:7D")
    res = play_first_legal(deal)
    assert res["contract"] == "rufer_herz" and res["trump"] == "H"
    assert res["payments"] == [12, -6, -6]


def test_dapp_rufer_ends_when_the_declarer_loses_a_trick():
    deal = make("dapp", RUFER_TALON_HANDS, RUFER_TALON_TALON, dealer=2)
    run(deal, RUFER_AUCTION + " call:7C 7D TD 8D")  # 7D is beaten by seat 1's TD
    assert deal.is_over
    res = result_json(deal)
    assert len(res["tricks"]) == 1 and res["tricks"][0]["winner"] == 1
    assert res["payments"] == [-8, 4, 4]
    assert res["points"] == trick_points(res, 3)  # the talon counts for nobody


# -- Bettel ------------------------------------------------------------------------------

BETTEL_HANDS = [  # seat 1 declares and cannot win a trick
    "JC QC KC TC AC JS QS KS TS AS",
    "7C 8C 9C 7S 8S 9S 7H 8H 9H 7D",
    "JH QH KH TH AH 8D 9D JD QD KD",
]
BETTEL_LOST_HANDS = [  # seat 1 leads AC and must win the first trick
    "JC QC KC TC 7C JS QS KS TS AS",
    "AC 8C 9C 7S 8S 9S 7H 8H 9H 7D",
    "JH QH KH TH AH 8D 9D JD QD KD",
]
BETTEL_AUCTION = "bid:pass bid:play bid:pass contract:bettel"


def test_dapp_bettel_won_with_no_trick():
    deal = make("dapp", BETTEL_HANDS, TALON, dealer=2)
    run(deal, BETTEL_AUCTION)
    assert main_actor(deal) == 1
    res = play_first_legal(deal)
    assert len(res["tricks"]) == 10 and tricks_won(res, 3)[1] == 0
    assert res["payments"] == [-5, 10, -5] and res["multipliers"] == []


def test_dapp_bettel_ends_when_the_declarer_wins_a_trick():
    deal = make("dapp", BETTEL_LOST_HANDS, TALON, dealer=2)
    run(deal, BETTEL_AUCTION + " AC JH 7C")
    assert deal.is_over
    res = result_json(deal)
    assert len(res["tricks"]) == 1 and res["tricks"][0]["winner"] == 1
    assert res["payments"] == [5, -10, 5]


def test_dapp_bettel_void_player_may_play_any_card():
    deal = make("dapp", BETTEL_HANDS, TALON, dealer=2)
    run(deal, BETTEL_AUCTION + " 7C")
    assert {a.argument for a in deal.legal_actions(2)} == set(BETTEL_HANDS[2].split())


def test_dapp_bettel_hand_open_after_first_trick():
    deal = make("dapp", BETTEL_HANDS, TALON, dealer=2)
    run(deal, BETTEL_AUCTION)
    for script in ("", "7C", "JH"):
        run(deal, script)
        for view in [deal.view(s) for s in (0, 2)] + [deal.public_view()]:
            assert view.open_hands == {}
            assert not names(view.visible_cards()) & (names(deal.view(1).hand) - {"7C"})
    run(deal, "AC")  # first trick complete (seat 0 wins)
    hand = names(deal.view(1).hand)
    assert len(hand) == 9
    for view in [deal.view(s) for s in range(3)] + [deal.public_view()]:
        assert {s: names(h) for s, h in view.open_hands.items()} == {1: hand}
    run(deal, "JC")
    assert names(deal.public_view().open_hands[1]) == names(deal.view(1).hand)


@pytest.mark.parametrize("contract", ["normal", "herz", "durch_herz"])
def test_dapp_other_contracts_never_open_a_hand(contract):
    deal = fixed(contract, players=3)
    if deal.phase is Phase.TRUMP:
        run(deal, "trump:D")
    for _ in range(6):
        if deal.is_over:
            break
        seat = main_actor(deal)
        deal.apply(seat, deal.legal_actions(seat)[0])
        assert deal.public_view().open_hands == {}


# -- Durch -------------------------------------------------------------------------------

def test_dapp_durch_herz_won_with_every_trick():
    deal = make("dapp", DURCH_HERZ_HANDS, TALON, dealer=2)
    run(deal, "bid:play bid:pass bid:pass contract:durch_herz")
    res = play_first_legal(deal)
    assert tricks_won(res, 3) == [10, 0, 0]
    assert res["payments"] == [24, -12, -12]
    assert res["multipliers"] == []  # no schneider outside normal and herz


def test_dapp_durch_won_with_every_trick():
    deal = make("dapp", DURCH_HANDS, TALON, dealer=2)
    run(deal, "bid:play bid:pass bid:pass contract:durch trump:C")
    res = play_first_legal(deal)
    assert tricks_won(res, 3) == [10, 0, 0]
    assert res["payments"] == [16, -8, -8] and res["multipliers"] == []


def test_dapp_durch_ends_when_the_declarer_loses_a_trick():
    hands = ["7H 8H 9H JH QH KH TH AH AC 7S",
             "7C 8C 9C JC QC KC TC AS 8S 9S",
             "JS QS KS TS 7D 8D 9D JD QD KD"]
    deal = make("dapp", hands, TALON, dealer=2)
    run(deal, "bid:play bid:pass bid:pass contract:durch_herz 7S AS JS")
    assert deal.is_over
    res = result_json(deal)
    assert len(res["tricks"]) == 1
    assert res["payments"] == [-24, 12, 12]
