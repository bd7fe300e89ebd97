"""The two clients ``python -m bot bench load`` measures the bot against.

* :class:`FloorClient`, *the floor*: a bare ``discord.Client`` answering every interaction at
  once with an ephemeral "ok". A turn is two clicks (*Hand*, then *Act*), so per action it
  takes two gateway events and makes two small requests.
* :class:`CourierClient`, *the courier*: makes the requests a Tapp member turn makes, with
  the same kinds of payload, and does none of the bot's work (no rules, no SQLite, no
  drawing: its two images are drawn once, before the run). Per action it takes one
  gateway event and makes three requests, as the bot does with live panels: the click's
  answer updates the member's panel (an embed, buttons and a hand image, type 7), the
  table's message is edited with the bot's token (an embed, buttons and a table image
  re-sent), and another member's panel is edited through the interaction token of their
  last click (an embed, buttons and a hand image). So the bot's figures over the
  courier's are the cost of the bot's own work, and the courier's over the floor's the
  cost of what a turn must send.

Both answer the same buttons (:data:`FLOOR_HAND`, :data:`FLOOR_ACT`) on each table's
plain message, posted by the stand-in's process before the run.
"""

from __future__ import annotations

import asyncio
import io
import random
from collections import defaultdict

import discord

import renderer
from bot.engine import Deal

from .load_world import FLOOR_ACT, FLOOR_HAND

#: the words of the courier's messages: about as long as a table message's and a hand
#: panel's (title, a few lines, three fields)
_TEXT = ("**Zuger** · deal 1 of 8 · game to 12 chips\n"
         "Dealer: Member 4 · Forehand: Member 1\n"
         "Bids so far: Member 1 passes, Member 2 says 6, Member 3 passes\n"
         "To act: **Member 4** (bid or pass)")
_FIELDS = (("Chips", "Member 1 12 · Member 2 9 · Member 3 15 · Member 4 12"),
           ("Pot", "4 chips"), ("Commitment", "`3f9a…c21e`"))


def courier_images(seed: int = 1879) -> tuple[renderer.RenderedImage, renderer.RenderedImage]:
    """A hand image and a table image as the bot draws them (a Zuger deal at its start)."""
    deal = Deal.new("zuger", players=4, dealer=0, rng=random.Random(seed))
    names = [f"Member {i}" for i in range(1, 5)]
    hand = renderer.render_hand(deal.view(1), names=names)
    table = renderer.render_table(deal.public_view(), names)
    return hand, table


def _embed(image: renderer.RenderedImage) -> discord.Embed:
    embed = discord.Embed(title="Table 1 · Zuger", description=_TEXT, colour=0x2E7D32)
    for name, value in _FIELDS:
        embed.add_field(name=name, value=value, inline=True)
    embed.set_image(url=f"attachment://{image.filename}")
    return embed


def _file(image: renderer.RenderedImage) -> discord.File:
    return discord.File(io.BytesIO(image.data), filename=image.filename,
                        description=image.description[:1000] or None)


class _SentView(discord.ui.View):
    """Buttons as the bot sends them (:class:`bot.ui.component.SpecView`): a payload
    only, which discord.py neither stores nor times out (a stored view of an ephemeral
    answer gets a 15-minute timeout task: the first half's 800 panels kept theirs
    running through the bot's play and the second half)."""

    def is_dispatchable(self) -> bool:
        return False

    def is_finished(self) -> bool:
        return True


def _view(*custom_ids: str) -> discord.ui.View:
    view = _SentView(timeout=None)
    for i, custom_id in enumerate(custom_ids):
        view.add_item(discord.ui.Button(label=f"Choice {i + 1}", custom_id=custom_id))
    return view


class FloorClient(discord.Client):
    """A bare client: answers every interaction at once, ephemerally."""

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("ok", ephemeral=True)


class CourierClient(discord.Client):
    """A turn's requests and payloads without the bot's work (see the module)."""

    def __init__(self, hand: renderer.RenderedImage, table: renderer.RenderedImage,
                 **options: object) -> None:
        super().__init__(**options)  # type: ignore[arg-type]
        self.hand, self.table = hand, table
        self.busy = 0  # turns under way
        #: by table message: each member's newest interaction (its token edits their panel)
        self.panels: dict[int, dict[int, discord.Interaction]] = defaultdict(dict)

    def _panel_view(self, table_message: int) -> discord.ui.View:
        act = f"{FLOOR_ACT}:{table_message}"
        return _view(act, act + ":2", act + ":3")

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        self.busy += 1
        try:
            await self._turn(interaction)
        finally:
            self.busy -= 1

    async def settle(self, seconds: float = 10.0) -> None:
        """Wait until the turns under way have made all their requests (so that closing
        the client cuts none of them off)."""
        deadline = asyncio.get_running_loop().time() + seconds
        while self.busy and asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(0.01)

    async def _turn(self, interaction: discord.Interaction) -> None:
        data: dict[str, object] = dict(interaction.data or {})
        custom_id = str(data.get("custom_id", ""))
        user = interaction.user.id
        if custom_id == FLOOR_HAND:  # a member opens their panel
            assert interaction.message is not None
            table_message = interaction.message.id
            await interaction.response.send_message(
                embed=_embed(self.hand), file=_file(self.hand),
                view=self._panel_view(table_message), ephemeral=True)
            self.panels[table_message][user] = interaction
            return
        if not custom_id.startswith(FLOOR_ACT + ":"):
            await interaction.response.send_message("?", ephemeral=True)
            return
        table_message = int(custom_id.split(":")[2])
        # 1. the click's answer: the member's panel, updated
        await interaction.response.edit_message(
            embed=_embed(self.hand), attachments=[_file(self.hand)],
            view=self._panel_view(table_message))
        panels = self.panels[table_message]
        panels[user] = interaction
        # 2. the table's message, edited with the bot's token
        channel = interaction.channel
        assert isinstance(channel, (discord.Thread, discord.PartialMessageable))
        await channel.get_partial_message(table_message).edit(
            embed=_embed(self.table), attachments=[_file(self.table)],
            view=_view(FLOOR_HAND, "floor:end"))
        # 3. the next member's panel, through the token of their last click
        members = sorted(panels)
        after = members[(members.index(user) + 1) % len(members)]
        if after != user:
            await panels[after].edit_original_response(
                embed=_embed(self.hand), attachments=[_file(self.hand)],
                view=self._panel_view(table_message))
