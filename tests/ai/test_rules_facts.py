"""The engine's read-only facts the players rely on agree with what its deals do."""

from __future__ import annotations

import random

import pytest

from bot.ai.selfplay import SETTINGS
from bot.engine import Action, ActionType, Deal, Phase
from bot.engine.playout import random_action
from bot.engine.variants import Aim


@pytest.mark.parametrize(("label", "variant", "n", "options"), SETTINGS)
def test_contract_facts_and_bid_outcomes_match_the_deals(
        label: str, variant: str, n: int, options: dict[str, object]) -> None:
    rng = random.Random(label)
    played = 0
    for i in range(120):
        deal = Deal.new(variant, players=n, dealer=i % n, rng=rng, **options)
        rules = deal.v
        last_word: dict[int, tuple[str, ...]] = {}
        while not deal.is_over and deal.phase is not Phase.PLAY:
            seat, action = random_action(deal, rng)
            if action.type in (ActionType.BID, ActionType.DECLARE):
                before = [a for _, a in deal.bids]
                outcome = rules.bid_contracts(deal.forehand, before, action.value or "")
                assert (outcome == ()) == (action.value == rules.pass_word)
                if outcome:
                    last_word[seat] = outcome
            deal.apply(seat, action)
        if deal.thrown_in:
            assert rules.all_pass is None
            continue
        assert deal.contract is not None
        if deal.declarer is None:
            assert deal.contract == rules.all_pass
            assert all(a.value == rules.pass_word for _, a in deal.bids)
            f = rules.facts(deal.contract)
            assert f.aim is Aim.RAMSCH and not f.trumps and deal.trump is None
            played += 1
            continue
        assert deal.contract in rules.contracts
        if last_word:
            assert deal.contract in last_word[deal.declarer]
        if deal.is_over:
            continue
        f = rules.facts(deal.contract)
        if f.trumps:
            assert deal.trump in f.trumps
        else:
            assert deal.trump is None
        assert deal.picked_up == f.pickup
        assert any(a.type is ActionType.CALL for _, a in deal.log
                   if isinstance(a, Action)) == f.call
        assert (deal.leader == deal.declarer) == (f.declarer_leads or
                                                  deal.forehand == deal.declarer)
        assert deal.must_win_all == (f.aim is Aim.WIN_ALL or deal.tout)
        assert deal.must_lose_all == (f.aim is Aim.LOSE_ALL)
        assert deal.open_after == f.opens
        assert deal.tout <= f.tout
        played += 1
    assert played > 20
