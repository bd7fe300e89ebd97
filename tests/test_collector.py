"""Start-up leaves its objects to the garbage collector frozen, once, as deployed."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import discord
import pytest

from bot import collector
from bot.config import Settings
from bot.connection.client import TappBot


@pytest.fixture
def unfrozen() -> Iterator[None]:
    yield
    gc.unfreeze()  # the other tests run with the collector as it was


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
