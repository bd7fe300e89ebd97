"""Deals consistent with what one seat has seen (determinizations).

From a :class:`~bot.ai.knowledge.Knowledge` (built from the seat's view alone) the
unseen cards are dealt to the other hands and to the *pile* (the unseen talon, or the
declarer's unseen discards) so that every seat gets its number of cards, keeps the
cards known to lie with it (open hands, the Rufer card and exchange) and gets no card
of a suit it has shown it lacks (failing to follow, or to trump when it had to).

Cards go out most-constrained first, each to a place drawn in proportion to the room
left there; a dead end (rare: only voids can cause one) starts over.

With a model of the others' choices (:mod:`bot.ai.inference`), whose weight is a
product of one factor per seat, each of that seat's hand alone, the hands are drawn
seat by seat instead (the most constrained first, a declarer who laid cards away
last): a seat's hand is drawn uniformly from the cards left that it may hold, and kept
with the probability its factor gives, else drawn again (``MAX_TRIES`` times, then the
best so far is kept). So the layouts follow the hands the others' bids and cards
suggest.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol

from bot.engine.cards import SUIT_MASKS, SUIT_OF
from bot.engine.cards import bits as _bits

from .inference import AuctionModel
from .knowledge import Knowledge

PILE = -1
#: draws of one seat's hand at most when a model weighs it
MAX_TRIES = 12


@dataclass(frozen=True, slots=True)
class Layout:
    """Every seat's hand now (masks) and the pile of unseen cards outside the hands."""

    hands: tuple[int, ...]
    pile: int


class SamplerLike(Protocol):
    def sample(self, rng: random.Random) -> Layout: ...


class Sampler:
    """Draws :class:`Layout`\\ s consistent with one seat's knowledge."""

    def __init__(self, k: Knowledge, model: AuctionModel | None = None) -> None:
        self.k = k
        self.model = model if model is not None and model.active else None
        self.tries = 0  # draws made (for measurements)
        n = k.n
        sizes = k.view.hand_sizes
        fixed = [0] * n
        fixed[k.me] = k.hand
        pool = k.unknown
        need: dict[int, int] = {}
        for s in range(n):
            if s == k.me:
                continue
            known = k.known[s] & ~k.played
            fixed[s] = known
            pool &= ~known
            if not k.open[s]:
                need[s] = max(0, sizes[s] - known.bit_count())
        self.fixed = fixed
        self.pool = pool
        self.need = need
        self.pile_need = max(0, pool.bit_count() - sum(need.values()))
        # the places each card may go to
        cards = []
        m = pool
        while m:
            low = m & -m
            c = low.bit_length() - 1
            m ^= low
            places = [s for s in need if need[s] and not k.voids[s] >> SUIT_OF[c] & 1]
            if self.pile_need:
                places.append(PILE)
            cards.append((c, places))
        self.cards = cards

    def sample(self, rng: random.Random) -> Layout:
        if self.model is None:
            return self._draw(rng)
        for _ in range(20):
            out = self._by_seat(rng)
            if out is not None:
                return out
        return self._draw(rng)

    def _by_seat(self, rng: random.Random) -> Layout | None:
        """Hands drawn seat by seat, each kept as its factor of the weight says."""
        model = self.model
        assert model is not None
        k = self.k
        weighed = model.seats()
        last = getattr(model, "pickup_declarer", None)
        order = sorted((s for s in self.need if self.need[s]),
                       key=lambda s: (s == last, -k.voids[s].bit_count(), rng.random()))
        hands = list(self.fixed)
        pool = self.pool
        for i, s in enumerate(order):
            need = self.need[s]
            allowed = pool
            for suit in range(4):
                if k.voids[s] >> suit & 1:
                    allowed &= ~SUIT_MASKS[suit]
            cards = _bits(allowed)
            if len(cards) < need:
                return None
            best, best_w = 0, -1.0
            for _ in range(MAX_TRIES if s in weighed else 1):
                self.tries += 1
                h = 0
                for c in rng.sample(cards, need):
                    h |= 1 << c
                if not self._room(order[i + 1:], pool & ~h):
                    continue
                if s not in weighed:
                    best = h
                    break
                u = rng.random()
                pile = pool & ~h if s == last else 0
                w = model.seat_weight(s, hands[s] | h, pile, u)
                if u < w:
                    best = h
                    break
                if w > best_w:
                    best, best_w = h, w
            if not best and need:
                return None
            hands[s] |= best
            pool &= ~best
        if pool.bit_count() != self.pile_need:
            return None
        return Layout(tuple(hands), pool)

    def _room(self, seats: list[int], pool: int) -> bool:
        """Whether ``seats`` can still each get their cards from ``pool``."""
        k = self.k
        for s in seats:
            allowed = pool
            for suit in range(4):
                if k.voids[s] >> suit & 1:
                    allowed &= ~SUIT_MASKS[suit]
            if allowed.bit_count() < self.need[s]:
                return False
        return True

    def _draw(self, rng: random.Random) -> Layout:
        self.tries += 1
        for _ in range(50):
            out = self._try(rng)
            if out is not None:
                return out
        return self._try(rng, ignore_voids=True) or Layout(tuple(self.fixed), 0)

    def _try(self, rng: random.Random, ignore_voids: bool = False) -> Layout | None:
        room = dict(self.need)
        room[PILE] = self.pile_need
        hands = list(self.fixed)
        pile = 0
        order = [(len(p), rng.random(), c, p) for c, p in self.cards]
        order.sort()
        allp = [*self.need, PILE]
        for _, _, c, places in order:
            if ignore_voids:
                places = allp
            total = 0
            for p in places:
                total += room[p]
            if total <= 0:
                return None
            r = rng.random() * total
            pick = places[-1]
            for p in places:
                r -= room[p]
                if r < 0 and room[p] > 0:
                    pick = p
                    break
            if room[pick] <= 0:
                return None
            room[pick] -= 1
            if pick == PILE:
                pile |= 1 << c
            else:
                hands[pick] |= 1 << c
        return Layout(tuple(hands), pile)


def voids_respected(k: Knowledge, layout: Layout) -> bool:
    """Whether a layout honours every void the view revealed (for tests)."""
    for s in range(k.n):
        for suit in range(4):
            if k.voids[s] >> suit & 1 and layout.hands[s] & SUIT_MASKS[suit]:
                return False
    return True


__all__ = ["PILE", "Layout", "Sampler", "SamplerLike", "voids_respected"]
