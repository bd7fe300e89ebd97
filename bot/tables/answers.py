"""The one answer to an interaction (:class:`Answer`): sent in time, or deferred first."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

import discord

from .ids import Stamp
from .outgoing import Disclosure, MessageKind, Outgoing
from .view_models import MessageModel

if TYPE_CHECKING:
    from .display import Display

class Answer:
    """Answers one interaction once; defers it if the answer is not ready in ``grace``
    seconds (Discord allows 3). ``update``: the answer replaces the message the clicked
    component sits on (an ephemeral hand); otherwise it is a new ephemeral message.

    Use as ``async with display.answer(interaction) as answer: ...; await answer.send(...)``.
    """

    def __init__(self, display: Display, interaction: discord.Interaction, *, update: bool,
                 grace: float) -> None:
        self.display = display
        self.interaction = interaction
        self.update = update
        self.grace = grace
        self.deferred = False
        self._lock = asyncio.Lock()
        self._timer: asyncio.Task[None] | None = None

    async def __aenter__(self) -> Answer:
        self._timer = asyncio.create_task(self._defer_later())
        return self

    async def __aexit__(self, *exc: object) -> None:
        self._stop_timer()

    def _stop_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    async def _defer_later(self) -> None:
        await asyncio.sleep(self.grace)
        async with self._lock:
            response = self.interaction.response
            if response.is_done():
                return
            if self.update:
                await response.defer()
            else:
                await response.defer(ephemeral=True, thinking=True)
            self.deferred = True

    async def send(self, model: MessageModel, *, table_id: int, kind: MessageKind, seat: int | None,
                   stamp: Stamp | None, update: bool | None = None) -> None:
        """Send ``model`` as the answer (ephemeral), and report it to the observers."""
        out = await self.display.outgoing(model)
        async with self._lock:
            self._stop_timer()
            await self._deliver(out, self.update if update is None else update)
        user = self.interaction.user.id
        self.display.disclose(Disclosure(table_id, kind, user, seat, stamp, model))

    async def _deliver(self, out: Outgoing, update: bool) -> None:
        response = self.interaction.response
        if update and not response.is_done():
            await response.edit_message(**out.edit_kwargs())
        elif update and self.deferred and self.update:
            await self.interaction.edit_original_response(**out.edit_kwargs())
        elif not response.is_done():
            await response.send_message(ephemeral=True, **out.send_kwargs())
        else:
            await self.interaction.followup.send(ephemeral=True, **out.send_kwargs())

    async def text(self, text: str, *, table_id: int = 0) -> None:
        """A short ephemeral text (errors, confirmations): always a new message."""
        async with self._lock:
            self._stop_timer()
            response = self.interaction.response
            if not response.is_done():
                await response.send_message(text, ephemeral=True)
            else:
                await self.interaction.followup.send(text, ephemeral=True)
        self.display.disclose(Disclosure(table_id, MessageKind.NOTICE,
                                         self.interaction.user.id, None, None,
                                         MessageModel(description=text)))
