"""A message's plain data turned into discord.py's arguments: the one conversion of every
message the bot sends (tables, the deal of the day, suspended tables).

:class:`Outgoing` holds embeds with their images rendered (a fresh ``File`` for every
send, as discord.py consumes them), plain content, components and who may be mentioned.
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord

import renderer

from . import component
from .rendering import Renderer
from .specs import Component, EmbedModel, MessageModel


@dataclass(frozen=True, slots=True)
class Outgoing:
    """One message as discord.py sends it; ``images`` go with ``embeds``, one each."""

    embeds: tuple[EmbedModel, ...]
    images: tuple[renderer.RenderedImage | None, ...] = ()
    components: tuple[Component, ...] = ()
    content: str | None = None
    mentions: tuple[int, ...] = ()  # members the content may mention
    silent: bool = False  # posted without a notification

    @classmethod
    def of(cls, model: MessageModel, image: renderer.RenderedImage | None) -> Outgoing:
        """A table's message, its image (if any) rendered."""
        embed = model.embed
        return cls(() if embed is None else (embed,), () if embed is None else (image,),
                   model.components, model.content, model.mentions, model.silent)

    @classmethod
    async def render(cls, embeds: Sequence[EmbedModel], components: tuple[Component, ...],
                     images: Renderer) -> Outgoing:
        """Embeds with their images rendered (off the event loop, all at once)."""
        specs = [e.image for e in embeds]
        drawn = iter(await asyncio.gather(*(images.render(s) for s in specs if s is not None)))
        return cls(tuple(embeds), tuple(None if s is None else next(drawn) for s in specs),
                   components)

    def discord_embeds(self) -> list[discord.Embed]:
        out = []
        for i, model in enumerate(self.embeds):
            image = self.images[i] if i < len(self.images) else None
            embed = discord.Embed(title=model.title, description=model.description or None,
                                  colour=model.colour)
            for name, value in model.fields:
                embed.add_field(name=name, value=value, inline=True)
            if image is not None:
                embed.set_image(url=f"attachment://{image.filename}")
            if model.footer:
                embed.set_footer(text=model.footer)
            out.append(embed)
        return out

    def files(self) -> list[discord.File]:
        return [discord.File(io.BytesIO(i.data), filename=i.filename,
                             description=i.description[:1000] or None)
                for i in self.images if i is not None]

    def view(self) -> discord.ui.View | None:
        return component.view(self.components)

    def allowed_mentions(self) -> discord.AllowedMentions:
        return discord.AllowedMentions(everyone=False, roles=False,
                                       users=[discord.Object(id=u) for u in self.mentions])

    def send_kwargs(self) -> dict[str, Any]:
        out: dict[str, Any] = {"allowed_mentions": self.allowed_mentions()}
        if self.silent:
            out["silent"] = True
        if self.content:
            out["content"] = self.content
        if self.embeds:
            out["embeds"] = self.discord_embeds()
        files = self.files()
        if files:
            out["files"] = files
        view = self.view()
        if view is not None:
            out["view"] = view
        return out

    def edit_kwargs(self) -> dict[str, Any]:
        return {"content": self.content, "embeds": self.discord_embeds(),
                "attachments": self.files(), "view": self.view(),
                "allowed_mentions": self.allowed_mentions()}
