"""Zuger Tapp (``zuger.md``): bidding, the talon, trump, the lead, and the scoring table."""

from __future__ import annotations

import json

import pytest

from bot.engine import Action, IllegalAction, NotYourTurn, Phase, deal_from_record

from . import scenarios_zuger as S
from .helpers import EXAMPLES, bids, legal_tokens, names, points, run, seeded, trick_points

SOLO = "bid:solo bid:pass bid:pass bid:pass"
SUPER = "bid:tapp bid:solo bid:pass bid:pass bid:super bid:pass"
VICE = "bid:tapp bid:solo bid:super bid:pass bid:vice"
TAPP = "bid:tapp bid:pass bid:pass bid:pass"


def zuger(dealer=3, seed=0, **options):
    return seeded("zuger", seed, dealer=dealer, **options)


def trump_step(scenario):
    step = scenario.auction.split()[-1]
    assert step.startswith("trump:")
    return step


def speakers(deal, script):
    """Apply bids one by one and return who was asked to speak before each."""
    out = []
    for step in script.split():
        out.append(deal.to_act())
        run(deal, step)
    return out


# -- bidding -----------------------------------------------------------------------------

def test_zuger_rules_bidding_example():
    deal = zuger()
    run(deal, "bid:tapp bid:solo bid:pass bid:pass bid:super bid:pass")
    assert deal.declarer == 0 and deal.contract == "super"
    assert deal.phase is Phase.TRUMP


def test_zuger_opening_bids_are_pass_tapp_solo():
    deal = zuger()
    assert bids(deal) == {"pass", "tapp", "solo"}
    for word in ("super", "vice", "hold", "spiele"):
        with pytest.raises(IllegalAction):
            deal.apply(0, Action.bid(word))


@pytest.mark.parametrize("standing,next_bid", [("tapp", "solo"), ("solo", "super")])
def test_zuger_no_jump_bids(standing, next_bid):
    deal = zuger()
    run(deal, f"bid:{standing}")
    assert bids(deal) == {"pass", next_bid}
    for word in ("tapp", "solo", "super", "vice"):
        if word != next_bid:
            with pytest.raises(IllegalAction):
                deal.apply(1, Action.bid(word))


def test_zuger_only_vice_after_super():
    deal = zuger()
    run(deal, "bid:tapp bid:solo bid:super")
    assert bids(deal) == {"pass", "vice"}


def test_zuger_passed_player_never_bids_again():
    deal = zuger()
    asked = speakers(deal, "bid:pass bid:tapp bid:solo bid:pass bid:super bid:pass")
    assert asked == [(0,), (1,), (2,), (3,), (1,), (2,)]  # seats 0 and 3 are skipped
    assert deal.declarer == 1 and deal.contract == "super"


def test_zuger_turn_keeps_going_round_skipping_passed_players():
    deal = zuger()
    asked = speakers(deal, "bid:pass bid:tapp bid:pass bid:solo bid:super bid:vice")
    assert asked == [(0,), (1,), (2,), (3,), (1,), (3,)]
    assert deal.declarer == 3 and deal.contract == "vice"


def test_zuger_auction_ends_when_a_bid_stands_and_three_passed():
    deal = zuger()
    run(deal, "bid:tapp bid:pass bid:pass")
    assert deal.phase is Phase.AUCTION and deal.to_act() == (3,)
    run(deal, "bid:pass")
    assert deal.declarer == 0 and deal.contract == "tapp"
    assert deal.phase is Phase.DISCARD


def test_zuger_last_speaker_may_bid_after_three_passes():
    deal = zuger()
    run(deal, "bid:pass bid:pass bid:pass")
    assert deal.to_act() == (3,)
    assert bids(deal) == {"pass", "tapp", "solo"}
    run(deal, "bid:solo")
    assert deal.declarer == 3 and deal.contract == "solo"


def test_zuger_vice_ends_auction():
    deal = zuger()
    run(deal, "bid:tapp bid:solo bid:super bid:vice")
    assert deal.declarer == 3 and deal.contract == "vice"
    assert deal.phase is Phase.TRUMP


def test_zuger_vice_ends_auction_before_the_others_have_passed():
    deal = zuger()
    run(deal, "bid:pass bid:tapp bid:solo bid:super bid:vice")
    assert deal.declarer == 1 and deal.contract == "vice"
    assert deal.phase is Phase.TRUMP
    assert deal.to_act() == (1,)


def test_zuger_all_pass_thrown_in():
    deal = zuger()
    run(deal, "bid:pass bid:pass bid:pass bid:pass")
    assert deal.is_over
    res = deal.outcome()
    assert res is not None and res.status == "thrown_in"
    assert res.payments == (0, 0, 0, 0)
    assert res.contract is None and res.declarer is None and res.tricks == ()
    assert deal.to_act() == ()
    assert deal.legal_actions(0) == []


def test_zuger_bid_out_of_turn_is_rejected():
    deal = zuger()
    with pytest.raises(NotYourTurn):
        deal.apply(2, Action.bid("tapp"))


# -- before play -------------------------------------------------------------------------

def test_zuger_tapp_declarer_picks_up_talon_and_discards_4():
    deal = zuger()
    record = deal.to_record()
    run(deal, TAPP)
    assert deal.phase is Phase.DISCARD and deal.to_act() == (0,)
    view = deal.view(0)
    assert names(view.hand) == set(record["hands"][0]) | set(record["talon"])
    assert len(view.hand) == 12
    assert legal_tokens(deal) == ["discard:4"]
    hand = sorted(names(view.hand))
    for wrong in (hand[:3], hand[:5]):
        with pytest.raises(IllegalAction):
            deal.apply(0, Action.discard(wrong))
    other = record["hands"][1][:4]
    with pytest.raises(IllegalAction):
        deal.apply(0, Action.discard(other))
    discard = record["talon"][:2] + record["hands"][0][:2]  # talon cards may be discarded
    deal.apply(0, Action.discard(discard))
    assert len(deal.view(0).hand) == 8
    assert names(deal.view(0).discards) == set(discard)
    assert deal.phase is Phase.TRUMP


def test_zuger_tapp_trump_is_named_after_the_discard_any_suit():
    deal = zuger()
    run(deal, TAPP)
    hand = sorted(names(deal.view(0).hand))
    deal.apply(0, Action.discard(hand[:4]))
    assert sorted(legal_tokens(deal)) == ["trump:C", "trump:D", "trump:H", "trump:S"]


@pytest.mark.parametrize("auction", [SOLO, SUPER, VICE])
def test_zuger_solo_super_vice_talon_stays_face_down(auction):
    deal = zuger()
    record = deal.to_record()
    run(deal, auction)
    assert deal.phase is Phase.TRUMP
    decl = deal.declarer
    assert names(deal.view(decl).hand) == set(record["hands"][decl])
    for seat in range(4):
        assert deal.view(seat).talon is None
    assert sorted(legal_tokens(deal)) == ["trump:C", "trump:D", "trump:H", "trump:S"]


def test_zuger_trump_is_named_with_an_explicit_action():
    deal = zuger()
    run(deal, SOLO)
    card = sorted(names(deal.view(0).hand))[0]
    with pytest.raises(IllegalAction):
        deal.apply(0, Action.play(card))
    run(deal, "trump:D")
    assert deal.trump == 3 and deal.phase is Phase.PLAY


@pytest.mark.parametrize("auction,declarer", [
    ("bid:pass bid:pass bid:tapp bid:pass", 2),
    ("bid:pass bid:solo bid:pass bid:pass", 1),
    ("bid:tapp bid:solo bid:pass bid:pass bid:super bid:pass", 0),
    ("bid:tapp bid:solo bid:super bid:vice", 3),
])
def test_zuger_declarer_leads_the_first_trick(auction, declarer):
    deal = zuger()
    run(deal, auction)
    assert deal.declarer == declarer
    if deal.phase is Phase.DISCARD:
        deal.apply(declarer, Action.discard(sorted(names(deal.view(declarer).hand))[:4]))
    run(deal, "trump:S")
    assert deal.phase is Phase.PLAY and deal.to_act() == (declarer,)


# -- scoring -----------------------------------------------------------------------------

def _check(res, contract, declarer_points, payments, multipliers=()):
    assert res["status"] == "finished"
    assert res["contract"] == contract
    assert res["declarer"] == 0
    assert res["declarer_points"] == declarer_points
    assert res["payments"] == payments
    assert res["multipliers"] == list(multipliers)
    assert res["pot"] == 0
    assert len(res["tricks"]) == 8  # point contracts are played to the last trick


def test_zuger_tapp_won_with_61():
    _check(S.ZUGER_TAPP_61.result(), "tapp", 61, [3, -1, -1, -1])


def test_zuger_tapp_lost_with_59():
    _check(S.ZUGER_TAPP_59.result(), "tapp", 59, [-3, 1, 1, 1])


def test_zuger_tapp_exactly_60_is_a_draw():
    _check(S.ZUGER_TAPP_60.result(), "tapp", 60, [0, 0, 0, 0])


def test_zuger_tapp_threshold_65_has_no_draw():
    _check(S.ZUGER_TAPP_60.result(tapp_threshold=65), "tapp", 60, [-3, 1, 1, 1])
    _check(S.ZUGER_TAPP_64.result(tapp_threshold=65), "tapp", 64, [-3, 1, 1, 1])
    _check(S.ZUGER_TAPP_65.result(tapp_threshold=65), "tapp", 65, [3, -1, -1, -1])


def test_zuger_tapp_threshold_61_wins_with_64():
    _check(S.ZUGER_TAPP_64.result(), "tapp", 64, [3, -1, -1, -1])


def test_zuger_solo_won_with_65():
    _check(S.ZUGER_SOLO_65.result(), "solo", 65, [6, -2, -2, -2])


def test_zuger_solo_lost_with_64():
    _check(S.ZUGER_SOLO_64.result(), "solo", 64, [-6, 2, 2, 2])


def test_zuger_super_won_with_70():
    sc = S.ZUGER_SOLO_70
    _check(sc.result(auction=f"{SUPER} {trump_step(sc)}"), "super", 70, [12, -4, -4, -4])


def test_zuger_super_lost_with_69():
    sc = S.ZUGER_SOLO_69
    _check(sc.result(auction=f"{SUPER} {trump_step(sc)}"), "super", 69, [-12, 4, 4, 4])
    # the same 69 points win a solo
    _check(sc.result(), "solo", 69, [6, -2, -2, -2])


def test_zuger_vice_won_with_75():
    sc = S.ZUGER_SOLO_75
    _check(sc.result(auction=f"{VICE} {trump_step(sc)}"), "vice", 75, [18, -6, -6, -6])


def test_zuger_vice_lost_with_74():
    sc = S.ZUGER_SOLO_74
    _check(sc.result(auction=f"{VICE} {trump_step(sc)}"), "vice", 74, [-18, 6, 6, 6])
    _check(sc.result(auction=f"{SUPER} {trump_step(sc)}"), "super", 74, [12, -4, -4, -4])


def test_zuger_opponents_with_21_points_pay_single():
    _check(S.ZUGER_SOLO_99.result(), "solo", 99, [6, -2, -2, -2])


def test_zuger_opponents_below_21_points_pay_double():
    _check(S.ZUGER_SOLO_100.result(), "solo", 100, [12, -4, -4, -4], ["schneider"])
    sc = S.ZUGER_SOLO_100
    _check(sc.result(auction=f"{VICE} {trump_step(sc)}"), "vice", 100, [36, -12, -12, -12],
           ["schneider"])


def test_zuger_declarer_below_21_points_pays_double():
    _check(S.ZUGER_SOLO_20_WITH_TRICK.result(), "solo", 20, [-12, 4, 4, 4], ["schneider"])


def test_zuger_declarer_with_21_points_pays_single():
    _check(S.ZUGER_SOLO_21_WITH_TRICK.result(), "solo", 21, [-6, 2, 2, 2])


def test_zuger_opponents_no_trick_pay_triple_not_six_times():
    res = S.ZUGER_SOLO_ALL_TRICKS.result()
    _check(res, "solo", 120, [18, -6, -6, -6], ["no_trick"])


def test_zuger_declarer_no_trick_pays_triple_talon_points_still_count():
    sc = S.ZUGER_SOLO_NO_TRICK
    res = sc.result()
    assert all(t["winner"] != 0 for t in res["tricks"])
    assert res["declarer_points"] == points(sc.talon) > 0
    _check(res, "solo", points(sc.talon), [-18, 6, 6, 6], ["no_trick"])


def test_zuger_tapp_declarer_no_trick_keeps_the_discards_and_pays_triple():
    sc = S.ZUGER_TAPP_NO_TRICK_DISCARDS
    res = sc.result()
    discard = next(s for s in sc.auction.split() if s.startswith("discard:"))
    assert res["declarer_points"] == points(discard[8:].split(".")) > 0
    _check(res, "tapp", res["declarer_points"], [-9, 3, 3, 3], ["no_trick"])


def test_zuger_tapp_discards_count_for_the_declarer():
    for sc in (S.ZUGER_TAPP_59, S.ZUGER_TAPP_61, S.ZUGER_TAPP_65):
        res = sc.result()
        discard = next(s for s in sc.auction.split() if s.startswith("discard:"))
        expected = trick_points(res, 4)
        expected[0] += points(discard[8:].split("."))
        assert res["points"] == expected
        assert sum(res["points"]) == 120


def test_zuger_talon_counts_for_the_declarer_in_solo_super_vice():
    for sc in (S.ZUGER_SOLO_64, S.ZUGER_SOLO_70, S.ZUGER_SOLO_99):
        res = sc.result()
        expected = trick_points(res, 4)
        expected[0] += points(sc.talon)
        assert res["points"] == expected
        assert sum(res["points"]) == 120


def test_zuger_stake_multiplies_every_payment():
    _check(S.ZUGER_SOLO_65.result(stake=3), "solo", 65, [18, -6, -6, -6])
    _check(S.ZUGER_SOLO_100.result(stake=2), "solo", 100, [24, -8, -8, -8], ["schneider"])


def test_zuger_draw_has_no_multiplier_even_with_stake():
    _check(S.ZUGER_TAPP_60.result(stake=5), "tapp", 60, [0, 0, 0, 0])


# -- the worked examples of zuger.md (records in the examples folder) ---------------------

ZUGER_EXAMPLES = [
    ("example-zuger-0", "tapp", 73, [3, -1, -1, -1], []),
    ("example-zuger-1", "tapp", 60, [0, 0, 0, 0], []),
    ("example-zuger-2", "solo", 64, [-6, 2, 2, 2], []),
    ("example-zuger-3", "super", 104, [24, -8, -8, -8], ["schneider"]),
    ("example-zuger-4", "vice", 120, [-18, -18, -18, 54], ["no_trick"]),
    ("example-zuger-5", "solo", 12, [-18, 6, 6, 6], ["no_trick"]),
]


@pytest.mark.parametrize("name,contract,dp,payments,multipliers", ZUGER_EXAMPLES,
                         ids=[e[0] for e in ZUGER_EXAMPLES])
def test_zuger_worked_examples(name, contract, dp, payments, multipliers):
    path = EXAMPLES / f"{name}.json"
    res = deal_from_record(json.loads(path.read_text())).outcome()
    assert res is not None
    assert (res.contract, res.declarer_points, list(res.payments), list(res.multipliers)) == \
        (contract, dp, payments, multipliers)
