"""Members playing their runs through the service, choosing as a policy says."""

from __future__ import annotations

import random
from collections.abc import Callable

from bot.ai import make_player
from bot.daily import DailyService, RunView
from bot.engine import Action, ActionType, SeatView

#: a member's choice: an action token, or "decline"
Policy = Callable[[RunView], str]


def baseline(view: RunView) -> str:
    """What the baseline computer player would do in the member's seat."""
    if view.may_decline:
        return "decline"
    return make_player("easy").choose(view.view).token


def random_policy(rng: random.Random) -> Policy:
    """Any legal action (a discard of random cards), announcements now and then."""
    def choose(run: RunView) -> str:
        legal = list(run.view.legal)
        if run.may_decline and rng.random() < 0.5:
            return "decline"
        action = rng.choice(legal)
        if action.type is ActionType.DISCARD:
            hand = run.view.hand
            assert hand is not None and action.count is not None
            return Action.discard(rng.sample(sorted(hand), action.count)).token
        return action.token
    return choose


async def play_run(service: DailyService, guild_id: int, user_id: int, policy: Policy,
                   max_steps: int = 200) -> RunView:
    """Open the member's run and play it to its end."""
    run = await service.open(guild_id, user_id)
    for _ in range(max_steps):
        if run.finished:
            return run
        run = await service.act(guild_id, user_id, run.run_id, run.step, policy(run))
    raise AssertionError("the run did not end")


def member_cards(view: SeatView) -> set[int]:
    assert view.hand is not None
    return set(view.hand)
