"""Cards, suits, ranks, points and compact card sets.

A card is a small int ``suit * 9 + rank``; ranks count upwards in trick-taking order
(6, 7, 8, 9, J, Q, K, T, A), so within a suit a higher bit is a higher card. A set of
cards is an int bit mask, wrapped for the public API in the immutable :class:`CardSet`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from enum import StrEnum
from typing import Final

SUITS: Final = "CSHD"  # clubs, spades, hearts, diamonds
RANKS: Final = "6789JQKTA"  # low to high
RANK_POINTS: Final = (0, 0, 0, 0, 2, 3, 4, 10, 11)

CLUBS, SPADES, HEARTS, DIAMONDS = 0, 1, 2, 3


class DeckStyle(StrEnum):
    """The faces a deck's cards show: the same 36 cards (``C S H D`` are French
    Kreuz/Pik/Herz/Karo, German Eichel/Laub/Herz/Schellen, Swiss
    Eicheln/Schilten/Rosen/Schellen). Each variant has its home deck
    (:attr:`bot.engine.Variant.home_deck`); the renderer draws each style."""

    FRENCH = "french"
    GERMAN = "german"
    SWISS = "swiss"

N_CARDS: Final = 36

#: bit mask of each suit
SUIT_MASKS: Final = tuple(0x1FF << (9 * s) for s in range(4))
#: suit of each card index
SUIT_OF: Final = tuple(c // 9 for c in range(N_CARDS))
#: rank (0..8) of each card index
RANK_OF: Final = tuple(c % 9 for c in range(N_CARDS))
#: card points of each card index
POINTS_OF: Final = tuple(RANK_POINTS[c % 9] for c in range(N_CARDS))

#: the 32-card deck has no sixes
DECK36: Final = (1 << N_CARDS) - 1
DECK32: Final = DECK36 & ~sum(1 << (s * 9) for s in range(4))

_POINT_MASKS: Final = tuple(
    sum(1 << (s * 9 + r) for s in range(4)) for r in range(9)
)


class Card(int):
    """One card. ``Card.parse('TH')``; ``str(card) == 'TH'``; compares as its index."""

    __slots__ = ()

    @staticmethod
    def parse(text: str) -> Card:
        if not isinstance(text, str) or len(text) != 2:
            raise ValueError(f"not a card: {text!r}")
        r = RANKS.find(text[0])
        s = SUITS.find(text[1])
        if r < 0 or s < 0:
            raise ValueError(f"not a card: {text!r}")
        return CARDS[s * 9 + r]

    @property
    def suit(self) -> int:
        return SUIT_OF[self]

    @property
    def rank(self) -> int:
        return RANK_OF[self]

    @property
    def points(self) -> int:
        return POINTS_OF[self]

    @property
    def bit(self) -> int:
        return 1 << self

    def __str__(self) -> str:
        return CARD_NAMES[self]

    def __repr__(self) -> str:
        return f"Card({CARD_NAMES[self]})"


CARD_NAMES: Final = tuple(RANKS[c % 9] + SUITS[c // 9] for c in range(N_CARDS))
CARDS: Final = tuple(Card(c) for c in range(N_CARDS))


def mask_points(mask: int) -> int:
    """Card points of all cards in a mask."""
    if mask >> N_CARDS or mask < 0:
        return sum(RANK_POINTS[r] * (mask & _POINT_MASKS[r]).bit_count() for r in range(4, 9))
    p = _CHUNK_POINTS
    return p[mask & 0x1FF] + p[mask >> 9 & 0x1FF] + p[mask >> 18 & 0x1FF] + p[mask >> 27]


#: card points of each 9-bit suit chunk (the same in every suit)
_CHUNK_POINTS: Final = tuple(
    sum(RANK_POINTS[r] for r in range(9) if m >> r & 1) for m in range(512))


#: card indices of each 9-bit suit chunk, per suit: ``_CHUNK_CARDS[s][m]``
_CHUNK_CARDS: Final = tuple(
    tuple(tuple(s * 9 + r for r in range(9) if m >> r & 1) for m in range(512))
    for s in range(4)
)


def bits(mask: int) -> tuple[int, ...]:
    """Card indices in a mask, low to high (a table look-up per suit)."""
    if mask >> N_CARDS or mask < 0:
        return tuple(_iter_bits(mask))
    c0, c1, c2, c3 = _CHUNK_CARDS
    return c0[mask & 0x1FF] + c1[mask >> 9 & 0x1FF] + c2[mask >> 18 & 0x1FF] + c3[mask >> 27]


def iter_bits(mask: int) -> Iterator[int]:
    """Card indices in a mask, low to high."""
    if mask >> N_CARDS or mask < 0:
        return _iter_bits(mask)
    return iter(bits(mask))


def _iter_bits(mask: int) -> Iterator[int]:
    """Any bit indices of an int (beyond the deck too), low to high."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def mask_of(cards: Iterable[int | str]) -> int:
    m = 0
    for c in cards:
        m |= 1 << (Card.parse(c) if isinstance(c, str) else c)
    return m


class CardSet:
    """An immutable set of cards over a bit mask (in the spirit of python-chess's SquareSet)."""

    __slots__ = ("mask",)

    def __init__(self, cards: int | Iterable[int | str] = 0) -> None:
        self.mask: int = cards if isinstance(cards, int) else mask_of(cards)

    @staticmethod
    def parse(text: str) -> CardSet:
        """``'AH TH 6C'`` (space- or comma-separated)."""
        return CardSet(t for t in text.replace(",", " ").split() if t)

    def __contains__(self, card: object) -> bool:
        if isinstance(card, str):
            card = Card.parse(card)
        return isinstance(card, int) and 0 <= card < N_CARDS and bool(self.mask >> card & 1)

    def __iter__(self) -> Iterator[Card]:
        return (CARDS[c] for c in iter_bits(self.mask))

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return bool(self.mask)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CardSet):
            return self.mask == other.mask
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.mask)

    def __or__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask | other.mask)

    def __and__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & other.mask)

    def __sub__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & ~other.mask)

    def suit(self, suit: int) -> CardSet:
        return CardSet(self.mask & SUIT_MASKS[suit])

    @property
    def points(self) -> int:
        return mask_points(self.mask)

    def names(self) -> list[str]:
        return [CARD_NAMES[c] for c in iter_bits(self.mask)]

    def __str__(self) -> str:
        return " ".join(self.names())

    def __repr__(self) -> str:
        return f"CardSet('{self}')"


def deck_mask(size: int) -> int:
    if size == 36:
        return DECK36
    if size == 32:
        return DECK32
    raise ValueError(f"no deck of {size} cards")

