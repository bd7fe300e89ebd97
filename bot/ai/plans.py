"""Plans: the ways a seat could end up playing a deal, and what each is worth.

A *plan* is a contract with its trump, whether the talon is picked up (and as many
cards laid away), whether a card is called (Rufer), tout, and the declarer. In one
layout of the unseen cards a plan becomes a :class:`~bot.ai.world.World` at the start
of play (:func:`plan_world`: the pick-up, discards, call and give by the baseline's
heuristics, so a plan is worth what the seat would get playing it that way), and is
scored in chips for the seat: win-all and Bettel plans exactly (yes/no, cheap; a
perfect-information win is discounted for the declarer, who will play blind), point
plans by rollouts, or exactly with ``exact_nodes`` (the perfect-information bound).
Plans are compared on common layouts: the same samples for every plan.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from bot.engine import Phase, SeatView
from bot.engine.cards import SUIT_MASKS, mask_points
from bot.engine.variants import Aim, ContractFacts

from . import clock, hand_eval
from .determinize import Layout, Sampler, SamplerLike
from .imperfect import Public
from .inference import AuctionModel
from .knowledge import Knowledge, table_of
from .payoff import Scorer
from .solver import SearchAborted
from .valuation import Valuer
from .world import LOSE_ALL, POINTS, RAMSCH, WIN_ALL, World

#: how often a win-all (Bettel) plan that wins with every card seen also wins when the
#: declarer plays blind: a perfect-information solve flatters the declarer
PI_TRUST = 0.8


@dataclass(frozen=True, slots=True)
class Plan:
    contract: str
    trump: int | None
    pickup: bool = False  # the talon is picked up and as many cards laid away
    call: bool = False  # Rufer: call a card (the baseline's choice) and give one
    tout: bool = False
    declarer: int | None = None  # None: the deciding seat
    called: int | None = None  # the card to call (None: the baseline's choice)
    give: int | None = None  # the card to give (None: the baseline's choice)


def facts(view: SeatView, contract: str) -> ContractFacts:
    return table_of(view).facts(contract)


def plan_aim(view: SeatView, plan: Plan) -> Aim:
    return WIN_ALL if plan.tout else facts(view, plan.contract).aim


def contract_plans(view: SeatView, contract: str) -> list[Plan]:
    """The plans a contract can be played as (one per trump choice)."""
    f = facts(view, contract)
    return [Plan(contract, s, pickup=f.pickup, call=f.call) for s in (f.trumps or (None,))]


def _leader(view: SeatView, plan: Plan, decl: int) -> int:
    if view.phase is Phase.PLAY:
        cur = view.current_trick
        return cur.leader if cur is not None else (view.actor if view.actor is not None
                                                   else view.forehand)
    return decl if facts(view, plan.contract).declarer_leads else view.forehand


@dataclass(slots=True)
class Setup:
    """A plan in one layout at the start of play."""

    world: World
    pile: int  # card points outside the hands (talon or discards)
    valuer: Valuer
    aim: Aim
    declarer: int | None
    public: Public  # what everyone knows then, for blind rollouts


def plan_world(k: Knowledge, plan: Plan, layout: Layout) -> Setup:
    """The world at the start of play of ``plan`` in ``layout``."""
    view, me, n = k.view, k.me, k.n
    hands = list(layout.hands)
    pile = layout.pile
    decl = me if plan.declarer is None else plan.declarer
    trump = plan.trump
    leader = _leader(view, plan, decl)
    if decl == me:
        hand = hands[me]
        others = 0
        for s in range(n):
            if s != me:
                others |= hands[s]
        leads = leader == me
        if plan.pickup and view.talon is None:
            hand |= pile
            pile = hand_eval.discard_choice(hand, pile.bit_count(), trump, others, n)
            hand &= ~pile
        if plan.call and trump is not None and view.called_card is None:
            card = plan.called
            if card is None:
                card, _ = hand_eval.rufer_call(hand, trump, k.table.deck & ~hand,
                                               others | pile, leads)
            if card is not None and not pile >> card & 1:
                holder = next(s for s in range(n) if hands[s] >> card & 1)
                hand |= 1 << card
                give = plan.give
                if give is None:
                    give = hand_eval.give_choice(hand, trump, hand & ~(1 << card),
                                                 (others | pile) & ~(1 << card), leads)
                hand &= ~(1 << give)
                hands[holder] = (hands[holder] & ~(1 << card)) | 1 << give
        elif plan.give is not None and view.called_from is not None:
            hand &= ~(1 << plan.give)
            hands[view.called_from] |= 1 << plan.give
        hands[me] = hand
    aim = plan_aim(view, plan)
    f = facts(view, plan.contract)
    decl_seat = None if aim == RAMSCH else decl
    side = 1 << (me if decl_seat is None else decl_seat)
    tm = SUIT_MASKS[trump] if trump is not None else 0
    world = World(n, hands, tm, leader, [], side, must_win_all=aim == WIN_ALL,
                  must_lose_all=aim == LOSE_ALL)
    inside = 0
    for h in hands:
        inside |= h
    outside = k.table.deck & ~inside & ~k.played
    scorer = Scorer.of(view, plan.contract, decl_seat, tout=plan.tout)
    valuer = Valuer(scorer, me, n, aim, view.points_taken, view.tricks_won)
    own = [0] * n
    own[me] = k.table.deck & ~k.unknown & ~k.hand & ~k.played
    if decl_seat is not None and f.pickup:
        own[decl_seat] |= pile  # the declarer knows what it laid away
    public = Public(k.table, f, aim, trump, decl_seat, k.played, k.voids,
                    [s for s in range(n) if k.open[s]], own)
    return Setup(world, mask_points(outside), valuer, aim, decl_seat, public)


class PlanEvaluator:
    """Chips of plans for one seat over common samples of the unseen cards.

    ``exact_nodes`` > 0 scores point plans exactly (falling back to ``rollouts`` noisy
    rollouts past the node budget) and trusts perfect-information wins fully: the
    perfect-information bound, fed the true deal as its only layout."""

    def __init__(self, view: SeatView, rng: random.Random, node_budget: int = 3000,
                 sampler: SamplerLike | None = None, *, infer: bool = False,
                 exact_nodes: int = 0, rollouts: int = 1, blind: bool = False) -> None:
        self.view = view
        self.k = Knowledge(view)
        self.me = self.k.me
        self.rng = rng
        if sampler is None:
            sampler = Sampler(self.k, AuctionModel(self.k) if infer else None)
        self.sampler: SamplerLike = sampler
        self.node_budget = node_budget
        self.exact_nodes = exact_nodes
        self.rollouts = rollouts
        self.blind = blind  # rollouts with every seat playing the baseline's card
        self.layouts: list[Layout] = []
        self.values: dict[Plan, list[float]] = {}
        self.exact = 0  # plans scored exactly (for measurements)
        self.estimated = 0

    def layout(self, i: int) -> Layout:
        while len(self.layouts) <= i:
            self.layouts.append(self.sampler.sample(self.rng))
        return self.layouts[i]

    def run(self, plans: list[Plan], samples: int, deadline: float | None,
            min_samples: int = 4) -> dict[Plan, list[float]]:
        """The per-sample chips of each plan (kept in :attr:`values`)."""
        plans = list(dict.fromkeys(plans))
        for i in range(samples):
            if deadline is not None and i >= min_samples and clock.now() > deadline:
                break
            layout = self.layout(i)
            for p in plans:
                vals = self.values.setdefault(p, [])
                if len(vals) <= i:
                    vals.append(self.play(p, layout))
        return {p: self.values[p] for p in plans}

    def common(self, plans: list[Plan]) -> int:
        """Samples every plan of ``plans`` has been played in."""
        return min((len(self.values.get(p, [])) for p in plans), default=0)

    def play(self, plan: Plan, layout: Layout) -> float:
        """Chips for the seat from ``plan`` in ``layout``."""
        st = plan_world(self.k, plan, layout)
        aim, world, v = st.aim, st.world, st.valuer
        if (aim in (WIN_ALL, LOSE_ALL) and not self.blind) or (aim == POINTS
                                                                and self.exact_nodes):
            try:
                chips = v.exact_root(world, st.pile, self.exact_nodes or self.node_budget)
            except SearchAborted:
                pass
            else:
                self.exact += 1
                if aim == POINTS or self.exact_nodes or st.declarer != self.me:
                    return chips
                lose = v.all_or_nothing(False, world.tricks_left(), st.pile)
                return PI_TRUST * chips + (1.0 - PI_TRUST) * lose if chips > lose else chips
        self.estimated += 1
        return v.play_out(world, st.pile, self.rng, self.rollouts,
                          0.1 if self.rollouts > 1 else 0.0,
                          st.public if self.blind else None)


__all__ = ["PI_TRUST", "Plan", "PlanEvaluator", "Setup", "contract_plans", "facts",
           "plan_aim", "plan_world"]
