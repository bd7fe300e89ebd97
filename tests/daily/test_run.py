"""A member's token on their run's panel, as the deal of the day and a series read it
(:func:`bot.daily.run.chosen`): the action it names, None for a pass the member may
make, and a refusal with the reason for anything else."""

from __future__ import annotations

import pytest

from bot.daily.run import RunState, chosen
from bot.engine import Deal
from bot.tables.errors import Refused


def fresh() -> RunState:
    """The seat on turn at the start of a deal (nothing to let pass)."""
    deal = Deal.new("zuger", seed=bytes(32))
    state = RunState(deal, deal.turn)
    assert state.view().legal and not state.may_decline()
    return state


def test_a_legal_token_is_its_action() -> None:
    state = fresh()
    action = state.view().legal[0]
    assert chosen(state, action.token) == action


@pytest.mark.parametrize("token", ["bogus", "play:XX", ""])
def test_a_token_naming_no_action_is_refused_as_unknown(token: str) -> None:
    with pytest.raises(Refused) as refused:
        chosen(fresh(), token)
    assert refused.value.key == "error.unknown_action"


def test_a_pass_with_nothing_to_let_pass_is_refused() -> None:
    with pytest.raises(Refused) as refused:
        chosen(fresh(), "decline")
    assert refused.value.key == "error.nothing_to_do"
