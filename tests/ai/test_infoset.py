"""The last tricks searched over the seat's information sets (``bot.ai.infoset``)."""

from __future__ import annotations

import random
from dataclasses import replace

from bot.ai import main_actions, make_player
from bot.ai.imperfect import Public, rollout
from bot.ai.infoset import InfosetSearch
from bot.ai.pimc import Budget, PlaySearch
from bot.ai.search import LEVELS
from bot.ai.world import World
from bot.engine import Deal, Phase


def _late(variant: str, n: int, seed: int, left: int) -> Deal | None:
    """A baseline game stopped where the seat to play has ``left`` cards and a choice."""
    deal = Deal.new(variant, players=n, dealer=seed % n, rng=random.Random(seed))
    seats = [make_player("easy", random.Random(seed * 10 + s)) for s in range(n)]
    while not deal.is_over:
        s = next(s for s in deal.to_act() if main_actions(deal.view(s)))
        view = deal.view(s)
        if (view.phase is Phase.PLAY and view.hand is not None
                and view.hand.mask.bit_count() == left and len(main_actions(view)) > 1):
            return deal
        deal.apply(s, seats[s].choose(view))
    return None


def _search(deal: Deal, samples: int = 8) -> tuple[PlaySearch, list[int]]:
    from bot.ai.knowledge import Knowledge

    view = deal.view(deal.main_actor())
    budget = replace(LEVELS["strong"].play, samples=samples, seconds=None, infoset_tricks=3)
    search = PlaySearch(Knowledge(view), budget, random.Random(3))
    return search, [a.card for a in main_actions(view) if a.card is not None]


def test_the_joint_search_lies_between_the_blind_rollouts_and_seeing_the_layout() -> None:
    # per card: at least what the seat gets playing on as the baseline (a policy that
    # sees no more than the seat), at most what it gets choosing per layout (as if it
    # saw the layout: strategy fusion); strictly between somewhere (with three at the
    # table the two others' cards tell the layouts apart less quickly than with four)
    above_blind = below_seeing = 0
    for seed in range(15):
        deal = _late("tapp1879", 3, 7000 + seed, 4)
        if deal is None:
            continue
        search, cards = _search(deal)
        layouts = [search.sampler.sample(random.Random(seed * 31 + i)) for i in range(12)]
        worlds = [search.world(layout) for layout in layouts]
        piles = [search.pile(layout) for layout in layouts]
        pubs = [search.public_of(layout) for layout in layouts]

        def joint(ws: list[int], search: PlaySearch = search,
                  worlds: list[World] = worlds, piles: list[int] = piles,
                  pubs: list[Public] = pubs, cards: list[int] = cards
                  ) -> list[dict[int, float]]:
            s = InfosetSearch(worlds[ws[0]], search.public, search.k.me, search.valuer)
            return s.run([worlds[i] for i in ws], [piles[i] for i in ws], cards,
                         [pubs[i] for i in ws])

        together = joint(list(range(len(layouts))))
        alone = [joint([i])[0] for i in range(len(layouts))]
        for c in cards:
            blind = []
            for w, p, pub in zip(worlds, piles, pubs, strict=True):
                o = rollout(w.copy(), pub, first=c)
                blind.append(search.valuer.chips(o.points, o.tricks, p, o.last_winner))
            t = sum(row[c] for row in together)
            a = sum(row[c] for row in alone)
            assert sum(blind) <= t + 1e-9 <= a + 2e-9
            above_blind += t > sum(blind) + 1e-9
            below_seeing += t < a - 1e-9
    assert above_blind and below_seeing


def test_strong_uses_it_in_the_last_tricks_and_is_deterministic() -> None:
    deal = _late("tapp1879", 3, 7003, 3)
    assert deal is not None
    search, cards = _search(deal, samples=6)
    means = search.run(cards)
    assert search.layouts == 6 and len(search.rows) == 6
    assert set(means) == set(cards)
    again, _ = _search(deal, samples=6)
    assert again.run(cards) == means
    # past its node budget it gives up, and the layouts are scored one by one
    small, _ = _search(deal, samples=6)
    small.budget = replace(small.budget, infoset_nodes=1)
    assert small.joint(cards) is None
    small.run(cards)
    assert small.layouts == 6 and len(small.rows) == 6


def test_budget_default_keeps_it_off() -> None:
    assert Budget().infoset_tricks == 0


def test_strong_searches_one_trick_more_with_three_players() -> None:
    from bot.ai.search import SearchPlayer

    player = SearchPlayer(random.Random(1), LEVELS["strong"])
    three = _late("tapp1879", 3, 7001, 5)
    four = _late("dapp", 4, 7001, 5)
    assert three is not None and four is not None
    assert player._budget(three.view(three.main_actor())).infoset_tricks == 5
    assert player._budget(four.view(four.main_actor())).infoset_tricks == 4
    assert LEVELS["normal"].play.infoset_tricks == 0  # normal keeps the solver
