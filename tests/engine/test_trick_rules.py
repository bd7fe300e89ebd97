"""README "Trick play (all contracts)": lead, follow suit, trump when void, no obligation
to head or over-trump, the trick's winner, the winner leads; rank order A T K Q J 9 8 7 6."""

from __future__ import annotations

import pytest

from bot.engine import Action, IllegalAction, NotYourTurn, Phase

from .helpers import RANKS, filled, legal_plays, make, names, run

# zuger, dealer 3, forehand 0; seat 0 plays a solo with clubs as trump and leads.
HANDS = [
    "AS KS QS JS AH KH AD KD",  # 0: no clubs
    "QC JC TH QH TD QD 9D 8D",  # 1: no spades; trumps QC JC
    "TS 9S 8S 7S 6S 9H 8H 7H",  # 2: spades, no clubs, no diamonds
    "AC TC 6C JH 6H JD 7D 6D",  # 3: no spades; trumps AC TC 6C
]
TALON = "KC 9C 8C 7C"
AUCTION = "bid:solo bid:pass bid:pass bid:pass trump:C"


def solo():
    deal = make("zuger", HANDS, TALON, dealer=3)
    run(deal, AUCTION)
    assert deal.phase is Phase.PLAY and deal.trump is not None
    return deal


def assert_rejected(deal, seat, action, message=None):
    before = (deal.to_record(), deal.to_act(), deal.ply)
    with pytest.raises(IllegalAction) as info:
        deal.apply(seat, action)
    if message is not None:
        assert message in str(info.value)
    assert (deal.to_record(), deal.to_act(), deal.ply) == before
    assert not deal.is_legal(seat, action)


def test_leader_may_play_any_card():
    deal = solo()
    assert deal.to_act() == (0,)
    assert legal_plays(deal) == set(HANDS[0].split())


def test_must_trump_when_void():
    deal = solo()
    run(deal, "AS")
    assert legal_plays(deal) == {"QC", "JC"}
    assert_rejected(deal, 1, Action.play("TH"), "trump")


def test_must_follow_suit():
    deal = solo()
    run(deal, "AS QC")
    assert legal_plays(deal) == {"TS", "9S", "8S", "7S", "6S"}
    assert_rejected(deal, 2, Action.play("9H"), "must follow suit S")


def test_no_obligation_to_head_the_trick():
    deal = solo()
    run(deal, "AS QC")
    assert "6S" in legal_plays(deal)  # lower than the ace led, and TS would not head it
    run(deal, "6S")


def test_no_obligation_to_over_trump():
    deal = solo()
    run(deal, "AS QC 6S")
    # seat 3 is void in spades: it must trump, but may stay under the queen
    assert legal_plays(deal) == {"AC", "TC", "6C"}
    assert_rejected(deal, 3, Action.play("JH"), "trump")
    run(deal, "6C")


def test_highest_trump_wins_the_trick():
    deal = solo()
    run(deal, "AS QC 6S 6C")
    t = deal.public_view().tricks[0]
    assert [str(c) for c in t.cards] == ["AS", "QC", "6S", "6C"]
    assert t.leader == 0 and t.winner == 1


def test_trick_winner_leads_next_trick():
    deal = solo()
    run(deal, "AS QC 6S 6C")
    assert deal.to_act() == (1,)
    assert legal_plays(deal) == set(HANDS[1].split()) - {"QC"}


def test_void_without_trump_may_play_any_card():
    deal = solo()
    run(deal, "AS QC 6S 6C 8D")
    assert legal_plays(deal) == {"TS", "9S", "8S", "7S", "9H", "8H", "7H"}


def test_highest_card_of_led_suit_wins_without_trump():
    deal = solo()
    run(deal, "AS QC 6S 6C 8D 9H 6D KD")
    t = deal.public_view().tricks[1]
    assert t.leader == 1 and t.winner == 0  # KD: the 9H of another suit does not count
    assert deal.to_act() == (0,)


def test_play_order_follows_seat_numbers_and_wraps():
    deal = solo()
    run(deal, "AS QC 6S 6C 8D")
    assert deal.to_act() == (2,)
    run(deal, "9H")
    assert deal.to_act() == (3,)
    run(deal, "6D")
    assert deal.to_act() == (0,)


def test_play_out_of_turn_is_rejected():
    deal = solo()
    before = deal.to_record()
    with pytest.raises(NotYourTurn):
        deal.apply(2, Action.play("TS"))
    assert deal.to_record() == before


def test_card_not_in_hand_is_rejected():
    deal = solo()
    assert_rejected(deal, 0, Action.play("QC"), "not in hand")
    run(deal, "AS")
    assert_rejected(deal, 1, Action.play("AS"))


def test_no_card_is_played_during_the_auction():
    deal = make("zuger", HANDS, TALON, dealer=3)
    assert_rejected(deal, 0, Action.play("AS"))


@pytest.mark.parametrize("low,high", list(zip(RANKS, RANKS[1:], strict=False)))
def test_rank_order_a_t_k_q_j_9_8_7_6(low: str, high: str):
    # wuerttemberg forced Ramsch: no trump, forehand 0 leads. Seats 2 and 3 hold no
    # hearts, so the trick is between seat 0's low heart and seat 1's high heart.
    hearts = [r + "H" for r in RANKS if r not in (low, high)]
    deal = filled("wuerttemberg", 4, {0: low + "H " + " ".join(hearts[:3]), 1: high + "H"},
                  " ".join(hearts[3:]), dealer=3, forced_ramsch=True)
    assert deal.phase is Phase.PLAY and deal.to_act() == (0,)
    run(deal, low + "H " + high + "H")
    # void in hearts and no trump: any card, hearts or not
    assert legal_plays(deal) == names(deal.view(2).hand)
    for seat in (2, 3):
        run(deal, sorted(names(deal.view(seat).hand))[0])
    assert deal.public_view().tricks[0].winner == 1
