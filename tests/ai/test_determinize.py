"""Sampled layouts are consistent with the seat's view."""

from __future__ import annotations

import random

from bot.ai.determinize import Sampler, voids_respected
from bot.ai.knowledge import Knowledge
from bot.ai.selfplay import SETTINGS
from bot.engine import Deal
from bot.engine.playout import random_action

from .helpers import main_seat


def test_layouts_keep_sizes_known_cards_and_voids() -> None:
    rng = random.Random(2)
    checked = 0
    for _, variant, n, options in SETTINGS:
        for i in range(15):
            deal = Deal.new(variant, players=n, dealer=i % n, rng=rng, **options)
            for _ in range(rng.randrange(0, 60)):
                if deal.is_over:
                    break
                seat, action = random_action(deal, rng)
                deal.apply(seat, action)
            if deal.is_over:
                continue
            me = main_seat(deal)
            k = Knowledge(deal.view(me))
            sampler = Sampler(k)
            for _ in range(5):
                layout = sampler.sample(rng)
                assert layout.hands[me] == deal.hands[me]
                assert [h.bit_count() for h in layout.hands] == [h.bit_count()
                                                                 for h in deal.hands]
                union = layout.pile
                for h in layout.hands:
                    assert not union & h
                    union |= h
                v = k.view
                seen = (v.talon.mask if v.talon else 0) | (v.discards.mask if v.discards
                                                            else 0)
                if v.called_in_talon and v.called_card is not None:
                    seen |= 1 << v.called_card
                assert union | k.played | seen == k.table.deck
                for s in range(n):
                    assert layout.hands[s] & k.known[s] & ~k.played == \
                        k.known[s] & ~k.played
                    if k.open[s]:
                        assert layout.hands[s] == deal.hands[s]
                assert voids_respected(k, layout)
                checked += 1
    assert checked > 300
