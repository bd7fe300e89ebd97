"""Start-up leaves its objects to the garbage collector frozen, once, as deployed."""

from __future__ import annotations

import gc
import time
import weakref
from collections.abc import Iterator

import discord
import pytest

from bot import collector
from bot.client import TappBot
from bot.config import Settings


@pytest.fixture
def unfrozen() -> Iterator[None]:
    callbacks = list(gc.callbacks)
    yield
    gc.callbacks[:] = callbacks  # the other tests run with the collector as it was
    collector._refreezer = None
    gc.unfreeze()


class Cycle:
    def __init__(self) -> None:
        self.me = self


def test_settle_freezes_what_lives_and_later_garbage_is_still_collected(
        unfrozen: None) -> None:
    before = Cycle()
    frozen = collector.settle()
    assert frozen == gc.get_freeze_count() > 0
    assert not any(o is before for o in gc.get_objects())  # no longer walked
    after = Cycle()
    gone = weakref.ref(after)
    del after
    gc.collect()
    assert gone() is None  # a cycle made after start-up is collected as before


def test_settle_installs_one_refreezer(unfrozen: None) -> None:
    collector.settle()
    collector.settle()
    assert sum(isinstance(c, collector.Refreezer) for c in gc.callbacks) == 1


def test_a_slow_full_collection_freezes_its_survivors_and_a_quick_one_does_not() -> None:
    calls: list[str] = []
    slow = collector.Refreezer(slow=0.005, freeze=lambda: calls.append("freeze"),
                               unfreeze=lambda: calls.append("unfreeze"))
    quick = collector.Refreezer(slow=60.0, freeze=lambda: calls.append("quick"),
                                unfreeze=lambda: calls.append("unfreeze"))
    for refreezer in (slow, quick):
        refreezer("start", {"generation": 1})
        time.sleep(0.01)
        refreezer("stop", {"generation": 1})  # a younger generation: not watched
        refreezer("start", {"generation": 2})
        time.sleep(0.01)
        refreezer("stop", {"generation": 2})
    assert calls == ["freeze"] and (slow.frozen, quick.frozen) == (1, 0)


def test_the_frozen_are_handed_back_at_a_full_collection_every_renew_seconds() -> None:
    now = [0.0]
    calls: list[str] = []
    refreezer = collector.Refreezer(slow=60.0, renew=100.0, clock=lambda: now[0],
                                    freeze=lambda: calls.append("freeze"),
                                    unfreeze=lambda: calls.append("unfreeze"))
    for at in (50.0, 99.0, 100.0, 150.0, 201.0):
        now[0] = at
        refreezer("start", {"generation": 2})
        refreezer("stop", {"generation": 2})
    assert calls == ["unfreeze", "unfreeze"] and refreezer.renewed == 2  # at 100 and 201


def test_a_refreezer_in_the_collector_freezes_then_frees_frozen_cycles(
        unfrozen: None) -> None:
    refreezer = collector.Refreezer(slow=0.0, renew=3600.0)
    gc.callbacks.append(refreezer)
    kept = Cycle()
    gc.collect()  # slow enough (0 s): what survived is frozen
    assert refreezer.frozen == 1 and not any(o is kept for o in gc.get_objects())
    gone = weakref.ref(kept)
    del kept
    gc.collect()
    assert gone() is not None  # a frozen cycle stays ...
    refreezer.renew = 0.0
    gc.collect()  # ... until the frozen are handed back: this collection frees it
    assert gone() is None and refreezer.renewed == 1


async def test_the_bot_settles_once_when_ready_if_asked(
        unfrozen: None, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    monkeypatch.setattr(collector, "settle", lambda: calls.append(1) or 1)
    for asked, expected in ((False, 0), (True, 1)):
        calls.clear()
        bot = TappBot(Settings(token="unused"), settle_memory=asked)
        bot._connection.user = discord.Object(7)  # type: ignore[assignment]  # (logged)
        try:
            await bot.on_ready()
            await bot.on_ready()  # a reconnect
        finally:
            await bot.close()
        assert len(calls) == expected
