"""The one answer to a deal-of-the-day interaction (:class:`Reply`: sent in time, or
deferred first). Its messages become discord.py's arguments in
:class:`bot.ui.outgoing.Outgoing`, its components are :class:`bot.ui.component.KeyedItem`
(their clicks raise ``tapp_daily`` and ``tapp_daily_board``, see :mod:`.ids`).
"""

from __future__ import annotations

import discord

from bot.connection.replies import Deferring
from bot.ui.outgoing import Outgoing


class Reply(Deferring):
    """Answers one interaction once: a new message, or (``update``) in place of the
    message its component sits on; deferred if the answer is not ready ``grace``
    seconds after the interaction reached the bot (Discord allows 3). A deferral says
    only "working on it": what is shown afterwards is what was committed."""

    def __init__(self, interaction: discord.Interaction, *, update: bool = False,
                 ephemeral: bool = True, grace: float = 2.0) -> None:
        super().__init__(interaction, update=update, grace=grace, ephemeral=ephemeral)

    async def __aenter__(self) -> Reply:
        self.start_timer()
        return self

    async def __aexit__(self, *exc: object) -> None:
        self._stop_timer()

    async def send(self, out: Outgoing, *, update: bool | None = None) -> None:
        update = self.update if update is None else update
        response = self.interaction.response
        async with self._lock:
            self._stop_timer()
            if update and not response.is_done():
                await response.edit_message(**out.edit_kwargs())
            elif update and self.deferred and self.update:
                await self.interaction.edit_original_response(**out.edit_kwargs())
            elif not response.is_done():
                await response.send_message(ephemeral=self.ephemeral, **out.send_kwargs())
            elif self.deferred and not self.update:  # in place of "thinking..."
                await self.interaction.edit_original_response(**out.edit_kwargs())
            else:
                await self.interaction.followup.send(ephemeral=True, **out.send_kwargs())

    async def text(self, text: str) -> None:
        """A short ephemeral text (a refusal): a new message beside the clicked panel."""
        async with self._lock:
            self._stop_timer()
            response = self.interaction.response
            if not response.is_done():
                await response.send_message(text, ephemeral=True)
            elif self.deferred and not self.update:  # in place of "thinking..."
                await self.interaction.edit_original_response(content=text, embeds=[],
                                                              attachments=[], view=None)
            else:
                await self.interaction.followup.send(text, ephemeral=True)
