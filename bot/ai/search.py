"""The search-based levels ``normal`` and ``strong``.

Both read only their seat's :class:`~bot.engine.SeatView`. Card play is determinized
search (:mod:`bot.ai.pimc`); the auction and the steps before play (contract, trump,
discards, Rufer call and give, tout) and kontra/rekontra are searched over samples of
the unseen cards (:mod:`bot.ai.bidding_search`). The baseline's choice breaks ties.

Each decision gets its own random generator, seeded from the player's seed and the
visible state, so the same view always gets the same decision from the same player
when the budget is a sample count (``seconds=None``, as in tests).
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace

from bot.engine import Action, ActionType, Phase, SeatView

from . import bidding_search, clock
from .base import main_actions, register_level
from .baseline import BaselinePlayer
from .determinize import SamplerLike
from .knowledge import Knowledge
from .pimc import Budget, choose_card


@dataclass(frozen=True, slots=True)
class LevelConfig:
    """A level's search budget. ``seconds`` is the wall-clock budget per decision
    (``None``: only the sample counts bound the work)."""

    name: str
    seconds: float | None
    play: Budget = field(default_factory=Budget)
    bid_samples: int = 24  # sampled deals per candidate contract
    bid_seconds_share: float = 1.0  # share of ``seconds`` a bidding decision may use
    z: float = 1.0  # standard errors a search choice must win by to beat the baseline's
    #: 3 players: solve exactly (or search the information sets) one trick earlier
    extra_exact_for_three: int = 1
    infer: bool = True  # weigh layouts by the auction (bot.ai.inference)
    exact_plans: int = 0  # > 0: score point plans exactly with this node budget
    plan_rollouts: int = 1  # rollouts per plan and layout (noisy when more than one)
    blind: bool = False  # plans and auction words played out by blind (baseline) rollouts
    search_bids: bool = True  # search the auction and the steps before play (else baseline)
    search_play: bool = True  # search card play (else the baseline's card)
    #: per variant and contract: chips the level's own play as the declarer is worth
    #: over the baseline's play-outs that value its auction words
    #: (:class:`bot.ai.auction_search.AuctionSimulator`)
    declarer_edge: Mapping[str, Mapping[str, float]] = field(default_factory=dict)

    def with_seconds(self, seconds: float | None) -> LevelConfig:
        return replace(self, seconds=seconds, play=replace(self.play, seconds=seconds))


#: card play: chips per card point of the seat's side in a rollout, so that cards tied
#: in chips in every sampled layout (most of them where the payment moves only at a few
#: steps, as in Zuger) are told apart by the margin they leave (300 Zuger deals, normal
#: against the baseline: +0.07 chips per deal [-0.10, +0.24] without, +0.19 [+0.04,
#: +0.34] with 0.003)
SHAPE = 0.003

#: strong: layouts per auction word (and per plan before play), most decisions then
#: stopped by the clock. Over strong's lead on normal (300 deals, seat 0, the same
#: deals as ``bench ai``) the bidding is what tells them apart in Zuger: card play
#: alone (strong without its bidding search) +0.007 over normal, with it +0.19; twice
#: the card play layouts (96) added nothing (+0.007 [-0.11, +0.12]), while more
#: auction layouts did: over 32, 64 gave Zuger +0.10 [-0.07, +0.27] and Württemberg
#: +0.13 [-0.10, +0.35], 96 gave +0.15 [-0.04, +0.33] and +0.28 [-0.00, +0.55]
#: (160: Württemberg +0.18 [-0.03, +0.39], the machine busier: the clock decides)
STRONG_BID_SAMPLES = 96
#: strong: layouts per card at most (then the clock or the early stop ends it). Its lead
#: on normal is its bidding (above); 32 instead of 48 layouts cost its card play 22%
#: less CPU in Württemberg, 39% in Zuger, 61% in Dapp, 60% in Tapp 1879 (40 deals each,
#: strong in seat 0), which pays for the bench's every-seat Württemberg measure
STRONG_PLAY_SAMPLES = 32
#: strong: tricks left (the current one counted; one more with three players) from
#: which its layouts are searched together over its information sets
#: (:mod:`bot.ai.infoset`: no strategy fusion, the others modelled as in the blind
#: rollouts) instead of solved one by one exactly. Measured by ``bench ai-positions``
#: (card decisions of the declarer or any seat from the fourth or fifth trick on, 300
#: positions each, seed 10000; chips per decision over strong with the solver): Tapp
#: 1879 declarer with 5 tricks left +0.157 [-0.026, +0.340] (with 4: +0.030), Dapp
#: declarer +0.060 [-0.194, +0.314], Zuger (every role) +0.297 [+0.104, +0.490],
#: Württemberg +0.033 [-0.092, +0.159]; and it costs less: the decisions' CPU p99 in
#: Tapp 1879 327 ms against the solver's 861 ms, in Dapp 109 against 396
STRONG_INFOSET_TRICKS = 4
#: strong: what its own play as the declarer (its steps before play and its cards) is
#: worth over the baseline's, per contract, added to an auction word's play-outs where
#: the seat ends as the declarer. The play-outs let the baseline play the seat's
#: contract, so they valued every bid below what strong then makes of it: on 40 Tapp
#: 1879 auction positions (``bench ai-positions --seed 9040 --redeals 16``) the mean
#: value of a word with strong after it minus with the baseline after it was +3.7
#: (coeurfrage), +7.4 (solo), +9.9 (coeursolo) and +0.5 (pass), and where strong's word
#: differed from the best blind word the better word was a higher bid in 11 of 12
#: positions. With these edges strong gained +0.715 [+0.296, +1.134] chips per deal on
#: the same 1,200 Tapp 1879 deals of ``bench ai`` (seat 0, CPU clock; gap closed 49 % ->
#: 55 %). The edges measured in Zuger and Württemberg are small and changed nothing
#: (+0.002 and +0.029 chips per deal over 300 and 541 deals): none there
#: (docs/computer-players.md)
STRONG_DECLARER_EDGE: dict[str, dict[str, float]] = {
    "tapp1879": {"coeurfrage": 4.0, "solo": 8.0, "coeursolo": 11.0},
}

LEVELS: dict[str, LevelConfig] = {
    # card play searched (few layouts, no inference); bids and steps as the baseline
    "normal": LevelConfig("normal", 0.22, Budget(samples=24, min_samples=6, seconds=0.22,
                                                exact_tricks=3, exact_nodes=2000,
                                                infer=False, blind=True, shape=SHAPE),
                          bid_samples=12, infer=False, blind=True, search_bids=False),
    # everything searched: more layouts, weighed by what the others did
    "strong": LevelConfig("strong", 0.7, Budget(samples=STRONG_PLAY_SAMPLES, min_samples=12,
                                               seconds=0.7,
                                               exact_tricks=4, exact_nodes=6000,
                                               infoset_tricks=STRONG_INFOSET_TRICKS,
                                               infer=True, blind=True, shape=SHAPE),
                          bid_samples=STRONG_BID_SAMPLES, infer=True, blind=True,
                          declarer_edge=STRONG_DECLARER_EDGE),
}


def _decision_seed(seed: int, view: SeatView) -> int:
    """A seed from the player's seed and what the view shows (stable across runs)."""
    parts = [str(seed), view.variant, str(view.seat), str(view.phase),
             str(view.hand.mask if view.hand is not None else -1),
             " ".join(a.token for _, a in view.auction),
             " ".join(str(int(c)) for t in view.tricks for c in t.cards),
             " ".join(str(int(c)) for c in (view.current_trick.cards
                                             if view.current_trick else ()))]
    digest = hashlib.blake2b("|".join(parts).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


class SearchPlayer:
    """A computer player that searches over samples of the unseen cards."""

    def __init__(self, rng: random.Random | None = None,
                 config: LevelConfig | None = None) -> None:
        self.config = config or LEVELS["strong"]
        self.level = self.config.name
        self.seed = (rng if rng is not None else random.Random()).getrandbits(64)
        self.baseline = BaselinePlayer(random.Random(self.seed))
        #: where layouts come from (None: sampled from the view; the benchmark's
        #: perfect-information bound plugs in the true deal here)
        self.sampler_factory: Callable[[SeatView], SamplerLike] | None = None

    def _sampler(self, view: SeatView) -> SamplerLike | None:
        if self.sampler_factory is None:
            return None
        return self.sampler_factory(view)

    def _rng(self, view: SeatView) -> random.Random:
        return random.Random(_decision_seed(self.seed, view))

    def _budget(self, view: SeatView) -> Budget:
        b = self.config.play
        if view.players == 3:
            extra = self.config.extra_exact_for_three
            b = replace(b, exact_tricks=b.exact_tricks + extra,
                        infoset_tricks=b.infoset_tricks + extra if b.infoset_tricks else 0)
        return b

    def choose(self, view: SeatView) -> Action:
        return self.evaluate(view)[0]

    def evaluate(self, view: SeatView) -> tuple[Action, dict[Action, float]]:
        """The decision, and the mean chips the search gave each option it compared
        (empty where it did not search: one legal action, or the baseline's)."""
        report: dict[Action, float] = {}
        start = clock.now()
        legal = main_actions(view)
        if not legal:
            raise ValueError(f"seat {view.seat} is not on turn (to act: {view.to_act})")
        extra = self.announcement(view, start)  # kontra first, within the same budget
        if extra is not None:
            return extra, report
        fallback = self.baseline.choose(view)
        if len(legal) == 1 and legal[0].type is not ActionType.DISCARD:
            return legal[0], report
        rng = self._rng(view)
        if view.phase is Phase.PLAY and not self.config.search_play:
            return fallback, report
        if view.phase is not Phase.PLAY and not self.config.search_bids:
            return fallback, report
        if view.phase is Phase.PLAY:
            k = Knowledge(view)
            cards = [a.card for a in legal if a.card is not None]
            by_card: dict[int, float] = {}
            card = choose_card(k, cards, self._budget(view), rng, prefer=fallback.card,
                               start=start, sampler=self._sampler(view), report=by_card)
            return Action.play(card), {Action.play(c): m for c, m in by_card.items()}
        action = bidding_search.decide(view, legal, fallback, self.config, rng, start,
                                       self.sampler_factory, report)
        return (action if action is not None else fallback), report

    def announcement(self, view: SeatView, start: float | None = None) -> Action | None:
        """Kontra or rekontra now, or None; ``start``: when the decision's clock began
        (default: now)."""
        if not any(a.type in (ActionType.KONTRA, ActionType.REKONTRA) for a in view.legal):
            return None
        if not self.config.search_bids:
            return self.baseline.announcement(view)
        return bidding_search.announcement(view, self.config, self._rng(view),
                                           self.baseline, self.sampler_factory, start)


def search_player(level: str, rng: random.Random | None = None,
                  seconds: float | None | str = "default", samples: int | None = None
                  ) -> SearchPlayer:
    """A ``normal`` or ``strong`` player; ``seconds`` overrides the level's budget per
    decision (``None``: no clock, only sample counts), ``samples`` its layout count."""
    config = LEVELS[level]
    if seconds != "default":
        config = config.with_seconds(None if seconds is None else float(seconds))
    if samples is not None:
        config = replace(config, play=replace(config.play, samples=samples),
                         bid_samples=max(4, samples // 2))
    return SearchPlayer(rng, config)


def _factory(name: str) -> Callable[[random.Random], SearchPlayer]:
    def make(rng: random.Random) -> SearchPlayer:
        return SearchPlayer(rng, LEVELS[name])

    return make


def register() -> None:
    for name in LEVELS:
        register_level(name, _factory(name))


__all__ = ["LEVELS", "LevelConfig", "SearchPlayer", "register", "search_player"]
