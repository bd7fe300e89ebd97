"""The day's computer players are the same for every member: a decision depends on the
day's seed, the seat and the position only (search levels bounded by samples, not by a
clock), so the same choices meet the same answers; a decision cut short leaves the run
where it is, and the next call carries on from the store."""

from __future__ import annotations

import os
import random
import time
from types import SimpleNamespace

import pytest

from bot.ai import make_player, runner
from bot.daily import DailyConfig, DailyService
from bot.daily import computers as computers_module
from bot.daily.computers import Computers
from bot.daily.errors import Thinking
from bot.daily.run import RunState
from bot.engine import Action, Deal, SeatView
from bot.store import Store
from tests.store.helpers import FakeClock

from .helpers import baseline, play_run

GUILD = 1


def normal(seed: int = 4, **values: object) -> DailyConfig:
    rng = random.Random(seed)
    values.setdefault("offload", False)
    return DailyConfig(level="normal", samples=4,
                       seeds=lambda: rng.randbytes(32), **values)  # type: ignore[arg-type]


def test_the_same_seed_seat_and_position_give_the_same_decision() -> None:
    seed = bytes(range(32))
    deal = Deal.new("dapp", players=4, seed=seed)
    state = RunState(deal, 0)
    for _ in range(6):
        actor = deal.main_actor()
        view = deal.view(actor)
        first = Computers("normal", seed, samples=4).player(actor, state.position())
        time.sleep(0.01)  # another moment: no clock in the decision
        second = Computers("normal", seed, samples=4).player(actor, state.position())
        action = first.choose(view)
        assert second.choose(view) == action
        state.apply(actor, action)
    assert Computers("normal", seed).player(1, "") is not Computers("normal", seed).player(1, "")


async def test_members_meet_the_same_searching_computers(store: Store,
                                                         clock: FakeClock) -> None:
    await store.settings.set_guild(GUILD, {"default_variant": "dapp"})
    service = DailyService(store, normal(), clock=clock, level="easy")
    alice = await play_run(service, GUILD, 10, baseline)
    clock.advance(3600)
    bob = await play_run(DailyService(store, normal(), clock=clock, level="easy"), GUILD, 11,
                         baseline)
    a_run, a_steps = await store.daily.run_with_steps(alice.run_id)
    b_run, b_steps = await store.daily.run_with_steps(bob.run_id)
    assert a_steps == b_steps and a_run.result == b_run.result
    daily = await store.daily.deal(GUILD, alice.day.isoformat())
    assert daily is not None and daily.level == "normal"


async def test_a_decision_cut_short_is_taken_up_by_the_next_call(store: Store,
                                                                 clock: FakeClock) -> None:
    await store.settings.set_guild(GUILD, {"default_variant": "dapp"})
    patient = DailyService(store, normal(), clock=clock, level="easy")
    hasty = DailyService(store, normal(timeout=1e-9), clock=clock, level="easy")
    run = await patient.open(GUILD, 10)
    cut = 0
    while not run.finished:
        try:
            run = await hasty.act(GUILD, 10, run.run_id, run.step, baseline(run))
        except Thinking:
            cut += 1
            stored = await store.daily.run(run.run_id)
            assert stored.steps == run.step + 1  # the member's step is kept
            run = await patient.open(GUILD, 10)  # the computers' moves, caught up
            continue
    assert cut > 0
    reference = await play_run(patient, GUILD, 11, baseline)
    _, steps = await store.daily.run_with_steps(run.run_id)
    _, reference_steps = await store.daily.run_with_steps(reference.run_id)
    assert steps == reference_steps


async def test_every_computer_decision_is_told_with_its_level_and_seconds(
        store: Store, clock: FakeClock) -> None:
    """The bot's metrics hear of each decision (tapp_daily_decision_seconds), the ones
    cut short at the timeout too."""
    await store.settings.set_guild(GUILD, {"default_variant": "dapp"})
    heard: list[tuple[str, float]] = []
    service = DailyService(store, normal(on_decision=lambda *d: heard.append(d)),
                           clock=clock, level="easy")
    run = await play_run(service, GUILD, 10, baseline)
    _, steps = await store.daily.run_with_steps(run.run_id)
    computer_steps = [s for s in steps if s.get("seat") != 0]
    assert len(heard) >= len(computer_steps) > 0  # (and every Kontra asked)
    assert all(level == "normal" and seconds >= 0 for level, seconds in heard)
    cut: list[tuple[str, float]] = []
    hasty = DailyService(store, normal(timeout=1e-9, on_decision=lambda *d: cut.append(d)),
                         clock=clock, level="easy")
    with pytest.raises(Thinking):
        await hasty.open(GUILD, 12)
    assert [level for level, _ in cut] == ["normal"]


async def eight_steps(computers: Computers, seed: bytes) -> list[tuple[int, Action | None]]:
    """The first eight steps of a Dapp run in seat 0, the member's by the baseline."""
    state = RunState(Deal.new("dapp", players=4, seed=seed), 0)
    steps: list[tuple[int, Action | None]] = []
    asked: set[tuple[int, int]] = set()
    while len(steps) < 8:
        move = await computers.next_move(state, asked)
        step: tuple[int, Action | None] = move if move is not None else (  # the member's
            state.seat, None if state.may_decline() else make_player("easy").choose(state.view()))
        state.take(*step)
        steps.append(step)
    return steps


async def test_in_the_workers_the_computers_decide_as_in_a_thread() -> None:
    """The bot decides in the AI's worker processes (``offload``), the tests above in a
    thread: the same moves either way."""
    seed = bytes(range(32))
    in_thread = await eight_steps(Computers("normal", seed, samples=4, offload=False), seed)
    runner.shutdown()
    try:
        in_workers = await eight_steps(Computers("normal", seed, samples=4), seed)
    finally:
        runner.shutdown()
    assert in_workers == in_thread
    assert any(seat != 0 for seat, _ in in_thread)  # (the computers did move)


class Dying:
    """A search player whose worker dies under it."""

    config = SimpleNamespace(name="normal", seconds=None)

    def choose(self, view: SeatView) -> Action:
        os._exit(3)


async def test_a_worker_that_dies_leaves_the_run_where_it_is(
        store: Store, clock: FakeClock, monkeypatch: pytest.MonkeyPatch) -> None:
    """Never the baseline in the computer's place (another player): the member is told
    the computers are thinking, as at the timeout, and nothing is stored."""
    await store.settings.set_guild(GUILD, {"default_variant": "dapp"})
    run = await DailyService(store, normal(), clock=clock, level="easy").open(GUILD, 10)
    monkeypatch.setattr(computers_module, "seeded_player", lambda *_, **__: Dying())
    dying = DailyService(store, normal(offload=True), clock=clock, level="easy")
    try:
        with pytest.raises(Thinking):
            await dying.act(GUILD, 10, run.run_id, run.step, baseline(run))
    finally:
        runner.shutdown()
    assert (await store.daily.run(run.run_id)).steps == run.step + 1  # the member's step


@pytest.mark.parametrize("level", ["easy", "bogus"])
def test_unknown_levels_play_as_the_baseline(level: str) -> None:
    from bot.ai import BaselinePlayer

    assert isinstance(Computers(level, bytes(32)).player(0, ""), BaselinePlayer)


def test_a_position_reads_the_same_played_or_replayed() -> None:
    """A play is logged as its card's index: a plain int when taken now, a Card when
    replayed from a record; the position (the computers' seed) must not tell them apart."""
    deal = Deal.new("zuger", seed=bytes(32))
    live = RunState(deal, 0)
    entries = []
    while not live.over:
        actor = live.deal.main_actor()
        action = Computers("easy", bytes(32)).player(actor, live.position()).choose(
            live.deal.view(actor))
        entries.append(RunState.entry(actor, action))
        live.apply(actor, action)
    replayed = RunState.replay(Deal.new("zuger", seed=bytes(32)).to_record(), 0, entries)
    assert replayed.position() == live.position() and "play:" in live.position()
