"""The trick-play rules over bit masks, for searches that keep their own positions.

Follow suit, else trump if able, else any card; the trick goes to the highest trump,
else to the highest card of the suit led; within a suit a higher bit is a higher card.
:meth:`Deal.legal_play_mask <bot.engine.deal.Deal.legal_play_mask>` and
:meth:`Deal.play_unchecked <bot.engine.deal.Deal.play_unchecked>` inline the same rules
on the engine's hot path; ``tests/engine/test_tricks.py`` checks they agree.
"""

from __future__ import annotations

from functools import cache

from .cards import N_CARDS, SUIT_OF


def legal_mask(hand: int, led_mask: int, trump_mask: int) -> int:
    """Cards of ``hand`` that may be played (``led_mask`` 0: leading)."""
    if not led_mask:
        return hand
    f = hand & led_mask
    if f:
        return f
    return hand & trump_mask or hand


def beats(card: int, winning: int, trump_mask: int) -> bool:
    """Whether ``card`` takes a trick won so far by ``winning``."""
    if SUIT_OF[card] == SUIT_OF[winning]:
        return card > winning
    return bool(trump_mask >> card & 1)


@cache
def beaters(trump_mask: int) -> tuple[int, ...]:
    """Per card ``w``: the mask of the cards that beat ``w`` (:func:`beats`), for
    searches that ask it in their innermost loop (``beaters[w] >> card & 1``)."""
    return tuple(sum(1 << c for c in range(N_CARDS) if beats(c, w, trump_mask))
                 for w in range(N_CARDS))


def can_beat(hand: int, winning: int, led_mask: int, trump_mask: int) -> bool:
    """Whether a seat holding ``hand`` has a card that may be played to a trick of the
    suit ``led_mask`` and beats ``winning``, the card winning it so far."""
    f = hand & led_mask
    if f:
        if not led_mask >> winning & 1:
            return False  # following suit never beats a trump on a side suit
        return bool(f >> (winning + 1))
    t = hand & trump_mask
    if not t:
        return False
    if trump_mask >> winning & 1:
        return bool(t >> (winning + 1))
    return True


def voids_shown(card: int, led: int, trump: int | None) -> int:
    """The suits (a mask of suit numbers) a seat shows it lacks by playing ``card`` to a
    trick led with ``led``: the suit led, if it did not follow; trumps too, if it neither
    followed nor trumped (follow suit, else trump if able: :func:`legal_mask`)."""
    lead_suit = SUIT_OF[led]
    if SUIT_OF[card] == lead_suit:
        return 0
    if trump is not None and SUIT_OF[card] != trump and lead_suit != trump:
        return 1 << lead_suit | 1 << trump
    return 1 << lead_suit


def winning_index(cards: list[int] | tuple[int, ...], trump_mask: int) -> int:
    """Index in ``cards`` (the leader's first) of the card that wins the trick so far."""
    best = 0
    for i in range(1, len(cards)):
        if beats(cards[i], cards[best], trump_mask):
            best = i
    return best


def trick_winner(leader: int, cards: list[int] | tuple[int, ...], n: int,
                 trump_mask: int) -> int:
    """Seat that wins a complete trick."""
    return (leader + winning_index(cards, trump_mask)) % n
