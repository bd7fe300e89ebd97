"""Württemberg Tapp (``wuerttemberg.md``) from the declaration on: trump, the Tapp, the lead,
the optional Rufer call, herz_aufnehmen, Bettel and Bettel ouvert (open hands)."""

from __future__ import annotations

import pytest

from bot.engine import Action, IllegalAction, Phase

from .helpers import filled, legal_tokens, main_actor, names, result_json, run, tricks_won
from .wuerttemberg_helpers import GAMES, only_forehand_plays, play_first_legal, wue

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
