"""The search levels: legal over self-play, blind to hidden cards, off the event loop."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from bot.ai import make_player, runner, search_player
from bot.ai.search import SearchPlayer
from bot.ai.selfplay import SETTINGS
from bot.engine import Deal, Phase

from .helpers import assert_legal, drive, main_seat
from .test_view_only import TWIN_SETTINGS, _advance, _twin


def _tiny(level: str, seed: int) -> SearchPlayer:
    """A deterministic player with a tiny sample budget (no clock)."""
    return search_player(level, random.Random(seed), seconds=None, samples=2)


@pytest.mark.parametrize(("label", "variant", "n", "options"), SETTINGS)
def test_search_levels_play_legally(label: str, variant: str, n: int,
                                    options: dict[str, Any]) -> None:
    for i, level in enumerate(("normal", "strong")):
        deal = Deal.new(variant, players=n, dealer=i % n, rng=random.Random(f"{label}{i}"),
                        **options)
        seats = [_tiny(level, s) if s % 2 == i % 2 else make_player("easy", random.Random(s))
                 for s in range(n)]
        result, _ = drive(deal, seats)  # checks every action against its view
        assert result.status in ("finished", "thrown_in")


@pytest.mark.parametrize(("variant", "n", "options"), TWIN_SETTINGS)
def test_hidden_cards_elsewhere_do_not_change_the_decision(
        variant: str, n: int, options: dict[str, Any]) -> None:
    checked = 0
    for seed in range(16):
        rng = random.Random(seed)
        deal = Deal.new(variant, players=n, dealer=seed % n, rng=rng, **options)
        _advance(deal, rng.randrange(0, 40), seed)
        if deal.is_over:
            continue
        me = main_seat(deal)
        twin = _twin(deal, me)
        if twin is None:
            continue
        view = deal.view(me)
        assert twin.view(me) == view
        a = _tiny("strong", 7).choose(view)
        b = _tiny("strong", 7).choose(twin.view(me))
        assert_legal(view, a)
        assert a == b
        checked += 1
    assert checked >= 4


def test_same_view_same_decision_from_one_player() -> None:
    player = _tiny("strong", 3)
    for seed in range(8):
        deal = Deal.new("tapp1879", dealer=seed % 3, rng=random.Random(seed))
        _advance(deal, 3 + seed * 3, seed)
        if deal.is_over:
            continue
        view = deal.view(main_seat(deal))
        assert player.choose(view) == player.choose(view)


def test_levels_are_registered() -> None:
    for level in ("normal", "strong"):
        player = make_player(level, random.Random(1))
        assert isinstance(player, SearchPlayer) and player.level == level
        assert player.config.seconds is not None and player.config.seconds < 1.0


async def test_runner_does_not_block_the_event_loop() -> None:
    deal = Deal.new("tapp1879", dealer=2, rng=random.Random(4))
    while deal.phase is not Phase.PLAY or deal.is_over:
        if deal.is_over:
            deal = Deal.new("tapp1879", dealer=2, rng=random.Random(deal.ply + 100))
            continue
        seat = main_seat(deal)
        deal.apply(seat, make_player("easy").choose(deal.view(seat)))
    seat = main_seat(deal)
    view = deal.view(seat)
    player = search_player("strong", random.Random(1), seconds=0.3)
    ticks = 0
    done = asyncio.Event()

    async def heartbeat() -> None:
        nonlocal ticks
        while not done.is_set():
            ticks += 1
            await asyncio.sleep(0.01)

    beat = asyncio.create_task(heartbeat())
    try:
        await runner.warm_up()  # start the workers without blocking the loop
        action = await runner.decide(player, view)
    finally:
        done.set()
        await beat
        runner.shutdown()
    assert_legal(view, action)
    assert ticks >= 5  # the loop kept running while the worker searched
    assert await runner.decide(make_player("easy"), view) in view.legal
