"""Württemberg Tapp (``wuerttemberg.md``): announce and declare, priority and ties, Ramsch
when nobody plays, forced Ramsch, trump, the optional Rufer call, Bettel ouvert,
herz_aufnehmen, the lead, and the scoring table."""

from __future__ import annotations

import json

import pytest

from bot.engine import Action, IllegalAction, NotYourTurn, Phase, deal_from_record

from . import scenarios_wuerttemberg as S
from .helpers import (
    EXAMPLES,
    bids,
    filled,
    legal_tokens,
    main_actor,
    names,
    points,
    result_json,
    run,
    seeded,
    speakers,
    trick_points,
    tricks_won,
)

GAMES = ["farbe", "herz", "bettel", "rufer", "rufer_herz", "bettel_ouvert", "durch",
         "durch_herz"]  # low to high


def wue(players=4, dealer=None, seed=0, **options):
    return seeded("wuerttemberg", seed, players=players,
                  dealer=players - 1 if dealer is None else dealer, **options)


def only_forehand_plays(deal, game):
    """Announce with forehand alone saying spiele, then forehand declares ``game``."""
    n, fh = deal.n, deal.forehand
    order = [(fh + 1 + i) % n for i in range(n)]
    run(deal, " ".join("bid:spiele" if s == fh else "bid:weg" for s in order))
    run(deal, f"declare:{game}")
    return deal


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


# -- before play -------------------------------------------------------------------------

@pytest.mark.parametrize("game", ["farbe", "rufer", "durch"])
def test_wuerttemberg_declarer_names_clubs_spades_or_diamonds(game):
    deal = only_forehand_plays(wue(4), game)
    assert deal.phase is Phase.TRUMP
    assert sorted(legal_tokens(deal)) == ["trump:C", "trump:D", "trump:S"]
    with pytest.raises(IllegalAction):
        deal.apply(0, Action.trump("H"))


@pytest.mark.parametrize("game,trump", [("herz", 2), ("rufer_herz", 2), ("durch_herz", 2),
                                        ("bettel", None), ("bettel_ouvert", None)])
def test_wuerttemberg_games_with_a_fixed_trump_or_none(game, trump):
    deal = only_forehand_plays(wue(4), game)
    assert deal.trump == trump
    assert deal.phase is (Phase.CALL if game == "rufer_herz" else Phase.PLAY)


@pytest.mark.parametrize("game", GAMES)
def test_wuerttemberg_tapp_is_never_picked_up(game):
    deal = wue(4)
    record = deal.to_record()
    only_forehand_plays(deal, game)
    if deal.phase is Phase.TRUMP:
        run(deal, "trump:S")
    if deal.phase is Phase.CALL:
        run(deal, "call:-")
    assert deal.phase is Phase.PLAY
    assert names(deal.view(0).hand) == set(record["hands"][0])
    assert all(deal.view(s).talon is None for s in range(4))


@pytest.mark.parametrize("game", ["farbe", "herz", "bettel", "rufer", "durch_herz"])
def test_wuerttemberg_forehand_leads_the_first_trick(game):
    deal = wue(4)
    run(deal, f"bid:weg bid:spiele bid:weg bid:weg declare:{game}")  # declarer 2
    if deal.phase is Phase.TRUMP:
        run(deal, "trump:D")
    if deal.phase is Phase.CALL:
        run(deal, "call:-")
    assert deal.declarer == 2
    assert deal.phase is Phase.PLAY and deal.to_act() == (0,)


def test_wuerttemberg_bettel_ouvert_declarer_leads():
    deal = wue(4)
    run(deal, "bid:weg bid:spiele bid:weg bid:weg declare:bettel_ouvert")
    assert deal.declarer == 2 and deal.to_act() == (2,)


def test_wuerttemberg_rufer_may_call_none():
    deal = only_forehand_plays(wue(4), "rufer")
    record = deal.to_record()
    run(deal, "trump:C")
    assert deal.phase is Phase.CALL
    tokens = legal_tokens(deal)
    assert "call:-" in tokens
    own = set(record["hands"][0])
    called = {t[5:] for t in tokens if t != "call:-"}
    assert called == {c for h in record["hands"][1:] for c in h} | set(record["talon"])
    assert not called & own
    with pytest.raises(IllegalAction):
        deal.apply(0, Action.call(sorted(own)[0]))
    run(deal, "call:-")
    assert deal.phase is Phase.PLAY
    assert deal.public_view().called_card is None
    assert names(deal.view(0).hand) == own


def test_wuerttemberg_rufer_exchange_with_the_holder():
    deal = filled("wuerttemberg", 4, {0: "8C 9C JC QC KC TC AC 7D", 2: "7C"}, dealer=3)
    only_forehand_plays(deal, "rufer")
    run(deal, "trump:C call:7C")
    assert deal.phase is Phase.GIVE and main_actor(deal) == 0
    assert deal.public_view().called_from == 2
    assert {a.argument for a in deal.legal_actions(0)} == {"8C", "9C", "JC", "QC", "KC", "TC",
                                                            "AC", "7D"}
    with pytest.raises(IllegalAction):
        deal.apply(0, Action.give("7C"))
    run(deal, "give:7D")
    assert "7D" in names(deal.view(2).hand) and "7C" in names(deal.view(0).hand)
    assert deal.phase is Phase.PLAY and deal.to_act() == (0,)


def test_wuerttemberg_rufer_called_card_in_the_tapp_no_exchange():
    deal = filled("wuerttemberg", 4, {0: "8C 9C JC QC KC TC AC 7D"}, "7C 6C 6S 7S",
                  dealer=3)
    only_forehand_plays(deal, "rufer")
    run(deal, "trump:C call:7C")
    assert deal.phase is Phase.PLAY
    assert deal.view(0).called_in_talon is True  # the declarer knows it
    assert names(deal.view(0).hand) == {"8C", "9C", "JC", "QC", "KC", "TC", "AC", "7D"}
    assert deal.view(0).talon is None  # but sees no other card of the Tapp


def test_wuerttemberg_herz_aufnehmen_picks_up_and_discards_the_tapp_size():
    for players, deck, k in [(4, 36, 4), (3, 36, 3), (3, 32, 2), (4, 32, 4)]:
        deal = wue(players, herz_aufnehmen=True, deck=deck)
        record = deal.to_record()
        fh = deal.forehand
        only_forehand_plays(deal, "herz_aufnehmen")
        assert deal.trump == 2 and deal.phase is Phase.DISCARD
        hand = names(deal.view(fh).hand)
        assert hand == set(record["hands"][fh]) | set(record["talon"])
        assert legal_tokens(deal) == [f"discard:{k}"]
        deal.apply(fh, Action.discard(sorted(hand)[:k]))
        assert len(deal.view(fh).hand) == len(record["hands"][fh])
        assert deal.phase is Phase.PLAY and deal.to_act() == (fh,)


# -- Bettel and open hands ---------------------------------------------------------------

# 4 players, dealer 3, forehand 0; seat 0 holds the sixes and sevens and can win no trick
BETTEL = {0: "6C 7C 6S 7S 6H 7H 6D 7D", 1: "8C 9C 8S 9S 8H 9H 8D 9D",
          2: "JC QC JS QS JH QH JD QD", 3: "KC TC KS TS KH TH KD TD"}
BETTEL_TAPP = "AC AS AH AD"


def play_first_legal(deal):
    while not deal.is_over:
        seat = main_actor(deal)
        deal.apply(seat, deal.legal_actions(seat)[0])
    return result_json(deal)


@pytest.mark.parametrize("game,value", [("bettel", 3), ("bettel_ouvert", 6)])
def test_wuerttemberg_bettel_won_with_no_trick(game, value):
    deal = filled("wuerttemberg", 4, BETTEL, BETTEL_TAPP, dealer=3)
    only_forehand_plays(deal, game)
    res = play_first_legal(deal)
    assert len(res["tricks"]) == 8 and tricks_won(res, 4)[0] == 0
    assert res["payments"] == [3 * value, -value, -value, -value]


@pytest.mark.parametrize("game,value", [("bettel", 3), ("bettel_ouvert", 6)])
def test_wuerttemberg_bettel_ends_when_the_declarer_wins_a_trick(game, value):
    fixed = {**BETTEL, 0: "AC 7C 6S 7S 6H 7H 6D 7D"}
    deal = filled("wuerttemberg", 4, fixed, "6C AS AH AD", dealer=3)
    only_forehand_plays(deal, game)
    run(deal, "AC 8C JC KC")
    assert deal.is_over
    res = result_json(deal)
    assert len(res["tricks"]) == 1 and res["tricks"][0]["winner"] == 0
    assert res["payments"] == [-3 * value, value, value, value]


def test_wuerttemberg_bettel_no_trump_void_player_may_play_any_card():
    deal = filled("wuerttemberg", 4, {0: "6C 7C 8C 9C JC QC KC TC", 1: "AC"}, dealer=3)
    only_forehand_plays(deal, "bettel")
    run(deal, "6C AC")
    hand = names(deal.view(2).hand)
    assert not any(c.endswith("C") for c in hand)
    assert {a.argument for a in deal.legal_actions(2)} == hand


def test_wuerttemberg_bettel_ouvert_hand_open_after_the_first_card():
    deal = filled("wuerttemberg", 4, BETTEL, BETTEL_TAPP, dealer=3)
    only_forehand_plays(deal, "bettel_ouvert")
    for view in [deal.view(s) for s in (1, 2, 3)] + [deal.public_view()]:
        assert view.open_hands == {}
        assert not names(view.visible_cards()) & set(BETTEL[0].split())
    run(deal, "7D")
    rest = set(BETTEL[0].split()) - {"7D"}
    for view in [deal.view(s) for s in range(4)] + [deal.public_view()]:
        assert {s: names(h) for s, h in view.open_hands.items()} == {0: rest}
    run(deal, "8D JD KD")
    run(deal, "TD")  # seat 3 won and leads again
    assert names(deal.public_view().open_hands[0]) == names(deal.view(0).hand)


def test_wuerttemberg_closed_bettel_hand_stays_closed():
    deal = filled("wuerttemberg", 4, BETTEL, BETTEL_TAPP, dealer=3)
    only_forehand_plays(deal, "bettel")
    for script in ("7D", "8D JD KD", "TD"):
        run(deal, script)
        assert deal.public_view().open_hands == {}
        assert deal.view(1).open_hands == {}


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
