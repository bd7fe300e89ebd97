"""Shuffling and dealing: the one algorithm that turns a random source into hands.

The deck is listed low to high in card order (``bot.engine.cards``: suits C, S, H, D;
ranks 6 7 8 9 T J Q K A, the 32-card deck without the sixes). It is shuffled with
Python's :meth:`random.Random.shuffle` (Fisher-Yates from the last card down, each
draw ``_randbelow(i + 1)``); the first ``hand_size`` cards go to seat 0, the next to
seat 1, and so on; the rest is the talon. So a seeded :class:`random.Random` gives the
same deal on every machine and Python version since 3.2.
"""

from __future__ import annotations

import random

from .cards import deck_mask, iter_bits

#: the cards of each deck, low to high, as bits (``1 << card``)
_DECK_BITS: dict[int, tuple[int, ...]] = {
    size: tuple(1 << c for c in iter_bits(deck_mask(size))) for size in (32, 36)}


def deal_masks(deck: int, hand_size: int, players: int,
               rng: random.Random) -> tuple[list[int], int]:
    """Shuffle the ``deck``-card deck with ``rng`` and deal it (see the module
    docstring): each hand and the talon as a bit mask."""
    # shuffle the cards' bits (the very permutation of shuffling the cards): a hand's
    # mask is then the sum of its slice
    cards = list(_DECK_BITS[deck])
    shuffle(cards, rng)
    dealt = hand_size * players
    hands = [sum(cards[k:k + hand_size]) for k in range(0, dealt, hand_size)]
    return hands, sum(cards[dealt:])


def shuffle(cards: list[int], rng: random.Random) -> None:
    """``rng.shuffle(cards)``, draw for draw; for a plain :class:`random.Random` it is
    inlined (``shuffle`` calling ``_randbelow`` per card is a third of dealing)."""
    if type(rng) is not random.Random:
        rng.shuffle(cards)
        return
    getrandbits = rng.getrandbits
    steps = _SHUFFLE_STEPS.get(len(cards)) or _shuffle_steps(len(cards))
    for i, n, k in steps:  # _randbelow(n) for i = n - 1 down to 1, swapping i and j
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


def _shuffle_steps(size: int) -> tuple[tuple[int, int, int], ...]:
    """(i, i + 1, bits of i + 1) for i from ``size - 1`` down to 1."""
    return tuple((i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1))


_SHUFFLE_STEPS = {size: _shuffle_steps(size) for size in (32, 36)}
