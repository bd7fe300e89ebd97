"""Perfect-information players for benchmarks: they read the deal itself (never seat
one at a table: they see every card).

:class:`ClairvoyantPlayer`, the benchmark's bound, sees every card *and* knows how the
others will play (the benchmark's others are the baseline, which is deterministic): at
each decision it plays every legal action out on the real deal in the engine, the
others as they will, itself as the baseline would, and keeps the action that ends best
(the baseline's on a tie). That is rollout policy improvement on a deterministic
problem, so it never ends a deal worse than the baseline in its seat would have; it is
a lower estimate of the best possible result (an exhaustive search of its own choices
would be the exact one, far beyond a benchmark's budget), and a true reference for
what seeing the cards is worth.

:class:`OraclePlayer` is the classic perfect-information player: the search player fed
the true deal as its only layout, with exact search wherever the node budget allows:

- card play: the exact solver on the real deal scores every legal card in chips (in
  Ramsch, where every seat plays for itself and no two-sided search applies, and past
  the node budget, by noisy rollouts on the real deal instead);
- the auction: each word is played out on the real deal by the auction simulator (the
  others and the later steps as the baseline makes them), its play solved exactly;
- contract, trump, discards, call, give, tout, kontra: each candidate solved exactly on
  the real deal (discards, calls and gives among the candidates the search player
  considers).

It is the limit of determinized search (the same decisions made with every card seen),
but no bound on results against weak opponents: minimax assumes the others play
perfectly too, so it gives up contracts the baseline's defence would let through
(``python -m bot bench ai --bound minimax`` measures it).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations

from bot.engine import OPTIONAL, Action, ActionType, Deal, SeatView
from bot.engine.cards import bits

from .base import Player, main_actions
from .baseline import BaselinePlayer
from .determinize import Layout
from .knowledge import Knowledge
from .pimc import Budget
from .search import LevelConfig, SearchPlayer

#: node budgets: a card decision, a plan (one contract's play from the first card)
PLAY_NODES = 250_000
PLAN_NODES = 60_000
#: noisy rollouts per card or plan where the exact search does not apply or gives up
ROLLOUTS = 12


class TrueSampler:
    """The only "sample": the deal as it really lies (the seat's hand as its view has
    it, so variations of the view, like a discard considered, stay consistent)."""

    def __init__(self, deal: Deal, view: SeatView) -> None:
        k = Knowledge(view)
        hands = list(deal.hands)
        hands[k.me] = k.hand
        inside = 0
        for h in hands:
            inside |= h
        self.layout = Layout(tuple(hands), k.table.deck & ~inside & ~k.played)

    def sample(self, rng: random.Random) -> Layout:
        return self.layout


def oracle_config() -> LevelConfig:
    play = Budget(samples=1, min_samples=1, seconds=None, exact_tricks=99,
                  exact_nodes=PLAY_NODES, rollouts=ROLLOUTS, noise=0.1, infer=False)
    return LevelConfig("bound", None, play, bid_samples=1, z=0.0, infer=False,
                       exact_plans=PLAN_NODES, plan_rollouts=ROLLOUTS)


class OraclePlayer(SearchPlayer):
    """The search player on the true deal (see the module's docstring)."""

    def __init__(self, deal: Deal, rng: random.Random | None = None) -> None:
        super().__init__(rng, oracle_config())
        self.deal = deal
        self.sampler_factory = lambda view: TrueSampler(self.deal, view)


#: discards tried at most (all of them when there are no more, else the baseline's
#: per trump suit and those keeping every trump and ace)
MAX_DISCARDS = 500


class ClairvoyantPlayer:
    """The benchmark's bound (see the module's docstring)."""

    level = "bound"

    def __init__(self, deal: Deal, seat: int, others: Sequence[Player]) -> None:
        self.deal = deal
        self.seat = seat
        self.baseline = BaselinePlayer(random.Random(0))
        self.others = list(others)
        self.simulations = 0

    def _seats(self) -> list[Player]:
        seats = list(self.others)
        seats[self.seat] = self.baseline
        return seats

    def _outcome(self, actions: Sequence[Action]) -> int:
        """Seat's chips when it takes ``actions`` now and everyone plays on."""
        from .selfplay import play_deal

        sim = self.deal.copy()
        for a in actions:
            sim.apply(self.seat, a)
        self.simulations += 1
        return play_deal(sim, self._seats()).payments[self.seat]

    def _best(self, options: list[Action], fallback: Action) -> Action:
        scores = {a: self._outcome([a]) for a in options}
        top = max(scores.values())
        return fallback if scores.get(fallback) == top else next(
            a for a in options if scores[a] == top)

    def choose(self, view: SeatView) -> Action:
        legal = main_actions(view)
        fallback = self.baseline.choose(view)
        if len(legal) == 1 and legal[0].type is not ActionType.DISCARD:
            return legal[0]
        if legal[0].type is ActionType.DISCARD:
            options = self._discards(view, legal[0].count or 0, fallback)
        else:
            options = legal + [a for a in view.legal if a.type in OPTIONAL]
        return self._best(options, fallback)

    def _discards(self, view: SeatView, count: int, fallback: Action) -> list[Action]:
        assert view.hand is not None
        cards = bits(view.hand.mask)
        every = list(combinations(cards, count))
        if len(every) > MAX_DISCARDS:
            every = every[:MAX_DISCARDS]
        out = [fallback] + [Action.discard(sum(1 << c for c in cs)) for cs in every]
        return list(dict.fromkeys(out))

    def announcement(self, view: SeatView) -> Action | None:
        extra = [a for a in view.legal if a.type in OPTIONAL]
        if not extra:
            return None
        base = self._outcome([])
        best, best_v = None, base
        for a in extra:
            v = self._outcome([a])
            if v > best_v:
                best, best_v = a, v
        return best


__all__ = ["ClairvoyantPlayer", "OraclePlayer", "TrueSampler", "oracle_config"]
