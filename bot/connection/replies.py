"""How an interaction is answered, whatever was answered before: the first answer, a
deferred ("thinking") answer filled by editing it (not by a follow-up, which Discord calls
deprecated), or a follow-up; and :class:`Reply`, an answer deferred if it is not ready in
time. The cogs reach these through :class:`bot.connection.context.Context`."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

import discord

if TYPE_CHECKING:
    from bot.ui.outgoing import Outgoing

DEFERRED = discord.InteractionResponseType.deferred_channel_message


def deferred(interaction: discord.Interaction) -> bool:
    """The first answer is a loading message still to be filled (or filled since)."""
    return interaction.response.type is DEFERRED


async def fill(interaction: discord.Interaction, *, file: discord.File | None = None,
               files: list[discord.File] | None = None, **kwargs: Any) -> None:
    """Put the answer in place of the deferred loading message (whether it is ephemeral
    was fixed when it was deferred; files become its attachments)."""
    attachments = [*([file] if file else []), *(files or [])]
    if attachments:
        kwargs["attachments"] = attachments
    await interaction.edit_original_response(**kwargs)


async def send(interaction: discord.Interaction, *, ephemeral: bool, **kwargs: Any) -> None:
    """An answer (``kwargs`` as for ``send_message``): the first one, the deferred loading
    message filled with it, or a follow-up."""
    if not interaction.response.is_done():
        await interaction.response.send_message(ephemeral=ephemeral, **kwargs)
    elif deferred(interaction):
        await fill(interaction, **kwargs)
    else:
        await interaction.followup.send(ephemeral=ephemeral, **kwargs)


async def tell(interaction: discord.Interaction, text: str, *, held: bool = False) -> None:
    """A short ephemeral text (a refusal, a confirmation), whatever was answered before:
    the first answer, the deferred loading message filled with it, or a follow-up.
    ``held``: the first answer is a message of ours standing for the one to come (a
    progress line); the text takes its place."""
    if not interaction.response.is_done():
        await interaction.response.send_message(text, ephemeral=True)
    elif deferred(interaction):
        await interaction.edit_original_response(content=text)
    elif held:
        await interaction.edit_original_response(content=text, embed=None, attachments=[])
    else:
        await interaction.followup.send(text, ephemeral=True)


class Deferring:
    """One interaction's answer, deferred if it is not ready ``grace`` seconds after the
    interaction reached the bot (Discord allows 3): the timer starts with
    :meth:`start_timer`, and whoever answers stops it under ``_lock``. ``update``: the
    answer replaces the message the clicked component sits on (the deferral shows
    nothing); otherwise it is a new message (the deferral shows "thinking..."). A
    deferral says only "working on it": what is shown afterwards is what was committed.
    :class:`Reply` answers with a rendered message; the display's
    :class:`bot.display.Answer` with a table's message (which may become the member's
    live panel)."""

    def __init__(self, interaction: discord.Interaction, *, update: bool, grace: float,
                 ephemeral: bool = True) -> None:
        self.interaction = interaction
        self.update = update
        self.ephemeral = ephemeral
        self.grace = max(0.0, grace)
        self.deferred = False
        self._lock = asyncio.Lock()
        self._timer: asyncio.Task[None] | None = None

    def start_timer(self) -> None:
        self._timer = asyncio.create_task(self._defer_later())

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
                await response.defer(ephemeral=self.ephemeral, thinking=True)
            self.deferred = True

    async def text(self, text: str) -> None:
        """A short ephemeral text (a refusal, a confirmation; see :func:`tell`): a new
        message beside the clicked panel, or in place of "thinking..."."""
        async with self._lock:
            self._stop_timer()
            await tell(self.interaction, text)


class Reply(Deferring):
    """Answers one interaction once with a rendered message (:class:`Outgoing`): a new
    message, or (``update``) in place of the message its component sits on; deferred if
    the answer is not ready ``grace`` seconds after the interaction reached the bot.

    Use as ``async with ctx.reply() as reply: ...; await reply.send(out)``.
    """

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

    async def publish(self, out: Outgoing, note: str) -> None:
        """A public message where every refusal stays private (a reply made with
        ``ephemeral=True``): the first answer when nothing was answered yet; after the
        private deferral, ``note`` (a line for the member) fills it and the message is
        posted as a follow-up of its own."""
        response = self.interaction.response
        async with self._lock:
            self._stop_timer()
            if not response.is_done():
                await response.send_message(ephemeral=False, **out.send_kwargs())
                return
            await self.interaction.edit_original_response(content=note)
            await self.interaction.followup.send(ephemeral=False, **out.send_kwargs())
