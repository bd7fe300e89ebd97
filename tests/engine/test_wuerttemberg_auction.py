"""Württemberg Tapp (``wuerttemberg.md``): announce and declare, priority and ties, Ramsch
when nobody plays, forced Ramsch, and no kontra."""

from __future__ import annotations

import pytest

from bot.engine import Action, IllegalAction, NotYourTurn, Phase

from .helpers import bids, main_actor, run, speakers
from .wuerttemberg_helpers import GAMES, only_forehand_plays, wue

# -- bidding -----------------------------------------------------------------------------

def test_wuerttemberg_rules_bidding_example():
    deal = wue(4)
    asked = speakers(deal, "bid:spiele bid:weg bid:spiele bid:spiele "
                           "declare:rufer declare:herz declare:rufer")
    assert asked == [1, 2, 3, 0, 1, 3, 0]
    assert deal.declarer == 0 and deal.contract == "rufer"


@pytest.mark.parametrize("players,dealer,order", [(4, 3, [1, 2, 3, 0]), (4, 1, [3, 0, 1, 2]),
                                                  (3, 2, [1, 2, 0]), (3, 0, [2, 0, 1])])
def test_wuerttemberg_announce_order_forehand_last(players, dealer, order):
    deal = wue(players, dealer)
    assert speakers(deal, "bid:weg " * (players - 1)) == order[:-1]
    assert main_actor(deal) == order[-1] == (dealer + 1) % players


def test_wuerttemberg_announce_words_are_spiele_or_weg():
    deal = wue(4)
    assert bids(deal) == {"spiele", "weg"}
    for word in ("pass", "play", "farbe"):
        with pytest.raises(IllegalAction):
            deal.apply(1, Action.bid(word))
    with pytest.raises(IllegalAction):
        deal.apply(1, Action.declare("farbe"))
    with pytest.raises(NotYourTurn):
        deal.apply(0, Action.bid("spiele"))


def test_wuerttemberg_declarations_in_announce_order_forehand_last():
    deal = wue(4, dealer=1)  # forehand 2; announce order 3, 0, 1, 2
    run(deal, "bid:spiele bid:weg bid:spiele bid:spiele")
    assert deal.phase is Phase.DECLARE
    assert speakers(deal, "declare:farbe declare:farbe declare:farbe") == [3, 1, 2]
    assert deal.declarer == 2  # forehand has priority at equal rank


def test_wuerttemberg_declaration_choices():
    deal = wue(4)
    run(deal, "bid:spiele bid:weg bid:weg bid:weg")
    assert deal.phase is Phase.DECLARE
    assert sorted(a.value for a in deal.legal_actions(1)) == sorted(GAMES)
    for word in ("ramsch", "herz_aufnehmen", "normal", "solo"):
        with pytest.raises(IllegalAction):
            deal.apply(1, Action.declare(word))
    with pytest.raises(IllegalAction):
        deal.apply(1, Action.bid("weg"))  # declarations are binding: no withdrawing


def test_wuerttemberg_herz_aufnehmen_declarable_only_with_the_option():
    deal = wue(4, herz_aufnehmen=True)
    run(deal, "bid:spiele bid:weg bid:weg bid:weg")
    assert sorted(a.value for a in deal.legal_actions(1)) == sorted(GAMES + ["herz_aufnehmen"])


def test_wuerttemberg_single_player_declares_and_plays():
    deal = wue(4)
    run(deal, "bid:weg bid:weg bid:spiele bid:weg")
    assert deal.phase is Phase.DECLARE and main_actor(deal) == 3
    run(deal, "declare:herz")
    assert deal.declarer == 3 and deal.contract == "herz"


@pytest.mark.parametrize("low,high", list(zip(GAMES, GAMES[1:], strict=False)))
def test_wuerttemberg_declaration_priority_highest_rank_wins(low, high):
    deal = wue(4)  # forehand 0 has priority at equal rank, so give it the lower game
    run(deal, f"bid:spiele bid:weg bid:weg bid:spiele declare:{high} declare:{low}")
    assert deal.declarer == 1 and deal.contract == high


def test_wuerttemberg_herz_aufnehmen_is_the_lowest_game():
    deal = wue(4, herz_aufnehmen=True)
    run(deal, "bid:spiele bid:weg bid:weg bid:spiele declare:farbe declare:herz_aufnehmen")
    assert deal.declarer == 1 and deal.contract == "farbe"


@pytest.mark.parametrize("players,dealer,declarers,winner", [
    (4, 3, [1, 2, 3, 0], 0),   # forehand first
    (4, 3, [1, 2, 3], 1),      # then seat order: 1 before 2 and 3
    (4, 3, [2, 3], 2),         # the dealer last
    (3, 1, [0, 1, 2], 2),      # forehand 2
    (3, 1, [0, 1], 0),
])
def test_wuerttemberg_ties_by_seat_order_from_forehand(players, dealer, declarers, winner):
    deal = wue(players, dealer)
    fh = (dealer + 1) % players
    order = [(fh + 1 + i) % players for i in range(players)]
    run(deal, " ".join("bid:spiele" if s in declarers else "bid:weg" for s in order))
    run(deal, "declare:durch " * len(declarers))
    assert deal.declarer == winner and deal.contract == "durch"


@pytest.mark.parametrize("players", [3, 4])
def test_wuerttemberg_ramsch_when_nobody_plays(players):
    deal = wue(players)
    run(deal, "bid:weg " * players)
    assert deal.contract == "ramsch" and deal.declarer is None and deal.trump is None
    assert deal.phase is Phase.PLAY and main_actor(deal) == deal.forehand


def test_wuerttemberg_forced_ramsch_has_no_bidding():
    deal = wue(4, dealer=1, forced_ramsch=True)
    assert deal.phase is Phase.PLAY and deal.contract == "ramsch"
    assert deal.to_act() == (2,)
    with pytest.raises(IllegalAction):
        deal.apply(2, Action.bid("spiele"))


def test_wuerttemberg_no_kontra():
    deal = only_forehand_plays(wue(4), "herz")
    for seat in range(4):
        assert not deal.is_legal(seat, Action.kontra())
        with pytest.raises(IllegalAction):
            deal.apply(seat, Action.kontra())
    assert deal.to_act() == (0,)
