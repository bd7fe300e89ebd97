"""Dapp (``dapp.md``): the contest auction with open levels, the contract choice, all-pass
Ramsch, and the closing round (only Durch-Herz or Ramsch, payments doubled)."""

from __future__ import annotations

import pytest

from bot.engine import Action, IllegalAction, NotYourTurn, Phase

from . import scenarios_dapp as S
from .dapp_helpers import DURCH_HERZ_HANDS, TALON, dapp, play_first_legal
from .helpers import bids, main_actor, make, run, speakers

NAMED = {"rufer", "bettel", "rufer_herz", "durch", "durch_herz"}
ALL_CONTRACTS = ["normal", "herz", "rufer", "bettel", "rufer_herz", "durch", "durch_herz"]


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


def test_dapp_closing_durch_herz_payments_doubled():
    deal = make("dapp", DURCH_HERZ_HANDS, TALON, dealer=2, closing_ramsch=True)
    run(deal, "bid:durch_herz bid:pass bid:pass")
    res = play_first_legal(deal)
    assert res["payments"] == [48, -24, -24]
    assert res["multipliers"] == ["closing"]
