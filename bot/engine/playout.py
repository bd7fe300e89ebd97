"""Random legal play through the engine's own rules code (benchmarks, property tests,
and the base of rollouts). Uses :meth:`Deal.legal_play_mask` with
:meth:`Deal.play_unchecked` in trick play, the very path ``apply`` takes after its check.
"""

from __future__ import annotations

import random

from .actions import Action, ActionType
from .cards import iter_bits
from .deal import Deal
from .view import Phase

_PLAY = Phase.PLAY


def random_bit(mask: int, rng: random.Random) -> int:
    """A uniformly random card index from a non-empty mask."""
    k = int(rng.random() * mask.bit_count())
    while k:
        mask &= mask - 1
        k -= 1
    return (mask & -mask).bit_length() - 1


def random_action(deal: Deal, rng: random.Random) -> tuple[int, Action]:
    """A random legal (seat, action) among all seats that may act (kontra included)."""
    seats = deal.to_act()
    seat = seats[int(rng.random() * len(seats))]
    actions = deal.legal_actions(seat)
    action = actions[int(rng.random() * len(actions))]
    if action.type is ActionType.DISCARD:
        hand = list(iter_bits(deal.hands[seat]))
        action = Action.discard(rng.sample(hand, action.count or 0))
    return seat, action


def play_out(deal: Deal, rng: random.Random) -> Deal:
    """Finish ``deal`` with random legal actions; returns it. (Once the first trick is
    complete nobody may announce anything, so only plays remain.)"""
    while not deal.is_over:
        if deal.phase is _PLAY and (deal.tricks or not deal.v.has_kontra):
            mask = deal.legal_play_mask()
            deal.play_unchecked(random_bit(mask, rng))
        else:
            seat, action = random_action(deal, rng)
            deal.apply(seat, action)
    return deal
