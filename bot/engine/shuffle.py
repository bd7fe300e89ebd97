"""Shuffling and dealing: how a random source, or a published seed, becomes hands.

The deck is listed low to high in card order (``bot.engine.cards``: suits C, S, H, D;
ranks 6 7 8 9 T J Q K A, the 32-card deck without the sixes). It is shuffled by
Fisher-Yates from the last card down; the first ``hand_size`` cards go to seat 0, the
next to seat 1, and so on; the rest is the talon.

Tables deal from a secret 32-byte seed (:func:`seeded_masks`): each draw comes from
SHA-256, so anyone can recompute a deal from its seed once it is published, with
``python -m bot verify`` or by hand (``docs/shuffle.md``), and check it against the
commitment shown before the deal (:func:`commitment`, the seed's SHA-256). Tests and
computer players deal from a :class:`random.Random` instead (:func:`deal_masks`).
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from .cards import deck_mask, iter_bits

SEED_BYTES = 32

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
    if type(rng) is random.Random:
        key = (deck, hand_size, players)
        dealer = _DEALERS.get(key) or _DEALERS.setdefault(key, _dealer(*key))
        return dealer(rng.getrandbits, cards)
    shuffle(cards, rng)
    dealt = hand_size * players
    hands = [sum(cards[k:k + hand_size]) for k in range(0, dealt, hand_size)]
    return hands, sum(cards[dealt:])


def commitment(seed: bytes) -> str:
    """What a table shows before the deal: the seed's SHA-256, in hex."""
    return hashlib.sha256(seed).hexdigest()


def verify_args(variant: str, players: int | None, options: Mapping[str, Any]) -> str:
    """The options of ``python -m bot verify`` that name a deal's layout (the seed
    given, they recompute its cards); no ``--players`` for the variant's default."""
    deck = options.get("deck")
    return (f"--variant {variant}" + (f" --players {players}" if players else "")
            + (f" --deck {deck}" if deck else ""))


def verify_command(variant: str, players: int | None, options: Mapping[str, Any],
                   seed: str, commitment: str | None, *,
                   program: str = "python -m bot") -> str:
    """The whole ``python -m bot verify`` command that checks a deal, ready to paste:
    its layout, its seed and the commitment shown while it was played; ``program`` is
    the bot's command as the reader would type it (``tapp-bot``...)."""
    command = f"{program} verify {verify_args(variant, players, options)} --seed {seed}"
    return command + (f" --commitment {commitment}" if commitment else "")


def draws(seed: bytes) -> Iterator[int]:
    """The seed's stream of 32-bit numbers: SHA-256(seed + counter), the counter a 4-byte
    big-endian number from 0, each digest read as eight 4-byte big-endian numbers."""
    counter = 0
    while True:
        block = hashlib.sha256(seed + counter.to_bytes(4, "big")).digest()
        for i in range(0, 32, 4):
            yield int.from_bytes(block[i:i + 4], "big")
        counter += 1


def seeded_order(seed: bytes, size: int) -> list[int]:
    """The cards of the ``size``-card deck, low to high, shuffled from ``seed``: for i
    from the last position down to 1, a draw ``r`` below the largest multiple of i + 1
    under 2**32 (larger draws are skipped) picks position ``r mod (i + 1)``, swapped
    with position i."""
    cards = list(iter_bits(deck_mask(size)))
    stream = draws(seed)
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        limit = (1 << 32) // n * n
        r = next(stream)
        while r >= limit:
            r = next(stream)
        j = r % n
        cards[i], cards[j] = cards[j], cards[i]
    return cards


def seeded_masks(seed: bytes, deck: int, hand_size: int,
                 players: int) -> tuple[list[int], int]:
    """The deal of ``seed`` (see :func:`seeded_order`): each hand and the talon as a bit
    mask."""
    if len(seed) != SEED_BYTES:
        raise ValueError(f"a seed is {SEED_BYTES} bytes, not {len(seed)}")
    cards = [1 << c for c in seeded_order(seed, deck)]
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

Dealer = Callable[[Callable[[int], int], list[int]], tuple[list[int], int]]


def _dealer(deck: int, hand_size: int, players: int) -> Dealer:
    """``deal_masks`` for a plain :class:`random.Random` and one layout, as straight-line
    code: :func:`shuffle`'s steps with their constants written in, each position's card
    added to its hand's mask (or the talon's) as the step that fixes it is taken (a
    step from the end never moves a card behind it again), so the shuffled list is
    never sliced. ``(getrandbits, the deck's bits low to high) -> (hands, talon)``."""
    dealt = hand_size * players

    def owner(i: int) -> str:
        return "talon" if i >= dealt else f"h{i // hand_size}"

    hands = [f"h{p}" for p in range(players)]
    body = [f"    {' = '.join(hands)} = talon = 0"]
    for i, n, k in _shuffle_steps(deck):  # j = _randbelow(n); cards[i] <-> cards[j]
        body += [f"    j = getrandbits({k})", f"    while j >= {n}:",
                 f"        j = getrandbits({k})", f"    {owner(i)} += cards[j]",
                 f"    cards[j] = cards[{i}]"]
    body += [f"    {owner(0)} += cards[0]", f"    return [{', '.join(hands)}], talon"]
    namespace: dict[str, Any] = {}
    exec("def deal(getrandbits, cards):\n" + "\n".join(body), namespace)
    return namespace["deal"]  # type: ignore[no-any-return]


_DEALERS: dict[tuple[int, int, int], Dealer] = {}
