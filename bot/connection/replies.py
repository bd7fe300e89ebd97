"""Answering an interaction after its first answer: a deferred ("thinking") answer is
filled by editing it, not by a follow-up (Discord calls that deprecated); and
:class:`Deferring`, which defers an answer that is not ready in time."""

from __future__ import annotations

import asyncio
from typing import Any

import discord

DEFERRED = discord.InteractionResponseType.deferred_channel_message


def deferred(interaction: discord.Interaction) -> bool:
    """The first answer is a loading message still to be filled (or filled since)."""
    return interaction.response.type is DEFERRED


async def fill(interaction: discord.Interaction, *, ephemeral: bool = False,
               file: discord.File | None = None, files: list[discord.File] | None = None,
               **kwargs: Any) -> None:
    """Put the answer in place of the deferred loading message (``ephemeral`` was fixed
    when it was deferred; files become its attachments)."""
    del ephemeral
    attachments = [*([file] if file else []), *(files or [])]
    if attachments:
        kwargs["attachments"] = attachments
    await interaction.edit_original_response(**kwargs)


async def tell(interaction: discord.Interaction, text: str) -> None:
    """A short ephemeral text, whatever was answered before: the first answer, the
    deferred loading message filled with it, or a follow-up."""
    if not interaction.response.is_done():
        await interaction.response.send_message(text, ephemeral=True)
    elif deferred(interaction):
        await interaction.edit_original_response(content=text)
    else:
        await interaction.followup.send(text, ephemeral=True)


class Deferring:
    """One interaction's answer, deferred if it is not ready ``grace`` seconds after the
    interaction reached the bot (Discord allows 3): the timer starts with
    :meth:`start_timer`, and whoever answers stops it under ``_lock``. ``update``: the
    answer replaces the message the clicked component sits on (the deferral shows
    nothing); otherwise it is a new message (the deferral shows "thinking...")."""

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
