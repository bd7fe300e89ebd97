"""Dapp (``dapp.md``): the contest auction with open levels, the contract choice, trump,
the Rufer call and exchange, Bettel, kontra/rekontra windows, early end, open hands,
scoring with schneider and kontra, Ramsch (Jungfrau, ties) and the closing round."""

from __future__ import annotations

import json

import pytest

from bot.engine import Action, IllegalAction, NotYourTurn, Phase, deal_from_record

from . import scenarios_dapp as S
from .helpers import (
    EXAMPLES,
    bids,
    legal_tokens,
    main_actor,
    make,
    names,
    points,
    result_json,
    run,
    seeded,
    speakers,
    trick_points,
    tricks_won,
)

NAMED = {"rufer", "bettel", "rufer_herz", "durch", "durch_herz"}
ALL_CONTRACTS = ["normal", "herz", "rufer", "bettel", "rufer_herz", "durch", "durch_herz"]


def dapp(players=4, dealer=None, seed=0, **options):
    return seeded("dapp", seed, players=players,
                  dealer=players - 1 if dealer is None else dealer, **options)


def contract_choices(deal):
    assert deal.phase is Phase.CONTRACT
    return sorted(a.value for a in deal.legal_actions(main_actor(deal)))


# -- bidding -----------------------------------------------------------------------------

def test_dapp_rules_bidding_example():
    deal = dapp(4)
    asked = speakers(deal, "bid:play bid:play bid:self bid:rufer bid:hold bid:durch bid:pass "
                           "bid:pass bid:pass")
    assert asked == [0, 1, 0, 1, 0, 1, 0, 2, 3]
    assert deal.declarer == 1
    assert contract_choices(deal) == ["durch", "durch_herz"]


def test_dapp_opening_words_are_pass_or_play():
    deal = dapp(4)
    assert bids(deal) == {"pass", "play"}
    for word in sorted(NAMED | {"hold", "self", "normal", "herz"}):
        with pytest.raises(IllegalAction):
            deal.apply(0, Action.bid(word))


def test_dapp_against_the_open_normal_level_only_play_or_pass():
    deal = dapp(4)
    run(deal, "bid:play")
    assert bids(deal) == {"pass", "play"}
    for word in sorted(NAMED | {"hold", "self"}):
        with pytest.raises(IllegalAction):
            deal.apply(1, Action.bid(word))


def test_dapp_holder_answers_play_with_self_or_pass():
    deal = dapp(4)
    run(deal, "bid:play bid:play")
    assert deal.to_act() == (0,)
    assert bids(deal) == {"pass", "self"}
    for word in sorted(NAMED | {"hold", "play"}):
        with pytest.raises(IllegalAction):
            deal.apply(0, Action.bid(word))


def test_dapp_after_self_challenger_must_name_above_herz():
    deal = dapp(4)
    run(deal, "bid:play bid:play bid:self")
    assert deal.to_act() == (1,)
    assert bids(deal) == {"pass"} | NAMED
    for word in ("play", "self", "hold"):
        with pytest.raises(IllegalAction):
            deal.apply(1, Action.bid(word))


def test_dapp_holder_may_hold_or_name_higher():
    deal = dapp(4)
    run(deal, "bid:play bid:play bid:self bid:bettel")
    assert deal.to_act() == (0,)
    assert bids(deal) == {"pass", "hold", "rufer_herz", "durch", "durch_herz"}


def test_dapp_to_overbid_rufer_name_bettel_or_higher():
    deal = dapp(4)
    run(deal, "bid:play bid:play bid:self bid:rufer bid:hold")
    assert deal.to_act() == (1,)
    assert bids(deal) == {"pass", "bettel", "rufer_herz", "durch", "durch_herz"}
    with pytest.raises(IllegalAction):
        deal.apply(1, Action.bid("rufer"))


def test_dapp_challenger_must_name_strictly_higher_after_a_hold():
    deal = dapp(4)
    run(deal, "bid:play bid:play bid:self bid:durch bid:hold")
    assert bids(deal) == {"pass", "durch_herz"}
    run(deal, "bid:durch_herz bid:hold")
    assert bids(deal) == {"pass"}


def test_dapp_holder_pass_at_herz_level_makes_the_challenger_holder():
    deal = dapp(4)
    run(deal, "bid:play bid:play bid:pass")
    assert deal.to_act() == (2,)
    assert bids(deal) == {"pass"} | NAMED  # naming starts above herz
    with pytest.raises(IllegalAction):
        deal.apply(2, Action.bid("play"))
    run(deal, "bid:pass bid:pass")
    assert deal.declarer == 1
    assert contract_choices(deal) == sorted(ALL_CONTRACTS[1:])  # herz and up


def test_dapp_challenger_pass_after_self_leaves_the_holder_at_herz_level():
    deal = dapp(4)
    run(deal, "bid:play bid:play bid:self bid:pass bid:pass bid:pass")
    assert deal.declarer == 0
    assert contract_choices(deal) == sorted(ALL_CONTRACTS[1:])


def test_dapp_open_normal_level_may_become_any_contract_but_ramsch():
    deal = dapp(4)
    run(deal, "bid:play bid:pass bid:pass bid:pass")
    assert deal.declarer == 0
    assert contract_choices(deal) == sorted(ALL_CONTRACTS)
    with pytest.raises(IllegalAction):
        deal.apply(0, Action.contract("ramsch"))


def test_dapp_rufer_may_be_upgraded_to_rufer_herz():
    deal = dapp(4)
    run(deal, "bid:play bid:play bid:self bid:rufer bid:pass bid:pass bid:pass")
    assert deal.declarer == 1
    assert contract_choices(deal) == ["rufer", "rufer_herz"]
    for other in ("durch", "herz", "bettel"):
        with pytest.raises(IllegalAction):
            deal.apply(1, Action.contract(other))
    run(deal, "contract:rufer_herz")
    assert deal.contract == "rufer_herz" and deal.trump == 2


def test_dapp_durch_may_be_upgraded_to_durch_herz():
    deal = dapp(4)
    run(deal, "bid:play bid:play bid:self bid:durch bid:pass bid:pass bid:pass")
    assert contract_choices(deal) == ["durch", "durch_herz"]
    run(deal, "contract:durch")
    assert deal.contract == "durch" and deal.phase is Phase.TRUMP


@pytest.mark.parametrize("named", ["bettel", "rufer_herz", "durch_herz"])
def test_dapp_other_named_bids_are_the_contract(named):
    deal = dapp(4)
    run(deal, f"bid:play bid:play bid:self bid:{named} bid:pass bid:pass bid:pass")
    assert deal.declarer == 1 and deal.contract == named
    assert deal.phase is not Phase.CONTRACT


def test_dapp_contest_resumes_with_the_player_after_the_challenger():
    deal = dapp(5)  # dealer 4, forehand 0
    asked = speakers(deal, "bid:pass bid:play bid:pass bid:play bid:self bid:pass")
    assert asked == [0, 1, 2, 3, 1, 3]
    assert deal.to_act() == (4,)
    assert bids(deal) == {"pass"} | NAMED
    asked = speakers(deal, "bid:durch bid:hold bid:pass")
    assert asked == [4, 1, 4]
    assert deal.declarer == 1
    assert contract_choices(deal) == ["durch", "durch_herz"]


def test_dapp_later_speaker_challenges_the_holder_with_a_named_contract():
    deal = dapp(4)
    run(deal, "bid:play bid:play bid:self bid:rufer bid:pass")  # holder 1 at rufer
    assert deal.to_act() == (2,)
    assert bids(deal) == {"pass", "bettel", "rufer_herz", "durch", "durch_herz"}
    run(deal, "bid:bettel")
    assert deal.to_act() == (1,)
    assert bids(deal) == {"pass", "hold", "rufer_herz", "durch", "durch_herz"}
    run(deal, "bid:pass")
    assert deal.to_act() == (3,)
    run(deal, "bid:pass")
    assert deal.declarer == 2 and deal.contract == "bettel"


def test_dapp_passed_player_is_out_for_good():
    deal = dapp(3)  # dealer 2
    asked = speakers(deal, "bid:play bid:play bid:pass bid:rufer bid:pass")
    assert asked == [0, 1, 0, 2, 1]
    assert deal.declarer == 2
    assert contract_choices(deal) == ["rufer", "rufer_herz"]


def test_dapp_dealer_speaks_last_and_ends_the_auction():
    deal = dapp(3)
    run(deal, "bid:pass bid:pass")
    assert deal.to_act() == (2,) and deal.phase is Phase.AUCTION
    run(deal, "bid:play")
    assert deal.declarer == 2 and deal.phase is Phase.CONTRACT


def test_dapp_bid_out_of_turn_is_rejected():
    deal = dapp(4)
    with pytest.raises(NotYourTurn):
        deal.apply(1, Action.bid("play"))


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_dapp_all_pass_is_played_as_ramsch(players):
    deal = dapp(players)
    run(deal, "bid:pass " * players)
    assert deal.contract == "ramsch" and deal.declarer is None and deal.trump is None
    assert deal.phase is Phase.PLAY
    assert main_actor(deal) == 0  # forehand leads
    assert not deal.is_over


# -- the closing round -------------------------------------------------------------------

def test_dapp_closing_round_only_durch_herz():
    deal = dapp(4, closing_ramsch=True)
    assert bids(deal) == {"pass", "durch_herz"}
    for word in ("play", "durch", "rufer", "bettel"):
        with pytest.raises(IllegalAction):
            deal.apply(0, Action.bid(word))
    run(deal, "bid:pass bid:durch_herz")
    assert bids(deal) == {"pass"}  # the first to name it plays it
    run(deal, "bid:pass bid:pass")
    assert deal.declarer == 1 and deal.contract == "durch_herz" and deal.trump == 2
    assert deal.phase is Phase.PLAY


def test_dapp_closing_round_all_pass_ramsch():
    deal = dapp(3, closing_ramsch=True)
    run(deal, "bid:pass bid:pass bid:pass")
    assert deal.contract == "ramsch"


def test_dapp_closing_ramsch_payments_doubled():
    res = S.DAPP_RAMSCH4_TIE_LAST.result(closing_ramsch=True)
    assert res["payments"] == [2, -8, 2, 4]
    assert res["multipliers"] == ["jungfrau", "closing"]


# three players, dealer 2, forehand 0; seat 0 holds every heart and the black aces
DURCH_HERZ_HANDS = [
    "7H 8H 9H JH QH KH TH AH AC AS",
    "7C 8C 9C JC QC KC TC 7S 8S 9S",
    "JS QS KS TS 7D 8D 9D JD QD KD",
]
DURCH_HANDS = [  # the same with clubs and hearts swapped
    "7C 8C 9C JC QC KC TC AC AH AS",
    "7H 8H 9H JH QH KH TH 7S 8S 9S",
    "JS QS KS TS 7D 8D 9D JD QD KD",
]
TALON = "TD AD"


def play_first_legal(deal):
    while not deal.is_over:
        seat = main_actor(deal)
        deal.apply(seat, deal.legal_actions(seat)[0])
    return result_json(deal)


def test_dapp_closing_durch_herz_payments_doubled():
    deal = make("dapp", DURCH_HERZ_HANDS, TALON, dealer=2, closing_ramsch=True)
    run(deal, "bid:durch_herz bid:pass bid:pass")
    res = play_first_legal(deal)
    assert res["payments"] == [48, -24, -24]
    assert res["multipliers"] == ["closing"]


# -- before play -------------------------------------------------------------------------

def fixed(contract, players=4, seed=0):
    """A deal where seat 0 declares ``contract`` (from the open Normal level)."""
    deal = dapp(players, seed=seed)
    run(deal, "bid:play " + "bid:pass " * (players - 1) + f"contract:{contract}")
    return deal


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


# -- kontra / rekontra -------------------------------------------------------------------

def test_dapp_no_kontra_before_the_contract_is_fixed():
    deal = dapp(4)
    for seat in range(4):
        assert not deal.is_legal(seat, Action.kontra())
    run(deal, "bid:play bid:pass bid:pass bid:pass")
    assert deal.phase is Phase.CONTRACT and deal.to_act() == (0,)
    with pytest.raises(IllegalAction):
        deal.apply(1, Action.kontra())


def test_dapp_kontra_by_an_opponent_once_the_contract_is_fixed():
    deal = fixed("normal")
    assert deal.phase is Phase.TRUMP
    assert deal.to_act() == (0, 1, 2, 3)
    assert "kontra" not in legal_tokens(deal, 0)  # the declarer
    for seat in (1, 2, 3):
        assert legal_tokens(deal, seat) == ["kontra"]
    with pytest.raises(IllegalAction):
        deal.apply(0, Action.kontra())
    run(deal, "kontra@3")
    assert deal.public_view().announcements == ("kontra",)
    assert deal.public_view().kontra_by == 3
    assert deal.phase is Phase.TRUMP and main_actor(deal) == 0  # it blocks nobody


def test_dapp_kontra_once_per_deal():
    deal = fixed("herz")
    run(deal, "kontra@1")
    for seat in (1, 2, 3):
        assert not deal.is_legal(seat, Action.kontra())
    with pytest.raises(IllegalAction):
        deal.apply(2, Action.kontra())


def test_dapp_kontra_until_the_first_card():
    deal = fixed("herz")
    assert main_actor(deal) == 0  # forehand (here the declarer) leads
    run(deal, sorted(a.argument for a in deal.legal_actions(0) if a.argument)[0])
    for seat in range(4):
        assert not deal.is_legal(seat, Action.kontra())
    with pytest.raises(IllegalAction):
        deal.apply(2, Action.kontra())


def test_dapp_rekontra_only_by_the_declarer_after_kontra():
    deal = fixed("herz")
    with pytest.raises(IllegalAction):
        deal.apply(0, Action.rekontra())
    run(deal, "kontra@2")
    assert "rekontra" in legal_tokens(deal, 0)
    for seat in (1, 2, 3):
        assert not deal.is_legal(seat, Action.rekontra())
    run(deal, "rekontra@0")
    assert deal.public_view().announcements == ("kontra", "rekontra")
    assert not deal.is_legal(0, Action.rekontra())


def test_dapp_rekontra_until_the_first_trick_is_complete():
    deal = fixed("herz")
    run(deal, "kontra@1")
    for _ in range(3):
        seat = main_actor(deal)
        deal.apply(seat, deal.legal_actions(seat)[0] if seat != 0 else
                   next(a for a in deal.legal_actions(0) if a.token != "rekontra"))
        assert deal.is_legal(0, Action.rekontra())
    seat = main_actor(deal)
    deal.apply(seat, next(a for a in deal.legal_actions(seat) if a.token != "rekontra"))
    assert len(deal.public_view().tricks) == 1
    assert not deal.is_legal(0, Action.rekontra())
    with pytest.raises(IllegalAction):
        deal.apply(0, Action.rekontra())


def test_dapp_ramsch_any_player_kontra_any_other_rekontra():
    deal = dapp(4)
    run(deal, "bid:pass " * 4)
    assert deal.to_act() == (0, 1, 2, 3)
    for seat in range(4):
        assert "kontra" in legal_tokens(deal, seat)
    run(deal, "kontra@0")  # forehand, who also leads
    assert not deal.is_legal(0, Action.rekontra())
    for seat in (1, 2, 3):
        assert deal.is_legal(seat, Action.rekontra())
    run(deal, "rekontra@2")
    assert not deal.is_legal(3, Action.rekontra())


def test_dapp_kontra_doubles_and_rekontra_doubles_again():
    sc = S.DAPP_NORMAL_80
    contract, trump = sc.auction.split()[-2:]
    base = " ".join(sc.auction.split()[:-1])
    assert sc.result()["payments"] == [2, -1, -1]
    res = sc.result(auction=f"{base} kontra@1 {trump}")
    assert res["payments"] == [4, -2, -2] and res["multipliers"] == ["kontra"]
    assert res["announcements"] == ["kontra"]
    res = sc.result(auction=f"{base} kontra@2 {trump} rekontra@0")
    assert res["payments"] == [8, -4, -4] and res["multipliers"] == ["kontra", "rekontra"]


def test_dapp_kontra_rekontra_and_schneider_multiply():
    sc = S.DAPP_NORMAL_81
    base = " ".join(sc.auction.split()[:-1])
    trump = sc.auction.split()[-1]
    res = sc.result(auction=f"{base} {trump} kontra@1 rekontra@0")
    assert res["payments"] == [16, -8, -8]
    assert res["multipliers"] == ["kontra", "rekontra", "schneider"]


def test_dapp_ramsch_kontra_and_rekontra_double_the_value():
    sc = S.DAPP_RAMSCH4_TIE_LAST
    res = sc.result(auction=sc.auction + " kontra@2 rekontra@3")
    assert res["payments"] == [4, -16, 4, 8]
    assert res["multipliers"] == ["kontra", "rekontra", "jungfrau"]


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
