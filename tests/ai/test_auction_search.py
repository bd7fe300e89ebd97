"""An auction word's value (:class:`bot.ai.auction_search.AuctionSimulator`): the rest
of the deal played out from the word, and the level's own edge as the declarer added
where the seat ends as the declarer."""

from __future__ import annotations

import random

from bot.ai import BaselinePlayer, search
from bot.ai.auction_search import AuctionSimulator
from bot.ai.determinize import Layout
from bot.ai.knowledge import Knowledge
from bot.ai.oracle import TrueSampler
from bot.engine import Action, Deal, Phase

EDGE = {"coeurfrage": 4.0, "solo": 8.0, "coeursolo": 11.0}


def forehand_position(seed: int) -> tuple[Deal, AuctionSimulator, AuctionSimulator]:
    """A Tapp 1879 deal at forehand's first word, valued on the real layout without
    and with an edge."""
    deal = Deal.new("tapp1879", dealer=2, rng=random.Random(seed))
    assert deal.phase is Phase.AUCTION
    view = deal.view(deal.main_actor())
    sims = [AuctionSimulator(view, Knowledge(view), TrueSampler(deal, view),
                             random.Random(1), blind=True, edge=edge)
            for edge in (None, EDGE)]
    return deal, sims[0], sims[1]


def test_the_edge_is_added_where_the_seat_ends_as_the_declarer() -> None:
    declared = undeclared = 0
    for seed in range(12):
        deal, plain, edged = forehand_position(seed)
        layout = plain.sampler.sample(random.Random(0))
        for word in (Action.bid("pass"), Action.bid("coeursolo")):
            without, with_edge = (sim.simulate(layout, word) for sim in (plain, edged))
            declarer, contract = ending(plain, layout, word)
            added = EDGE[contract] if declarer == plain.me else 0.0
            assert with_edge == {k: v + added for k, v in without.items()}
            declared += added > 0
            undeclared += added == 0
    assert declared > 0 and undeclared > 0  # (both cases met)


def ending(sim: AuctionSimulator, layout: Layout, word: Action) -> tuple[int | None, str]:
    """The declarer and contract the baseline's continuation reaches after ``word``."""
    deal = sim.deal_of(layout)
    deal.apply_unchecked(sim.me, word)
    baseline = BaselinePlayer(random.Random(0))
    while deal.phase is not Phase.PLAY and not deal.is_over:
        seat = deal.main_actor()
        deal.apply(seat, baseline.choose(deal.view(seat)))
    return deal.declarer, str(deal.contract)


def test_strong_carries_its_measured_edge_and_normal_none() -> None:
    assert search.LEVELS["strong"].declarer_edge["tapp1879"] == EDGE
    assert not search.LEVELS["normal"].declarer_edge
