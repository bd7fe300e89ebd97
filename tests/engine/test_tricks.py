"""The trick rules over masks (:mod:`bot.engine.tricks`) agree with the deal's own."""

from __future__ import annotations

import random

from bot.engine.cards import SUIT_MASKS, SUIT_OF
from bot.engine.playout import random_bit
from bot.engine.tricks import beaters, beats, legal_mask, trick_winner, voids_shown

from .helpers import PLAY_SETTINGS, to_play


def test_legal_moves_and_trick_winners_agree_with_the_engine() -> None:
    rng = random.Random(5)
    checked = 0
    for variant, n, options in PLAY_SETTINGS:
        for _ in range(40):
            deal = to_play(variant, n, options, rng)
            while not deal.is_over:
                led = SUIT_MASKS[SUIT_OF[deal.trick[0]]] if deal.trick else 0
                mine = legal_mask(deal.hands[deal.turn], led, deal.trump_mask)
                assert mine == deal.legal_play_mask()
                leader = deal.leader
                before = len(deal.tricks)
                card = random_bit(mine, rng)
                cards = [*deal.trick, card]
                deal.play_unchecked(card)
                if len(deal.tricks) > before:
                    assert deal.tricks[-1][2] == trick_winner(leader, cards, n,
                                                              deal.trump_mask)
                    checked += 1
    assert checked > 1000


def test_can_beat_is_some_legal_card_beating_the_trick() -> None:
    from bot.engine.cards import iter_bits
    from bot.engine.tricks import beats, can_beat, winning_index

    rng = random.Random(9)
    for _ in range(20_000):
        deck = rng.sample(range(36), 12)
        hand = sum(1 << c for c in deck[:6])
        trick = deck[6:6 + rng.randint(1, 3)]
        tm = SUIT_MASKS[rng.randrange(4)] if rng.random() < 0.8 else 0
        led = SUIT_MASKS[SUIT_OF[trick[0]]]
        win = trick[winning_index(trick, tm)]
        legal = legal_mask(hand, led, tm)
        assert can_beat(hand, win, led, tm) == any(
            beats(c, win, tm) for c in iter_bits(legal))


def test_the_beaters_table_is_beats_for_every_pair() -> None:
    for trump_mask in (0, *SUIT_MASKS):
        table = beaters(trump_mask)
        for winning in range(36):
            for card in range(36):
                assert bool(table[winning] >> card & 1) == beats(card, winning, trump_mask)
    # a higher card of the suit led beats; a trump beats a side suit; nothing else
    assert beaters(SUIT_MASKS[0])[1] >> 2 & 1 and beaters(SUIT_MASKS[0])[9] >> 0 & 1
    assert not beaters(SUIT_MASKS[0])[0] >> 10 & 1


def test_a_play_shows_the_voids_the_rules_imply() -> None:
    """Not following shows the suit led is void; neither following nor trumping shows
    trumps are void too; checked against the legal moves of every hand that could have
    played the card."""
    rng = random.Random(9)
    for trump in (None, 0, 1, 2, 3):
        tm = 0 if trump is None else SUIT_MASKS[trump]
        for _ in range(300):
            led, card = rng.randrange(36), rng.randrange(36)
            shown = voids_shown(card, led, trump)
            hand = 1 << card | rng.getrandbits(36)
            for suit in range(4):
                if shown >> suit & 1:
                    hand &= ~SUIT_MASKS[suit]
            hand |= 1 << card
            # a hand void in the shown suits may play the card ...
            assert legal_mask(hand, SUIT_MASKS[SUIT_OF[led]], tm) >> card & 1
            # ... and a hand holding any of them may not (unless the card follows)
            for suit in range(4):
                if shown >> suit & 1:
                    other = next(c for c in range(36) if SUIT_OF[c] == suit and c != card)
                    assert not legal_mask(hand | 1 << other, SUIT_MASKS[SUIT_OF[led]],
                                          tm) >> card & 1
