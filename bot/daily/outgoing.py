"""The deal of the day on Discord: its ``DynamicItem`` classes, a
:class:`~.models.DailyMessage` turned into discord.py's arguments, and the one answer to
an interaction (:class:`Reply`: sent in time, or deferred first).

``from_custom_id`` only parses (it runs inside Discord's 3-second window); the callback
hands the click to the daily cog as the ``tapp_daily`` or ``tapp_daily_board`` event.
Registered by the cog in ``cog_load``, so the buttons of panels and tables posted
before a restart keep working.
"""

from __future__ import annotations

import asyncio
import io
import re
from typing import Any

import discord
from discord.ui import DynamicItem

import renderer
from bot.replies import Deferring
from bot.ui.rendering import Renderer
from bot.ui.specs import ButtonSpec

from .ids import BOARD_TEMPLATE, RUN_TEMPLATE, BoardId, RunId
from .models import DailyMessage

RUN_EVENT = "tapp_daily"
BOARD_EVENT = "tapp_daily_board"


class RunComponent(DynamicItem[discord.ui.Item[Any]], template=RUN_TEMPLATE):
    """A button or select of a member's run; ``rid`` is its parsed ``custom_id``."""

    def __init__(self, item: discord.ui.Item[Any], rid: RunId) -> None:
        super().__init__(item)
        self.rid = rid

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> RunComponent:
        return cls(item, RunId.from_match(match))

    async def callback(self, interaction: discord.Interaction) -> None:
        item = self.item
        values = list(item.values) if isinstance(item, discord.ui.Select) else []
        interaction.client.dispatch(RUN_EVENT, interaction, self.rid, values)


class BoardComponent(DynamicItem[discord.ui.Item[Any]], template=BOARD_TEMPLATE):
    """A button of a deal-of-the-day table (``bid`` None: its day is no date)."""

    def __init__(self, item: discord.ui.Item[Any], bid: BoardId | None) -> None:
        super().__init__(item)
        self.bid = bid

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> BoardComponent:
        try:
            return cls(item, BoardId.from_match(match))
        except ValueError:
            return cls(item, None)

    async def callback(self, interaction: discord.Interaction) -> None:
        interaction.client.dispatch(BOARD_EVENT, interaction, self.bid)


DYNAMIC_ITEMS = (RunComponent, BoardComponent)


def _item(spec: Any) -> discord.ui.Item[Any]:
    item: discord.ui.Item[Any]
    if isinstance(spec, ButtonSpec):
        item = discord.ui.Button(label=spec.label, custom_id=spec.custom_id,
                                 style=discord.ButtonStyle[spec.style], disabled=spec.disabled,
                                 row=spec.row)
    else:
        item = discord.ui.Select(
            custom_id=spec.custom_id, placeholder=spec.placeholder, row=spec.row,
            min_values=spec.min_values, max_values=spec.max_values,
            options=[discord.SelectOption(label=label, value=value)
                     for label, value in spec.options])
    board = BoardId.parse(spec.custom_id)
    if board is not None:
        return BoardComponent(item, board)
    rid = RunId.parse(spec.custom_id)
    assert rid is not None, spec.custom_id
    return RunComponent(item, rid)


class Outgoing:
    """A message with its images rendered (a fresh File for every send)."""

    def __init__(self, message: DailyMessage,
                 images: list[renderer.RenderedImage | None]) -> None:
        self.message = message
        self.images = images

    @classmethod
    async def render(cls, message: DailyMessage, renderer_: Renderer) -> Outgoing:
        specs = [e.image for e in message.embeds]
        images = await asyncio.gather(*(renderer_.render(s) for s in specs if s is not None))
        drawn = iter(images)
        return cls(message, [None if s is None else next(drawn) for s in specs])

    def embeds(self) -> list[discord.Embed]:
        out = []
        for embed, image in zip(self.message.embeds, self.images, strict=True):
            e = discord.Embed(title=embed.title, description=embed.description or None,
                              colour=embed.colour)
            if image is not None:
                e.set_image(url=f"attachment://{image.filename}")
            if embed.footer:
                e.set_footer(text=embed.footer)
            out.append(e)
        return out

    def files(self) -> list[discord.File]:
        return [discord.File(io.BytesIO(i.data), filename=i.filename,
                             description=i.description[:1000] or None)
                for i in self.images if i is not None]

    def view(self) -> discord.ui.View | None:
        if not self.message.components:
            return None
        view = discord.ui.View(timeout=None)
        for spec in self.message.components:
            view.add_item(_item(spec))
        return view

    def send_kwargs(self) -> dict[str, Any]:
        out: dict[str, Any] = {"embeds": self.embeds(),
                               "allowed_mentions": discord.AllowedMentions.none()}
        files = self.files()
        if files:
            out["files"] = files
        view = self.view()
        if view is not None:
            out["view"] = view
        return out

    def edit_kwargs(self) -> dict[str, Any]:
        return {"content": None, "embeds": self.embeds(), "attachments": self.files(),
                "view": self.view(), "allowed_mentions": discord.AllowedMentions.none()}


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
