"""The deal of the day's service: one deal per server and day, the same for everyone;
a member's run is theirs alone, stored step by step and resumed from the store;
stale, forged and out-of-day calls are refused and change nothing."""

from __future__ import annotations

import random

import pytest

from bot.daily import DailyService
from bot.daily.errors import DayOver, Finished, NotFinished, NotYet, NotYours, StaleStep
from bot.daily.run import RunState
from bot.engine import Action, ActionType, deal_from_record, make_variant
from bot.engine.shuffle import commitment, seeded_masks
from bot.store import Store
from bot.tables.errors import Refused
from tests.store.helpers import FakeClock

from .conftest import seeds
from .helpers import baseline, member_cards, play_run, random_policy

GUILD = 1
ALICE, BOB, CAROL = 10, 11, 12
HOUR = 3600.0


async def test_every_member_gets_the_same_deal_of_the_day(service: DailyService,
                                                          store: Store) -> None:
    alice = await service.open(GUILD, ALICE)
    bob = await service.open(GUILD, BOB)
    assert alice.run_id != bob.run_id
    assert alice.view.variant == "zuger" and alice.seat == bob.seat == 0
    daily = await store.daily.deal(GUILD, "2024-05-15")
    assert daily is not None and daily.level == "easy"
    # dealt by the published algorithm from the stored seed; the commitment is its hash
    zuger = make_variant("zuger", None, {})
    hands, _ = seeded_masks(daily.seed, zuger.deck, zuger.hand_size, zuger.players)
    assert deal_from_record({**daily.header}).dealt == tuple(hands)
    assert alice.view == bob.view and member_cards(alice.view)  # the same moment
    assert alice.commitment == commitment(daily.seed)
    other = await service.open(2, ALICE)  # another server: its own deal
    assert other.run_id != alice.run_id


async def test_the_server_variant_of_the_day_is_kept_for_the_day(
        service: DailyService, store: Store) -> None:
    await store.settings.set_guild(GUILD, {"default_variant": "tapp1879"})
    first = await service.open(GUILD, ALICE)
    await store.settings.set_guild(GUILD, {"default_variant": "dapp"})
    later = await service.open(GUILD, BOB)
    assert first.variant == later.variant == "tapp1879"


async def test_two_members_at_different_hours_meet_the_same_computers(
        service: DailyService, clock: FakeClock) -> None:
    alice = await play_run(service, GUILD, ALICE, baseline)
    clock.advance(6 * HOUR)
    bob = await play_run(service, GUILD, BOB, baseline)
    # the same choices on the same cards against the same computers: the same deal
    assert alice.view.result == bob.view.result and alice.chips == bob.chips
    assert bob.place is not None and bob.place.rank == 1 and bob.finished_count == 2
    board = await service.day_board(GUILD, ALICE, service.today())
    assert board.placings is not None and [p.percent for p in board.placings] == [50, 50]


async def test_a_run_is_resumed_from_the_store(store: Store, clock: FakeClock) -> None:
    first = DailyService(store, seeds(), clock=clock, level="easy")
    run = await first.open(GUILD, ALICE)
    run = await first.act(GUILD, ALICE, run.run_id, run.step, baseline(run))
    # a new service (after a restart) rebuilds the run from its steps
    again = await DailyService(store, seeds(), clock=clock, level="easy").open(GUILD, ALICE)
    assert (again.run_id, again.step, again.view) == (run.run_id, run.step, run.view)


async def test_each_step_is_stored_before_the_answer(service: DailyService,
                                                     store: Store) -> None:
    run = await service.open(GUILD, ALICE)
    run = await service.act(GUILD, ALICE, run.run_id, run.step, baseline(run))
    stored, steps = await store.daily.run_with_steps(run.run_id)
    assert stored.steps == run.step == len(steps)
    daily = await store.daily.deal(GUILD, "2024-05-15")
    assert daily is not None
    assert RunState.replay(daily.header, daily.seat, steps).view() == run.view


async def test_a_stale_click_is_refused_and_changes_nothing(service: DailyService,
                                                            store: Store) -> None:
    run = await service.open(GUILD, ALICE)
    token = baseline(run)
    moved = await service.act(GUILD, ALICE, run.run_id, run.step, token)
    with pytest.raises(StaleStep):
        await service.act(GUILD, ALICE, run.run_id, run.step, token)
    assert (await store.daily.run(run.run_id)).steps == moved.step


async def test_someone_elses_run_is_refused_without_a_word_of_it(
        service: DailyService) -> None:
    run = await service.open(GUILD, ALICE)
    for guild, user, run_id in ((GUILD, BOB, run.run_id), (2, ALICE, run.run_id),
                                (GUILD, ALICE, run.run_id + 999)):
        with pytest.raises(NotYours) as refused:
            await service.act(guild, user, run_id, run.step, baseline(run))
        assert refused.value.text("en") == NotYours().text("en")
    with pytest.raises(NotYours):
        await service.finished_run(GUILD, BOB, run.run_id)


async def test_an_illegal_or_unknown_action_is_refused_and_changes_nothing(
        service: DailyService, store: Store) -> None:
    run = await service.open(GUILD, ALICE)
    hand = member_cards(run.view)
    not_mine = next(c for c in range(36) if c not in hand)
    for token in (Action.play(not_mine).token, "bogus", "decline", "discard:2"):
        with pytest.raises(Refused):
            await service.act(GUILD, ALICE, run.run_id, run.step, token)
    assert (await store.daily.run(run.run_id)).steps == run.step


async def test_the_day_ends_at_midnight_utc(service: DailyService, clock: FakeClock,
                                            store: Store) -> None:
    run = await service.open(GUILD, ALICE)
    clock.advance(12 * HOUR)  # 00:00 UTC of the next day
    with pytest.raises(DayOver):
        await service.act(GUILD, ALICE, run.run_id, run.step, baseline(run))
    tomorrow = await service.open(GUILD, ALICE)
    assert tomorrow.run_id != run.run_id and tomorrow.day > run.day
    with pytest.raises(NotYet):
        await service.day_board(GUILD, ALICE, tomorrow.day.replace(year=2030))
    # the unfinished run of yesterday is in no table
    board = await service.day_board(GUILD, BOB, run.day)
    assert board.placings == () and board.playing == 1 and board.seed is not None


async def test_todays_table_only_for_those_who_finished(service: DailyService,
                                                        clock: FakeClock) -> None:
    await play_run(service, GUILD, ALICE, baseline)
    await service.open(GUILD, CAROL)  # started, not finished
    today = service.today()
    bob_sees = await service.day_board(GUILD, BOB, today)
    assert bob_sees.placings is None and bob_sees.seed is None
    assert (bob_sees.finished, bob_sees.playing) == (1, 1)
    alice_sees = await service.day_board(GUILD, ALICE, today)
    assert alice_sees.placings is not None and [p.score.user_id for p in alice_sees.placings] == [
        ALICE]
    clock.advance(12 * HOUR)
    yesterday = await service.day_board(GUILD, BOB, today)
    assert yesterday.placings == alice_sees.placings and yesterday.seed is not None


async def test_a_finished_run_answers_with_its_result_and_refuses_more(
        service: DailyService) -> None:
    run = await service.open(GUILD, ALICE)
    with pytest.raises(NotFinished):
        await service.finished_run(GUILD, ALICE, run.run_id)
    done = await play_run(service, GUILD, ALICE, baseline)
    assert done.view.is_over and done.view.dealt_hands is not None
    with pytest.raises(Finished):
        await service.act(GUILD, ALICE, done.run_id, done.step, "decline")
    again = await service.open(GUILD, ALICE)
    assert again.finished and again.chips == done.chips
    assert (await service.finished_run(GUILD, ALICE, done.run_id)).chips == done.chips


async def test_a_member_may_let_kontra_pass_once(store: Store, clock: FakeClock) -> None:
    """Dapp: a defender is offered Kontra; letting it pass is a step of its own, and the
    same Kontra is not offered again."""
    await store.settings.set_guild(GUILD, {"default_variant": "dapp"})
    for seed in range(40):
        service = DailyService(store, seeds(seed), clock=clock, level="easy")
        run = await service.open(GUILD, 100 + seed)
        while not run.finished and not run.may_decline:
            run = await service.act(GUILD, 100 + seed, run.run_id, run.step, baseline(run))
        if run.finished:
            clock.advance(24 * HOUR)  # a new day, a new deal
            continue
        kontra = {a.token for a in run.view.legal if a.type is ActionType.KONTRA}
        assert kontra and not [a for a in run.view.legal if a.type is not ActionType.KONTRA
                               and a.type is not ActionType.REKONTRA]
        after = await service.act(GUILD, 100 + seed, run.run_id, run.step, "decline")
        assert after.declined and after.step > run.step
        assert not (after.may_decline and kontra <= {a.token for a in after.view.legal})
        return
    raise AssertionError("no Kontra was offered to a member in 40 days")


@pytest.mark.parametrize("variant", ["zuger", "tapp1879", "dapp", "wuerttemberg"])
async def test_random_legal_runs_end_and_scores_conserve(store: Store, clock: FakeClock,
                                                         variant: str) -> None:
    """Every run of random legal choices ends; each finished run's chips are what a
    replay of its steps pays the seat; a deal's payments and pot change sum to zero;
    and each day's matchpoints add up to 2 per pair of members (its percentages average
    50)."""
    await store.settings.set_guild(GUILD, {"default_variant": variant})
    rng = random.Random(variant)
    for day in range(3):
        service = DailyService(store, seeds(day), clock=clock, level="easy")
        members = [1000 + k for k in range(rng.randrange(1, 6))]
        for user in members:
            await play_run(service, GUILD, user, random_policy(random.Random(rng.random())))
        board = await service.day_board(GUILD, members[0], service.today())
        assert board.placings is not None and len(board.placings) == len(members)
        n = len(members)
        assert sum(p.matchpoints for p in board.placings) == n * (n - 1)
        assert sum(p.percent for p in board.placings) == 50 * n
        daily = await store.daily.deal(GUILD, service.today().isoformat())
        assert daily is not None
        for placing in board.placings:
            run, steps = await store.daily.run_with_steps(placing.score.run_id)
            state = RunState.replay(daily.header, daily.seat, steps)
            result = state.deal.outcome()
            assert result is not None and run.chips == result.payments[daily.seat]
            assert sum(result.payments) + (result.pot - state.deal.pot_before) == 0
            record = {**daily.header, "actions": [s for s in steps
                                                  if s["type"] != "decline"]}
            assert deal_from_record(record).outcome() == result
        clock.advance(24 * HOUR)
