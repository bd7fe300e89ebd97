"""Images rendered in worker processes (as deployed) or threads: the same bytes either
way; a worker that dies is replaced and the image still comes."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from bot.engine import Deal
from bot.ui.rendering import STYLES, Renderer, Slots, labels_for, render_image, warm
from bot.ui.specs import ImageKind, ImageSpec
from renderer.cards import CardState, face_sprite
from renderer.hand import CARD_W as HAND_CARD_W
from renderer.suits import DeckStyle


def spec(kind: str = "hand", language: str = "de") -> ImageSpec:
    deal = Deal.new("zuger", players=4, rng=random.Random(3))
    view = deal.view(1) if kind == "hand" else deal.public_view()
    known = kind in {k.value for k in ImageKind}  # else an unknown kind, as a bug would send
    shown: Any = ImageKind(kind) if known else kind
    return ImageSpec(shown, view, ("a", "b", "c", "d"), "swiss", language)


async def test_workers_render_what_a_thread_renders() -> None:
    images = Renderer(processes=1)
    try:
        await images.start()
        [pid] = images.worker_pids()
        for kind in ("hand", "table"):
            made = await images.render(spec(kind))
            assert bytes(made) == bytes(render_image(spec(kind)))
            assert made.filename == render_image(spec(kind)).filename
        assert images.worker_pids() == [pid] and pid != os.getpid()
    finally:
        images.close()


async def test_threads_when_asked() -> None:
    images = Renderer(processes=0)
    await images.start()
    assert not images.in_processes and images.worker_pids() == []
    assert bytes(await images.render(spec())) == bytes(render_image(spec()))
    images.close()


async def test_a_dead_worker_is_replaced() -> None:
    images = Renderer(processes=1)
    try:
        await images.start()
        [pid] = images.worker_pids()
        os.kill(pid, signal.SIGKILL)
        made = await images.render(spec())
        assert bytes(made) == bytes(render_image(spec()))
        assert images.worker_pids() not in ([], [pid])
    finally:
        images.close()


async def test_an_unknown_kind_is_an_error_not_a_dead_pool() -> None:
    images = Renderer(processes=1)
    try:
        with pytest.raises(ValueError, match="unknown image kind"):
            await images.render(spec("poster"))
        assert bytes(await images.render(spec())) == bytes(render_image(spec()))
    finally:
        images.close()


def test_workers_end_when_the_bot_dies(tmp_path: Path) -> None:
    """A bot process killed outright leaves no image worker behind."""
    script = tmp_path / "dies.py"
    script.write_text(
        "import asyncio, os, sys\n"
        "from bot.ui.rendering import Renderer\n"
        "async def main():\n"
        "    images = Renderer(processes=2)\n"
        "    await images.start()\n"
        "    print(*images.worker_pids(), flush=True)\n"
        "    os._exit(9)\n"
        "if __name__ == '__main__':\n"
        "    asyncio.run(main())\n", encoding="utf-8")
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                          timeout=120, cwd=Path(__file__).parents[2])
    assert done.returncode == 9, done.stderr
    pids = [int(p) for p in done.stdout.split()]
    assert len(pids) == 2
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and any(alive(p) for p in pids):
        time.sleep(0.1)
    assert not any(alive(p) for p in pids)


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


async def test_the_same_image_is_drawn_once_for_every_repeat() -> None:
    images = Renderer(processes=0)
    first, second = await asyncio.gather(images.render(spec()), images.render(spec()))
    third = await images.render(spec())
    assert bytes(first) == bytes(second) == bytes(third)
    assert (images.drawn, images.reused) == (1, 2)
    other = await images.render(spec("table"))
    assert bytes(other) != bytes(first) and images.drawn == 2


async def test_a_tables_picture_outlives_the_images_of_other_tables() -> None:
    """A table's picture holds for a chapter of its deal (bot.tables.picture): the images
    of many other tables drawn meanwhile do not push it out."""
    images = Renderer(processes=0, cache_size=2)
    picture = await images.render(spec("table"), holder=7)
    for language in ("en", "de", "sv"):  # three other images fill the small cache
        await images.render(spec("hand", language))
    assert images.drawn == 4
    again = await images.render(spec("table"), holder=7)
    assert again is picture and images.drawn == 4
    assert await images.render(spec("table"), holder=8) is not picture  # not its own
    assert images.drawn == 5
    images.release(7)
    for language in ("en", "de"):  # the table's image leaves the small cache again
        await images.render(spec("hand", language))
    drawn = images.drawn
    await images.render(spec("table"), holder=7)
    assert images.drawn == drawn + 1  # forgotten with its table


async def test_an_urgent_image_goes_before_the_others_waiting() -> None:
    slots = Slots(1)
    order: list[str] = []

    async def draw(name: str, urgent: bool) -> None:
        await slots.acquire(urgent)
        try:
            order.append(name)
            await asyncio.sleep(0)
        finally:
            slots.release()

    await slots.acquire(False)  # a worker busy
    tasks = [asyncio.create_task(draw(name, urgent)) for name, urgent in
             (("table 1", False), ("panel 2", False), ("answer 1", True), ("answer 2", True))]
    await asyncio.sleep(0)
    assert order == [] and slots.busy == 1
    slots.release()
    await asyncio.gather(*tasks)
    assert order == ["answer 1", "answer 2", "table 1", "panel 2"]
    assert slots.busy == 0


async def test_a_claim_given_up_frees_its_place_and_its_slot() -> None:
    slots = Slots(1)
    await slots.acquire(False)
    waiting = asyncio.create_task(slots.acquire(True))
    await asyncio.sleep(0)
    waiting.cancel()  # given up while waiting: it leaves the queue
    with pytest.raises(asyncio.CancelledError):
        await waiting
    handed = asyncio.create_task(slots.acquire(False))
    await asyncio.sleep(0)
    slots.release()  # handed to the claim below, which is cancelled before it runs
    handed.cancel()
    with pytest.raises(asyncio.CancelledError):
        await handed
    assert slots.busy == 0  # nothing leaked: the next claim gets a slot at once
    await asyncio.wait_for(slots.acquire(False), 1)
    assert slots.busy == 1


async def test_an_image_begun_early_is_drawn_once_for_the_render_that_follows() -> None:
    images = Renderer(processes=0)
    await images.start()
    try:
        images.begin(spec())
        await asyncio.sleep(0)  # the begun task takes its slot and starts drawing
        assert images.started(spec()) and not images.started(spec("table"))
        made = await images.render(spec(), urgent=True)
        assert bytes(made) == bytes(render_image(spec()))
        assert (images.drawn, images.reused) == (1, 1)
    finally:
        images.close()


async def test_a_begun_image_that_fails_is_left_to_the_render_that_follows() -> None:
    images = Renderer(processes=0)
    await images.start()
    try:
        images.begin(spec("no such kind"))
        await asyncio.sleep(0)
        assert images.started(spec("no such kind"))
        with pytest.raises(ValueError, match="unknown image kind"):  # the begun one's error
            await images.render(spec("no such kind"), urgent=True)
        assert not images.started(spec("no such kind"))
    finally:
        images.close()


def test_warming_draws_every_face_a_hand_shows_in_every_style() -> None:
    """A worker's warm-up leaves no card face of a hand to draw while a member waits
    (about 9 ms each, the first time)."""
    warm()
    misses = face_sprite.cache_info().misses
    for style in STYLES:
        deck = DeckStyle(style)
        for card in range(36):
            face_sprite(deck, card, HAND_CARD_W, CardState.NORMAL, labels_for(None).indices(deck))
    assert face_sprite.cache_info().misses == misses
