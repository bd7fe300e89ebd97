"""Dealing: hand and talon sizes per variant, player count and deck; seats, forehand and
who speaks first; the layout checks of ``Deal.from_hands``."""

from __future__ import annotations

import random

import pytest

from bot.engine import Deal, InvalidRecord, Phase

from .helpers import DECK32, DECK36, LAYOUTS, filled, main_actor, seeded

CASES = [
    ("zuger", 4, {}),
    ("tapp1879", 3, {}),
    ("dapp", 3, {}), ("dapp", 4, {}), ("dapp", 5, {}), ("dapp", 6, {}),
    ("wuerttemberg", 3, {}), ("wuerttemberg", 4, {}),
    ("wuerttemberg", 3, {"deck": 32}), ("wuerttemberg", 4, {"deck": 32}),
]


def _deck(variant, options):
    return DECK32 if variant == "dapp" or options.get("deck") == 32 else DECK36


@pytest.mark.parametrize("variant,players,options", CASES, ids=str)
@pytest.mark.parametrize("seed", [0, 1])
def test_dealing_layout(variant, players, options, seed):
    deck = _deck(variant, options)
    hand_size, talon_size = LAYOUTS[(variant, players, len(deck))]
    deal = Deal.new(variant, players=players, rng=random.Random(seed), **options)
    assert deal.n == players
    view = deal.public_view()
    assert view.hand_sizes == (hand_size,) * players
    record = deal.to_record()
    assert [len(h) for h in record["hands"]] == [hand_size] * players
    assert len(record["talon"]) == talon_size
    dealt = [c for h in record["hands"] for c in h] + record["talon"]
    assert sorted(dealt) == sorted(deck)  # exactly the variant's deck, each card once


def test_zuger_deals_8_cards_each_and_4_to_the_talon():
    assert LAYOUTS[("zuger", 4, 36)] == (8, 4)
    assert seeded("zuger").public_view().hand_sizes == (8, 8, 8, 8)


def test_tapp1879_deals_11_cards_each_and_3_to_the_talon():
    assert seeded("tapp1879").public_view().hand_sizes == (11, 11, 11)
    assert len(seeded("tapp1879").to_record()["talon"]) == 3


@pytest.mark.parametrize("players,hand,talon", [(3, 10, 2), (4, 7, 4), (5, 6, 2), (6, 5, 2)])
def test_dapp_layout_by_player_count(players, hand, talon):
    deal = seeded("dapp", players=players)
    assert deal.public_view().hand_sizes == (hand,) * players
    record = deal.to_record()
    assert len(record["talon"]) == talon
    assert not any(c[0] == "6" for h in record["hands"] for c in h)  # 32 cards: no sixes


@pytest.mark.parametrize("players,deck,hand,talon",
                         [(3, 36, 11, 3), (4, 36, 8, 4), (3, 32, 10, 2), (4, 32, 7, 4)])
def test_wuerttemberg_layout_by_player_count_and_deck(players, deck, hand, talon):
    deal = seeded("wuerttemberg", players=players, deck=deck)
    assert deal.public_view().hand_sizes == (hand,) * players
    assert len(deal.to_record()["talon"]) == talon


def test_wuerttemberg_default_deck_is_36():
    deal = seeded("wuerttemberg", players=4)
    assert deal.options["deck"] == 36
    assert deal.public_view().hand_sizes == (8, 8, 8, 8)


@pytest.mark.parametrize("variant,players", [("zuger", 3), ("zuger", 5), ("tapp1879", 4),
                                             ("dapp", 2), ("dapp", 7), ("wuerttemberg", 5)])
def test_player_count_outside_the_variant_is_rejected(variant, players):
    with pytest.raises(InvalidRecord):
        Deal.new(variant, players=players, rng=random.Random(0))


@pytest.mark.parametrize("variant,players", [("zuger", 4), ("tapp1879", 3), ("dapp", 5),
                                             ("wuerttemberg", 3)])
@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_forehand_is_the_seat_after_the_dealer(variant, players, dealer):
    deal = Deal.new(variant, players=players, dealer=dealer, rng=random.Random(3))
    assert deal.dealer == dealer
    assert deal.forehand == (dealer + 1) % players
    assert deal.public_view().forehand == (dealer + 1) % players


@pytest.mark.parametrize("variant,players", [("zuger", 4), ("tapp1879", 3), ("dapp", 3),
                                             ("dapp", 6)])
@pytest.mark.parametrize("dealer", [0, 2])
def test_forehand_speaks_first(variant, players, dealer):
    deal = Deal.new(variant, players=players, dealer=dealer, rng=random.Random(0))
    assert deal.phase is Phase.AUCTION
    assert deal.to_act() == ((dealer + 1) % players,)


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("dealer", [0, 2])
def test_wuerttemberg_player_after_forehand_speaks_first(players, dealer):
    deal = Deal.new("wuerttemberg", players=players, dealer=dealer, rng=random.Random(0))
    assert deal.to_act() == ((dealer + 2) % players,)


def test_seeded_deals_are_reproducible_and_differ_by_seed():
    a = Deal.new("zuger", rng=random.Random(5)).to_record()
    b = Deal.new("zuger", rng=random.Random(5)).to_record()
    c = Deal.new("zuger", rng=random.Random(6)).to_record()
    assert a == b
    assert a["hands"] != c["hands"]


def test_unseeded_deal_uses_the_whole_deck():
    deal = Deal.new("dapp", players=4)
    record = deal.to_record()
    assert sorted([c for h in record["hands"] for c in h] + record["talon"]) == sorted(DECK32)


# -- layout checks -----------------------------------------------------------------------

def _split(deck, players, hand_size):
    return [deck[i * hand_size:(i + 1) * hand_size] for i in range(players)], \
        deck[players * hand_size:]


def test_from_hands_accepts_the_exact_deck():
    hands, talon = _split(DECK36, 4, 8)
    deal = Deal.from_hands("zuger", hands, talon, dealer=3)
    assert [sorted(h) for h in deal.to_record()["hands"]] == [sorted(h) for h in hands]


def test_from_hands_rejects_wrong_hand_sizes():
    hands, talon = _split(DECK36, 4, 8)
    hands[0].append(talon.pop())
    with pytest.raises(InvalidRecord):
        Deal.from_hands("zuger", hands, talon)


def test_from_hands_rejects_a_wrong_talon_size():
    hands, talon = _split(DECK36, 4, 8)
    with pytest.raises(InvalidRecord):
        Deal.from_hands("zuger", hands, talon[:3])


def test_from_hands_rejects_duplicate_cards():
    hands, talon = _split(DECK36, 4, 8)
    talon[0] = hands[0][0]
    with pytest.raises(InvalidRecord):
        Deal.from_hands("zuger", hands, talon)


def test_from_hands_rejects_a_six_in_a_32_card_deck():
    hands, talon = _split(DECK32, 4, 7)
    hands[0][0] = "6C"
    with pytest.raises(InvalidRecord):
        Deal.from_hands("dapp", hands, talon)


def test_from_hands_rejects_unknown_cards():
    hands, talon = _split(DECK36, 4, 8)
    hands[1][0] = "ZZ"
    with pytest.raises(InvalidRecord):
        Deal.from_hands("zuger", hands, talon)


def test_from_hands_rejects_a_dealer_outside_the_table():
    hands, talon = _split(DECK36, 4, 8)
    with pytest.raises(InvalidRecord):
        Deal.from_hands("zuger", hands, talon, dealer=4)


@pytest.mark.parametrize("variant,players", [("zuger", 4), ("dapp", 4), ("wuerttemberg", 4)])
def test_pot_only_in_tapp1879(variant, players):
    with pytest.raises(InvalidRecord):
        filled(variant, players, {}, pot=3)
    assert filled(variant, players, {}, pot=0).pot == 0


def test_tapp1879_accepts_a_pot():
    deal = filled("tapp1879", 3, {}, pot=5)
    assert deal.public_view().pot == 7  # the pot after this deal's ante of 2


def test_first_decision_after_the_deal_is_the_auction():
    for variant, players in [("zuger", 4), ("tapp1879", 3), ("dapp", 4), ("wuerttemberg", 4)]:
        deal = seeded(variant, players=players)
        assert deal.phase is Phase.AUCTION
        assert main_actor(deal) in deal.to_act()
