"""Auction decisions by simulating the rest of the deal from each word the seat may say.

In the auction (and Württemberg's declarations) a sampled layout of the unseen cards is
a whole deal: every hand and the talon. For each candidate word the deal is rebuilt in
the engine from that layout, the auction so far replayed, the word said, and everything
after it (the others' bids and the seat's own later ones, the contract, trump, talon,
call and give) decided by the baseline; the play is then scored like a plan
(:mod:`bot.ai.plans`): rollouts of the quick policy, win-all and Bettel exactly. So a
pass is worth what the others make of the deal (defending their contract, a Ramsch, or
nothing when the deal is thrown in), and a bid what the competition it meets leaves of
it: one step of policy improvement over the baseline, on common layouts. Where the seat
ends as the declarer, the level's measured ``edge`` for the contract (what its own play
is worth over the baseline's) is added: without it every bid is valued as if the
baseline would play it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from bot.engine import Action, Deal, Phase, SeatView
from bot.engine.cards import bits, mask_points
from bot.engine.variants import Aim

from . import clock
from .base import main_actions
from .baseline import BaselinePlayer
from .determinize import Layout, SamplerLike
from .imperfect import Public
from .knowledge import Knowledge, table_of
from .payoff import Scorer
from .plans import PI_TRUST
from .solver import SearchAborted
from .valuation import Valuer
from .world import LOSE_ALL, WIN_ALL, World

_BASELINE = BaselinePlayer(random.Random(0))  # deterministic: the rng is never used
#: the seat's own later choices tried one by one (the contract, the declaration)
_BRANCH = (Phase.CONTRACT, Phase.DECLARE)
_PRE_PLAY = 60  # actions at most before play (the auction and the steps; a safeguard)
#: layouts before a word may be found clearly best, and the standard errors of the
#: paired differences it must then lead every other word by (the clock goes to the
#: close decisions)
SETTLE_AFTER = 16
SETTLE_Z = 3.0


class AuctionSimulator:
    """Chips for one seat from each of its auction words over common layouts."""

    def __init__(self, view: SeatView, k: Knowledge, sampler: SamplerLike,
                 rng: random.Random, node_budget: int = 3000, *, exact_nodes: int = 0,
                 rollouts: int = 1, blind: bool = False, margin: float = 0.0,
                 edge: Mapping[str, float] | None = None) -> None:
        self.view = view
        self.k = k
        self.me = k.me
        self.rules = table_of(view).rules
        self.sampler = sampler
        self.rng = rng
        self.node_budget = node_budget
        self.exact_nodes = exact_nodes  # > 0: point contracts exactly (the bound)
        self.rollouts = rollouts
        self.blind = blind  # rollouts with every seat playing the baseline's card
        self.margin = margin  # chips a word must lead by to count as clearly best
        #: chips the seat's own play as the declarer of a contract is worth over the
        #: baseline's, which the play-outs give it
        self.edge = edge or {}
        self.layouts: list[Layout] = []
        #: per word and layout: the chips per later choice of the seat's own (or None)
        self.branches: dict[Action, list[dict[Action | None, float]]] = {}

    def run(self, options: list[Action], samples: int, deadline: float | None,
            min_samples: int = 4) -> dict[Action, list[float]]:
        """Per word: the chips in each layout, the seat's own later choice of contract
        (or declaration) the one best on average over the layouts."""
        for i in range(samples):
            if deadline is not None and i >= min_samples and clock.now() > deadline:
                break
            if i >= SETTLE_AFTER and i % 8 == 0 and _settled(
                    [_best_branch(self.branches[a]) for a in options], self.margin):
                break
            while len(self.layouts) <= i:
                self.layouts.append(self.sampler.sample(self.rng))
            layout = self.layouts[i]
            for a in options:
                vals = self.branches.setdefault(a, [])
                if len(vals) <= i:
                    vals.append(self.simulate(layout, a))
        return {a: _best_branch(self.branches[a]) for a in options}

    def deal_of(self, layout: Layout) -> Deal:
        """The layout as a deal in the engine, the auction so far replayed."""
        view = self.view
        rules = self.rules
        deal = Deal.from_hands(rules, [bits(h) for h in layout.hands], bits(layout.pile),
                               dealer=view.dealer, pot=view.pot - rules.ante_chips)
        for seat, action in view.auction:
            deal.apply_unchecked(seat, action)
        return deal

    def simulate(self, layout: Layout, word: Action) -> dict[Action | None, float]:
        """Chips for the seat after saying ``word`` in this layout: one value (key
        None), or where the seat later chooses the contract (or its declaration) one
        per choice, the rest as the baseline would play it."""
        deal = self.deal_of(layout)
        deal.apply_unchecked(self.me, word)
        return self._continue(deal, branch=True)

    def _continue(self, deal: Deal, branch: bool) -> dict[Action | None, float]:
        for _ in range(_PRE_PLAY):
            if deal.phase is Phase.PLAY or deal.is_over:
                break
            first = deal.to_act()[0]
            seen = deal.view(first)
            seat = seen.actor
            assert seat is not None
            view = seen if seat == first else deal.view(seat)
            if branch and seat == self.me and deal.phase in _BRANCH:
                out: dict[Action | None, float] = {}
                for a in main_actions(view):
                    sub = deal.copy()
                    sub.apply(seat, a)
                    out[a] = self._continue(sub, branch=False)[None]
                return out
            deal.apply(seat, _BASELINE.choose(view))
        if deal.is_over:  # thrown in: nothing changes hands (the ante is paid anyway)
            result = deal.outcome()
            assert result is not None
            return {None: float(result.payments[self.me] + (
                self.rules.ante_chips if deal.dealer == self.me else 0))}
        chips = self.play(deal)
        if deal.declarer == self.me:
            chips += self.edge.get(str(deal.contract), 0.0)
        return {None: chips}

    def play(self, deal: Deal) -> float:
        """Chips for the seat from the play of ``deal`` (at the start of play)."""
        me, n = self.me, deal.n
        contract = str(deal.contract)
        f = self.rules.facts(contract)
        aim = Aim.WIN_ALL if deal.tout else f.aim
        decl = deal.declarer
        side = 1 << (me if decl is None else decl)
        world = World(n, deal.hands[:], deal.trump_mask, deal.leader, [], side,
                      must_win_all=aim == WIN_ALL, must_lose_all=aim == LOSE_ALL)
        scorer = Scorer(self.rules, contract, decl, pot=deal.pot, tout=deal.tout)
        valuer = Valuer(scorer, me, n, aim, [0] * n, [0] * n)
        pile = mask_points(deal.discards if deal.picked_up else deal.dealt_talon)
        if (aim in (WIN_ALL, LOSE_ALL) and not self.blind) or (self.exact_nodes
                                                                and valuer.can_solve()):
            try:
                chips = valuer.exact_root(world, pile, self.exact_nodes or self.node_budget)
            except SearchAborted:
                pass
            else:
                if decl != me or self.exact_nodes:
                    return chips
                lose = valuer.all_or_nothing(False, world.tricks_left(), pile)
                return PI_TRUST * chips + (1.0 - PI_TRUST) * lose if chips > lose else chips
        public = None
        if self.blind:
            own = [0] * n
            if deal.picked_up and decl is not None:
                own[decl] = deal.discards
            public = Public(self.k.table, f, aim, deal.trump, decl, 0, [0] * n, (), own)
        return valuer.play_out(world, pile, self.rng, self.rollouts,
                               0.1 if self.rollouts > 1 else 0.0, public)


def _settled(vectors: list[list[float]], margin: float) -> bool:
    """Whether one word leads every other by ``margin`` plus ``SETTLE_Z`` standard
    errors of the paired differences (words equal in every layout count as settled)."""
    n = len(vectors[0])
    means = [sum(v) / n for v in vectors]
    best = max(range(len(vectors)), key=lambda j: means[j])
    for j, v in enumerate(vectors):
        if j == best:
            continue
        diffs = [x - y for x, y in zip(vectors[best], v, strict=True)]
        m = means[best] - means[j]
        var = sum((d - m) ** 2 for d in diffs) / (n - 1)
        if var == 0.0 and m == 0.0:
            continue
        if m <= margin + SETTLE_Z * (var / n) ** 0.5:
            return False
    return True


def _best_branch(rows: list[dict[Action | None, float]]) -> list[float]:
    """The per-layout chips of the later choice best on average (layouts that never
    reached the choice count with their one value whatever it is)."""
    choices = {a for row in rows for a in row if a is not None}
    if not choices:
        return [row[None] for row in rows]

    def vector(a: Action) -> list[float]:
        return [row.get(a, row.get(None, 0.0)) for row in rows]

    best = max(sorted(choices, key=str), key=lambda a: sum(vector(a)))
    return vector(best)


__all__ = ["AuctionSimulator"]
