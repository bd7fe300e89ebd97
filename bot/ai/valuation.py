"""What the play still to come is worth to one seat, in chips, in one world.

Exactly where the search can afford it: the engine's payment (:class:`Scorer`) is a
step function of the declarer's value ``16 * points + tricks`` (the steps: a trick at
all, every point that changes the payment, every trick), so the yes/no solver only has
to tell which step a move reaches (:meth:`Valuer.exact`). Win-all and Bettel are yes or
no. Otherwise, and in Ramsch where every seat plays for itself, by rollouts of the quick
perfect-information policy (:meth:`Valuer.rollouts`).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from bot.engine.cards import POINTS_OF, mask_points

from .imperfect import Public
from .imperfect import rollout as blind_rollout
from .payoff import Scorer
from .rollout import rollout
from .solver import Solver
from .world import POINTS, RAMSCH, TRICK_SCALE, WIN_ALL, World

#: how many worlds were scored exactly and by rollouts, in this process (benchmarks)
STATS: Counter[str] = Counter()


def points_left(world: World) -> int:
    rem = 0
    for h in world.hands:
        rem |= h
    return mask_points(rem) + sum(POINTS_OF[c] for c in world.trick)


class Valuer:
    """Chips for seat ``me`` from the rest of a deal whose completed tricks brought
    ``base_points`` and ``base_tricks`` per seat."""

    def __init__(self, scorer: Scorer, me: int, n: int, aim: str,
                 base_points: Sequence[int], base_tricks: Sequence[int]) -> None:
        self.scorer = scorer
        self.me = me
        self.n = n
        self.aim = aim
        self.decl = scorer.declarer
        self.base_points = list(base_points)
        self.base_tricks = list(base_tricks)
        self._steps: dict[tuple[int, int, int], tuple[list[int], list[float]]] = {}

    def chips(self, points: Sequence[int], tricks: Sequence[int], pile: int, last: int
              ) -> float:
        """Chips for ``me`` when the rest of play brings ``points`` and ``tricks``."""
        pts = [a + b for a, b in zip(self.base_points, points, strict=True)]
        trk = [a + b for a, b in zip(self.base_tricks, tricks, strict=True)]
        return float(self.scorer.payments(pts, trk, pile, last)[self.me])

    def _side_chips(self, p: int, t: int, p_left: int, t_left: int, pile: int) -> float:
        """Chips for ``me`` when the declarer takes ``p`` of the ``p_left`` points and
        ``t`` of the ``t_left`` tricks still to come (the rest to an opponent)."""
        d = self.decl
        assert d is not None
        opp = (d + 1) % self.n
        pts = [0] * self.n
        trk = [0] * self.n
        pts[d], trk[d] = p, t
        pts[opp] += p_left - p
        trk[opp] += t_left - t
        return self.chips(pts, trk, pile, d if t == t_left else opp)

    def steps(self, pile: int, p_left: int, t_left: int) -> tuple[list[int], list[float]]:
        """Ascending targets of the declarer's value and the chips for ``me`` between
        them: ``chips[i]`` when exactly ``i`` targets are reached."""
        key = (pile, p_left, t_left)
        hit = self._steps.get(key)
        if hit is not None:
            return hit
        reps = [(0, 0, 0)]  # (value, points, tricks): no trick at all
        if t_left >= 2:
            reps += [(p * TRICK_SCALE + 1, p, 1) for p in range(p_left + 1)]
        reps.append((p_left * TRICK_SCALE + t_left, p_left, t_left))  # every trick
        targets: list[int] = []
        chips = [self._side_chips(0, 0, p_left, t_left, pile)]
        for v, p, t in reps[1:]:
            c = self._side_chips(p, t, p_left, t_left, pile)
            if c != chips[-1]:
                # a value of p points (with any trick) reaches the step
                targets.append(max(p * TRICK_SCALE, 1) if 0 < t < t_left else v)
                chips.append(c)
        out = (targets, chips)
        self._steps[key] = out
        return out

    # -- exact -------------------------------------------------------------------------
    def exact(self, world: World, moves: list[int], pile: int, max_nodes: int,
              solver: Solver | None = None) -> dict[int, float]:
        """Chips after each move under perfect play by every seat (raises
        :class:`~bot.ai.solver.SearchAborted` past ``max_nodes``). Point contracts,
        win-all and Bettel only."""
        aim = self.aim
        if solver is None:
            solver = Solver(world, aim, max_nodes=max_nodes)
        STATS["tried"] += 1
        t_left = world.tricks_left()
        d = self.decl
        assert d is not None
        if aim == POINTS:
            targets, chips = self.steps(pile, points_left(world), t_left)
            if len(chips) == 1:
                return dict.fromkeys(moves, chips[0])
            return {c: chips[solver.classify(c, targets)] for c in moves}
        win = self.all_or_nothing(True, t_left, pile)
        lose = self.all_or_nothing(False, t_left, pile)
        return {c: win if solver.reaches(c, 1) else lose for c in moves}

    def exact_root(self, world: World, pile: int, max_nodes: int) -> float:
        """Chips under perfect play by every seat from the world's position."""
        solver = Solver(world, self.aim, max_nodes=max_nodes)
        t_left = world.tricks_left()
        STATS["tried"] += 1
        if self.aim == POINTS:
            targets, chips = self.steps(pile, points_left(world), t_left)
            out = chips[solver.classify_root(targets)]
        else:
            out = self.all_or_nothing(solver.root_reaches(1), t_left, pile)
        STATS["exact"] += 1
        return out

    def all_or_nothing(self, won: bool, t_left: int, pile: int) -> float:
        """Chips for the seat when a win-all (Bettel) declarer wins (``won``) or not."""
        d = self.decl
        assert d is not None
        opp = (d + 1) % self.n
        trk = [0] * self.n
        if self.aim == WIN_ALL:
            trk[d if won else opp] = t_left
        else:
            trk[opp if won else d] = t_left
        return self.chips([0] * self.n, trk, pile, d)

    # -- rollouts ----------------------------------------------------------------------
    def rollouts(self, world: World, moves: list[int], pile: int, rng: random.Random,
                 count: int = 1, noise: float = 0.0, blind: Public | None = None,
                 shape: float = 0.0) -> dict[int, float]:
        """Mean chips after each move over ``count`` rollouts of the quick policy, or
        (``blind``) the one rollout in which every seat plays the baseline's card;
        plus ``shape`` chips per card point the seat's side takes (:meth:`lean`)."""
        out: dict[int, float] = {}
        aim = self.aim
        STATS["rollouts"] += 1
        for c in moves:
            if blind is not None:
                o = blind_rollout(world.copy(), blind, first=c)
                out[c] = self.chips(o.points, o.tricks, pile,
                                    o.last_winner if o.last_winner >= 0 else world.leader)
                if shape:
                    out[c] += shape * self.lean(o.points)
                continue
            total = 0.0
            for _ in range(count):
                o = rollout(world.copy(), aim, rng, first=c, noise=noise)
                last = o.last_winner if o.last_winner >= 0 else world.leader
                total += self.chips(o.points, o.tricks, pile, last)
                if shape:
                    total += shape * self.lean(o.points)
            out[c] = total / count
        return out

    def lean(self, points: Sequence[int]) -> int:
        """Card points that went the seat's way in a rollout: the declarer's taken (as
        the declarer) or not taken (as a defender); in a Ramsch the seat's own not
        taken. Where chips change only at a few steps, this tells apart cards that
        tie in chips in every sampled layout: the one leaving the larger margin is
        the safer in the layouts not sampled."""
        if self.aim == RAMSCH or self.decl is None:
            return -points[self.me]
        if self.aim != POINTS:
            return 0
        p = points[self.decl]
        return p if self.decl == self.me else -p

    def play_out(self, world: World, pile: int, rng: random.Random, count: int = 1,
                 noise: float = 0.0, blind: Public | None = None) -> float:
        """Mean chips over rollouts from the world's position (no first card given)."""
        STATS["rollouts"] += 1
        if blind is not None:
            count = 1
        total = 0.0
        for _ in range(count):
            if blind is not None:
                o = blind_rollout(world.copy(), blind)
            else:
                o = rollout(world.copy(), self.aim, rng, noise=noise)
            total += self.chips(o.points, o.tricks, pile,
                                o.last_winner if o.last_winner >= 0 else world.leader)
        return total / count

    def can_solve(self) -> bool:
        return self.aim != RAMSCH and self.decl is not None


__all__ = ["Valuer", "points_left"]
