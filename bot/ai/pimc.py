"""Card play by determinized search (Perfect Information Monte Carlo).

For each sampled layout of the unseen cards (:mod:`bot.ai.determinize`, weighted by the
auction where the level infers from it) every legal card is scored by the chips it
brings the deciding seat in that layout (:mod:`bot.ai.valuation`):

- exactly in Durch, Rufer, tout and Bettel, and in point contracts once few tricks
  remain (``Budget.exact_tricks``), unless the search exceeds its node budget;
- otherwise by rollouts of the quick perfect-information policy.

The card with the best mean wins. Layouts are drawn until the budget is spent or the
answer is clear: after ``min_samples`` layouts the search stops once the best card
leads every other by ``stop_z`` standard errors of the paired differences (or the
others have scored exactly the same in every layout so far). With no deadline (tests)
the result depends only on the view and the ``rng``.
"""

from __future__ import annotations

import random
from copy import copy
from dataclasses import dataclass

from bot.engine.cards import mask_points

from . import clock
from .determinize import Layout, Sampler, SamplerLike
from .imperfect import Public
from .inference import AuctionModel
from .infoset import InfosetSearch
from .knowledge import Knowledge
from .payoff import Scorer
from .solver import SearchAborted
from .valuation import Valuer
from .world import LOSE_ALL, POINTS, WIN_ALL, World


@dataclass(frozen=True, slots=True)
class Budget:
    """How much search one card decision may spend."""

    samples: int = 64  # most layouts per decision
    min_samples: int = 8  # layouts before the search may stop early (and past a deadline)
    seconds: float | None = None  # wall-clock budget (None: samples alone decide)
    exact_tricks: int = 4  # point contracts: solve exactly from this many tricks left
    exact_nodes: int = 6000  # node budget of one layout's exact search (then rollouts)
    rollouts: int = 1  # rollouts per card and layout
    noise: float = 0.0  # share of random cards in rollouts
    stop_z: float = 3.0  # early stop: standard errors the best card must lead by
    infer: bool = True  # weigh layouts by the auction (bot.ai.inference)
    infer_plays: bool = True  # ... and by the others' card choices
    blind: bool = False  # rollouts in which every seat plays the baseline's card
    shape: float = 0.0  # rollouts: chips per card point the seat's side takes (ties)
    #: blind: tricks left (the current one counted) from which the layouts are searched
    #: together, the seat choosing one card for the layouts it cannot tell apart
    #: (:mod:`bot.ai.infoset`); 0: never
    infoset_tricks: int = 0
    infoset_nodes: int = 20_000  # ... its work at most (a card tried in one layout)

    def deadline(self, start: float | None = None) -> float | None:
        if self.seconds is None:
            return None
        return (clock.now() if start is None else start) + self.seconds


def _trick_list(k: Knowledge) -> tuple[int, list[int]]:
    cur = k.view.current_trick
    if cur is None or not cur.cards:
        return k.me, []  # the seat to play leads
    return cur.leader, [int(c) for c in cur.cards]


class PlaySearch:
    """Scores the legal cards of one seat over sampled layouts."""

    def __init__(self, k: Knowledge, budget: Budget, rng: random.Random,
                 sampler: SamplerLike | None = None) -> None:
        self.k = k
        self.budget = budget
        self.rng = rng
        view = k.view
        self.aim = k.aim
        decl = view.declarer
        self.side = 1 << (k.me if decl is None else decl)
        self.leader, self.trick = _trick_list(k)
        self.valuer = Valuer(Scorer.of(view), k.me, k.n, self.aim, view.points_taken,
                             view.tricks_won)
        if sampler is None:
            model = AuctionModel(k, plays=budget.infer_plays) if budget.infer else None
            sampler = Sampler(k, model)
        self.sampler: SamplerLike = sampler
        self.layouts = 0
        #: per layout scored: each card's chips (the review's paired differences)
        self.rows: list[dict[int, float]] = []
        self.public = Public.of(k)
        self.public.own[k.me] = k.table.deck & ~k.unknown & ~k.hand & ~k.played
        #: a declarer other than this seat who laid cards away (the layout's pile)
        self.pickup_decl = decl if (decl is not None and decl != k.me and k.facts is not None
                                    and k.facts.pickup) else None

    def world(self, layout: Layout) -> World:
        k = self.k
        return World(k.n, list(layout.hands), k.trump_mask, self.leader, self.trick[:],
                     self.side, must_win_all=self.aim == WIN_ALL,
                     must_lose_all=self.aim == LOSE_ALL)

    def pile(self, layout: Layout) -> int:
        """Points lying outside hands and tricks in this layout (talon or discards)."""
        k = self.k
        inside = 0
        for h in layout.hands:
            inside |= h
        return mask_points(k.table.deck & ~inside & ~k.played)

    def score_layout(self, layout: Layout, cards: list[int]) -> dict[int, float]:
        """Chips for the deciding seat after each of ``cards``, in this layout."""
        world = self.world(layout)
        pile = self.pile(layout)
        b = self.budget
        v = self.valuer
        exact = world.tricks_left() <= b.exact_tricks or (self.aim != POINTS and not b.blind)
        if v.can_solve() and exact:
            try:
                return v.exact(world, cards, pile, b.exact_nodes)
            except SearchAborted:
                pass
        public = self.public_of(layout) if b.blind else None
        return v.rollouts(world, cards, pile, self.rng, b.rollouts, b.noise, public, b.shape)

    def public_of(self, layout: Layout) -> Public:
        """What every seat knows in this layout (a declarer knows what it laid away)."""
        public = self.public
        if self.pickup_decl is not None:
            public = copy(public)
            public.own = public.own[:]
            public.own[self.pickup_decl] |= layout.pile
        return public

    def joint(self, cards: list[int]) -> list[dict[int, float]] | None:
        """The rows of :mod:`bot.ai.infoset`'s search over ``Budget.samples`` layouts
        together, or None where it gives up (past its node budget)."""
        b = self.budget
        layouts = [self.sampler.sample(self.rng) for _ in range(b.samples)]
        worlds = [self.world(layout) for layout in layouts]
        search = InfosetSearch(worlds[0], self.public, self.k.me, self.valuer, b.shape,
                               b.infoset_nodes)
        try:
            return search.run(worlds, [self.pile(layout) for layout in layouts], cards,
                              [self.public_of(layout) for layout in layouts])
        except SearchAborted:
            return None

    def run(self, cards: list[int], start: float | None = None) -> dict[int, float]:
        """Mean chips per card over as many layouts as the budget allows."""
        b = self.budget
        deadline = b.deadline(start)
        rows: list[dict[int, float]] = []
        if b.blind and 0 < self.k.hand.bit_count() <= b.infoset_tricks:
            rows = self.joint(cards) or []
        for i in range(0 if rows else b.samples):
            if i >= b.min_samples:
                if deadline is not None and clock.now() > deadline:
                    break
                if i % 4 == 0 and _settled(rows, cards, b.stop_z):
                    break
            rows.append(self.score_layout(self.sampler.sample(self.rng), cards))
        self.layouts = len(rows)
        self.rows = rows
        n = max(len(rows), 1)
        return {c: sum(r[c] for r in rows) / n for c in cards}


def _settled(rows: list[dict[int, float]], cards: list[int], z: float) -> bool:
    """Whether the best card so far leads every other clearly (paired differences)."""
    n = len(rows)
    means = {c: sum(r[c] for r in rows) / n for c in cards}
    best = max(cards, key=lambda c: means[c])
    for c in cards:
        if c == best:
            continue
        diffs = [r[best] - r[c] for r in rows]
        m = means[best] - means[c]
        var = sum((d - m) ** 2 for d in diffs) / (n - 1)
        if var == 0.0:
            continue  # the same in every layout so far (or a constant lead)
        if m <= z * (var / n) ** 0.5:
            return False
    return True


def choose_card(k: Knowledge, legal: list[int], budget: Budget, rng: random.Random,
                prefer: int | None = None, start: float | None = None,
                sampler: SamplerLike | None = None,
                report: dict[int, float] | None = None) -> int:
    """The card with the best mean over sampled layouts (``prefer`` breaks ties;
    ``report``, if given, receives every card's mean)."""
    if len(legal) == 1:
        return legal[0]
    means = PlaySearch(k, budget, rng, sampler).run(legal, start)
    if report is not None:
        report.update(means)
    best = max(means.values())
    tied = [c for c in legal if means[c] >= best - 1e-9]
    if prefer in tied:
        return prefer
    # among equals: the cheapest card, a side card before a trump
    return min(tied, key=lambda c: (bool(k.trump_mask >> c & 1), c % 9, c))


__all__ = ["Budget", "PlaySearch", "choose_card"]
