"""The optional announcements as the engine exports them: which actions are the main
ones, what a plain *kontra* means, and which announcement is open."""

from __future__ import annotations

import random

from bot.engine import (
    OPTIONAL,
    Action,
    ActionType,
    Deal,
    main_actions,
    meant,
    open_announcement,
)
from bot.engine.playout import random_action


def _kontra_said() -> tuple[Deal, int, int]:
    """A Dapp deal just after a Kontra: (deal, who said it, who may answer Rekontra)."""
    for seed in range(500):
        rng = random.Random(seed)
        deal = Deal.new("dapp", players=4, rng=rng)
        while not deal.is_over:
            sayers = [s for s in deal.to_act()
                      if any(a.type is ActionType.KONTRA for a in deal.legal_actions(s))]
            if sayers:
                assert open_announcement(deal) is ActionType.KONTRA
                deal.apply(sayers[0], Action.kontra())
                answer = [s for s in deal.to_act() if any(
                    a.type is ActionType.REKONTRA for a in deal.legal_actions(s))]
                if answer:
                    return deal, sayers[0], answer[0]
                break
            deal.apply(*random_action(deal, rng))
    raise AssertionError("no deal with a Kontra to answer")


def test_kontra_means_rekontra_where_only_that_is_legal() -> None:
    deal, sayer, answerer = _kontra_said()
    assert open_announcement(deal) is ActionType.REKONTRA
    assert meant(deal, answerer, Action.kontra()) == Action.rekontra()
    play = Action.parse("play:AH")
    assert meant(deal, answerer, play) is play  # anything else means itself
    assert meant(deal, sayer, Action.kontra()) == Action.kontra()  # nothing to answer


def test_main_actions_leave_the_optional_announcements_out() -> None:
    deal, _, answerer = _kontra_said()
    legal = deal.legal_actions(answerer)
    main = main_actions(legal)
    assert all(a.type not in OPTIONAL for a in main)
    assert [a for a in legal if a.type not in OPTIONAL] == main
    assert any(a.type in OPTIONAL for a in legal)


def test_nothing_is_open_once_the_deal_is_over() -> None:
    deal = Deal.new("zuger", rng=random.Random(1))
    rng = random.Random(2)
    while not deal.is_over:
        deal.apply(*random_action(deal, rng))
    assert open_announcement(deal) is None
