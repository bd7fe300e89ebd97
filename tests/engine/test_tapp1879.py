"""Tapp 1879 (``tapp1879.md``): ante and pot, the contest auction, the talon, trump and
tout, the forehand lead, early end of tout, and the pot scoring."""

from __future__ import annotations

import json

import pytest

from bot.engine import Action, IllegalAction, NotYourTurn, Phase, deal_from_record

from . import scenarios_tapp1879 as S
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
)


def t1879(dealer=2, seed=0, pot=0, **options):
    return seeded("tapp1879", seed, dealer=dealer, pot=pot, **options)


# -- ante and pot ------------------------------------------------------------------------

def test_tapp1879_dealer_pays_the_ante_into_the_pot_at_the_start():
    deal = t1879(pot=0)
    res = deal.status()
    assert res.status == "incomplete"
    assert res.pot == 2 and res.payments == (0, 0, -2)


def test_tapp1879_ante_is_paid_even_if_the_pot_holds_chips():
    deal = t1879(dealer=0, pot=9)
    assert deal.status().pot == 11
    assert deal.status().payments == (-2, 0, 0)


def test_tapp1879_ante_option_and_stake():
    deal = t1879(dealer=1, pot=1, ante=3, stake=2)
    assert deal.status().pot == 7
    assert deal.status().payments == (0, -6, 0)
    assert t1879(ante=0).status().payments == (0, 0, 0)


def test_tapp1879_all_pass_thrown_in_ante_stays_in_pot():
    deal = t1879(pot=3)
    run(deal, "bid:pass bid:pass bid:pass")
    res = deal.outcome()
    assert res is not None and res.status == "thrown_in"
    assert res.payments == (0, 0, -2)
    assert res.pot == 5
    assert res.contract is None and res.declarer is None
    assert res.declarer_points is None


# -- bidding -----------------------------------------------------------------------------

def test_tapp1879_rules_bidding_example():
    deal = t1879()
    asked = speakers(deal, "bid:coeurfrage bid:solo bid:hold bid:coeursolo bid:hold "
                           "bid:pass bid:pass")
    assert asked == [0, 1, 0, 1, 0, 1, 2]
    assert deal.declarer == 0 and deal.contract == "coeursolo"


def test_tapp1879_first_bidder_may_name_any_contract():
    deal = t1879()
    assert bids(deal) == {"pass", "coeurfrage", "solo", "coeursolo"}
    with pytest.raises(IllegalAction):
        deal.apply(0, Action.bid("hold"))


def test_tapp1879_challenger_must_bid_higher_than_the_standing_bid():
    deal = t1879()
    run(deal, "bid:solo")
    assert bids(deal) == {"pass", "coeursolo"}
    for word in ("coeurfrage", "solo", "hold"):
        with pytest.raises(IllegalAction):
            deal.apply(1, Action.bid(word))


def test_tapp1879_holder_answers_first_with_hold_raise_or_pass():
    deal = t1879()
    run(deal, "bid:coeurfrage bid:solo")
    assert deal.to_act() == (0,)
    assert bids(deal) == {"pass", "hold", "coeursolo"}
    with pytest.raises(NotYourTurn):
        deal.apply(2, Action.bid("pass"))


def test_tapp1879_after_hold_the_challenger_must_go_higher_or_pass():
    deal = t1879()
    run(deal, "bid:coeurfrage bid:solo bid:hold")
    assert deal.to_act() == (1,)
    assert bids(deal) == {"pass", "coeursolo"}
    run(deal, "bid:pass bid:pass")
    assert deal.declarer == 0 and deal.contract == "solo"


def test_tapp1879_holder_may_raise():
    deal = t1879()
    run(deal, "bid:coeurfrage bid:solo bid:coeursolo")
    assert deal.to_act() == (1,)
    assert bids(deal) == {"pass"}  # nothing is higher than coeursolo
    run(deal, "bid:pass")
    assert deal.to_act() == (2,) and bids(deal) == {"pass"}
    run(deal, "bid:pass")
    assert deal.declarer == 0 and deal.contract == "coeursolo"


def test_tapp1879_holder_pass_makes_the_challenger_holder():
    deal = t1879()
    run(deal, "bid:coeurfrage bid:solo bid:pass")
    assert deal.to_act() == (2,)
    assert bids(deal) == {"pass", "coeursolo"}
    run(deal, "bid:pass")
    assert deal.declarer == 1 and deal.contract == "solo"


def test_tapp1879_passed_player_is_out_for_good():
    deal = t1879()
    asked = speakers(deal, "bid:coeurfrage bid:solo bid:pass bid:coeursolo bid:pass")
    assert asked == [0, 1, 0, 2, 1]  # seat 0 is not asked again after passing
    assert deal.declarer == 2 and deal.contract == "coeursolo"


def test_tapp1879_normal_order_resumes_after_the_challenger():
    deal = t1879(dealer=0)  # forehand 1, order 1, 2, 0
    asked = speakers(deal, "bid:coeurfrage bid:solo bid:hold bid:pass bid:pass")
    assert asked == [1, 2, 1, 2, 0]
    assert deal.declarer == 1 and deal.contract == "solo"


def test_tapp1879_dealer_speaks_last():
    deal = t1879()
    asked = speakers(deal, "bid:pass bid:pass")
    assert asked == [0, 1]
    assert deal.to_act() == (2,) and deal.phase is Phase.AUCTION
    run(deal, "bid:coeurfrage")
    assert deal.declarer == 2 and deal.contract == "coeurfrage"


def test_tapp1879_dealer_challenge_is_finished_before_the_auction_ends():
    deal = t1879()
    asked = speakers(deal, "bid:coeurfrage bid:pass bid:solo bid:hold bid:coeursolo bid:pass")
    assert asked == [0, 1, 2, 0, 2, 0]
    assert deal.declarer == 2 and deal.contract == "coeursolo"


def test_tapp1879_auction_ends_when_the_dealer_has_spoken():
    deal = t1879()
    run(deal, "bid:solo bid:pass bid:pass")
    assert deal.phase is Phase.TRUMP and deal.declarer == 0


def test_tapp1879_nothing_left_to_bid_still_needs_a_pass():
    deal = t1879()
    run(deal, "bid:coeursolo")
    assert bids(deal) == {"pass"}
    assert deal.phase is Phase.AUCTION


# -- before play -------------------------------------------------------------------------

def test_tapp1879_coeurfrage_hearts_trump_declarer_picks_up_and_discards_3():
    deal = t1879()
    record = deal.to_record()
    run(deal, "bid:pass bid:coeurfrage bid:pass")
    assert deal.declarer == 1 and deal.contract == "coeurfrage"
    assert deal.trump == 2  # hearts, no trump step
    assert deal.phase is Phase.DISCARD
    hand = names(deal.view(1).hand)
    assert hand == set(record["hands"][1]) | set(record["talon"])
    assert len(hand) == 14
    assert legal_tokens(deal) == ["discard:3"]
    cards = sorted(hand)
    for wrong in (cards[:2], cards[:4]):
        with pytest.raises(IllegalAction):
            deal.apply(1, Action.discard(wrong))
    deal.apply(1, Action.discard(cards[:3]))
    assert len(deal.view(1).hand) == 11
    assert deal.phase is Phase.PLAY  # no tout in coeurfrage
    assert deal.to_act() == (0,)  # forehand leads


def test_tapp1879_solo_trump_not_hearts_and_talon_unseen():
    deal = t1879()
    record = deal.to_record()
    run(deal, "bid:pass bid:solo bid:pass")
    assert deal.phase is Phase.TRUMP
    assert names(deal.view(1).hand) == set(record["hands"][1])
    assert deal.view(1).talon is None
    assert sorted(legal_tokens(deal)) == ["trump:C", "trump:D", "trump:S"]
    with pytest.raises(IllegalAction):
        deal.apply(1, Action.trump("H"))


def test_tapp1879_coeursolo_hearts_trump_without_a_trump_step():
    deal = t1879()
    run(deal, "bid:pass bid:coeursolo bid:pass")
    assert deal.trump == 2
    assert deal.phase is Phase.ANNOUNCE
    assert sorted(legal_tokens(deal)) == ["announce:none", "announce:tout"]


@pytest.mark.parametrize("auction", ["bid:solo bid:pass bid:pass trump:D",
                                     "bid:coeursolo bid:pass bid:pass"])
def test_tapp1879_solo_contracts_ask_for_tout_before_the_first_card(auction):
    deal = t1879()
    run(deal, auction)
    assert deal.phase is Phase.ANNOUNCE and deal.to_act() == (0,)
    card = sorted(names(deal.view(0).hand))[0]
    with pytest.raises(IllegalAction):
        deal.apply(0, Action.play(card))
    run(deal, "announce:tout")
    assert deal.phase is Phase.PLAY
    assert deal.public_view().announcements == ("tout",)


def test_tapp1879_declining_tout_announces_nothing():
    deal = t1879()
    run(deal, "bid:solo bid:pass bid:pass trump:C announce:none")
    assert deal.public_view().announcements == ()


@pytest.mark.parametrize("auction,declarer", [
    ("bid:pass bid:solo bid:pass trump:S announce:none", 1),
    ("bid:pass bid:pass bid:coeursolo announce:tout", 2),
    ("bid:coeursolo bid:pass bid:pass announce:none", 0),
])
def test_tapp1879_forehand_leads_the_first_trick(auction, declarer):
    deal = t1879()
    run(deal, auction)
    assert deal.declarer == declarer
    assert deal.phase is Phase.PLAY and deal.to_act() == (0,)


# -- scoring -----------------------------------------------------------------------------

def _check(res, contract, p, payments, pot):
    assert res["status"] == "finished" and res["contract"] == contract
    assert res["declarer"] == 0
    assert res["declarer_points"] == p
    assert res["payments"] == payments
    assert res["pot"] == pot
    # chips are conserved: seats + pot change (from the pot before the ante) sum to 0
    assert sum(payments) + (pot - 4) == 0


def test_tapp1879_coeurfrage_d_zero_pays_nothing():
    _check(S.T1879_CF_60.result(), "coeurfrage", 60, [0, 0, -2], 6)


def test_tapp1879_coeurfrage_won_pays_ceil_d_over_4():
    _check(S.T1879_CF_61.result(), "coeurfrage", 61, [2, -1, -3], 6)
    _check(S.T1879_CF_64.result(), "coeurfrage", 64, [2, -1, -3], 6)
    _check(S.T1879_CF_65.result(), "coeurfrage", 65, [4, -2, -4], 6)


def test_tapp1879_coeurfrage_lost_pays_each_and_the_same_into_the_pot():
    _check(S.T1879_CF_59.result(), "coeurfrage", 59, [-3, 1, -1], 7)
    _check(S.T1879_CF_56.result(), "coeurfrage", 56, [-3, 1, -1], 7)
    _check(S.T1879_CF_55.result(), "coeurfrage", 55, [-6, 2, 0], 8)


def test_tapp1879_coeurfrage_discards_go_to_the_opponents_without_a_trick():
    sc = S.T1879_CF_NO_TRICK
    res = sc.result()
    discard = next(s for s in sc.auction.split() if s.startswith("discard:"))[8:].split(".")
    assert all(t["winner"] != 0 for t in res["tricks"])
    assert res["points"] == trick_points(res, 3)  # the discards count for no single seat
    assert sum(res["points"]) == 120 - points(discard)
    _check(res, "coeurfrage", 0, [-45, 15, 13], 21)  # d = -60: 15 each and 15 into the pot


def test_tapp1879_coeurfrage_discards_count_for_a_declarer_with_a_trick():
    sc = S.T1879_CF_61
    res = sc.result()
    discard = next(s for s in sc.auction.split() if s.startswith("discard:"))[8:].split(".")
    expected = trick_points(res, 3)
    expected[0] += points(discard)
    assert res["points"] == expected and sum(expected) == 120


def test_tapp1879_solo_won_takes_the_whole_pot_and_ceil_d_over_2():
    _check(S.T1879_SOLO_61.result(), "solo", 61, [8, -1, -3], 0)
    _check(S.T1879_SOLO_63.result(), "solo", 63, [10, -2, -4], 0)


def test_tapp1879_solo_lost_doubles_the_pot():
    _check(S.T1879_SOLO_59.result(), "solo", 59, [-8, 1, -1], 12)


def test_tapp1879_solo_talon_counts_only_if_the_declarer_won_a_trick():
    sc = S.T1879_SOLO_61
    res = sc.result()
    expected = trick_points(res, 3)
    expected[0] += points(sc.talon)
    assert res["points"] == expected and sum(expected) == 120
    sc = S.T1879_SOLO_NO_TRICK
    res = sc.result()
    assert all(t["winner"] != 0 for t in res["tricks"])
    assert res["points"] == trick_points(res, 3)
    assert sum(res["points"]) == 120 - points(sc.talon)
    _check(res, "solo", 0, [-66, 30, 28], 12)


def test_tapp1879_coeursolo_won_pays_d_itself():
    _check(S.T1879_CS_70.result(), "coeursolo", 70, [26, -10, -12], 0)


def test_tapp1879_coeursolo_60_is_lost_and_doubles_the_pot():
    _check(S.T1879_CS_60.result(), "coeursolo", 60, [-6, 0, -2], 12)


def test_tapp1879_stake_multiplies_units_and_ante():
    # pot 4 chips before the deal; the ante is 2 units x stake 2 = 4 chips
    res = S.T1879_CF_65.result(stake=2)
    assert res["payments"] == [8, -4, -8] and res["pot"] == 8
    res = S.T1879_SOLO_61.result(stake=2)
    assert res["payments"] == [12, -2, -6] and res["pot"] == 0


def test_tapp1879_ante_option_zero():
    res = S.T1879_CF_61.result(ante=0)
    assert res["payments"] == [2, -1, -1] and res["pot"] == 4


def test_tapp1879_tout_ends_at_once_when_the_declarer_loses_a_trick():
    res = S.T1879_SOLO_TOUT_LOST.result()
    winners = [t["winner"] for t in res["tricks"]]
    assert len(winners) < 11
    assert winners[-1] != 0 and all(w == 0 for w in winners[:-1])
    assert res["announcements"] == ["tout"]
    # lost tout in solo: 60 to each opponent, and the pot (6) doubles
    assert res["payments"] == [-126, 60, 58] and res["pot"] == 12
    expected = trick_points(res, 3)
    expected[0] += points(S.T1879_SOLO_TOUT_LOST.talon)
    assert res["declarer_points"] == expected[0]  # still reported as scored


# seat 1 holds every heart and the black aces: a coeursolo tout it cannot lose
TOUT_HANDS = [
    "6C 7C 8C 9C JC QC KC TC 6D 7D 8D",
    "6H 7H 8H 9H JH QH KH TH AH AC AS",
    "6S 7S 8S 9S JS QS KS TS 9D JD QD",
]
TOUT_TALON = "KD TD AD"


def _play_out_first_legal(deal):
    while not deal.is_over:
        seat = main_actor(deal)
        deal.apply(seat, deal.legal_actions(seat)[0])
    return result_json(deal)


def test_tapp1879_coeursolo_tout_won_takes_the_pot_and_120_from_each():
    deal = make("tapp1879", TOUT_HANDS, TOUT_TALON, dealer=2, pot=6)
    run(deal, "bid:pass bid:coeursolo bid:pass announce:tout")
    assert deal.to_act() == (0,)
    res = _play_out_first_legal(deal)
    assert len(res["tricks"]) == 11 and all(t["winner"] == 1 for t in res["tricks"])
    assert res["announcements"] == ["tout"]
    assert res["payments"] == [-120, 248, -122]
    assert res["pot"] == 0
    assert res["declarer_points"] == 120


def test_tapp1879_coeursolo_without_tout_scores_points_not_tricks():
    deal = make("tapp1879", TOUT_HANDS, TOUT_TALON, dealer=2, pot=6)
    run(deal, "bid:pass bid:coeursolo bid:pass announce:none")
    res = _play_out_first_legal(deal)
    # P = 120, d = 60: 60 from each, and the pot
    assert res["payments"] == [-60, 128, -62] and res["pot"] == 0


# -- the worked examples of tapp1879.md (records in the examples folder) ------------------

T1879_EXAMPLES = [
    ("example-tapp1879-0", "coeurfrage", 73, [8, -4, -6], 2),
    ("example-tapp1879-1", "coeurfrage", 47, [-12, 4, 2], 6),
    ("example-tapp1879-2", "solo", 80, [26, -10, -12], 0),
    ("example-tapp1879-3", "solo", 60, [-6, 0, -2], 12),
    ("example-tapp1879-4", "coeursolo", 55, [-12, 5, 3], 4),
    ("example-tapp1879-5", "solo", 120, [124, -60, -62], 0),
    ("example-tapp1879-6", "coeursolo", 47, [-248, 120, 118], 16),
]


@pytest.mark.parametrize("name,contract,p,payments,pot", T1879_EXAMPLES,
                         ids=[e[0] for e in T1879_EXAMPLES])
def test_tapp1879_worked_examples(name, contract, p, payments, pot):
    path = EXAMPLES / f"{name}.json"
    res = deal_from_record(json.loads(path.read_text())).outcome()
    assert res is not None
    assert (res.contract, res.declarer_points, list(res.payments), res.pot) == \
        (contract, p, payments, pot)
