"""Images rendered in worker processes (as deployed) or threads: the same bytes either
way; a worker that dies is replaced and the image still comes."""

from __future__ import annotations

import os
import random
import signal

import pytest

from bot.engine import Deal
from bot.tables.rendering import Renderer, render_image
from bot.tables.view_models import ImageSpec


def spec(kind: str = "hand", language: str = "de") -> ImageSpec:
    deal = Deal.new("zuger", players=4, rng=random.Random(3))
    view = deal.view(1) if kind == "hand" else deal.public_view()
    return ImageSpec(kind, view, ("a", "b", "c", "d"), "swiss", language)


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
