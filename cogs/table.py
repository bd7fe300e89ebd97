"""The table cogs' shared base (:class:`TableCog`) and every click on a table component
(lobby buttons, *My hand*, the hand's actions).

One ``DynamicItem`` class (:class:`bot.tables.TableComponent`) parses each component's
``custom_id`` and raises the ``tapp_component`` event; the :class:`Table` cog takes it
from there: find the table, hand the action to the service, answer the clicker
ephemerally (a refusal of any kind included).
"""

from __future__ import annotations

import contextlib
import logging
from typing import Any

import discord
from discord.ext import commands

from bot.client import TappBot
from bot.engine import TappError
from bot.i18n import language_of, t
from bot.tables import (
    Answer,
    ComponentId,
    Display,
    LiveTable,
    TableComponent,
    TableService,
    user_message,
)
from bot.tables.errors import Unavailable
from bot.tables.outgoing import MessageKind
from bot.tables.panel_models import hand_panel
from bot.tables.rules_pages import EVENT as RULES_EVENT
from bot.tables.state import HandContext
from bot.tables.view_models import hands_message, last_trick_message
from bot.tables.words import Words

from .group import TappCog, add_tapp_cog

log = logging.getLogger(__name__)


def language(interaction: discord.Interaction) -> str:
    """The catalogue language of the user who interacts."""
    return language_of(str(interaction.locale))


def public_language(interaction: discord.Interaction, stored: str | None = None) -> str:
    """The language of public messages: the server's ``language`` setting when it names
    one, else the server's Discord locale."""
    if stored and stored != "auto":
        return language_of(stored)
    locale = interaction.guild_locale
    return language_of(str(locale) if locale is not None else None)


class TableCog(TappCog):
    """A cog of the table commands: reaches the bot's table service and display."""

    @property
    def tables(self) -> TableService:
        service = self.bot.tables
        if service is None:
            raise Unavailable()
        return service

    @property
    def display(self) -> Display:
        display = self.bot.display
        if display is None:
            raise Unavailable()
        return display

    def here(self, interaction: discord.Interaction) -> LiveTable:
        """The table a command in this channel or thread is about."""
        channel: Any = interaction.channel
        parent_id = getattr(channel, "parent_id", None)
        assert interaction.channel_id is not None
        return self.tables.find(interaction.guild_id, interaction.channel_id,
                                interaction.user.id, parent_id)

    @staticmethod
    def words(interaction: discord.Interaction, variant: str, style: str) -> Words:
        return Words(language(interaction), variant, style)

    @staticmethod
    async def send_hand(answer: Answer, interaction: discord.Interaction, hand: HandContext,
                        note: str | None = None, *, update: bool | None = None,
                        words: Words | None = None, after_action: bool = False) -> None:
        """Answer with the seat's private hand panel (components for its legal actions)."""
        words = words or TableCog.words(interaction, hand.view.variant, hand.style)
        model = hand_panel(hand, words, note, after_action=after_action)
        await answer.send(model, table_id=hand.table_id, kind=MessageKind.HAND, seat=hand.seat,
                          stamp=hand.stamp, update=update, claim=hand.claim)


class Table(TableCog):
    """Routes every table component (see the module docstring)."""

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(TableComponent)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(TableComponent)
        await super().cog_unload()

    @commands.Cog.listener("on_tapp_component")
    async def on_component(self, interaction: discord.Interaction, cid: ComponentId,
                           values: list[str]) -> None:
        message = interaction.message
        on_private = message is not None and message.flags.ephemeral
        lang = language(interaction)
        try:
            display = self.display
        except TappError as error:
            await interaction.response.send_message(user_message(error, lang), ephemeral=True)
            return
        async with display.admitted(interaction) as admitted:
            if not admitted:
                return
            async with display.answer(interaction, update=on_private,
                                      table_id=cid.table_id) as answer:
                try:
                    await self._route(interaction, answer, cid, values, on_private)
                except TappError as error:
                    await answer.text(user_message(error, lang), table_id=cid.table_id)
                except Exception:
                    log.exception("table component %s failed", cid.encode())
                    with contextlib.suppress(discord.HTTPException):
                        await answer.text(t("error.generic", lang), table_id=cid.table_id)

    async def _route(self, interaction: discord.Interaction, answer: Answer, cid: ComponentId,
                     values: list[str], on_private: bool) -> None:
        user = interaction.user
        tables = self.tables
        table_id = cid.table_id
        lang = language(interaction)
        verb = cid.token if cid.is_verb else None
        if verb == "hands" and cid.stamp is not None:  # (also of a table closed since)
            done = await tables.finished_deal(table_id, interaction.guild_id, cid.stamp.deal)
            model = hands_message(done.view, done.number, done.names,
                                  self.words(interaction, done.view.variant, done.style),
                                  done.style, lang)
            await answer.send(model, table_id=table_id, kind=MessageKind.HANDS, seat=None,
                              stamp=cid.stamp, update=False)
            return
        # not another server's; a suspended table may only be ended
        await tables.table_in(table_id, interaction.guild_id, suspended=verb == "end")
        if verb == "hand":
            live = await tables.table(table_id)
            await self.send_hand(answer, interaction, await tables.hand(live, user.id),
                                 update=False)
        elif verb == "last":
            live = await tables.table(table_id)
            ctx = tables.last_trick(live)
            words = self.words(interaction, live.variant, live.style)
            model = last_trick_message(ctx.view, ctx.names, words, ctx.style, lang)
            await answer.send(model, table_id=table_id, kind=MessageKind.LAST_TRICK,
                              seat=live.seat_of(user.id), stamp=ctx.stamp, update=False)
        elif verb == "rules":  # the rules cog answers, with its pages
            live = await tables.table(table_id)
            interaction.client.dispatch(RULES_EVENT, interaction, live.variant)
        elif verb == "join":
            seat = await tables.join(table_id, user.id, user.display_name)
            joined = t("notice.joined", lang, n=seat + 1)
            await answer.text(joined, table_id=table_id)
            self.display.hold_panel(interaction, table_id, seat, joined)  # their hand
            await self._add_to_thread(interaction, user)
        elif verb == "leave":
            outcome = await tables.leave(table_id, user.id)
            await answer.text(t(f"notice.{outcome}", lang), table_id=table_id)
        elif verb == "computer":
            seat = await tables.add_computer(table_id, user.id)
            await answer.text(t("notice.computer", lang, n=seat + 1), table_id=table_id)
        elif verb == "start":
            await tables.start(table_id, user.id)
            host_seat = (await tables.table(table_id)).seat_of(user.id)
            # a seated host's answer becomes their panel, which shows the hand below it
            started = t("notice.started" if host_seat is None else "notice.started.seated",
                        lang)
            await answer.text(started, table_id=table_id)
            if host_seat is not None:
                self.display.hold_panel(interaction, table_id, host_seat, started)
        elif verb == "cancel":
            await tables.cancel(table_id, user.id)
            await answer.text(t("end.cancelled", lang), table_id=table_id)
        elif verb == "end":
            outcome = await tables.end(table_id, user.id)
            await answer.text(t(outcome, lang), table_id=table_id)
        elif verb in ("claim.all", "claim.none"):
            key, hand = await tables.claim(table_id, user.id, verb[len("claim."):], cid.stamp)
            await self.send_hand(answer, interaction, hand, t(key, lang), update=on_private,
                                 after_action=True)
        elif verb in ("claim.yes", "claim.no"):
            key, hand = await tables.decide_claim(table_id, user.id, verb == "claim.yes",
                                                  cid.stamp)
            await self.send_hand(answer, interaction, hand, t(key, lang), update=on_private,
                                 after_action=True)
        else:
            await self._act(interaction, answer, cid, values, on_private)

    async def _act(self, interaction: discord.Interaction, answer: Answer, cid: ComponentId,
                   values: list[str], on_private: bool) -> None:
        kind = cid.pick_kind
        token = cid.token if kind is None else f"{kind}:{'.'.join(values)}"
        outcome = await self.tables.act(cid.table_id, interaction.user.id, token, cid.stamp)
        words = self.words(interaction, outcome.hand.view.variant, outcome.hand.style)
        await self.send_hand(answer, interaction, outcome.hand, words.done(outcome.action),
                             update=on_private, words=words, after_action=True)

    @staticmethod
    async def _add_to_thread(interaction: discord.Interaction,
                             user: discord.User | discord.Member) -> None:
        channel = interaction.channel
        if isinstance(channel, discord.Thread):
            with contextlib.suppress(discord.HTTPException):
                await channel.add_user(user)


async def setup(bot: TappBot) -> None:
    await add_tapp_cog(bot, Table(bot))
