"""Bidding and the steps before play by sampling the unseen cards.

A *plan* is one way the seat could end up playing: a contract, its trump, whether the
talon is picked up. Each plan is played out in the same sampled layouts of the unseen
cards (common samples make the comparison fair): win-all and Bettel plans by the exact
yes/no solver (a rollout where it runs out of nodes), the rest by rollouts with the
quick perfect-information policy. A plan's value is the seat's mean chips; the choice
each step offers (a bid, a declaration, the contract, the trump, the discards, the
Rufer call and give, tout, kontra) goes to the best plan it leads to, against what
passing is worth (nothing, or a Ramsch where all passing ends in one).

Calls and gives inside a plan use the baseline's heuristics (:mod:`bot.ai.hand_eval`),
so a plan's value is what the seat would get by playing it that way.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.engine import Action, ActionType, Phase, SeatView
from bot.engine.cards import SUIT_MASKS, mask_points
from bot.engine.variants import Aim, ContractFacts

from . import hand_eval
from .bidding import word_contracts
from .determinize import Layout, Sampler, SamplerLike
from .knowledge import Knowledge, table_of
from .payoff import Scorer
from .rollout import rollout
from .solver import SearchAborted, Solver
from .world import LOSE_ALL, RAMSCH, WIN_ALL, World

if TYPE_CHECKING:
    from .baseline import BaselinePlayer
    from .search import LevelConfig

ALL = (0, 1, 2, 3)
#: chips a change from the baseline's choice must promise (per unit of stake)
BID_MARGIN = 0.15
#: standard errors by which the search must beat the baseline's choice to override it
#: (the level's ``LevelConfig.z``; 0 where the samples are the truth)
Z = 1.5
#: how often a win-all (Bettel) plan that wins with every card seen also wins when
#: playing blind: a perfect-information solve flatters the declarer
PI_TRUST = 0.8
#: kontra / rekontra only when the seat expects this many contract units per opponent
KONTRA_UNITS = 1.0


def mean(xs: list[float]) -> float:
    return sum(xs) / len(xs) if xs else 0.0


def mean_se(xs: list[float]) -> tuple[float, float]:
    """Mean and its standard error."""
    m = mean(xs)
    if len(xs) < 2:
        return m, float("inf")
    var = sum((x - m) ** 2 for x in xs) / (len(xs) - 1)
    return m, (var / len(xs)) ** 0.5


@dataclass(frozen=True, slots=True)
class Plan:
    contract: str
    trump: int | None
    pickup: bool = False  # the talon is picked up and as many cards laid away
    call: bool = False  # Rufer: call a card (the baseline's choice) and give one
    tout: bool = False
    declarer: int | None = None  # None: the deciding seat


def _facts(view: SeatView, contract: str) -> ContractFacts:
    return table_of(view).facts(contract)


def _aim(view: SeatView, plan: Plan) -> str:
    if plan.tout:
        return WIN_ALL
    return _facts(view, plan.contract).aim


def _leader(view: SeatView, plan: Plan, decl: int) -> int:
    if view.phase is Phase.PLAY:
        cur = view.current_trick
        return cur.leader if cur is not None else (view.actor if view.actor is not None
                                                   else view.forehand)
    return decl if _facts(view, plan.contract).declarer_leads else view.forehand


def contract_plans(view: SeatView, contract: str) -> list[Plan]:
    """The plans a contract can be played as (one per trump choice)."""
    f = _facts(view, contract)
    return [Plan(contract, s, pickup=f.pickup, call=f.call) for s in (f.trumps or (None,))]


class PlanEvaluator:
    """Mean chips of plans for one seat over common samples of the unseen cards."""

    def __init__(self, view: SeatView, rng: random.Random, node_budget: int = 3000,
                 sampler: SamplerLike | None = None) -> None:
        self.view = view
        self.k = Knowledge(view)
        self.me = self.k.me
        self.rng = rng
        self.sampler: SamplerLike = sampler if sampler is not None else Sampler(self.k)
        self.node_budget = node_budget
        self.layouts: list[Layout] = []
        self.values: dict[Plan, list[float]] = {}

    def layout(self, i: int) -> Layout:
        while len(self.layouts) <= i:
            self.layouts.append(self.sampler.sample(self.rng))
        return self.layouts[i]

    def run(self, plans: list[Plan], samples: int, deadline: float | None,
            min_samples: int = 4) -> dict[Plan, float]:
        """Mean chips per plan (the per-sample values stay in :attr:`values`)."""
        plans = list(dict.fromkeys(plans))
        for i in range(samples):
            if deadline is not None and i >= min_samples and time.perf_counter() > deadline:
                break
            layout = self.layout(i)
            for p in plans:
                vals = self.values.setdefault(p, [])
                if len(vals) > i:
                    continue
                vals.append(self.play(p, layout))
        return {p: mean(self.values.get(p, [])) for p in plans}

    def common(self, plans: list[Plan]) -> int:
        """Samples every plan of ``plans`` has been played in."""
        return min((len(self.values.get(p, [])) for p in plans), default=0)

    # -- one plan in one layout -----------------------------------------------------
    def play(self, plan: Plan, layout: Layout) -> float:
        view, k, me = self.view, self.k, self.me
        n = k.n
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
            if plan.call and trump is not None:
                callable_mask = k.table.deck & ~hand
                card, _ = hand_eval.rufer_call(hand, trump, callable_mask, others | pile,
                                               leads)
                if card is not None and not pile >> card & 1:
                    holder = next(s for s in range(n) if hands[s] >> card & 1)
                    hand |= 1 << card
                    give = hand_eval.give_choice(hand, trump, hand & ~(1 << card),
                                                 (others | pile) & ~(1 << card), leads)
                    hand &= ~(1 << give)
                    hands[holder] = (hands[holder] & ~(1 << card)) | 1 << give
            hands[me] = hand
        aim = _aim(view, plan)
        if aim == RAMSCH:
            decl_seat: int | None = None
            side = 1 << me
        else:
            decl_seat, side = decl, 1 << decl
        tm = SUIT_MASKS[trump] if trump is not None else 0
        world = World(n, hands, tm, leader, [], side,
                      must_win_all=aim == WIN_ALL, must_lose_all=aim == LOSE_ALL)
        scorer = Scorer.of(view, plan.contract, decl_seat, tout=plan.tout)
        inside = 0
        for h in hands:
            inside |= h
        extra = mask_points(k.table.deck & ~inside & ~k.played)
        if aim in (WIN_ALL, LOSE_ALL):
            try:
                ok = Solver(world, aim, max_nodes=self.node_budget).value()
            except SearchAborted:
                pass
            else:
                won, lost = [0] * n, [0] * n
                if aim == WIN_ALL:
                    won[decl] = k.table.hand_size
                    lost[(decl + 1) % n] = 1
                else:
                    lost[decl] = 1
                win_v = scorer.payments([0] * n, won, extra, decl)[me]
                lose_v = scorer.payments([0] * n, lost, extra, decl)[me]
                if not ok:
                    return lose_v
                q = PI_TRUST if decl == me else 1.0
                return q * win_v + (1.0 - q) * lose_v
        o = rollout(world, aim, self.rng)
        return scorer.payments(o.points, o.tricks, extra, max(o.last_winner, 0))[me]


# -- the decisions --------------------------------------------------------------------

def _best(values: dict[Plan, float], contract: str) -> float:
    vals = [v for p, v in values.items() if p.contract == contract]
    return max(vals) if vals else float("-inf")


class Decider:
    """Evaluates the contracts a decision may lead to and picks among the actions."""

    def __init__(self, view: SeatView, config: LevelConfig, rng: random.Random,
                 start: float, sampler: SamplerLike | None = None) -> None:
        self.view = view
        self.config = config
        self.ev = PlanEvaluator(view, rng, sampler=sampler)
        seconds = config.seconds
        self.deadline = None if seconds is None else start + seconds * config.bid_seconds_share
        self.samples = config.bid_samples
        self.stake = int(view.options.get("stake", 1))

    def values(self, contracts: list[str]) -> dict[str, float]:
        return {c: mean(v) for c, v in self.vectors(contracts).items()}

    def vectors(self, contracts: list[str]) -> dict[str, list[float]]:
        """Per contract: the per-sample chips of its best plan (best trump)."""
        plans: dict[str, list[Plan]] = {}
        for c in contracts:
            plans[c] = contract_plans(self.view, c)
        self.ev.run([p for ps in plans.values() for p in ps], self.samples, self.deadline)
        out: dict[str, list[float]] = {}
        for c, ps in plans.items():
            k = self.ev.common(ps)
            best = max(ps, key=lambda p: mean(self.ev.values[p][:k]))
            out[c] = self.ev.values[best][:k]
        return out

    def override(self, base: list[float], alt: list[float]) -> bool:
        """Whether ``alt`` beats ``base`` (paired, common samples) clearly enough."""
        k = min(len(base), len(alt))
        m, se = mean_se([a - b for a, b in zip(alt[:k], base[:k], strict=True)])
        z = self.config.z
        return m > self.margin() + (z * se if z else 0.0)

    def pass_value(self) -> float:
        """What passing is worth: a Ramsch where all passing ends in one."""
        v = self.view
        rules = table_of(v).rules
        if rules.all_pass is None:
            return 0.0
        if any(a.value != rules.pass_word for _, a in v.auction):
            return 0.0
        ramsch = self.values([rules.all_pass])[rules.all_pass]
        return ramsch * (1.0 if v.seat == rules.last_to_speak(v.forehand) else 0.5)

    def margin(self) -> float:
        return BID_MARGIN * self.stake


def _word_vectors(d: Decider, words: list[str]) -> dict[str, list[float]]:
    """Per legal bid word (``pass`` excluded): the chips of the best contract it leads to."""
    view = d.view
    outcomes = {w: word_contracts(view, w) for w in words}
    vecs = d.vectors(list(table_of(view).rules.contracts))
    out = {}
    for w, cs in outcomes.items():
        if cs:
            out[w] = max((vecs[c] for c in cs), key=mean)
    return out


def _bid(d: Decider, words: list[str], base_word: str) -> str:
    """The baseline's bid unless the samples clearly favour another."""
    pass_word = table_of(d.view).rules.pass_word
    vecs = _word_vectors(d, words)
    if not vecs:
        return base_word
    k = min(len(v) for v in vecs.values())
    pv = d.pass_value()
    vecs[pass_word] = [pv] * k
    base = vecs.get(base_word)
    if base is None:
        return base_word
    best = max(vecs, key=lambda w: mean(vecs[w]))
    if best != base_word and d.override(base, vecs[best]):
        return best
    return base_word


def decide(view: SeatView, legal: list[Action], fallback: Action, config: LevelConfig,
           rng: random.Random, start: float, sampler: SamplerLike | None = None
           ) -> Action | None:
    """The search's choice for a step before play, or None to keep ``fallback``."""
    d = Decider(view, config, rng, start, sampler)
    ph = view.phase
    me = view.seat
    assert me is not None
    if ph is Phase.AUCTION:
        words = [a.value for a in legal if a.type is ActionType.BID and a.value]
        return Action.bid(_bid(d, words, fallback.value or words[0]))
    if ph is Phase.DECLARE or ph is Phase.CONTRACT:
        games = [a.value for a in legal if a.value]
        vecs = d.vectors(games)
        base = fallback.value if fallback.value in vecs else games[0]
        best = max(games, key=lambda g: (mean(vecs[g]), games.index(g)))
        pick = best if best != base and d.override(vecs[base], vecs[best]) else base
        return Action.declare(pick) if ph is Phase.DECLARE else Action.contract(pick)
    contract = view.contract or ""
    if ph is Phase.TRUMP:
        suits = [a.suit for a in legal if a.suit is not None]
        call = _facts(view, contract).call
        plans = {s: Plan(contract, s, pickup=False, call=call) for s in suits}
        d.ev.run(list(plans.values()), d.samples, d.deadline)
        vals = {s: d.ev.values[p] for s, p in plans.items()}
        base_suit = fallback.suit if fallback.suit in vals else suits[0]
        best_suit = max(suits, key=lambda s: mean(vals[s]))
        pick_suit = best_suit if best_suit != base_suit and d.override(
            vals[base_suit], vals[best_suit]) else base_suit
        return Action.trump(pick_suit)
    if ph is Phase.ANNOUNCE:
        tout, none = Plan(contract, view.trump, tout=True), Plan(contract, view.trump)
        d.ev.run([tout, none], d.samples, d.deadline)
        base_tout = fallback.value == "tout"
        a, b = d.ev.values[tout], d.ev.values[none]
        switch = d.override(a, b) if base_tout else d.override(b, a)
        return Action.announce("tout" if base_tout != switch else "none")
    if ph is Phase.DISCARD:
        return _discard(d, fallback)
    return None  # call and give: the baseline's heuristics (the plans assume them too)


def _discard(d: Decider, fallback: Action) -> Action:
    """Compare the baseline's discard per trump suit over samples; keep the best."""
    view = d.view
    k = d.ev.k
    count = k.table.talon_size
    suits = [view.trump] if view.trump is not None else list(ALL)
    candidates: dict[int, list[int]] = {}
    for s in suits:
        chosen = hand_eval.discard_choice(k.hand, count, s, k.unknown, k.n)
        candidates.setdefault(chosen, []).append(s)
    if fallback.cards is not None:
        candidates.setdefault(fallback.cards, list(suits))
    if len(candidates) == 1:
        return fallback
    vecs: dict[int, list[float]] = {}
    share = max(4, d.samples // len(candidates))
    for mask, trumps in candidates.items():
        sub = PlanEvaluator(_after_discard(view, mask), random.Random(d.ev.rng.random()))
        plans = [Plan(view.contract or "", s) for s in trumps]
        sub.run(plans, share, d.deadline)
        vecs[mask] = max((sub.values[p] for p in plans), key=mean)
    base = fallback.cards if fallback.cards in vecs else next(iter(vecs))
    best = max(vecs, key=lambda m: mean(vecs[m]))
    # different samples per candidate: compare means against both standard errors
    mb, sb = mean_se(vecs[base])
    mx, sx = mean_se(vecs[best])
    z = d.config.z
    if best != base and mx - mb > d.margin() + (z * (sb * sb + sx * sx) ** 0.5 if z else 0):
        return Action.discard(best)
    return Action.discard(base if base is not None else 0)


def _after_discard(view: SeatView, mask: int) -> SeatView:
    from dataclasses import replace

    from bot.engine.cards import CardSet

    assert view.hand is not None
    return replace(view, hand=CardSet(view.hand.mask & ~mask), discards=CardSet(mask),
                   phase=Phase.TRUMP if view.trump is None else Phase.PLAY)


def announcement(view: SeatView, config: LevelConfig, rng: random.Random,
                 baseline: BaselinePlayer, sampler: SamplerLike | None = None
                 ) -> Action | None:
    """Kontra as a defender, rekontra as the declarer, when the samples say the
    contract is clearly in the seat's favour."""
    kinds = {a.type for a in view.legal}
    if ActionType.KONTRA not in kinds and ActionType.REKONTRA not in kinds:
        return None
    f = None if view.contract is None else _facts(view, view.contract)
    if f is None or f.aim is Aim.RAMSCH or view.trump is None and (
            f.aim is not Aim.LOSE_ALL) or view.current_trick is not None:
        return baseline.announcement(view)
    d = Decider(view, config, rng, time.perf_counter(), sampler)
    plan = Plan(f.name, view.trump, declarer=view.declarer)
    d.ev.run([plan], d.samples, d.deadline)
    m, se = mean_se(d.ev.values[plan])  # the seat's chips
    sure = m - (d.config.z * se if d.config.z else 0.0)
    unit = d.stake * (f.value or 1)
    if ActionType.KONTRA in kinds and view.seat != view.declarer and \
            sure > KONTRA_UNITS * unit:
        return Action.kontra()
    if ActionType.REKONTRA in kinds and view.seat == view.declarer and \
            sure > KONTRA_UNITS * (view.players - 1) * unit:
        return Action.rekontra()
    return None


__all__ = ["Plan", "PlanEvaluator", "announcement", "contract_plans", "decide"]
