"""Static hand evaluation: expected points, win-all and Bettel safety, and the choices
before play (trump, discard, Rufer call and give). Pure functions over card masks.

``others`` is always the mask of cards the evaluating seat cannot see (the other
hands and any unseen talon); the seat's own hand is ``hand``.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from bot.engine.cards import POINTS_OF, RANK_OF, SUIT_MASKS, SUIT_OF, iter_bits, mask_points

from .knowledge import higher, lower


def top_run(mine: int, others: int) -> int:
    """How many of ``mine`` rank above every card of ``others`` (both one suit)."""
    if not others:
        return mine.bit_count()
    return (mine >> others.bit_length()).bit_count()


def suit_solid(mine: int, others: int) -> bool:
    """Every card of ``mine`` takes a trick when led from the top (worst split)."""
    return top_run(mine, others) >= min(mine.bit_count(), others.bit_count())


def win_all_safe(hand: int, trump: int | None, others: int, declarer_leads: bool) -> bool:
    """The hand takes every trick against any split, if the suits split as one might
    fear but nobody ruffs a side card led before trumps are drawn."""
    if not hand:
        return False
    voids = 0
    for s in range(4):
        if s == trump:
            continue
        mine, oth = hand & SUIT_MASKS[s], others & SUIT_MASKS[s]
        if not mine:
            voids += 1 if oth else 0
        elif not suit_solid(mine, oth):
            return False
    if trump is None:
        return True
    mine, oth = hand & SUIT_MASKS[trump], others & SUIT_MASKS[trump]
    need = oth.bit_count()
    if not declarer_leads and voids:
        need += 1  # a lead in a void suit costs a top trump
    if mine == hand:  # nothing but trumps
        need = min(need, mine.bit_count())
    return top_run(mine, oth) >= need


def bettel_risks(hand: int, others: int) -> int:
    """Suits in which the hand can be forced to take a trick (0: a safe Bettel).

    A suit is safe when its ``i``-th lowest card has at most ``i`` unseen cards below.
    """
    bad = 0
    for s in range(4):
        for i, c in enumerate(iter_bits(hand & SUIT_MASKS[s])):
            if (others & lower(c)).bit_count() > i:
                bad += 1
                break
    return bad


# -- expected points of a trump contract -----------------------------------------------

#: points per talon card a pick-up is worth beyond the talon's own points (the choice
#: of what to lay away); fitted on baseline self-play
PICKUP_BONUS = 5.5

def win_prob(card: int, hand: int, trump: int | None, others: int, players: int) -> float:
    """Rough chance that ``card`` wins a trick for the declarer."""
    s = SUIT_OF[card]
    mine = hand & SUIT_MASKS[s]
    length = mine.bit_count()
    over = (others & higher(card)).bit_count()
    if s == trump:
        if over == 0:
            return 1.0
        guards = (mine & lower(card)).bit_count()
        p = max(0.25, 0.85 - 0.2 * over) if guards >= over else 0.3 / over
        return max(p, 0.3 if length >= 4 else 0.15 if length == 3 else 0.0)
    left = (others & SUIT_MASKS[s]).bit_count()
    if over == 0:
        # a side master: the longer the suit, the likelier an opponent ruffs
        rounds = (mine & ~lower(card)).bit_count()  # this card's turn in the suit
        ruff = 0.04 * (players - 2) * rounds + 0.03 * max(0, length - 2) * (players - 2)
        if left < rounds * (players - 1):
            ruff += 0.25
        return max(0.1, 0.95 - ruff)
    if over == 1 and length >= 2:
        return 0.3 if left >= players else 0.15
    return 0.0


@lru_cache(maxsize=4096)
def estimate_points(hand: int, trump: int | None, others: int, players: int) -> float:
    """Expected card points the declarer takes in tricks (talon not included)."""
    if not hand:
        return 0.0
    n_others = others.bit_count() or 1
    avg = mask_points(others) / n_others
    capture = (players - 1) * avg * 0.7
    total = 0.0
    slack = 0.0  # trumps likely to be spent ruffing rather than winning on their own
    for c in iter_bits(hand):
        p = win_prob(c, hand, trump, others, players)
        total += p * (POINTS_OF[c] + capture)
        if SUIT_OF[c] == trump:
            slack += 1.0 - p
    if trump is not None and slack:
        short = 0.0
        for s in range(4):
            if s != trump:
                k = (hand & SUIT_MASKS[s]).bit_count()
                short += 1.0 if k == 0 else 0.5 if k == 1 else 0.0
        total += min(slack, short) * 0.7 * (players - 1) * avg
    return total


def best_trump(hand: int, choices: Iterable[int], others: int, players: int) -> int:
    """The trump suit (from ``choices``) with the best expected points."""
    return max(choices, key=lambda s: (estimate_points(hand, s, others, players),
                                       (hand & SUIT_MASKS[s]).bit_count(), -s))


def expected_talon(hand: int, others: int, talon_size: int) -> float:
    """Expected points of an unseen talon of ``talon_size`` cards among ``others``."""
    n = others.bit_count()
    return talon_size * mask_points(others) / n if n else 0.0


def discard_choice(hand: int, count: int, trump: int | None, others: int,
                   players: int) -> int:
    """``count`` cards to lay away (their points count for the declarer): greedily the
    card whose loss costs least in expected points net of its own banked points.
    Trumps go last; ``others`` excludes the talon just seen."""
    chosen = 0
    for _ in range(count):
        rest = hand & ~chosen
        cands = rest & ~SUIT_MASKS[trump] if trump is not None else rest
        if not cands:
            cands = rest
        best, best_val = -1, -1e9
        for c in iter_bits(cands):
            val = estimate_points(rest & ~(1 << c), trump, others, players) + POINTS_OF[c]
            key = val - 0.01 * RANK_OF[c]
            if key > best_val:
                best, best_val = c, key
        chosen |= 1 << best
    return chosen


def pickup_estimate(hand: int, trump: int, others: int, players: int, talon_size: int
                    ) -> float:
    """Expected declarer points of a contract that picks up an unseen talon and lays
    away as many cards (discards count): the hand as is, the talon's points banked,
    and a little for the better cards a talon brings."""
    base = estimate_points(hand, trump, others, players)
    return base + expected_talon(hand, others, talon_size) + PICKUP_BONUS * talon_size


# -- Rufer -------------------------------------------------------------------------

def _gives(hand: int, trump: int | None, others: int, declarer_leads: bool) -> int | None:
    """A card whose loss leaves a win-all-safe hand (lowest first), or None."""
    for c in sorted(iter_bits(hand), key=lambda c: (RANK_OF[c], SUIT_OF[c] == trump, c)):
        if win_all_safe(hand & ~(1 << c), trump, others | 1 << c, declarer_leads):
            return c
    return None


def rufer_call(hand: int, trump: int, callable_mask: int, others: int,
               declarer_leads: bool) -> tuple[int | None, bool]:
    """The card to call, and whether the hand is then win-all safe. Prefers a call that
    makes the hand safe after the give; else the highest trump, else a side ace."""
    cands = sorted(iter_bits(callable_mask),
                   key=lambda c: (SUIT_OF[c] != trump, -RANK_OF[c], c))
    for c in cands if _faults(hand, trump, others) <= 2 else ():
        if SUIT_OF[c] != trump and suit_solid(hand & SUIT_MASKS[SUIT_OF[c]],
                                              others & SUIT_MASKS[SUIT_OF[c]]):
            continue  # a card of a suit already solid mends nothing
        got = hand | 1 << c
        rest = others & ~(1 << c)
        if _gives(got, trump, rest, declarer_leads) is not None:
            return c, True
    trumps = [c for c in cands if SUIT_OF[c] == trump]
    if trumps:
        return trumps[0], False
    aces = [c for c in cands if RANK_OF[c] == 8 and hand & SUIT_MASKS[SUIT_OF[c]]]
    if aces:
        return aces[0], False
    return (cands[0] if cands else None), False


def _faults(hand: int, trump: int, others: int) -> int:
    """Flaws a call and a give would have to mend: unsolid side suits, missing top trumps."""
    faults = 0
    for s in range(4):
        if s != trump and not suit_solid(hand & SUIT_MASKS[s], others & SUIT_MASKS[s]):
            faults += 1
    mine, oth = hand & SUIT_MASKS[trump], others & SUIT_MASKS[trump]
    if top_run(mine, oth) >= oth.bit_count():
        return faults
    top = 1 << (oth.bit_length() - 1)  # calling the highest missing trump
    return faults + (1 if top_run(mine | top, oth & ~top) >= oth.bit_count() - 1 else 3)


@lru_cache(maxsize=4096)
def rufer_safe(hand: int, trump: int, others: int, declarer_leads: bool) -> bool:
    """Safe for a Rufer in ``trump`` if the best call comes in (ignores the talon risk)."""
    return rufer_call(hand, trump, others, others, declarer_leads)[1]


def give_choice(hand: int, trump: int | None, givable: int, others: int,
                declarer_leads: bool) -> int:
    """The card to hand over in the Rufer exchange: one that keeps the hand safe,
    else the lowest side card of the shortest suit."""
    safe = _gives(hand, trump, others, declarer_leads)
    if safe is not None and givable >> safe & 1:
        return safe

    def key(c: int) -> tuple[bool, int, int, int]:
        s = SUIT_OF[c]
        return (s == trump, (hand & SUIT_MASKS[s]).bit_count(), RANK_OF[c], c)

    return min(iter_bits(givable), key=key)
