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
from bot.engine.cards import HEARTS, SUIT_MASKS, mask_points

from . import hand_eval
from .determinize import Layout, Sampler, SamplerLike
from .knowledge import Knowledge
from .payoff import Scorer
from .solver import LOSE_ALL, POINTS, RAMSCH, WIN_ALL, SearchAborted, Solver, World, rollout

if TYPE_CHECKING:
    from .baseline import BaselinePlayer
    from .search import LevelConfig

NOT_HEARTS = (0, 1, 3)
ALL = (0, 1, 2, 3)
#: chips a bid must promise above passing (per unit of stake), against noise
BID_MARGIN = 0.15


@dataclass(frozen=True, slots=True)
class Plan:
    contract: str
    trump: int | None
    pickup: bool = False  # the talon is picked up and as many cards laid away
    call: bool = False  # Rufer: call a card (the baseline's choice) and give one
    tout: bool = False
    declarer: int | None = None  # None: the deciding seat


def _aim(plan: Plan) -> str:
    c = plan.contract
    if c == "ramsch":
        return RAMSCH
    if c.startswith("bettel"):
        return LOSE_ALL
    if plan.tout or c.startswith(("rufer", "durch")):
        return WIN_ALL
    return POINTS


def _leader(view: SeatView, plan: Plan, decl: int) -> int:
    if view.phase is Phase.PLAY:
        cur = view.current_trick
        return cur.leader if cur is not None else (view.actor if view.actor is not None
                                                   else view.forehand)
    if view.variant == "zuger" or plan.contract in ("bettel_ouvert",) or (
            view.variant == "dapp" and plan.contract == "bettel"):
        return decl
    return view.forehand


def contract_plans(variant: str, contract: str, options: dict[str, object]) -> list[Plan]:
    """The plans a contract can be played as (one per trump choice)."""
    c = contract
    if variant == "zuger":
        return [Plan(c, s, pickup=c == "tapp") for s in ALL]
    if variant == "tapp1879":
        if c == "coeurfrage":
            return [Plan(c, HEARTS, pickup=True)]
        if c == "solo":
            return [Plan(c, s) for s in NOT_HEARTS]
        return [Plan(c, HEARTS)]
    if c == "ramsch":
        return [Plan(c, None)]
    if c.startswith("bettel"):
        return [Plan(c, None)]
    if c == "herz_aufnehmen":
        return [Plan(c, HEARTS, pickup=True)]
    hearts = c in ("herz", "rufer_herz", "durch_herz")
    call = c.startswith("rufer")
    if hearts:
        return [Plan(c, HEARTS, call=call)]
    return [Plan(c, s, call=call) for s in NOT_HEARTS]


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
        self.totals: dict[Plan, float] = {}
        self.counts: dict[Plan, int] = {}

    def layout(self, i: int) -> Layout:
        while len(self.layouts) <= i:
            self.layouts.append(self.sampler.sample(self.rng))
        return self.layouts[i]

    def run(self, plans: list[Plan], samples: int, deadline: float | None,
            min_samples: int = 4) -> dict[Plan, float]:
        plans = list(dict.fromkeys(plans))
        for i in range(samples):
            if deadline is not None and i >= min_samples and time.perf_counter() > deadline:
                break
            layout = self.layout(i)
            for p in plans:
                if self.counts.get(p, 0) > i:
                    continue
                self.totals[p] = self.totals.get(p, 0.0) + self.play(p, layout)
                self.counts[p] = self.counts.get(p, 0) + 1
        return {p: self.totals.get(p, 0.0) / max(1, self.counts.get(p, 0)) for p in plans}

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
        aim = _aim(plan)
        if plan.contract == "ramsch":
            decl_seat: int | None = None
            side = 1 << me
        else:
            decl_seat, side = decl, 1 << decl
        tm = SUIT_MASKS[trump] if trump is not None else 0
        world = World(n, hands, tm, leader, [], side,
                      must_win_all=aim == WIN_ALL, must_lose_all=aim == LOSE_ALL)
        scorer = Scorer.of(view, plan.contract, decl_seat, tout=plan.tout,
                           hand_size=k.table.hand_size)
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
                trk = [0] * n
                if aim == WIN_ALL:
                    trk[decl] = k.table.hand_size if ok else 0
                    trk[(decl + 1) % n] = 0 if ok else 1
                else:
                    trk[decl] = 0 if ok else 1
                return scorer.payments([0] * n, trk, extra, decl)[me]
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
        plans: list[Plan] = []
        for c in contracts:
            plans.extend(contract_plans(self.view.variant, c, self.view.options))
        vals = self.ev.run(plans, self.samples, self.deadline)
        return {c: _best(vals, c) for c in contracts}

    def pass_value(self) -> float:
        """What passing is worth: a Ramsch where all passing ends in one."""
        v = self.view
        if v.variant not in ("dapp", "wuerttemberg"):
            return 0.0
        if any(a.value not in ("pass", "weg") for _, a in v.auction):
            return 0.0
        ramsch = self.values(["ramsch"])["ramsch"]
        return ramsch * (1.0 if self._last_speaker() else 0.5)

    def _last_speaker(self) -> bool:
        v = self.view
        if v.variant == "wuerttemberg":
            return v.seat == v.forehand
        return v.seat == v.dealer

    def margin(self) -> float:
        return BID_MARGIN * self.stake


def _games(view: SeatView) -> list[str]:
    if view.variant == "zuger":
        return ["tapp", "solo", "super", "vice"]
    if view.variant == "tapp1879":
        return ["coeurfrage", "solo", "coeursolo"]
    if view.variant == "dapp":
        return ["normal", "herz", "rufer", "bettel", "rufer_herz", "durch", "durch_herz"]
    games = ["farbe", "herz", "bettel", "rufer", "rufer_herz", "bettel_ouvert", "durch",
             "durch_herz"]
    if view.options.get("herz_aufnehmen"):
        games.insert(0, "herz_aufnehmen")
    return games


DAPP_OPEN = {"play": ["normal", "herz", "rufer", "bettel", "rufer_herz", "durch",
                      "durch_herz"]}
DAPP_HERZ = ["herz", "rufer", "bettel", "rufer_herz", "durch", "durch_herz"]
DAPP_WORD = {"rufer": ["rufer", "rufer_herz"], "durch": ["durch", "durch_herz"]}


def _standing(view: SeatView, names: list[str]) -> str | None:
    for _, a in reversed(view.auction):
        if a.value in names:
            return a.value
    return None


def _bid(d: Decider, words: list[str]) -> str:
    view = d.view
    var = view.variant
    pass_v = d.pass_value() + d.margin()
    if var == "wuerttemberg":
        vals = d.values(_games(view))
        return "spiele" if max(vals.values()) > pass_v else "weg"
    if var == "zuger":
        vals = d.values([w for w in words if w != "pass"])
        best = max(vals, key=lambda w: vals[w]) if vals else None
        return best if best is not None and vals[best] > pass_v else "pass"
    if var == "tapp1879":
        names = ["coeurfrage", "solo", "coeursolo"]
        vals = d.values(names)
        options = {w: vals[w] for w in words if w in vals}
        if "hold" in words:
            standing = _standing(view, names)
            if standing is not None:
                options["hold"] = vals[standing]
        best = max(options, key=lambda w: options[w]) if options else None
        return best if best is not None and options[best] > pass_v else "pass"
    # dapp
    vals = d.values(_games(view))
    options: dict[str, float] = {}
    for w in words:
        if w == "play":
            opening = not any(a.value == "play" for _, a in view.auction)
            options[w] = max(vals[c] for c in (DAPP_OPEN["play"] if opening else DAPP_HERZ))
        elif w == "self":
            options[w] = max(vals[c] for c in DAPP_HERZ)
        elif w == "hold":
            standing = _standing(view, ["rufer", "bettel", "rufer_herz", "durch",
                                        "durch_herz"])
            if standing is not None:
                options[w] = max(vals[c] for c in DAPP_WORD.get(standing, [standing]))
        elif w in vals:
            options[w] = max(vals[c] for c in DAPP_WORD.get(w, [w]))
    best = max(options, key=lambda w: options[w]) if options else None
    return best if best is not None and options[best] > pass_v else "pass"


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
        return Action.bid(_bid(d, words))
    if ph is Phase.DECLARE:
        games = [a.value for a in legal if a.value]
        vals = d.values(games)
        return Action.declare(max(games, key=lambda g: (vals[g], games.index(g))))
    if ph is Phase.CONTRACT:
        choices = [a.value for a in legal if a.value]
        vals = d.values(choices)
        return Action.contract(max(choices, key=lambda c: vals[c]))
    contract = view.contract or ""
    if ph is Phase.TRUMP:
        suits = [a.suit for a in legal if a.suit is not None]
        plans = [Plan(contract, s, pickup=False, call=contract.startswith("rufer"))
                 for s in suits]
        vals = d.ev.run(plans, d.samples, d.deadline)
        best = max(plans, key=lambda p: vals[p])
        return Action.trump(best.trump if best.trump is not None else suits[0])
    if ph is Phase.ANNOUNCE:
        plans = [Plan(contract, view.trump, tout=True), Plan(contract, view.trump)]
        vals = d.ev.run(plans, d.samples, d.deadline)
        tout = vals[plans[0]] > vals[plans[1]] + d.margin() * 4
        return Action.announce("tout" if tout else "none")
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
    best_mask, best_val = fallback.cards, float("-inf")
    for mask, trumps in candidates.items():
        sub = PlanEvaluator(_after_discard(view, mask), random.Random(d.ev.rng.random()))
        plans = [Plan(view.contract or "", s) for s in trumps]
        vals = sub.run(plans, max(4, d.samples // len(candidates)), d.deadline)
        v = max(vals.values())
        if v > best_val:
            best_mask, best_val = mask, v
    return Action.discard(best_mask if best_mask is not None else 0)


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
    if view.contract is None or view.contract == "ramsch" or view.trump is None and (
            not view.contract.startswith("bettel")) or view.current_trick is not None:
        return baseline.announcement(view)
    d = Decider(view, config, rng, time.perf_counter(), sampler)
    plan = Plan(view.contract, view.trump, declarer=view.declarer)
    value = d.ev.run([plan], d.samples, d.deadline)[plan]  # the seat's mean chips
    unit = d.stake * _unit(view)
    if ActionType.KONTRA in kinds and view.seat != view.declarer and value > 0.5 * unit:
        return Action.kontra()
    if ActionType.REKONTRA in kinds and view.seat == view.declarer and \
            value > 0.5 * (view.players - 1) * unit:
        return Action.rekontra()
    return None


def _unit(view: SeatView) -> int:
    from .payoff import DAPP_VALUE

    return DAPP_VALUE.get(view.contract or "", 1)


__all__ = ["Plan", "PlanEvaluator", "announcement", "contract_plans", "decide"]
