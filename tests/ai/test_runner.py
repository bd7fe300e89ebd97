"""The runner's account of a decision (:class:`bot.ai.runner.Decision`): the wall time
the event loop waited, the time the request queued for a worker, and the fallback to
the baseline when the player overruns its budget or its worker dies."""

from __future__ import annotations

import os
import random
import time
from collections.abc import AsyncIterator
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, replace
from pathlib import Path

import pytest

from bot.ai import BaselinePlayer, make_player, runner, search_player
from bot.engine import Action, Deal, Phase, SeatView


@dataclass(frozen=True)
class Budget:
    """The part of a level's config the runner reads."""

    name: str
    seconds: float | None

    def with_seconds(self, seconds: float | None) -> Budget:
        return replace(self, seconds=seconds)


class Overrunning:
    """A player that thinks ``think`` seconds whatever its budget (or, with ``think``
    below 0, kills its worker)."""

    level = "strong"

    def __init__(self, seconds: float | None, think: float) -> None:
        self.config = Budget("strong", seconds)
        self.think = think

    def choose(self, view: SeatView) -> Action:
        if self.think < 0:
            os._exit(3)  # the worker dies: the pool breaks
        time.sleep(self.think)
        return view.legal[-1]

    def announcement(self, view: SeatView) -> Action | None:
        return self.choose(view)


class DiesOnce(Overrunning):
    """A player without a clock whose first worker dies under it (``marker``: the file
    that tells a later worker it is not the first)."""

    def __init__(self, marker: Path) -> None:
        super().__init__(None, think=0.0)
        self.marker = marker

    def choose(self, view: SeatView) -> Action:
        if not self.marker.exists():
            self.marker.touch()
            os._exit(3)
        return view.legal[-1]


def play_view() -> SeatView:
    """A view in card play, with more than one legal card."""
    deal = Deal.new("zuger", dealer=0, rng=random.Random(3))
    baseline = make_player("easy")
    while deal.phase is not Phase.PLAY:
        seat = deal.main_actor()
        deal.apply(seat, baseline.choose(deal.view(seat)))
    view = deal.view(deal.main_actor())
    assert len(view.legal) > 1
    return view


@pytest.fixture
async def pool() -> AsyncIterator[None]:
    runner.shutdown()
    await runner.warm_up()
    yield
    runner.shutdown()


async def test_a_decision_reports_its_wall_time_and_its_queueing(pool: None) -> None:
    view = play_view()
    player = search_player("normal", random.Random(1), seconds=0.1)
    started = time.perf_counter()
    decision = await runner.decision(player, view)
    took = time.perf_counter() - started
    assert decision.action in view.legal and decision.fallback is None
    assert decision.waited is not None and 0 <= decision.waited <= decision.seconds <= took
    # decide is the same call, the action only (on the clock: not always the same card)
    assert await runner.decide(player, view) in view.legal


async def test_a_player_that_overruns_its_budget_is_answered_by_the_baseline(
        pool: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(runner, "GRACE", 0.2)
    view = play_view()
    decision = await runner.decision(Overrunning(0.1, think=3.0), view)
    assert decision.fallback == "timeout" and decision.waited is None
    assert decision.action == BaselinePlayer().choose(view)
    # the loop waited the budget and the grace, not the player's 3 s
    assert 0.3 <= decision.seconds < 2.0


async def test_a_player_without_a_clock_is_waited_for_whatever_it_takes(
        pool: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """A series' seeded computer (no clock: sample counts alone) must decide as itself at
    every table of the deal: past any budget it is still its own decision that counts."""
    monkeypatch.setattr(runner, "GRACE", 0.2)
    monkeypatch.setattr(runner, "DEFAULT_SECONDS", 0.1)
    view = play_view()
    decision = await runner.decision(Overrunning(None, think=1.0), view)
    assert decision.fallback is None and decision.action == view.legal[-1]
    assert decision.action != BaselinePlayer().choose(view)  # (the test tells them apart)
    assert decision.seconds >= 1.0 and decision.waited is not None


async def test_a_worker_that_dies_is_a_broken_pool_fallback(pool: None) -> None:
    view = play_view()
    decision = await runner.decision(Overrunning(1.0, think=-1), view)
    assert decision.fallback == "broken" and decision.action == BaselinePlayer().choose(view)
    assert runner.worker_pids() == []  # the broken pool is gone; the next starts afresh
    assert (await runner.decision(Overrunning(1.0, think=0.0), view)).fallback is None


async def test_a_player_without_a_clock_is_asked_again_when_its_worker_dies(
        pool: None, tmp_path: Path) -> None:
    """Its decision must be its own (a series' seeded computer): a fresh pool, not the
    baseline, answers for a worker that died once."""
    view = play_view()
    decision = await runner.decision(DiesOnce(tmp_path / "died"), view)
    assert (tmp_path / "died").exists()  # the first worker did die
    assert decision.fallback is None and decision.action == view.legal[-1]
    assert decision.action != BaselinePlayer().choose(view)


async def test_an_own_decision_is_never_the_baseline(pool: None) -> None:
    """``own`` (the deal of the day's computers): no budget, and a worker that dies
    again on the fresh pool is an error for the caller, with the pool reset for the
    next request."""
    view = play_view()
    decision = await runner.decision(Overrunning(0.1, think=1.0), view, own=True)
    assert decision.fallback is None and decision.action == view.legal[-1]
    with pytest.raises(BrokenProcessPool):
        await runner.decision(Overrunning(None, think=-1), view, own=True)
    assert runner.worker_pids() == []
    decision = await runner.decision(Overrunning(None, think=0.0), view, own=True)
    assert decision.fallback is None and decision.action == view.legal[-1]


def test_a_request_the_loop_gave_up_on_is_not_worked_on() -> None:
    """At saturation a request may reach a worker after the loop answered it with the
    baseline: the worker drops it at once (here it would think for 3 s)."""
    view, now = play_view(), time.time()
    started = time.perf_counter()
    action, waited = runner._run(Overrunning(0.7, think=3.0), view, "choose",
                                 submitted=now - 1.5, given_up=now - 0.3)
    assert action is None and waited >= 1.5 and time.perf_counter() - started < 1.0
    # still waited for: decided
    action, _ = runner._run(Overrunning(0.7, think=0.0), view, "choose",
                            submitted=now, given_up=now + 60)
    assert action in view.legal


async def test_the_baseline_decides_in_the_loop_and_is_timed_too() -> None:
    view = play_view()
    decision = await runner.decision(make_player("easy"), view, main=True)
    assert decision.action in view.legal and decision.waited is None
    assert decision.fallback is None and 0 <= decision.seconds < 1.0


def test_every_worker_starts_with_the_pool() -> None:
    """Not one at a time as requests find none idle: the request that started one would
    wait for it (its process and imports) within its budget."""
    runner.shutdown()
    try:
        runner.pool(workers=2)
        pids = runner.worker_pids()
        assert len(pids) == 2 == runner.worker_count() and os.getpid() not in pids
    finally:
        runner.shutdown()
