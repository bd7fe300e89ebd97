"""Drawings made once, whoever asks and however many at once."""

from __future__ import annotations

import asyncio
import threading

import pytest

from bot.web.pictures import Drawings


async def test_a_drawing_is_made_once_for_everyone_waiting() -> None:
    drawings: Drawings[str] = Drawings()
    calls = []
    gate = threading.Event()

    def draw() -> str:
        calls.append(1)
        gate.wait(5)
        return "picture"

    waiting = [asyncio.create_task(drawings.get("k", draw)) for _ in range(5)]
    await asyncio.sleep(0.05)
    gate.set()
    assert await asyncio.gather(*waiting) == ["picture"] * 5
    assert await drawings.get("k", draw) == "picture"
    assert len(calls) == 1 and drawings.drawn == 1


async def test_a_failed_drawing_is_tried_again() -> None:
    drawings: Drawings[str] = Drawings()
    attempts = []

    def draw() -> str:
        attempts.append(1)
        if len(attempts) == 1:
            raise ValueError("broken")
        return "picture"

    with pytest.raises(ValueError):
        await drawings.get("k", draw)
    assert await drawings.get("k", draw) == "picture"
    assert len(attempts) == 2


async def test_a_visitor_who_leaves_does_not_stop_the_drawing() -> None:
    drawings: Drawings[str] = Drawings()
    gate = threading.Event()
    first = asyncio.create_task(drawings.get("k", lambda: gate.wait(5) and "picture"))
    await asyncio.sleep(0.05)
    first.cancel()
    gate.set()
    assert await drawings.get("k", lambda: "another") == "picture"


async def test_the_least_recently_used_is_dropped() -> None:
    drawings: Drawings[str] = Drawings(capacity=2)
    for key in ("a", "b", "a", "c"):
        await drawings.get(key, lambda k=key: k)  # type: ignore[misc]
    assert drawings.drawn == 3
    await drawings.get("a", lambda: "again")  # kept
    assert drawings.drawn == 3
    assert await drawings.get("b", lambda: "b2") == "b2"  # dropped, drawn again
