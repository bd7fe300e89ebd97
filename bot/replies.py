"""Answering an interaction after its first answer: a deferred ("thinking") answer is
filled by editing it, not by a follow-up (Discord calls that deprecated)."""

from __future__ import annotations

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
