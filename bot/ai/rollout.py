"""Rollouts: a world played out by a quick perfect-information policy for every seat
(the cheap evaluation where an exact search would cost too much)."""

from __future__ import annotations

import random

from bot.engine.cards import POINTS_OF, SUIT_MASKS, SUIT_OF
from bot.engine.tricks import can_beat, winning_index

from .world import (
    LOSE_ALL,
    RAMSCH,
    WIN_ALL,
    Outcome,
    World,
    beats,
    legal_mask,
    trick_winner,
)
from .world import bits as _bits


def rollout(world: World, aim: str, rng: random.Random, first: int | None = None,
            noise: float = 0.0) -> Outcome:
    """Play the world out with :func:`policy_card` for every seat (after ``first``, a
    card for the seat to play now). Mutates ``world``; copy it first to keep it."""
    n = world.n
    hands = world.hands
    tm = world.trump_mask
    side = world.side
    out = Outcome(n)
    trick = world.trick
    leader = world.leader
    decl_side = side
    while True:
        turn = (leader + len(trick)) % n
        hand = hands[turn]
        if not hand:
            break
        if first is not None:
            card, first = first, None
        else:
            led = SUIT_MASKS[SUIT_OF[trick[0]]] if trick else 0
            legal = legal_mask(hand, led, tm)
            if legal & (legal - 1) == 0:
                card = legal.bit_length() - 1
            elif noise and rng.random() < noise:
                bits = _bits(legal)
                card = bits[int(rng.random() * len(bits))]
            else:
                card = policy_card(hands, turn, leader, trick, legal, n, tm, side, aim)
        hands[turn] = hand & ~(1 << card)
        trick.append(card)
        if len(trick) < n:
            continue
        w = trick_winner(leader, trick, n, tm)
        pts = 0
        for c in trick:
            pts += POINTS_OF[c]
        out.points[w] += pts
        out.tricks[w] += 1
        out.last_winner = w
        trick = []
        leader = w
        if world.must_win_all and not decl_side >> w & 1:
            out.ended_early = True
            break
        if world.must_lose_all and decl_side >> w & 1:
            out.ended_early = True
            break
    world.trick = trick
    world.leader = leader
    return out


def policy_card(hands: list[int], turn: int, leader: int, trick: list[int], legal: int,
                n: int, tm: int, side: int, aim: str) -> int:
    """A quick perfect-information heuristic: win tricks worth winning cheaply, smear
    points onto the own side's safe tricks, duck cheaply otherwise (points contracts);
    the natural variants of that for the other aims."""
    bits = _bits(legal)
    if aim == RAMSCH:
        return _ramsch_card(hands, turn, leader, trick, bits, n)
    mine = side >> turn & 1
    if aim == LOSE_ALL:
        return _bettel_card(hands, turn, leader, trick, bits, n, mine == 1)
    k = len(trick)
    later = [(turn + i) % n for i in range(1, n - k)]
    opps = [s for s in later if (side >> s & 1) != mine]
    if not trick:
        safe = []
        for c in bits:
            led = SUIT_MASKS[SUIT_OF[c]]
            if not any(can_beat(hands[s], c, led, tm) for s in opps):
                safe.append(c)
        if safe:
            return max(safe, key=lambda c: (POINTS_OF[c], -(tm >> c & 1), c))
        # draw trumps as declarer when holding the top trump; else lead low
        side_cards = [c for c in bits if not tm >> c & 1] or bits
        return min(side_cards, key=lambda c: (POINTS_OF[c], c % 9, -(hands[turn] &
                                                                     SUIT_MASKS[SUIT_OF[c]]
                                                                     ).bit_count()))
    led = SUIT_MASKS[SUIT_OF[trick[0]]]
    wi = winning_index(trick, tm)
    win = trick[wi]
    wseat = (leader + wi) % n
    pts = 0
    for c in trick:
        pts += POINTS_OF[c]
    ours = (side >> wseat & 1) == mine
    if ours and not any(can_beat(hands[s], win, led, tm) for s in opps):
        # smear: the most points, sparing trumps
        return max(bits, key=lambda c: (not tm >> c & 1 or not (legal & ~tm),
                                        POINTS_OF[c], -c))
    winners = [c for c in bits if beats(c, win, tm)
               and not any(can_beat(hands[s], c, led, tm) for s in opps)]
    if winners and (pts or aim == WIN_ALL or any(POINTS_OF[c] for c in winners)):
        return min(winners, key=lambda c: (tm >> c & 1, c % 9 if not POINTS_OF[c] else
                                           9 + POINTS_OF[c], c))
    return min(bits, key=lambda c: (tm >> c & 1, POINTS_OF[c], c % 9, c))


def _bettel_card(hands: list[int], turn: int, leader: int, trick: list[int],
                 bits: list[int], n: int, declarer: bool) -> int:
    if not trick:
        return min(bits, key=lambda c: (c % 9, c)) if declarer else \
            min(bits, key=lambda c: (c % 9, c))
    win = trick[winning_index(trick, 0)]
    under = [c for c in bits if not beats(c, win, 0)]
    if declarer:
        if under:
            return max(under, key=lambda c: (c % 9, c))
        return min(bits, key=lambda c: (c % 9, c))
    if under:
        return max(under, key=lambda c: (c % 9, c))
    return min(bits, key=lambda c: (c % 9, c))


def _ramsch_card(hands: list[int], turn: int, leader: int, trick: list[int],
                 bits: list[int], n: int) -> int:
    if not trick:
        return min(bits, key=lambda c: (POINTS_OF[c], c % 9, c))
    win = trick[winning_index(trick, 0)]
    if SUIT_OF[bits[0]] != SUIT_OF[trick[0]]:  # void: shed the worst card
        return max(bits, key=lambda c: (POINTS_OF[c] + c % 9, c))
    under = [c for c in bits if c < win]
    if under:
        return max(under, key=lambda c: (POINTS_OF[c], c))
    if len(trick) == n - 1:
        return max(bits, key=lambda c: (c % 9, c))
    return min(bits)


__all__ = ["policy_card", "rollout"]
