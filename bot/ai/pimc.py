"""Card play by determinized search (Perfect Information Monte Carlo).

For each sampled layout of the unseen cards (:mod:`bot.ai.determinize`) every legal
card is scored by the chips it brings the deciding seat in that layout; the card with
the best mean wins. A layout is scored

- exactly (:class:`bot.ai.solver.Solver`) in Durch, Rufer, tout and Bettel, where the
  yes/no search is cheap, unless it exceeds its node budget;
- exactly in point contracts once few tricks remain (``Budget.exact_tricks``);
- otherwise by a rollout with the quick perfect-information policy of
  :func:`bot.ai.solver.policy_card` for every seat.

The budget is a number of layouts, cut short by a deadline where one is given; with
no deadline (tests) the result depends only on the view and the ``rng``.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from bot.engine.cards import mask_points

from .determinize import Layout, Sampler, SamplerLike
from .knowledge import Knowledge
from .payoff import Scorer
from .rollout import rollout
from .solver import SearchAborted, Solver
from .world import LOSE_ALL, POINTS, TRICK_SCALE, WIN_ALL, World


@dataclass(frozen=True, slots=True)
class Budget:
    """How much search one decision may spend."""

    samples: int = 64  # most layouts per decision
    min_samples: int = 4  # layouts even past the deadline
    seconds: float | None = None  # wall-clock budget (None: samples alone decide)
    exact_tricks: int = 4  # point contracts: solve exactly from this many tricks left
    exact_nodes: int = 6000  # node budget of one exact search (then a rollout)
    rollouts: int = 1  # rollouts per card and layout

    def deadline(self, start: float | None = None) -> float | None:
        if self.seconds is None:
            return None
        return (time.perf_counter() if start is None else start) + self.seconds


def _trick_list(k: Knowledge) -> tuple[int, list[int]]:
    cur = k.view.current_trick
    if cur is None or not cur.cards:
        # the seat to play leads
        return k.me, []
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
        self.hand_size = k.table.hand_size
        self.scorer = Scorer.of(view)
        decl = view.declarer
        self.side = 1 << (k.me if decl is None else decl)
        self.leader, self.trick = _trick_list(k)
        self.base_points = list(view.points_taken)
        self.base_tricks = list(view.tricks_won)
        self.sampler: SamplerLike = sampler if sampler is not None else Sampler(k)

    def world(self, layout: Layout) -> World:
        k = self.k
        return World(k.n, list(layout.hands), k.trump_mask, self.leader, self.trick[:],
                     self.side, must_win_all=self.aim == WIN_ALL,
                     must_lose_all=self.aim == LOSE_ALL)

    def extra(self, layout: Layout) -> int:
        """Points lying outside hands and tricks in this layout (talon or discards)."""
        k = self.k
        inside = 0
        for h in layout.hands:
            inside |= h
        return mask_points(k.table.deck & ~inside & ~k.played)

    def tricks_left(self) -> int:
        sizes = self.k.view.hand_sizes
        return max(sizes) + (1 if self.trick and max(sizes) == 0 else 0)

    # -- scoring one layout -----------------------------------------------------------
    def score_layout(self, layout: Layout, cards: list[int]) -> dict[int, float]:
        """Chips for the deciding seat after each of ``cards``, in this layout."""
        world = self.world(layout)
        extra = self.extra(layout)
        aim = self.aim
        b = self.budget
        if aim in (WIN_ALL, LOSE_ALL) or (aim == POINTS and
                                          self.tricks_left() <= b.exact_tricks):
            solver = Solver(world, aim if aim != POINTS else POINTS,
                            max_nodes=b.exact_nodes)
            try:
                values = solver.move_values(cards)
            except SearchAborted:
                pass
            else:
                return {c: self._exact_chips(v, extra) for c, v in values.items()}
        out: dict[int, float] = {}
        for c in cards:
            total = 0.0
            for _ in range(b.rollouts):
                o = rollout(world.copy(), aim, self.rng, first=c)
                total += self._chips(o.points, o.tricks, extra, o.last_winner)
            out[c] = total / b.rollouts
        return out

    def _chips(self, points: list[int], tricks: list[int], extra: int, last: int) -> float:
        pts = [a + b for a, b in zip(self.base_points, points, strict=True)]
        trk = [a + b for a, b in zip(self.base_tricks, tricks, strict=True)]
        return self.scorer.payments(pts, trk, extra, last)[self.k.me]

    def _exact_chips(self, value: int, extra: int) -> float:
        """Chips for the deciding seat from an exact search's value (declarer's side)."""
        k = self.k
        d = k.declarer
        assert d is not None
        n = k.n
        pts = self.base_points[:]
        trk = self.base_tricks[:]
        opp = (d + 1) % n
        left = self.tricks_left()
        if self.aim == POINTS:
            dp, dt = divmod(value, TRICK_SCALE)
            pts[d] += dp
            trk[d] += dt
            trk[opp] += left - dt
        elif self.aim == WIN_ALL:
            if value:
                trk[d] = self.hand_size
            else:
                trk[opp] += 1
        elif value:
            trk[d] = 0
        else:
            trk[d] += 1
        pts_total = sum(pts)
        if self.aim == POINTS:
            pts[opp] += max(0, 120 - extra - pts_total)
        return self.scorer.payments(pts, trk, extra, d)[k.me]

    # -- the decision -----------------------------------------------------------------
    def run(self, cards: list[int], start: float | None = None) -> dict[int, float]:
        """Mean chips per card over as many layouts as the budget allows."""
        b = self.budget
        deadline = b.deadline(start)
        totals = dict.fromkeys(cards, 0.0)
        done = 0
        for i in range(b.samples):
            if deadline is not None and i >= b.min_samples and time.perf_counter() > deadline:
                break
            layout = self.sampler.sample(self.rng)
            for c, v in self.score_layout(layout, cards).items():
                totals[c] += v
            done += 1
        return {c: t / max(done, 1) for c, t in totals.items()}


def choose_card(k: Knowledge, legal: list[int], budget: Budget, rng: random.Random,
                prefer: int | None = None, start: float | None = None,
                sampler: SamplerLike | None = None) -> int:
    """The card with the best mean over sampled layouts (``prefer`` breaks ties)."""
    if len(legal) == 1:
        return legal[0]
    means = PlaySearch(k, budget, rng, sampler).run(legal, start)
    best = max(means.values())
    tied = [c for c in legal if means[c] >= best - 1e-9]
    if prefer in tied:
        return prefer
    # among equals: the cheapest card, a side card before a trump
    return min(tied, key=lambda c: (bool(k.trump_mask >> c & 1), c % 9, c))


__all__ = ["Budget", "PlaySearch", "choose_card"]
