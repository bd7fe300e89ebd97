"""Hidden information (README "Trick play" 7, dapp.md and wuerttemberg.md open hands):
a seat's view shows its own hand and what is public, never another seat's hidden cards."""

from __future__ import annotations

import random

import pytest

from bot.engine import Action, IllegalAction, Phase

from .helpers import (
    assert_views_hide_cards,
    filled,
    main_actor,
    make,
    names,
    random_step,
    run,
    seeded,
)


@pytest.mark.parametrize("variant,players", [("zuger", 4), ("tapp1879", 3), ("dapp", 5),
                                             ("wuerttemberg", 3)])
def test_seat_sees_only_its_own_hand_at_the_start(variant, players):
    deal = seeded(variant, 4, players=players)
    record = deal.to_record()
    for seat in range(players):
        view = deal.view(seat)
        assert names(view.hand) == set(record["hands"][seat])
        assert names(view.visible_cards()) == set(record["hands"][seat])
        assert view.talon is None and view.discards is None and view.open_hands == {}
        assert view.dealt_hands is None and view.dealt_talon is None
    pub = deal.public_view()
    assert pub.hand is None and pub.seat is None
    assert names(pub.visible_cards()) == set()
    assert pub.legal == ()
    assert_views_hide_cards(deal)


def test_view_of_a_seat_outside_the_table_is_rejected():
    deal = seeded("zuger")
    with pytest.raises(IllegalAction):
        deal.view(4)


def test_view_lists_only_the_viewers_own_legal_actions():
    deal = seeded("zuger", dealer=3)
    assert deal.view(0).legal == tuple(deal.legal_actions(0))
    assert deal.view(1).legal == ()


def test_zuger_picked_up_talon_and_discards_only_for_the_declarer():
    deal = seeded("zuger", 2, dealer=3)
    record = deal.to_record()
    run(deal, "bid:pass bid:tapp bid:pass bid:pass")
    assert deal.declarer == 1
    assert names(deal.view(1).talon) == set(record["talon"])
    for seat in (0, 2, 3):
        assert deal.view(seat).talon is None
        assert not names(deal.view(seat).visible_cards()) & set(record["talon"])
    assert deal.public_view().talon is None
    discard = sorted(names(deal.view(1).hand))[:4]
    deal.apply(1, Action.discard(discard))
    assert names(deal.view(1).discards) == set(discard)
    for seat in (0, 2, 3):
        assert deal.view(seat).discards is None
        assert not names(deal.view(seat).visible_cards()) & set(discard)
    assert deal.public_view().discards is None
    assert_views_hide_cards(deal)


def test_tapp1879_coeurfrage_discards_only_for_the_declarer():
    deal = seeded("tapp1879", 3, dealer=2)
    record = deal.to_record()
    run(deal, "bid:coeurfrage bid:pass bid:pass")
    discard = sorted(names(deal.view(0).hand))[-3:]
    deal.apply(0, Action.discard(discard))
    assert names(deal.view(0).discards) == set(discard)
    assert names(deal.view(0).talon) == set(record["talon"])
    for seat in (1, 2):
        assert deal.view(seat).discards is None and deal.view(seat).talon is None
    assert_views_hide_cards(deal)


def test_unseen_talon_hidden_from_the_declarer_too():
    deal = seeded("tapp1879", 3, dealer=2)
    run(deal, "bid:solo bid:pass bid:pass trump:C announce:none")
    for seat in range(3):
        assert deal.view(seat).talon is None
    assert_views_hide_cards(deal)


# dapp Rufer: seat 0 calls 7C from seat 1 and gives 7D
RUFER_HANDS = [
    "8C 9C JC QC KC TC AC AH AS 7D",
    "7C 8H 9H JH QH KH TH 7S 8S 9S",
    "JS QS KS TS 7H 8D 9D JD QD KD",
]


def test_dapp_rufer_card_given_is_known_only_to_the_receiver():
    deal = make("dapp", RUFER_HANDS, "TD AD", dealer=2)
    run(deal, "bid:play bid:pass bid:pass contract:rufer trump:C call:7C give:7D")
    assert str(deal.view(0).exchange_card) == "7D"
    assert str(deal.view(1).exchange_card) == "7D"
    assert deal.view(2).exchange_card is None
    assert deal.public_view().exchange_card is None
    assert "7D" not in names(deal.view(2).visible_cards())
    # the called card and who handed it over are public
    for view in [deal.view(s) for s in range(3)] + [deal.public_view()]:
        assert str(view.called_card) == "7C" and view.called_from == 1
    assert_views_hide_cards(deal)


def test_wuerttemberg_rufer_card_given_is_known_only_to_the_receiver():
    deal = filled("wuerttemberg", 4, {0: "8C 9C JC QC KC TC AC 7D", 3: "7C"}, dealer=3)
    run(deal, "bid:weg bid:weg bid:weg bid:spiele declare:rufer trump:C call:7C give:7D")
    assert str(deal.view(3).exchange_card) == "7D"
    for seat in (1, 2):
        assert deal.view(seat).exchange_card is None
        assert "7D" not in names(deal.view(seat).visible_cards())
    assert_views_hide_cards(deal)


def test_whole_deal_may_be_shown_once_over():
    deal = seeded("dapp", 1, players=4, dealer=3)
    record = deal.to_record()
    run(deal, "bid:pass bid:pass bid:pass bid:pass")
    rng = random.Random(0)
    while not deal.is_over:
        deal.apply(*random_step(deal, rng))
    for view in [deal.view(s) for s in range(4)] + [deal.public_view()]:
        assert [names(h) for h in view.dealt_hands] == [set(h) for h in record["hands"]]
        assert names(view.dealt_talon) == set(record["talon"])
        assert view.result == deal.outcome()


def test_thrown_in_deal_may_be_shown():
    deal = seeded("zuger", 0)
    record = deal.to_record()
    run(deal, "bid:pass " * 4)
    assert deal.phase is Phase.FINISHED
    assert names(deal.view(2).dealt_talon) == set(record["talon"])


@pytest.mark.parametrize("variant,players,options", [
    ("zuger", 4, {}), ("tapp1879", 3, {}), ("dapp", 3, {}), ("dapp", 6, {}),
    ("wuerttemberg", 4, {}), ("wuerttemberg", 3, {"herz_aufnehmen": True}),
], ids=str)
def test_views_never_leak_during_random_deals(variant, players, options):
    for seed in range(4):
        deal = seeded(variant, seed, players=players, **options)
        rng = random.Random(seed)
        while not deal.is_over:
            assert_views_hide_cards(deal)
            deal.apply(*random_step(deal, rng))
        assert_views_hide_cards(deal)


def test_main_actor_helper_agrees_with_to_act():
    deal = seeded("dapp", players=4, dealer=3)
    run(deal, "bid:play bid:pass bid:pass bid:pass contract:normal")
    assert deal.to_act() == (0, 1, 2, 3) and main_actor(deal) == 0
