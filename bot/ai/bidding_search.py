"""The decisions before play, and kontra/rekontra, by sampling the unseen cards.

- The auction and Württemberg's declarations: every word the seat may say is played
  out in common layouts by :class:`~bot.ai.auction_search.AuctionSimulator` (the
  others, and the seat's own later choices, as the baseline would make them).
- The contract, trump, talon discards, tout, Rufer call and give: the candidate
  *plans* (:mod:`bot.ai.plans`) are played out in common layouts.

The search's choice replaces the baseline's only when it wins on the paired samples by
``BID_MARGIN`` (per unit of stake) plus ``z`` standard errors (the level's).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, TypeVar

from bot.engine import Action, ActionType, Phase, SeatView
from bot.engine.cards import HEARTS, CardSet
from bot.engine.variants import Aim

from . import clock, hand_eval
from .auction_search import AuctionSimulator
from .determinize import Sampler, SamplerLike
from .inference import AuctionModel
from .knowledge import Knowledge, table_of
from .plans import Plan, PlanEvaluator, contract_plans, facts

if TYPE_CHECKING:
    from .baseline import BaselinePlayer
    from .search import LevelConfig

T = TypeVar("T")
ALL = (0, 1, 2, 3)
#: chips a change from the baseline's choice must promise (per unit of stake)
BID_MARGIN = 0.05
#: kontra / rekontra only when the seat expects this many contract units per opponent
KONTRA_UNITS = 1.0
#: ... in a Ramsch (where a seat that is not the loser takes a unit from it)
RAMSCH_KONTRA_UNITS = 0.75
#: Rufer calls searched besides the baseline's: the highest missing cards
CALLS = 4


def mean(xs: list[float]) -> float:
    return sum(xs) / len(xs) if xs else 0.0


def mean_se(xs: list[float]) -> tuple[float, float]:
    """Mean and its standard error."""
    m = mean(xs)
    if len(xs) < 2:
        return m, float("inf")
    var = sum((x - m) ** 2 for x in xs) / (len(xs) - 1)
    return m, (var / len(xs)) ** 0.5


class Decider:
    """Shared state of one decision: layouts, deadline, the comparison rule."""

    def __init__(self, view: SeatView, config: LevelConfig, rng: random.Random,
                 start: float, sampler: SamplerLike | None = None,
                 factory: Callable[[SeatView], SamplerLike] | None = None) -> None:
        self.view = view
        self.factory = factory
        self.config = config
        self.k = Knowledge(view)
        if sampler is None:
            sampler = Sampler(self.k, AuctionModel(self.k) if config.infer else None)
        self.sampler = sampler
        self.ev = PlanEvaluator(view, rng, sampler=sampler, exact_nodes=config.exact_plans,
                                rollouts=config.plan_rollouts, blind=config.blind)
        self.rng = rng
        seconds = config.seconds
        self.deadline = None if seconds is None else start + seconds * config.bid_seconds_share
        self.samples = config.bid_samples
        self.stake = int(view.options.get("stake", 1))
        self.means: dict[object, float] = {}  # the last options compared (diagnostics)
        #: the last options compared: each one's chips per sampled layout (the review)
        self.compared: dict[object, list[float]] = {}

    def sampler_for(self, view: SeatView) -> SamplerLike | None:
        """A sampler for a variation of the view: the level's own where it plugs one in
        (the perfect-information bound), else None (sample from the view)."""
        return self.factory(view) if self.factory is not None else None

    def vectors(self, contracts: list[str]) -> dict[str, list[float]]:
        """Per contract: the per-sample chips of its best plan (best trump)."""
        plans = {c: contract_plans(self.view, c) for c in contracts}
        self.ev.run([p for ps in plans.values() for p in ps], self.samples, self.deadline)
        out: dict[str, list[float]] = {}
        for c, ps in plans.items():
            k = self.ev.common(ps)
            best = max(ps, key=lambda p: mean(self.ev.values[p][:k]))
            out[c] = self.ev.values[best][:k]
        return out

    def pick(self, options: dict[T, list[float]], base: T) -> T:
        """The option with the best mean, if it beats ``base`` clearly enough."""
        self.means = {o: mean(v) for o, v in options.items()}
        self.compared = {o: v for o, v in options.items()}
        best = max(options, key=lambda o: mean(options[o]))
        if best == base or base not in options:
            return base if base in options else best
        a, b = options[best], options[base]
        k = min(len(a), len(b))
        m, se = mean_se([x - y for x, y in zip(a[:k], b[:k], strict=True)])
        z = self.config.z
        return best if m > BID_MARGIN * self.stake + (z * se if z else 0.0) else base


def decide(view: SeatView, legal: list[Action], fallback: Action, config: LevelConfig,
           rng: random.Random, start: float,
           factory: Callable[[SeatView], SamplerLike] | None = None,
           report: dict[Action, float] | None = None) -> Action | None:
    """The search's choice for a step before play, or None to keep ``fallback``.
    ``factory`` makes the samplers (default: sampling from the view); ``report``, if
    given, receives the mean chips of the options compared."""
    d = Decider(view, config, rng, start, None if factory is None else factory(view),
                factory)
    action = _decide(d, view, legal, fallback, config, rng)
    if report is not None:
        report.update({_as_action(view.phase, o): m for o, m in d.means.items()})
    return action


def _as_action(phase: Phase, option: object) -> Action:
    if isinstance(option, Action):
        return option
    if phase is Phase.CONTRACT:
        return Action.contract(str(option))
    if phase is Phase.TRUMP:
        return Action.trump(int(option))  # type: ignore[call-overload]
    if phase is Phase.ANNOUNCE:
        return Action.announce(str(option))
    if phase is Phase.DISCARD:
        return Action.discard(int(option))  # type: ignore[call-overload]
    if phase is Phase.CALL:
        return Action.call(None if option is None else int(option))  # type: ignore[call-overload]
    return Action.give(int(option))  # type: ignore[call-overload]


def _decide(d: Decider, view: SeatView, legal: list[Action], fallback: Action,
            config: LevelConfig, rng: random.Random) -> Action | None:
    ph = view.phase
    if ph is Phase.AUCTION or ph is Phase.DECLARE:
        sim = AuctionSimulator(view, d.k, d.sampler, rng, exact_nodes=config.exact_plans,
                               rollouts=config.plan_rollouts, blind=config.blind,
                               margin=BID_MARGIN * d.stake,
                               edge=config.declarer_edge.get(view.variant))
        options = sim.run(list(legal), d.samples, d.deadline)
        return d.pick(options, fallback)
    if ph is Phase.CONTRACT:
        games = [a.value for a in legal if a.value]
        vecs = d.vectors(games)
        base = fallback.value if fallback.value in vecs else games[0]
        return Action.contract(d.pick(vecs, str(base)))
    contract = view.contract or ""
    if ph is Phase.TRUMP:
        suits = [a.suit for a in legal if a.suit is not None]
        call = facts(view, contract).call
        plans = {s: Plan(contract, s, call=call) for s in suits}
        d.ev.run(list(plans.values()), d.samples, d.deadline)
        vals = {s: d.ev.values[p] for s, p in plans.items()}
        return Action.trump(d.pick(vals, fallback.suit if fallback.suit in vals else suits[0]))
    if ph is Phase.ANNOUNCE:
        tout, none = Plan(contract, view.trump, tout=True), Plan(contract, view.trump)
        d.ev.run([tout, none], d.samples, d.deadline)
        opts = {"tout": d.ev.values[tout], "none": d.ev.values[none]}
        return Action.announce(d.pick(opts, fallback.value or "none"))
    if ph is Phase.DISCARD:
        return _discard(d, fallback)
    if ph is Phase.CALL:
        return _call(d, legal, fallback)
    if ph is Phase.GIVE:
        return _give(d, legal, fallback)
    return None


def _discard(d: Decider, fallback: Action) -> Action:
    """Compare the baseline's discard per trump suit over samples; keep the best."""
    view = d.view
    k = d.k
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
    seed = d.rng.random()
    for mask, trumps in candidates.items():
        # the same samples for every candidate: one seed
        sub = PlanEvaluator(_after_discard(view, mask), random.Random(seed),
                            sampler=d.sampler_for(_after_discard(view, mask)),
                            exact_nodes=d.config.exact_plans, rollouts=d.config.plan_rollouts,
                            blind=d.config.blind)
        plans = [Plan(view.contract or "", s) for s in trumps]
        sub.run(plans, share, d.deadline)
        vecs[mask] = max((sub.values[p] for p in plans), key=mean)
    base = fallback.cards if fallback.cards is not None else next(iter(vecs))
    return Action.discard(d.pick(vecs, base))


def _after_discard(view: SeatView, mask: int) -> SeatView:
    assert view.hand is not None
    return replace(view, hand=CardSet(view.hand.mask & ~mask), discards=CardSet(mask),
                   phase=Phase.TRUMP if view.trump is None else Phase.PLAY)


def _call(d: Decider, legal: list[Action], fallback: Action) -> Action:
    """The Rufer call: the baseline's, the highest missing trumps and aces, or none."""
    k = d.k
    trump = k.trump if k.trump is not None else HEARTS
    callable_mask = sum(1 << a.card for a in legal if a.card is not None)
    cands = sorted((c for c in range(36) if callable_mask >> c & 1),
                   key=lambda c: (c // 9 != trump, -(c % 9)))
    keep = [c for c in cands if c // 9 == trump][:CALLS // 2]
    keep += [c for c in cands if c % 9 == 8 and c // 9 != trump][:CALLS - len(keep)]
    contract = d.view.contract or ""
    plans: dict[int | None, Plan] = {c: Plan(contract, k.trump, call=True, called=c)
                                 for c in dict.fromkeys([fallback.card, *keep])
                                 if c is not None}
    if any(a.card is None for a in legal):
        plans[None] = Plan(contract, k.trump)
    d.ev.run(list(plans.values()), d.samples, d.deadline)
    vecs = {c: d.ev.values[p] for c, p in plans.items()}
    return Action.call(d.pick(vecs, fallback.card))


def _give(d: Decider, legal: list[Action], fallback: Action) -> Action:
    """The card handed over in the Rufer exchange: each candidate played out."""
    view = d.view
    contract = view.contract or ""
    plans = {a.card: Plan(contract, view.trump, give=a.card)
             for a in legal if a.card is not None}
    d.ev.run(list(plans.values()), d.samples, d.deadline)
    vecs = {c: d.ev.values[p] for c, p in plans.items()}
    base = fallback.card if fallback.card in vecs else next(iter(vecs))
    return Action.give(d.pick(vecs, base))


def announcement(view: SeatView, config: LevelConfig, rng: random.Random,
                 baseline: BaselinePlayer,
                 factory: Callable[[SeatView], SamplerLike] | None = None,
                 start: float | None = None) -> Action | None:
    """Kontra as a defender (or in a Ramsch, as anyone), rekontra as the declarer, when
    the samples say the deal is clearly in the seat's favour (``start``: when the
    decision's clock began; default: now)."""
    kinds = {a.type for a in view.legal}
    if ActionType.KONTRA not in kinds and ActionType.REKONTRA not in kinds:
        return None
    f = None if view.contract is None else table_of(view).facts(view.contract)
    if f is None or view.current_trick is not None or view.trump is None and f.trumps:
        return baseline.announcement(view)
    if f.aim in (Aim.WIN_ALL, Aim.LOSE_ALL) and view.seat != view.declarer:
        # a win-all or Bettel declarer chose the contract for a hand the samples can
        # rarely reproduce (the auction model's weights are too faint to find one)
        return None
    d = Decider(view, config, rng, clock.now() if start is None else start,
                None if factory is None else factory(view), factory)
    plan = Plan(f.name, view.trump, declarer=view.declarer)
    d.ev.run([plan], d.samples, d.deadline)
    m, se = mean_se(d.ev.values[plan])  # the seat's chips
    sure = m - (d.config.z * se if d.config.z else 0.0)
    unit = d.stake * (f.value or 1)
    need = RAMSCH_KONTRA_UNITS if f.aim is Aim.RAMSCH else KONTRA_UNITS
    if ActionType.KONTRA in kinds and view.seat != view.declarer and sure > need * unit:
        return Action.kontra()
    if ActionType.REKONTRA in kinds and view.seat == view.declarer and \
            sure > KONTRA_UNITS * (view.players - 1) * unit:
        return Action.rekontra()
    return None


__all__ = ["announcement", "decide"]
