"""Random legal play through the engine's own rules code (benchmarks, property tests,
and the base of rollouts). Draws from :meth:`Deal.legal_actions` and
takes the draw with :meth:`Deal.apply_unchecked`, and in trick play draws from
:meth:`Deal.legal_play_mask` for :meth:`Deal.play_unchecked`: the very code ``apply`` runs
after its check.
"""

from __future__ import annotations

import random

from .actions import Action, ActionType
from .cards import iter_bits
from .deal import Deal
from .view import Phase

_PLAY = Phase.PLAY
_FINISHED = Phase.FINISHED
_DISCARD = ActionType.DISCARD


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
    """Finish ``deal`` with random legal actions; returns it. Every choice is drawn as
    :func:`random_action` and :func:`random_bit` draw it (the same calls on ``rng``).
    (Once the first trick is complete nobody may announce anything, so only plays
    remain.)"""
    rand = rng.random
    kontra = deal.v.has_kontra
    to_act, legal_actions, apply = deal.to_act, deal.legal_actions, deal.apply_unchecked
    while True:
        ph = deal.phase
        if ph is _FINISHED:
            return deal
        if ph is _PLAY and (deal.tricks or not kontra):
            break
        seats = to_act()
        seat = seats[int(rand() * len(seats))]
        actions = legal_actions(seat)
        action = actions[int(rand() * len(actions))]
        if action.type is _DISCARD:
            hand = list(iter_bits(deal.hands[seat]))
            action = Action.discard(rng.sample(hand, action.count or 0))
        apply(seat, action)
    legal = deal.legal_play_mask
    play = deal.play_unchecked
    while deal.phase is _PLAY:
        mask = legal()
        k = int(rand() * mask.bit_count())  # random_bit, inline
        while k:
            mask &= mask - 1
            k -= 1
        play((mask & -mask).bit_length() - 1)
    return deal
