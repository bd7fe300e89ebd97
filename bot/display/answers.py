"""The one answer to an interaction (:class:`Answer`): sent in time, or deferred first.

An answer that shows the member their hand panel makes it their live panel at the table
(:mod:`.panels`): the display edits it from then on as the game goes. An answer never
shows an older moment than the panel it replaces already shows: then it only
acknowledges the click.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

import discord

from bot.connection.context import member_language
from bot.connection.replies import Deferring
from bot.tables.ids import Stamp
from bot.tables.state import ClaimState
from bot.ui.outgoing import Outgoing
from bot.ui.specs import MessageModel

from .disclosure import Disclosure, MessageKind
from .panels import LivePanel, later

if TYPE_CHECKING:
    from .display import Display


class Answer(Deferring):
    """Answers one interaction once; defers it if the answer is not ready in ``grace``
    seconds (Discord allows 3). ``update``: the answer replaces the message the clicked
    component sits on (an ephemeral hand); otherwise it is a new ephemeral message.

    Use as ``async with display.answer(interaction) as answer: ...; await answer.send(...)``.
    """

    def __init__(self, display: Display, interaction: discord.Interaction, *, update: bool,
                 grace: float, table_id: int | None = None) -> None:
        super().__init__(interaction, update=update, grace=grace)
        self.display = display
        self.table_id = table_id
        self._held: LivePanel | None = None
        self._answering = contextlib.ExitStack()

    async def __aenter__(self) -> Answer:
        """With a ``table_id``: the member's live panel there is not edited by the display
        while this answer is being worked out (it shows its own moment, then the display
        moves it on), and the picture of their hand after their action starts drawing
        as soon as the table service took it (:meth:`Display.taken`)."""
        if self.table_id is not None:
            held = self.display.panels.get(self.table_id, self.interaction.user.id)
            if held is not None:
                await held.lock.acquire()
                self._held = held
            self._answering.enter_context(self.display.answering(
                self.table_id, self.interaction.user.id,
                member_language(self.interaction)))
        self.start_timer()
        return self

    async def __aexit__(self, *exc: object) -> None:
        self._stop_timer()
        self._answering.close()
        if self._held is not None:
            self._held.lock.release()
            self._held = None

    async def send(self, model: MessageModel, *, table_id: int, kind: MessageKind,
                   seat: int | None, stamp: Stamp | None, update: bool | None = None,
                   claim: ClaimState | None = None) -> None:
        """Send ``model`` as the answer (ephemeral), and report it to the observers. A
        hand panel (``kind`` HAND) becomes the member's live panel at the table
        (showing the moment ``stamp``, and ``claim`` made then)."""
        out = await self.display.outgoing(model, urgent=True)  # the member waits for it
        update = self.update if update is None else update
        user = self.interaction.user.id
        if kind is not MessageKind.HAND or seat is None:
            async with self._lock:
                self._stop_timer()
                await self._deliver(out, update)
            self.display.disclose(Disclosure(table_id, kind, user, seat, stamp, model))
            return
        panels = self.display.panels
        held = panels.get(table_id, user)
        panel = LivePanel(self.interaction, seat, member_language(self.interaction),
                          self.display.clock() - self.display.gate.age(self.interaction),
                          shown=stamp, turn=any(True for _ in model.components), claim=claim)
        lock = None if held is None or held is self._held else held.lock  # (held: this
        async with lock or contextlib.nullcontext():  # answer holds its lock already)
            async with self._lock:
                self._stop_timer()
                if update and held is not None and later(held.shown, stamp):
                    await self._acknowledge()  # the panel shows a later moment already
                    panel.shown, panel.turn, panel.claim = held.shown, held.turn, held.claim
                else:
                    await self._deliver(out, update)
                    self.display.disclose(Disclosure(table_id, kind, user, seat, stamp, model))
            panels.hold(table_id, user, panel)

    async def _deliver(self, out: Outgoing, update: bool) -> None:
        response = self.interaction.response
        if update and not response.is_done():
            await response.edit_message(**out.edit_kwargs())
        elif update and self.deferred and self.update:
            await self.interaction.edit_original_response(**out.edit_kwargs())
        elif not response.is_done():
            await response.send_message(ephemeral=True, **out.send_kwargs())
        else:  # deferred with "thinking": the answer takes the place of the loading one
            await self.interaction.edit_original_response(**out.edit_kwargs())

    async def _acknowledge(self) -> None:
        if not self.interaction.response.is_done():
            await self.interaction.response.defer()

    async def text(self, text: str, *, table_id: int = 0) -> None:
        """A short ephemeral text (errors, confirmations): always a new message, or in
        place of "thinking..." (see :meth:`Deferring.text`)."""
        await super().text(text)
        self.display.disclose(Disclosure(table_id, MessageKind.NOTICE,
                                         self.interaction.user.id, None, None,
                                         MessageModel(description=text)))
