"""Everything a table sends to Discord: the table message (edited in place, re-posted
when it grows old), the turn ping, deal results, and the answers to interactions.

Public messages of a table go through one worker task per table, in order; a burst of
changes (computer turns) collapses into one edit of the newest state. Images are
rendered off the event loop. Each message is reported to the ``observers`` as a
:class:`Disclosure` (who sees it, the view behind it, the cards it names), which the
hidden-information tests check.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import time
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

import aiohttp
import discord

from bot.i18n import t
from bot.store import Store, StoreUnavailable, TableRow, TableStatus

from .admission import Admission
from .answers import Answer
from .notices import notice_text
from .outgoing import Disclosure, MessageKind, Observer, Outgoing
from .rendering import Renderer
from .state import DealOver, TableEvent, TableOver, TablePaused, TableState
from .timeouts import REMINDER, TimerNotice
from .view_models import (
    MessageModel,
    closed_message,
    lobby_message,
    result_message,
    table_message,
    turn_ping,
)
from .words import Words

log = logging.getLogger(__name__)
T = TypeVar("T")
Sleep = Callable[[float], Awaitable[None]]

#: a table message older than this is re-posted rather than edited (Discord limits edits
#: of messages older than an hour: error 30046)
REPOST_AFTER = 55 * 60.0
OLD_MESSAGE_EDITS = 30046
TABLE, PING, RESULT, CLOSED, NOTICE = (MessageKind.TABLE, MessageKind.PING, MessageKind.RESULT,
                                      MessageKind.CLOSED, MessageKind.NOTICE)
#: pauses before a public update Discord refused (429 storm, 5xx) is tried again
RETRY_DELAYS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 30.0)
#: an interaction this old (seconds since Discord made it) is not taken up: Discord
#: allows 3 s for the first answer, so its member is told it failed whatever the bot
#: does; nothing is done (so nothing is acknowledged), and a bot behind under a burst
#: catches up on what it can still answer instead of working for nobody
TOO_LATE = 2.5


def transient(error: BaseException) -> bool:
    """A failure that may go away by itself: rate limits beyond discord.py's own retries,
    Discord's 5xx, a dropped connection, a busy store."""
    if isinstance(error, discord.HTTPException):
        return error.status == 429 or error.status >= 500
    return isinstance(error, (aiohttp.ClientError, TimeoutError, OSError, StoreUnavailable))


async def _retrying(call: Callable[[], Awaitable[T]], sleep: Sleep,
                    delays: Sequence[float] = RETRY_DELAYS[:4]) -> T:
    """``call()``, tried again after a transient failure (the last failure is raised)."""
    for delay in delays:
        try:
            return await call()
        except Exception as error:
            if not transient(error):
                raise
            log.warning("Discord refused a call for now (%s); retrying in %.2f s", error,
                        delay)
        await sleep(delay)
    return await call()





@dataclass
class _Worker:
    """The queue of one table's public updates."""

    state: TableState | None = None
    events: deque[TableEvent] = field(default_factory=deque)
    repost: bool = False
    task: asyncio.Task[None] | None = None
    last_ping: tuple[int, int, int] | None = None  # (deal, seat, user) pinged last
    language: str | None = None
    style: str = "french"


class Display:
    """The Discord side of every table. ``clock`` gives Unix seconds (Discord's time)."""

    def __init__(self, client: discord.Client, store: Store, *,
                 clock: Callable[[], float] = time.time,
                 sleep: Sleep = asyncio.sleep,
                 observers: Iterable[Observer] = (),
                 images: Renderer | None = None) -> None:
        self.client = client
        self.store = store
        self.clock = clock
        #: what a retry waits with (tests pass a quicker one)
        self.sleep = sleep
        #: renders the images (in worker processes unless told otherwise)
        self.images = images or Renderer()
        self.observers: list[Observer] = list(observers)
        self._workers: dict[int, _Worker] = {}
        #: pauses before trying a refused update again (then it is given up and logged)
        self.retry_delays: tuple[float, ...] = RETRY_DELAYS
        self.dropped = 0  # interactions that came too late to be answered
        #: how many clicks are worked on at once (see :mod:`bot.tables.admission`)
        self.admission = Admission()

    # -- observers --------------------------------------------------------------------
    def disclose(self, disclosure: Disclosure) -> None:
        for observer in self.observers:
            observer(disclosure)

    # -- rendering --------------------------------------------------------------------
    async def start(self) -> None:
        """Start and warm up the image workers."""
        await self.images.start()

    async def outgoing(self, model: MessageModel) -> Outgoing:
        image = None
        if model.image is not None:
            image = await self.images.render(model.image)
        return Outgoing(model, image)

    # -- the public side: one worker per table ----------------------------------------
    def update(self, state: TableState, events: Sequence[TableEvent] = (), *,
               repost: bool = False) -> None:
        """Show ``state`` (after posting ``events`` in order) in the table's channel."""
        worker = self._workers.setdefault(state.table_id, _Worker())
        worker.state = state
        worker.events.extend(events)
        worker.repost = worker.repost or repost
        if worker.task is None or worker.task.done():
            worker.task = asyncio.create_task(self._run(state.table_id, worker),
                                              name=f"tapp-display-{state.table_id}")

    async def idle(self, table_id: int | None = None) -> None:
        """Wait until the table's (or every table's) updates are out."""
        while True:
            tasks = [w.task for i, w in self._workers.items()
                     if w.task is not None and not w.task.done()
                     and (table_id is None or i == table_id)]
            if not tasks:
                return
            await asyncio.wait(tasks)

    def is_idle(self) -> bool:
        return all(w.task is None or w.task.done() for w in self._workers.values())

    async def close(self) -> None:
        tasks = [w.task for w in self._workers.values() if w.task and not w.task.done()]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._workers.clear()
        self.images.close()

    async def _run(self, table_id: int, worker: _Worker) -> None:
        """Post the queued events in order, then show the newest state. A call Discord
        refuses for now (429s beyond discord.py's own retries, a 5xx, a busy store) is
        tried again after a pause; a state is dropped only for a newer one."""
        while worker.events or worker.state is not None:
            if worker.events:
                event = worker.events[0]
                await self._attempt(table_id, functools.partial(self._event, worker, event))
                if worker.events and worker.events[0] is event:
                    worker.events.popleft()
                continue
            state, worker.state = worker.state, None
            assert state is not None
            repost, worker.repost = worker.repost, False
            shown = await self._attempt(table_id, functools.partial(self._show, worker, state,
                                                                      repost),
                                        superseded=lambda: worker.state is not None)
            if not shown:
                worker.repost = worker.repost or repost

    async def _attempt(self, table_id: int, call: Callable[[], Awaitable[None]], *,
                       superseded: Callable[[], bool] = lambda: False) -> bool:
        """``call()``, tried again after a transient failure (until ``superseded()``);
        True if it went through."""
        for delay in (*self.retry_delays, None):
            try:
                await call()
                return True
            except asyncio.CancelledError:
                raise
            except Exception as error:
                if delay is None or not transient(error):
                    log.exception("could not update the messages of table %d", table_id)
                    return False
                log.warning("table %d: Discord refused an update for now (%s); retrying in"
                            " %.2f s", table_id, error, delay)
            await self.sleep(delay)
            if superseded():
                return False
        return False

    async def _show(self, worker: _Worker, state: TableState, repost: bool) -> None:
        words = Words(state.language, state.variant, state.style)
        worker.language, worker.style = state.language, state.style
        if state.status is TableStatus.LOBBY:
            model, kind = lobby_message(state, words), MessageKind.LOBBY
        elif state.status is TableStatus.PLAYING and state.view is not None:
            model, kind = table_message(state, words), TABLE
        else:
            return
        await self._put_table_message(state, model, kind, repost)
        await self._ping(worker, state)

    async def _put_table_message(self, state: TableState, model: MessageModel, kind: MessageKind,
                                 repost: bool) -> None:
        out = await self.outgoing(model)
        channel = self.client.get_partial_messageable(state.location_id)
        current = await self.store.messages.current(state.table_id, TABLE)
        message_id = None
        if current and not repost and not self._too_old(current[-1].message_id):
            ref = current[-1]
            try:
                await channel.get_partial_message(ref.message_id).edit(**out.edit_kwargs())
                message_id = ref.message_id
            except discord.NotFound:
                await self.store.messages.retire(ref.message_id)
            except discord.HTTPException as error:
                if error.code != OLD_MESSAGE_EDITS:
                    raise
        if message_id is None:
            message = await channel.send(**out.send_kwargs())
            message_id = message.id
            posted = await self._record_sent(message, functools.partial(
                self.store.messages.record, state.table_id, TABLE, channel.id, message.id))
            await self._delete(channel, (m.message_id for m in posted.retired))
        self.disclose(Disclosure(state.table_id, kind, None, None, state.stamp, model,
                                 message_id))

    async def _record_sent(self, message: discord.Message,
                           record: Callable[[], Awaitable[T]]) -> T:
        """Record a message just sent (tried again while the store is busy); if the
        store keeps refusing, the message is deleted again, so that trying the whole
        update again leaves no copy behind that the bot does not know of."""
        try:
            return await _retrying(record, self.sleep)
        except Exception:
            with contextlib.suppress(discord.HTTPException):
                await message.delete()
            raise

    def _too_old(self, message_id: int) -> bool:
        created = discord.utils.snowflake_time(message_id).timestamp()
        return self.clock() - created > REPOST_AFTER

    async def _ping(self, worker: _Worker, state: TableState) -> None:
        words = Words(state.language, state.variant, state.style)
        ping = turn_ping(state, words)
        channel = self.client.get_partial_messageable(state.location_id)
        if ping is None:
            return
        view = state.view
        assert view is not None and view.actor is not None and state.stamp is not None
        assert state.actor_user is not None
        key = (state.stamp.deal, view.actor, state.actor_user)
        if key == worker.last_ping:
            return
        message = await channel.send(**(await self.outgoing(ping)).send_kwargs())
        posted = await self._record_sent(message, functools.partial(
            self.store.messages.record, state.table_id, PING, channel.id, message.id))
        worker.last_ping = key
        await self._delete(channel, (m.message_id for m in posted.retired))
        self.disclose(Disclosure(state.table_id, PING, None, None, state.stamp, ping,
                                 message.id))

    async def _event(self, worker: _Worker, event: TableEvent) -> None:
        state = worker.state
        if isinstance(event, TablePaused):
            await self._paused(event)
            return
        if isinstance(event, DealOver):
            language = state.language if state else worker.language
            style = state.style if state else worker.style
            words = Words(language, event.view.variant, style)
            model = result_message(event, words, style, language)
            location = await self._location(event.table_id)
            channel = self.client.get_partial_messageable(location)
            message = await channel.send(**(await self.outgoing(model)).send_kwargs())
            await self._record_sent(message, functools.partial(
                self.store.messages.record, event.table_id, RESULT, channel.id, message.id,
                replace=False))
            self.disclose(Disclosure(event.table_id, RESULT, None, None, event.stamp, model,
                                     message.id))
            return
        await self._closed(worker, event)

    async def _closed(self, worker: _Worker, event: TableOver) -> None:
        table = await self.store.tables.get(event.table_id)
        words = Words(worker.language, table.variant, worker.style)
        model = closed_message(event, words)
        channel = self.client.get_partial_messageable(table.thread_id or table.channel_id)
        out = await self.outgoing(model)
        for ref in await self.store.messages.current(event.table_id, TABLE):
            with contextlib.suppress(discord.HTTPException):
                await channel.get_partial_message(ref.message_id).edit(**out.edit_kwargs())
        pings = await self.store.messages.current(event.table_id, PING)
        await self._delete(channel, (m.message_id for m in pings))
        for ref in pings:
            await self.store.messages.retire(ref.message_id)
        if not event.cancelled:
            message = await channel.send(**out.send_kwargs())
            await self._record_sent(message, functools.partial(
                self.store.messages.record, event.table_id, CLOSED, channel.id, message.id))
        self.disclose(Disclosure(event.table_id, CLOSED, None, None, None, model))
        worker.state = None

    async def notice(self, notice: TimerNotice) -> None:
        """Post what a turn timer did (a reminder mentions the member to act, and only
        them). The text names no card: the table message shows what was played."""
        channel = self.client.get_partial_messageable(notice.location_id)
        mentions = (notice.user_id,) if notice.kind == REMINDER and notice.user_id else ()
        model = MessageModel(description="", content=notice_text(notice), mentions=mentions)
        out = Outgoing(model, None)
        message = await _retrying(lambda: channel.send(**out.send_kwargs()), self.sleep)
        self.disclose(Disclosure(notice.table_id, NOTICE, None, None, None, model, message.id))

    def paused(self, table: TableRow) -> None:
        """Tell a table marked broken's channel, after what is queued, that it is paused."""
        worker = self._workers.setdefault(table.table_id, _Worker())
        worker.state = None  # nothing more of it is shown
        worker.events.append(TablePaused(table.table_id))
        if worker.task is None or worker.task.done():
            worker.task = asyncio.create_task(self._run(table.table_id, worker),
                                              name=f"tapp-display-{table.table_id}")

    async def _paused(self, event: TablePaused) -> None:
        language = (await self.store.settings.for_table(event.table_id)).language
        model = MessageModel(description="", content=t("table.broken", language))
        channel = self.client.get_partial_messageable(await self._location(event.table_id))
        message = await channel.send(**Outgoing(model, None).send_kwargs())
        self.disclose(Disclosure(event.table_id, NOTICE, None, None, None, model, message.id))

    async def _location(self, table_id: int) -> int:
        table = await self.store.tables.get(table_id)
        return table.thread_id or table.channel_id

    async def _delete(self, channel: discord.PartialMessageable,
                      message_ids: Iterable[int]) -> None:
        for message_id in message_ids:
            with contextlib.suppress(discord.NotFound):
                await channel.get_partial_message(message_id).delete()

    # -- answers to interactions ------------------------------------------------------
    def age(self, interaction: discord.Interaction) -> float:
        """Seconds since Discord made ``interaction`` (by its id, on the display's clock)."""
        return self.clock() - discord.utils.snowflake_time(interaction.id).timestamp()

    def too_late(self, interaction: discord.Interaction) -> bool:
        """Too old to be answered in time: leave it (see :data:`TOO_LATE`)."""
        age = self.age(interaction)
        if age < TOO_LATE:
            return False
        self.dropped += 1
        log.warning("interaction %d came %.1f s late: not taken up", interaction.id, age)
        return True

    @contextlib.asynccontextmanager
    async def admitted(self, interaction: discord.Interaction) -> AsyncIterator[bool]:
        """Whether to take ``interaction`` up: not if it came too late, nor if no
        admission slot came free before it would be; the slot is held while the block
        works on it."""
        if self.too_late(interaction):
            yield False
            return
        async with self.admission.slot(TOO_LATE - self.age(interaction)) as admitted:
            if not admitted:
                self.dropped += 1
                log.warning("interaction %d waited %.1f s for its turn: not taken up",
                            interaction.id, self.age(interaction))
            yield admitted

    def answer(self, interaction: discord.Interaction, *, update: bool = False,
               grace: float = 2.0) -> Answer:
        """The one answer to ``interaction`` (see :class:`Answer`); deferred if not sent
        ``grace`` seconds after Discord made the interaction."""
        return Answer(self, interaction, update=update,
                      grace=max(0.0, grace - self.age(interaction)))
