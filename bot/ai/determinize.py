"""Deals consistent with what one seat has seen (determinizations).

From a :class:`~bot.ai.knowledge.Knowledge` (built from the seat's view alone) the
unseen cards are dealt to the other hands and to the *pile* (the unseen talon, or the
declarer's unseen discards) so that every seat gets its number of cards, keeps the
cards known to lie with it (open hands, the Rufer card and exchange) and gets no card
of a suit it has shown it lacks (failing to follow, or to trump when it had to).

Cards go out most-constrained first, each to a place drawn in proportion to the room
left there; a dead end (rare: only voids can cause one) starts over.

With an auction model (:mod:`bot.ai.inference`) a drawn layout is kept with the
probability its weight gives (how well it explains the others' bids), so the layouts
follow the hands the auction suggests; after ``MAX_TRIES`` draws the best so far is kept.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol

from bot.engine.cards import SUIT_MASKS, SUIT_OF

from .inference import AuctionModel
from .knowledge import Knowledge

PILE = -1
#: draws per layout at most when an auction model weighs them
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
        model = self.model
        if model is None:
            return self._draw(rng)
        best, best_w = None, -1.0
        for _ in range(MAX_TRIES):
            layout = self._draw(rng)
            w = model.weight(layout.hands)
            if rng.random() < w:
                return layout
            if w > best_w:
                best, best_w = layout, w
        assert best is not None
        return best

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
