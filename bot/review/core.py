"""A deal review: each of a member's decisions judged by the strong player.

The review's player is ``strong`` with its clock off (``seconds=None``: its sample
counts alone bound the work) and a fixed seed, so a deal reviewed twice gets the same
review, and the judgement of each moment depends only on what the seat saw then
(:mod:`bot.review.moments`, :func:`bot.ai.judge.judge`).

:func:`review_deal` runs a whole review in the calling thread (tests, the benchmark);
the bot runs :func:`judge_moment` per moment in a worker process
(:mod:`bot.review.service`) and reports progress in between.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any

from bot.ai.judge import Judgement, judge
from bot.ai.search import SearchPlayer, search_player

from .moments import Moment, moments

#: the review player's seed (fixed: the same deal gets the same review)
REVIEW_SEED = 34
#: moments shown on images (the costliest); the rest are listed
SHOWN = 3


def review_player(seed: int = REVIEW_SEED) -> SearchPlayer:
    """The strong player the review asks, its clock off."""
    return search_player("strong", random.Random(seed), seconds=None)


@dataclass(frozen=True, slots=True)
class Reviewed:
    """A moment and its judgement."""

    moment: Moment
    judgement: Judgement


@dataclass(frozen=True, slots=True)
class DealReview:
    seat: int
    items: tuple[Reviewed, ...]  # in the order of the deal

    @property
    def total_loss(self) -> float:
        """Chips given away at the moments the review counts as mistakes."""
        return sum(r.judgement.loss for r in self.items if r.judgement.mistake)

    def costliest(self, count: int = SHOWN) -> tuple[Reviewed, ...]:
        """The ``count`` mistakes that cost most, costliest first."""
        bad = [r for r in self.items if r.judgement.mistake]
        return tuple(sorted(bad, key=lambda r: (-r.judgement.loss, r.moment.ply))[:count])


def judge_moment(player: SearchPlayer, moment: Moment) -> Judgement:
    """One moment judged (the worker's job)."""
    return judge(player, moment.view, moment.taken)


def review_deal(record: dict[str, Any], seat: int, *, skip: Collection[int] = (),
                until: int | None = None, player: SearchPlayer | None = None,
                progress: Callable[[int, int], None] | None = None) -> DealReview:
    """Review the seat's decisions in ``record`` (see :func:`moments` for ``skip`` and
    ``until``); ``progress(done, total)`` after each moment."""
    player = player or review_player()
    found = moments(record, seat, skip=skip, until=until)
    items = []
    for i, moment in enumerate(found):
        items.append(Reviewed(moment, judge_moment(player, moment)))
        if progress is not None:
            progress(i + 1, len(found))
    return DealReview(seat, tuple(items))


__all__ = ["REVIEW_SEED", "SHOWN", "DealReview", "Reviewed", "judge_moment", "review_deal",
           "review_player"]
