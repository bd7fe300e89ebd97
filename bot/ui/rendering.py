"""Images off the event loop: in worker processes (the default), or in threads.

Why processes: drawing and encoding an image is CPU work that holds the GIL for much of
its time, so from threads it starves the event loop that answers every interaction.
Measured with ``python -m bot bench load --tables 100 --seconds 15 --rate 10``: the same
images rendered in threads gave an interaction p50 of 790 ms at 0.65 cores of bot CPU;
in two worker processes, 76 ms. A worker receives an :class:`ImageSpec` (a pickled view,
a few KB) and returns the encoded bytes.

The workers are processes on pipes the event loop watches (:mod:`.workers`). They start
(and draw their card sprites, ~1 s each) in :meth:`Renderer.start`, so that the first
images do not wait for them. A worker that dies is replaced and its image tried once
more; if that fails too, the image is rendered in a thread. A worker ends by itself
within a second of the bot's process dying.

At most one image per worker is handed to the workers at once; the others wait in the
bot, where an *urgent* one (the answer to a member's click, which the member is waiting
for) goes before the rest (table pictures and other members' panels, which follow the
game): :class:`Slots`.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import logging
import pickle
import time
from collections import OrderedDict, deque

import renderer
from bot.engine import Deal
from bot.i18n import plural
from bot.i18n.words import render_labels
from bot.ops.cpus import usable_cpus
from bot.ui.specs import ImageKind, ImageSpec
from renderer.cards import CardState, face_sprite
from renderer.hand import CARD_W as HAND_CARD_W
from renderer.suits import DeckStyle

from .workers import WorkerDied, Workers

log = logging.getLogger(__name__)

STYLES = ("french", "german", "swiss")


@functools.lru_cache(maxsize=32)
def labels_for(language: str | None) -> renderer.Labels:
    """The renderer's words in ``language``, gathered once per language (gathering them
    from the catalogue took about a millisecond, a fifth of drawing a hand)."""
    return renderer.Labels(render_labels(language))


def render_image(spec: ImageSpec) -> renderer.RenderedImage:
    """Render one image (blocking: call it through a :class:`Renderer`)."""
    labels = labels_for(spec.language)
    names = list(spec.names)
    if spec.kind is ImageKind.HAND:
        return renderer.render_hand(spec.view, style=spec.style, names=names, labels=labels)
    if spec.kind is ImageKind.TABLE:
        return renderer.render_table(spec.view, names, style=spec.style, labels=labels,
                                     chips=spec.chips)
    if spec.kind is ImageKind.TRICK:
        return renderer.render_trick(spec.view, spec.trick, style=spec.style, names=names,
                                     labels=labels)
    if spec.kind is ImageKind.HANDS:
        return renderer.render_hands(spec.view, names, style=spec.style, labels=labels)
    if spec.kind is ImageKind.RESULT:
        return renderer.render_result(spec.view, names, style=spec.style, labels=labels,
                                      show_hands=spec.show_hands)
    raise ValueError(f"unknown image kind {spec.kind!r}")


def render_pickled(data: bytes) -> renderer.RenderedImage:
    """:func:`render_image` of a pickled spec (the spec crosses to a worker pickled once,
    the same bytes that key the cache)."""
    spec = pickle.loads(data)
    assert isinstance(spec, ImageSpec)
    return render_image(spec)


def warm() -> float:
    """Load the fonts, draw a hand and a table in every deck style, and every card's
    face at the size of a hand's cards (in a worker); CPU seconds. A face not drawn yet
    costs about 9 ms the first time an image shows it, and the hand is the image a
    member waits for (measured under ``bench load``: the answers that met cold faces
    were its slowest); each style's 36 faces take about 0.2 s and 5 MB. (The language
    changes only words, which need no warming; the other sizes come as they are used.)"""
    started = time.process_time()
    deal = Deal.new("zuger", players=4)
    names = ("a", "b", "c", "d")
    for style in STYLES:
        render_image(ImageSpec(ImageKind.HAND, deal.view(0), names, style))
        render_image(ImageSpec(ImageKind.TABLE, deal.public_view(), names, style))
        deck = DeckStyle(style)
        indices = labels_for(None).indices(deck)  # as a hand drawn in the default language
        for card in range(36):
            face_sprite(deck, card, HAND_CARD_W, CardState.NORMAL, indices)
    return time.process_time() - started


def default_processes() -> int:
    """One worker per CPU this process may use (a container's limit counts; the event
    loop shares them; the OS schedules fairly)."""
    return usable_cpus()


def _keyed(spec: ImageSpec) -> tuple[bytes, bytes]:
    """The spec pickled (as it goes to a worker) and the digest of those bytes: the key
    of the same image, whoever asks for it."""
    data = pickle.dumps(spec, protocol=pickle.HIGHEST_PROTOCOL)
    return data, hashlib.blake2b(data, digest_size=16).digest()


class Slots:
    """At most ``n`` holders at once; when one is free, a waiting urgent claim gets it
    before any other (each kind in the order it came)."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.busy = 0
        self._waiting: tuple[deque[asyncio.Future[None]], ...] = (deque(), deque())

    async def acquire(self, urgent: bool) -> None:
        if self.busy < self.n and not any(self._waiting):
            self.busy += 1
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        queue = self._waiting[0 if urgent else 1]
        queue.append(future)
        try:
            await future
        except asyncio.CancelledError:
            if future.done() and not future.cancelled():
                self.release()  # it was handed a slot it will not use
            else:
                with contextlib.suppress(ValueError):
                    queue.remove(future)
            raise

    @property
    def waiting(self) -> int:
        """Claims waiting for a slot."""
        return sum(len(queue) for queue in self._waiting)

    def release(self) -> None:
        """Free a slot: hand it to the first waiting claim, urgent ones first."""
        for queue in self._waiting:
            while queue:
                future = queue.popleft()
                if not future.done():
                    future.set_result(None)
                    return
        self.busy -= 1


class Renderer:
    """Renders :class:`ImageSpec`\\ s in ``processes`` worker processes (None: one per
    core; 0: in threads, as tests may prefer for speed)."""

    def __init__(self, processes: int | None = None, *, cache_size: int = 256,
                 holders: int = 1024) -> None:
        self.processes = default_processes() if processes is None else processes
        self._pool: Workers | None = None
        #: images drawn lately, by their spec's content: a repeat of the same image (the
        #: same state for the same viewer) is not drawn again
        self.cache_size = cache_size
        self._cache: OrderedDict[bytes, renderer.RenderedImage] = OrderedDict()
        self._drawing: dict[bytes, asyncio.Future[renderer.RenderedImage]] = {}
        #: each holder's newest image (a table's picture, which holds for a chapter of a
        #: deal: :mod:`bot.tables.picture`), kept apart from the cache, where the images
        #: of hundreds of other tables would push it out before its next use
        self.holders = holders
        self._held: OrderedDict[int, tuple[bytes, renderer.RenderedImage]] = OrderedDict()
        self.slots = Slots(max(1, self.processes))
        self.drawn = self.reused = 0
        self._begun: set[asyncio.Task[None]] = set()

    @property
    def in_processes(self) -> bool:
        return self.processes > 0

    def worker_pids(self) -> list[int]:
        """The pids of the running workers (for measurements)."""
        return [] if self._pool is None else self._pool.pids()

    def _workers(self) -> Workers:
        if self._pool is None:
            self._pool = Workers(self.processes, render_pickled, warm)
        return self._pool

    async def start(self) -> None:
        """Start the workers and warm them up (card sprites, fonts)."""
        if not self.in_processes:
            return
        spent = await self._workers().start()
        log.info("%s", plural("log.workers_ready", self.processes, seconds=f"{spent:.1f}"))

    async def render(self, spec: ImageSpec, *, holder: int | None = None,
                     urgent: bool = False) -> renderer.RenderedImage:
        """The image of ``spec``: drawn once for every repeat of the same content. With
        a ``holder`` (a table's id), the image is also kept as that holder's newest.
        ``urgent``: someone waits for it (an answer): drawn before the others waiting."""
        data, key = _keyed(spec)
        if holder is not None:
            held = self._held.get(holder)
            if held is not None and held[0] == key:
                self._held.move_to_end(holder)
                self.reused += 1
                return held[1]
        image = await self._cached(data, key, urgent)
        if holder is not None:
            self._held[holder] = (key, image)
            self._held.move_to_end(holder)
            while len(self._held) > self.holders:
                self._held.popitem(last=False)
        return image

    def begin(self, spec: ImageSpec) -> None:
        """Start drawing ``spec`` (urgent) for an answer that will ask for it soon: that
        :meth:`render` shares the drawing. A failure is that render's to report (it
        shares the drawing's error, or draws again if the failed drawing is over)."""
        task = asyncio.get_running_loop().create_task(self._begin(spec))
        self._begun.add(task)
        task.add_done_callback(self._begun.discard)

    def started(self, spec: ImageSpec) -> bool:
        """Whether ``spec``'s image is drawn (and still cached) or being drawn."""
        key = _keyed(spec)[1]
        return key in self._cache or key in self._drawing

    async def _begin(self, spec: ImageSpec) -> None:
        with contextlib.suppress(Exception):
            await self.render(spec, urgent=True)

    def release(self, holder: int) -> None:
        """Forget ``holder``'s image (its table closed)."""
        self._held.pop(holder, None)

    async def _cached(self, data: bytes, key: bytes, urgent: bool) -> renderer.RenderedImage:
        image = self._cache.get(key)
        if image is not None:
            self._cache.move_to_end(key)
            self.reused += 1
            return image
        drawing = self._drawing.get(key)
        if drawing is not None:  # the same image is being drawn: share it
            self.reused += 1
            return await asyncio.shield(drawing)
        future: asyncio.Future[renderer.RenderedImage] = \
            asyncio.get_running_loop().create_future()
        self._drawing[key] = future
        try:
            await self.slots.acquire(urgent)
            try:
                image = await self._draw(data)
            finally:
                self.slots.release()
        except BaseException as error:
            future.set_exception(error)
            future.exception()  # (retrieved: nobody may be waiting)
            raise
        finally:
            del self._drawing[key]
        future.set_result(image)
        self.drawn += 1
        self._cache[key] = image
        while len(self._cache) > self.cache_size:
            self._cache.popitem(last=False)
        return image

    async def _draw(self, data: bytes) -> renderer.RenderedImage:
        if not self.in_processes:
            return await asyncio.to_thread(render_pickled, data)
        for _ in range(2):
            try:
                image = await self._workers().run(data)
            except WorkerDied as error:
                log.warning("%s; trying its image again", error)
                continue
            assert isinstance(image, renderer.RenderedImage)
            return image
        log.error("the image workers keep failing; rendering in a thread")
        return await asyncio.to_thread(render_pickled, data)

    def close(self) -> None:
        for task in self._begun:
            task.cancel()
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.close()
