"""Every word the engine can offer a player in each variant, found by playing many seeded
random deals under every table option that changes the words: the bids, declarations,
contract choices and announcements of ``deal.legal_actions(seat)`` for every seat that
may act (Kontra and Rekontra too, said now and then), and the contracts deals end with
(Ramsch, which nobody bids)."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from bot.engine import VARIANTS, Action, ActionType, Deal
from bot.engine.cards import iter_bits

#: the action types that carry a word a player is offered
WORDY = frozenset({ActionType.BID, ActionType.DECLARE, ActionType.CONTRACT,
                   ActionType.ANNOUNCE, ActionType.KONTRA, ActionType.REKONTRA})
#: (players, options) per variant: every count and option that changes the words
SETTINGS: dict[str, tuple[tuple[int, dict[str, Any]], ...]] = {
    "zuger": ((4, {}), (4, {"tapp_threshold": 65})),
    "tapp1879": ((3, {}),),
    "dapp": tuple((n, {}) for n in range(3, 7)) + ((4, {"closing_ramsch": True}),),
    "wuerttemberg": tuple((n, {"deck": deck, "herz_aufnehmen": up})
                          for n in (3, 4) for deck in (36, 32) for up in (False, True)),
}
DEALS = 150


@cache
def offered(variant: str) -> tuple[frozenset[Action], frozenset[str]]:
    """The wordy actions offered in ``variant`` and the contracts its deals end with."""
    assert set(SETTINGS) == set(VARIANTS)
    actions: set[Action] = set()
    contracts: set[str] = set()
    rng = random.Random(f"offered {variant}")
    for players, options in SETTINGS[variant]:
        for number in range(DEALS):
            deal = Deal.new(variant, players=players, dealer=number % players, rng=rng,
                            **options)
            while not deal.is_over:
                for seat in deal.to_act():
                    legal = deal.legal_actions(seat)
                    actions.update(a for a in legal if a.type in WORDY)
                    said = [a for a in legal
                            if a.type in (ActionType.KONTRA, ActionType.REKONTRA)]
                    if said and rng.random() < 0.3:
                        deal.apply(seat, said[0])
                        break
                else:
                    seat = deal.main_actor()
                    action = rng.choice(deal.main_legal(seat))
                    if action.type is ActionType.DISCARD and action.cards is None:
                        hand = list(iter_bits(deal.hands[seat]))
                        action = Action.discard(rng.sample(hand, action.count or 0))
                    deal.apply(seat, action)
            if deal.contract is not None:
                contracts.add(str(deal.contract))
    return frozenset(actions), frozenset(contracts)
