"""What the display sends: a :class:`~bot.display.view_models.MessageModel` turned into
discord.py's arguments (:class:`Outgoing`), and the :class:`Disclosure` of every
message sent, for the observers (the hidden-information tests check each one)."""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

import discord

import renderer
from bot.tables.ids import Stamp
from bot.ui.component import button, select
from bot.ui.specs import ButtonSpec, MessageModel


class MessageKind(StrEnum):
    """What a message of a table is (as stored with its id, and as disclosed)."""

    LOBBY = "lobby"
    TABLE = "table"
    PING = "turn_ping"
    RESULT = "result"
    CLOSED = "closed"
    NOTICE = "notice"  # a timer's notice, or a short private answer
    HAND = "hand"
    LAST_TRICK = "last_trick"
    HANDS = "hands"  # a finished deal's hands, on request


@dataclass(frozen=True, slots=True)
class Disclosure:
    """One message a table sent: who sees it and what it shows."""

    table_id: int
    kind: MessageKind
    audience: int | None  # the member an ephemeral message is for; None: public
    seat: int | None  # that member's seat at the table (None: a spectator, or public)
    stamp: Stamp | None  # the deal and ply the content comes from
    model: MessageModel
    message_id: int | None = None


Observer = Callable[[Disclosure], None]


@dataclass
class Outgoing:
    """A model turned into what discord.py sends (a fresh File for every send)."""

    model: MessageModel
    image: renderer.RenderedImage | None

    def embed(self) -> discord.Embed | None:
        m = self.model
        if not m.description and not m.title and self.image is None:
            return None
        embed = discord.Embed(title=m.title, description=m.description or None,
                              colour=m.colour)
        for name, value in m.fields:
            embed.add_field(name=name, value=value, inline=True)
        if self.image is not None:
            embed.set_image(url=f"attachment://{self.image.filename}")
        return embed

    def files(self) -> list[discord.File]:
        if self.image is None:
            return []
        return [discord.File(io.BytesIO(self.image.data), filename=self.image.filename,
                             description=self.image.description[:1000] or None)]

    def view(self) -> discord.ui.View | None:
        if not self.model.components:
            return None
        view = discord.ui.View(timeout=None)
        for c in self.model.components:
            if isinstance(c, ButtonSpec):
                view.add_item(button(c.custom_id, c.label, c.style, disabled=c.disabled,
                                     row=c.row))
            else:
                view.add_item(select(c.custom_id, c.placeholder, list(c.options),
                                     min_values=c.min_values, max_values=c.max_values,
                                     row=c.row))
        return view

    def mentions(self) -> discord.AllowedMentions:
        return discord.AllowedMentions(
            everyone=False, roles=False,
            users=[discord.Object(id=u) for u in self.model.mentions])

    def send_kwargs(self) -> dict[str, Any]:
        out: dict[str, Any] = {"allowed_mentions": self.mentions()}
        if self.model.silent:
            out["silent"] = True
        if self.model.content:
            out["content"] = self.model.content
        embed = self.embed()
        if embed is not None:
            out["embed"] = embed
        files = self.files()
        if files:
            out["files"] = files
        view = self.view()
        if view is not None:
            out["view"] = view
        return out

    def edit_kwargs(self) -> dict[str, Any]:
        return {"content": self.model.content, "embed": self.embed(),
                "attachments": self.files(), "view": self.view(),
                "allowed_mentions": self.mentions()}
