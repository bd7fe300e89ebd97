"""The strong player's judgement of one decision, from the deciding seat's view alone.

:func:`judge` scores every option a :class:`~bot.ai.search.SearchPlayer` would compare
at ``view`` (and the action actually taken, where the player would not have tried it:
a discard, a Rufer call) over the same sampled layouts, with the player's own
generator for that view, and reports what the taken action cost against the best one
in expected chips. It reads nothing but the :class:`~bot.engine.SeatView` (the layouts
are sampled from it, as the player's are), so the judgement cannot depend on cards the
seat did not see.

With the player's clock off (``seconds=None``) the judgement depends only on the view,
the taken action and the player's seed: a seat played by that player with the same
seed gets no loss at its card plays, and at its other decisions at most the margin by
which the player keeps its baseline's choice (:data:`bot.ai.bidding_search.BID_MARGIN`
plus ``z`` standard errors), which :attr:`Judgement.mistake` forgives.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine import Action, ActionType, Phase, SeatView

from . import clock
from .base import main_actions
from .bidding_search import BID_MARGIN, Decider, _as_action, _decide, mean_se
from .knowledge import Knowledge
from .pimc import PlaySearch
from .search import SearchPlayer

#: the review ignores differences smaller than this (chips per unit of stake)
TOLERANCE = 0.01


@dataclass(frozen=True, slots=True)
class Judgement:
    """One decision judged: ``values`` the mean chips of each option compared."""

    taken: Action
    best: Action
    values: tuple[tuple[Action, float], ...]  # best first
    loss: float  # chips the taken action gives away against the best, >= 0
    noise: float  # standard error of that loss (paired over the layouts)
    allowance: float  # a loss up to this is within the search's own margin
    layouts: int
    judged: bool = True  # False: nothing to compare (a forced move)

    @property
    def mistake(self) -> bool:
        """Whether the loss is more than the search's own margin and noise allow."""
        return self.judged and self.loss > self.allowance

    def value_of(self, action: Action) -> float | None:
        return next((v for a, v in self.values if a == action), None)


def forced(taken: Action) -> Judgement:
    """A decision with a single choice."""
    return Judgement(taken, taken, (), 0.0, 0.0, 0.0, 0, judged=False)


def judge(player: SearchPlayer, view: SeatView, taken: Action) -> Judgement:
    """``taken`` (one of the seat's main actions at ``view``) against the player's best."""
    legal = main_actions(view)
    if taken.type in (ActionType.KONTRA, ActionType.REKONTRA):
        raise ValueError("kontra and rekontra are not judged")
    if len(legal) <= 1 and taken.type is not ActionType.DISCARD:
        return forced(taken)
    start = clock.now()
    rng = player._rng(view)
    stake = int(view.options.get("stake", 1))
    vectors: dict[Action, list[float]]
    if view.phase is Phase.PLAY:
        search = PlaySearch(Knowledge(view), player._budget(view), rng, player._sampler(view))
        cards = [a.card for a in legal if a.card is not None]
        search.run(cards, start)
        vectors = {Action.play(c): [row[c] for row in search.rows] for c in cards}
        margin = 0.0
    else:
        config = player.config
        d = Decider(view, config, rng, start, player._sampler(view), player.sampler_factory)
        _decide(d, view, legal, taken, config, rng)
        vectors = {_as_action(view.phase, o): v for o, v in d.compared.items()}
        margin = BID_MARGIN * stake
    if taken not in vectors:  # a step the search does not weigh (it keeps its baseline)
        return forced(taken)
    return _verdict(taken, vectors, margin, player.config.z, stake)


def _verdict(taken: Action, vectors: dict[Action, list[float]], margin: float, z: float,
             stake: int) -> Judgement:
    means = {a: sum(v) / len(v) if v else 0.0 for a, v in vectors.items()}
    order = sorted(means, key=lambda a: (-means[a], a != taken, a.token))
    best = order[0]
    a, b = vectors[best], vectors[taken]
    k = min(len(a), len(b))
    loss, noise = mean_se([x - y for x, y in zip(a[:k], b[:k], strict=True)]) \
        if best != taken and k else (0.0, 0.0)
    if noise == float("inf"):
        noise = 0.0
    allowance = margin + z * noise + TOLERANCE * stake
    return Judgement(taken, best, tuple((o, means[o]) for o in order), max(0.0, loss),
                     noise, allowance, k)


__all__ = ["TOLERANCE", "Judgement", "forced", "judge"]
