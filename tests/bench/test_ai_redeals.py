"""Re-deals of ``bench ai-positions``: the unseen cards dealt again where seat 0's view
stays the same."""

from __future__ import annotations

import random

from bench import ai_redeals as rd
from bench.ai import SETTINGS, _new_deal
from bot.ai import main_actions
from bot.engine import Action, Phase

from .ai_helpers import baseline_seats, bench_position


def test_a_redeal_shows_seat_0_the_same_and_moves_only_unseen_cards() -> None:
    deal, others = bench_position("zuger", "play", "defender", i=1)
    view = deal.view(0)
    deals, drawn = rd.redeals(deal, others, random.Random(5), 6, 3000)
    assert deals and drawn >= len(deals)
    assert any(d.hands != deal.hands for d in deals)
    for d in deals:
        assert d.view(0) == view
        assert d.dealt[0] == deal.dealt[0]
        assert len(d.log) == len(deal.log)
        for (s, a), (s2, b) in zip(d.log, deal.log, strict=True):
            assert s == s2
            assert a == b or (s != 0 and not isinstance(a, int) and a.type in rd.HIDDEN)


def test_a_redeal_is_refused_where_the_others_would_have_acted_otherwise() -> None:
    _, variant, n, options, _ = next(s for s in SETTINGS if s[0] == "zuger")
    seats = baseline_seats(n, 9003)
    deal = _new_deal(variant, n, options, 3, 9003)
    # the baseline's game up to a card seat 1 may choose, then another card than the
    # baseline's there
    while not (deal.phase is Phase.PLAY and deal.main_actor() == 1
               and len(main_actions(deal.view(1))) > 1):
        s = next(s for s in deal.to_act() if main_actions(deal.view(s)))
        deal.apply(s, seats[s].choose(deal.view(s)))
    own = seats[1].choose(deal.view(1))
    other = next(a for a in main_actions(deal.view(1)) if a != own)
    same = rd._replay(deal, list(deal.dealt), deal.dealt_talon, seats, None)
    assert same is not None and same.view(0) == deal.view(0)
    deal.apply(1, other)
    assert rd._replay(deal, list(deal.dealt), deal.dealt_talon, seats, None) is None


def test_cross_fitting_picks_on_one_half_and_values_on_the_other() -> None:
    a, b = Action.bid("x"), Action.bid("y")
    # a looks best on the even rows, b on the odd ones: each half's pick is valued on
    # the other half, where it is the worse
    table = [{a: 10, b: 0}, {a: 0, b: 4}, {a: 10, b: 0}, {a: 0, b: 4}]
    assert rd.cross_fitted(table, [a, b]) == (0 + 0) / 2
