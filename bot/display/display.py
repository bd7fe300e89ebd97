"""Everything a table shows on Discord, one job per part: the table message, turn pings,
deal results and the closing summary (:mod:`.public`), members' live panels following
the game (:mod:`.panel_follow`), timer notices (:mod:`.table_notices`), the clicks taken
up (:mod:`.admission`), the answers to them (:mod:`.answers`) and a table's place
trouble (:mod:`.thread_trouble`). :class:`Display` runs the tables' queues and holds the
parts.

Public messages of a table go through one worker task per table, in order; a burst of
changes (computer turns) collapses into one update of the newest state. After each
state the members' live panels follow the game: the member to act sees their hand and
exactly their legal buttons without a click, and is pinged only if they have no live
panel. Images are rendered off the event loop. Each message is reported to the
``observers`` as a :class:`Disclosure` (who sees it, the view behind it, the cards it
names), which the hidden-information tests check.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import time
from collections.abc import Awaitable, Callable, Iterable, Iterator, Sequence

import discord

from bot.connection.clock_offset import ClockOffset
from bot.connection.context import member_language
from bot.connection.invalid_budget import InvalidBudget
from bot.i18n.words import Words
from bot.store import Store, TableRow, TableStatus
from bot.tables.ids import Stamp
from bot.tables.state import DealOver, HandContext, TableEvent, TablePaused, TableState
from bot.tables.timeouts import TimerNotice
from bot.tables.watching import Spectated
from bot.ui.hand_messages import hand_image
from bot.ui.outgoing import Outgoing
from bot.ui.rendering import Renderer
from bot.ui.specs import MessageModel

from .admission import Gate
from .answers import Answer
from .disclosure import Disclosure, MessageKind, Observer
from .display_queue import PanelHeld, Worker
from .panel_follow import PanelFollower
from .panels import LivePanel, Panels
from .public import PublicMessages, Sleep, banned_for, transient
from .spectator_follow import SpectatorPanel, SpectatorPanels
from .table_messages import lobby_message, table_message, turn_ping
from .table_notices import TableNotices
from .thread_trouble import TableHost, Troubles

log = logging.getLogger(__name__)

TABLE, HAND, NOTICE = MessageKind.TABLE, MessageKind.HAND, MessageKind.NOTICE
#: pauses before a public update Discord refused (429 storm, 5xx) is tried again
RETRY_DELAYS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 30.0)

class Display:
    """The Discord side of every table. ``clock`` gives Unix seconds (Discord's time)."""

    def __init__(self, client: discord.Client, store: Store, *,
                 clock: Callable[[], float] = time.time,
                 sleep: Sleep = asyncio.sleep,
                 observers: Iterable[Observer] = (),
                 images: Renderer | None = None, budget: InvalidBudget | None = None,
                 offset: ClockOffset | None = None, host: TableHost | None = None) -> None:
        self.client = client
        #: the invalid-request budget: while strained, optional traffic stops
        self.budget = budget or InvalidBudget()
        #: tables whose place is gone (see :mod:`.places`): nothing is sent for them
        self.suspended: set[int] = set()
        self.store = store
        self.clock = clock
        #: what a retry waits with (tests pass a quicker one)
        self.sleep = sleep
        #: renders the images (in worker processes unless told otherwise)
        self.images = images or Renderer()
        self.observers: list[Observer] = list(observers)
        self.public = PublicMessages(client, store, outgoing=self.outgoing,
                                     disclose=self.disclose, clock=clock, sleep=sleep)
        #: locked threads and missing permissions (see :mod:`.thread_trouble`)
        self.troubles = Troubles(client, store, host)
        self.panels = Panels(clock)
        self.follower = PanelFollower(self.panels, self.outgoing, self.disclose)
        self.notices = TableNotices(self.public, store, self._lasting, self.follower,
                                    self.budget, sleep, self.suspended)
        #: which clicks are taken up (see :mod:`bot.display.admission`)
        self.gate = Gate(offset)
        #: spectators' panels (tables that allow them), edited once a trick
        self.spectators = SpectatorPanels(self.outgoing, self.disclose, clock)
        self._workers: dict[int, Worker] = {}
        #: the languages of the answers being worked out, by (table, member)
        self._answering: dict[tuple[int, int], list[str]] = {}
        #: pauses before trying a refused update again (then it is given up and logged)
        self.retry_delays: tuple[float, ...] = RETRY_DELAYS

    # -- observers and rendering ---------------------------------------------------------
    def disclose(self, disclosure: Disclosure) -> None:
        for observer in self.observers:
            observer(disclosure)

    async def start(self) -> None:
        """Start and warm up the image workers."""
        await self.images.start()

    async def outgoing(self, model: MessageModel, holder: int | None = None, *,
                       urgent: bool = False) -> Outgoing:
        """``model`` with its image drawn (kept as ``holder``'s newest, if given; before
        the others if ``urgent``: see :meth:`Renderer.render`)."""
        image = None
        if model.image is not None:
            image = await self.images.render(model.image, holder=holder, urgent=urgent)
        return Outgoing.of(model, image)

    def taken(self, user_id: int, hand: HandContext) -> None:
        """The table service took the member's action (it is being stored): the picture
        their answer will show (``hand``, in the language of the answer being worked
        out) starts drawing now (see :meth:`Renderer.begin`)."""
        languages = self._answering.get((hand.table_id, user_id))
        if not languages:  # nobody waits for an answer (a tool, a test)
            return
        spec = hand_image(hand, languages[-1], after_action=True)
        if spec is not None:
            self.images.begin(spec)

    @contextlib.contextmanager
    def answering(self, table_id: int, user_id: int, language: str) -> Iterator[None]:
        """An answer to the member at the table is being worked out, in ``language``."""
        key = (table_id, user_id)
        self._answering.setdefault(key, []).append(language)
        try:
            yield
        finally:
            languages = self._answering[key]
            languages.remove(language)
            if not languages:
                del self._answering[key]

    # -- the public side: one worker per table ---------------------------------------------
    def update(self, state: TableState, events: Sequence[TableEvent] = (), *,
               repost: bool = False) -> None:
        """Show ``state`` (after posting ``events`` in order) in the table's channel."""
        if state.table_id in self.suspended:
            return
        worker = self._worker(state.table_id)
        worker.state = state
        worker.queue(events)
        worker.repost = worker.repost or repost
        self._wake(state.table_id, worker)

    def owe(self, table_id: int, events: Sequence[TableEvent]) -> None:
        """Post ``events`` of a table (what the display owed it: see :mod:`.duties`)."""
        worker = self._worker(table_id)
        worker.queue(events)
        self._wake(table_id, worker)

    def paused(self, table: TableRow) -> None:
        """Tell a table marked broken's channel, after what is queued, that it is paused."""
        worker = self._worker(table.table_id)
        worker.state = None  # nothing more of it is shown
        worker.events.append(TablePaused(table.table_id))
        self._wake(table.table_id, worker)

    def suspend(self, table_id: int) -> None:
        """The table's place is gone: drop what is queued; send nothing more for it."""
        self.suspended.add(table_id)
        worker = self._workers.get(table_id)
        if worker is not None:
            worker.state = None
            worker.events.clear()

    def resume(self, table_id: int) -> None:
        self.suspended.discard(table_id)

    async def place_changed(self, table_id: int, reason: str | None) -> None:
        """A table was suspended (``reason``) or resumed (None): see
        :meth:`Troubles.suspended`."""
        await self.troubles.suspended(table_id, reason)

    def _worker(self, table_id: int) -> Worker:
        return self._workers.setdefault(table_id, Worker())

    def _wake(self, table_id: int, worker: Worker) -> None:
        if worker.task is None or worker.task.done():
            worker.task = asyncio.create_task(self._run(table_id, worker),
                                              name=f"tapp-display-{table_id}")

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

    async def _run(self, table_id: int, worker: Worker) -> None:
        """Post the queued events in order, then show the newest state. A call Discord
        refuses for now (429s beyond discord.py's own retries, a 5xx, a busy store) is
        tried again after a pause; a state is dropped only for a newer one."""
        while (worker.events or worker.state is not None) and table_id not in self.suspended:
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
        """``call()``, tried again after a transient failure (until ``superseded()``),
        and once more after a lasting refusal was dealt with (a table moved out of its
        locked thread); True if it went through."""
        delays, handled = list(self.retry_delays), False
        while True:
            try:
                await call()
                return True
            except asyncio.CancelledError:
                raise
            except Exception as error:
                ban = banned_for(error)
                if ban is not None:  # never again before Cloudflare's Retry-After
                    log.warning("table %d: Discord's edge bans the bot; waiting %.0f s",
                                table_id, ban)
                    await asyncio.sleep(ban)
                    if superseded():
                        return False
                    continue
                if not transient(error):
                    if not handled and await self._lasting(table_id, error):
                        handled = True
                        if superseded():  # a newer state, in the table's new place
                            return False
                        continue
                    log.exception("could not update the messages of table %d", table_id)
                    return False
                if not delays:
                    log.exception("could not update the messages of table %d", table_id)
                    return False
                delay = delays.pop(0)
                log.warning("table %d: Discord refused an update for now (%s); retrying in"
                            " %.2f s", table_id, error, delay)
            await self.sleep(delay)
            if superseded():
                return False

    async def _lasting(self, table_id: int, error: Exception) -> bool:
        worker = self._workers.get(table_id)
        language = worker.language if worker is not None else None
        try:
            return await self.troubles.handle(table_id, error, language)
        except Exception:
            log.exception("table %d: a refusal could not be dealt with", table_id)
            return False

    async def _show(self, worker: Worker, state: TableState, repost: bool) -> None:
        words = Words(state.language, state.variant, state.style)
        worker.language, worker.style = state.language, state.style
        if state.status is TableStatus.LOBBY:
            model, kind = lobby_message(state, words), MessageKind.LOBBY
        elif state.status is TableStatus.PLAYING and state.view is not None:
            model, kind = table_message(state, words), TABLE
        else:
            return
        if kind is TABLE and not repost and self.budget.strained:
            return  # no picture updates while the invalid-request budget is spent
        await self.public.put_table_message(state, model, kind, repost)
        if kind is TABLE:
            worker.shown = state
            await self._follow_turn(worker, state, words)
            if state.spectated is not None and not self.budget.strained:
                await self.spectators.follow(state)

    async def _follow_turn(self, worker: Worker, state: TableState, words: Words) -> None:
        """The live panels follow the game; the member to act is pinged only if they have
        none; pings that no longer name the member to act go."""
        actor = state.actor_user
        claim = state.claim
        deciding = {info.user_id for s in claim.waiting if (info := state.seat(s)) is not None} \
            if claim is not None else set()
        for user_id, panel in self.panels.of_table(state.table_id).items():
            await self.follower.follow(state, user_id, panel,
                                       user_id == actor or user_id in deciding)
        view = state.view
        if self.budget.strained:  # no panels' edits, no pings: optional traffic
            return
        if actor is not None and self.panels.get(state.table_id, actor) is None:
            assert view is not None and view.actor is not None and state.stamp is not None
            key = (state.stamp.deal, view.actor, actor)
            ping = turn_ping(state, words)
            if key != worker.last_ping and ping is not None:
                await self.public.ping(state, ping)
                worker.last_ping, worker.pinged = key, True
        elif worker.pinged:
            await self.public.clear_pings(state.table_id)
            worker.last_ping, worker.pinged = None, False
        await self.public.delete_owed(state.table_id)

    async def _event(self, worker: Worker, event: TableEvent | PanelHeld) -> None:
        if isinstance(event, PanelHeld):
            await self._panel_held(worker, event)
            return
        if isinstance(event, TablePaused):
            await self.notices.paused(event)
            return
        language, style = await self._looks(event.table_id, worker)
        if isinstance(event, DealOver):
            await self.public.result(event, language, style)
            await self.follower.note(event.table_id, "panel.deal_over", final=False)
            return
        await self.public.closed(event, language, style)
        await self.follower.note(event.table_id, "panel.table_closed", final=True)
        self.spectators.forget(event.table_id)
        self.images.release(event.table_id)
        worker.state = None

    async def _panel_held(self, worker: Worker, event: PanelHeld) -> None:
        state = worker.shown
        panel = self.panels.get(event.table_id, event.user_id)
        if state is None or panel is None:
            return
        to_act = state.actor_user == event.user_id
        await self.follower.follow(state, event.user_id, panel, to_act)
        if to_act and worker.last_ping is not None and worker.last_ping[2] == event.user_id \
                and self.panels.get(event.table_id, event.user_id) is not None:
            await self.public.clear_pings(event.table_id)  # their panel shows it now
            worker.last_ping, worker.pinged = None, False
            await self.public.delete_owed(event.table_id)

    async def _looks(self, table_id: int, worker: Worker) -> tuple[str | None, str]:
        """The language and deck style of the table's messages."""
        state = worker.state
        if state is not None:
            return state.language, state.style
        if worker.language is None:  # nothing shown yet since the start: as stored
            settings = await self.store.settings.for_table(table_id)
            table = await self.store.tables.get(table_id)
            worker.language = None if settings.language == "auto" else settings.language
            worker.style = settings.deck_for(table.variant)
        return worker.language, worker.style

    async def notice(self, notice: TimerNotice) -> None:
        """Post what a turn timer did (see :meth:`TableNotices.timer`)."""
        await self.notices.timer(notice)

    # -- answers to interactions ------------------------------------------------------
    def hold_spectator(self, interaction: discord.Interaction, shown: Spectated,
                       stamp: Stamp) -> None:
        """The answer of ``interaction`` (a spectator's panel showing ``shown`` at the
        moment ``stamp``) follows the game from now on, once a trick."""
        view = shown.view
        self.spectators.hold(shown.table_id, interaction.user.id, SpectatorPanel(
            interaction, shown.seat, member_language(interaction),
            self.clock() - self.gate.age(interaction)),
            (stamp.deal, len(view.tricks) if view else 0, view is not None))

    def hold_panel(self, interaction: discord.Interaction, table_id: int, seat: int,
                   content: str | None = None) -> None:
        """The ephemeral answer of ``interaction`` (taking a seat, starting the table)
        becomes the member's live panel: it shows their hand as the game begins (at once
        if the game already has), below the answer's own words (``content``)."""
        self.panels.hold(table_id, interaction.user.id, LivePanel(
            interaction, seat, member_language(interaction),
            self.clock() - self.gate.age(interaction), content=content))
        worker = self._workers.get(table_id)
        if worker is not None and worker.shown is not None:
            worker.events.append(PanelHeld(table_id, interaction.user.id))
            self._wake(table_id, worker)

    def answer(self, interaction: discord.Interaction, *, update: bool = False,
               grace: float = 2.0, table_id: int | None = None) -> Answer:
        """The one answer to ``interaction`` (see :class:`Answer`); deferred if not sent
        ``grace`` seconds after the interaction reached the bot. ``table_id``: the table
        the member acts at (their live panel there waits for this answer)."""
        return Answer(self, interaction, update=update,
                      grace=max(0.0, grace - self.gate.age(interaction)), table_id=table_id)
