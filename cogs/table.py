"""Every click on a table component (lobby buttons, *My hand*, the hand's actions).

The one ``DynamicItem`` class (:class:`bot.ui.component.KeyedItem`) parses each component's
``custom_id`` and raises the ``tapp_component`` event; the :class:`Table` cog takes it
from there: find the table, hand the action to the service, answer the clicker
ephemerally (a refusal of any kind included).
"""

from __future__ import annotations

import contextlib
import dataclasses
import logging
from collections.abc import Awaitable, Callable

import discord
from discord.ext import commands

from bot.connection.client import TappBot
from bot.connection.context import Context
from bot.display import Answer, MessageKind
from bot.display.rules_messages import EVENT as RULES_EVENT
from bot.display.spectator_messages import spectator_panel
from bot.display.table_messages import hands_message, last_trick_message
from bot.engine import TappError
from bot.i18n import t
from bot.review.ids import EVENT as REVIEW_EVENT
from bot.tables import ComponentId, LiveTable, Stamp
from bot.tables.ids import WATCH_VERBS
from bot.tables.spectators import watched_seat
from bot.tables.watching import spectate

from .base import TableCog
from .group import add_tapp_cog

log = logging.getLogger(__name__)


@dataclasses.dataclass(frozen=True, slots=True)
class Click:
    """A click on a table component, as the handlers take it (with the live table it is
    about, found once)."""

    ctx: Context
    answer: Answer
    cid: ComponentId
    values: list[str]
    on_private: bool  # on the member's own (ephemeral) panel: the answer edits it
    live: LiveTable

    @property
    def interaction(self) -> discord.Interaction:
        return self.ctx.interaction

    @property
    def user(self) -> discord.User | discord.Member:
        return self.ctx.user

    @property
    def table_id(self) -> int:
        return self.cid.table_id

    @property
    def lang(self) -> str:
        return self.ctx.language


class Table(TableCog):
    """Routes every table component (see the module docstring)."""

    @commands.Cog.listener("on_tapp_component")
    async def on_component(self, interaction: discord.Interaction, cid: ComponentId,
                           values: list[str]) -> None:
        ctx = Context(interaction)
        on_private = ctx.on_private
        try:
            display = self.display
        except TappError as error:
            await ctx.refuse(error)
            return
        async with display.gate.admitted(interaction) as admitted:
            if not admitted:
                return
            async with display.answer(interaction, update=on_private,
                                      table_id=cid.table_id) as answer:
                try:
                    await self._route(ctx, answer, cid, values, on_private)
                except TappError as error:
                    await answer.text(ctx.refusal(error), table_id=cid.table_id)
                except Exception:
                    # not the custom_id: it may name a card of the clicker's hand
                    log.exception("table %d: a component (%s) failed", cid.table_id,
                                  cid.token if cid.is_verb else "a game action")
                    with contextlib.suppress(discord.HTTPException):
                        await answer.text(ctx.text("error.generic"), table_id=cid.table_id)

    async def _route(self, ctx: Context, answer: Answer, cid: ComponentId,
                     values: list[str], on_private: bool) -> None:
        interaction = ctx.interaction
        verb = cid.token if cid.is_verb else None
        if verb == "hands" and cid.stamp is not None:  # (also of a table closed since)
            await self._hands(ctx, answer, cid.table_id, cid.stamp)
            return
        if verb == "review" and cid.stamp is not None:  # the review cog answers
            interaction.client.dispatch(REVIEW_EVENT, interaction, cid.table_id, cid.stamp.deal)
            return
        # not another server's; a suspended table may only be ended
        live = await self.tables.table_in(cid.table_id, interaction.guild_id,
                                          suspended=verb == "end")
        click = Click(ctx, answer, cid, values, on_private, live)
        handler = VERB_HANDLERS.get(verb) if verb is not None else None
        await (handler or Table._act)(self, click)

    async def _hands(self, ctx: Context, answer: Answer, table_id: int, stamp: Stamp) -> None:
        done = await self.tables.records.finished_deal(table_id, ctx.interaction.guild_id,
                                                       stamp.deal, viewer=ctx.user.id)
        model = hands_message(done.view, done.number, done.names,
                              ctx.words(done.view.variant, done.style),
                              done.style, ctx.language)
        await answer.send(model, table_id=table_id, kind=MessageKind.HANDS, seat=None,
                          stamp=stamp, update=False)

    async def _hand(self, c: Click) -> None:
        await self.send_hand(c.answer, c.ctx, await self.tables.play.hand(c.live, c.user.id),
                             update=False)

    async def _last(self, c: Click) -> None:
        live = c.live
        ctx = self.tables.play.last_trick(live, c.user.id)
        words = c.ctx.words(live.variant, live.style)
        model = last_trick_message(ctx.view, ctx.names, words, ctx.style, c.lang)
        await c.answer.send(model, table_id=c.table_id, kind=MessageKind.LAST_TRICK,
                            seat=live.seat_of(c.user.id), stamp=ctx.stamp, update=False)

    async def _watch(self, c: Click) -> None:
        """A member not seated follows a seat's hand, one trick behind (a new private
        panel from the table message; a seat's button on it turns the panel in place)."""
        live = c.live
        shown = spectate(live, c.user.id, watched_seat(c.cid.token))
        model = spectator_panel(shown, c.ctx.words(live.variant, live.style))
        stamp = live.stamp
        await c.answer.send(model, table_id=c.table_id, kind=MessageKind.SPECTATE, seat=None,
                            stamp=stamp, update=c.on_private)
        if stamp is not None:  # it follows the game from now on (once a trick)
            self.display.hold_spectator(c.interaction, shown, stamp)

    async def _rules(self, c: Click) -> None:  # the rules cog answers, with its pages
        c.interaction.client.dispatch(RULES_EVENT, c.interaction, c.live.variant)

    async def _join(self, c: Click) -> None:
        seat = await self.tables.lobby.join(c.live, c.user.id, c.user.display_name)
        joined = t("notice.joined", c.lang, n=seat + 1)
        await c.answer.text(joined, table_id=c.table_id)
        self.display.hold_panel(c.interaction, c.table_id, seat, joined)  # their hand
        await self._add_to_thread(c.interaction, c.user)

    async def _leave(self, c: Click) -> None:
        outcome = await self.tables.lobby.leave(c.live, c.user.id)
        await c.answer.text(t(outcome, c.lang), table_id=c.table_id)

    async def _computer(self, c: Click) -> None:
        seat = await self.tables.lobby.add_computer(c.live, c.user.id)
        await c.answer.text(t("notice.computer", c.lang, n=seat + 1), table_id=c.table_id)

    async def _start(self, c: Click) -> None:
        await self.tables.lobby.start(c.live, c.user.id)
        host_seat = c.live.seat_of(c.user.id)
        # a seated host's answer becomes their panel, which shows the hand below it
        started = t("notice.started" if host_seat is None else "notice.started.seated",
                    c.lang)
        await c.answer.text(started, table_id=c.table_id)
        if host_seat is not None:
            self.display.hold_panel(c.interaction, c.table_id, host_seat, started)

    async def _cancel(self, c: Click) -> None:
        await self.tables.lobby.cancel(c.live, c.user.id)
        await c.answer.text(t("end.cancelled", c.lang), table_id=c.table_id)

    async def _end(self, c: Click) -> None:
        outcome = await self.tables.play.end_live(c.live, c.user.id)
        await c.answer.text(t(outcome, c.lang), table_id=c.table_id)

    async def _claim(self, c: Click) -> None:
        kind = c.cid.token[len("claim."):]
        key, hand = await self.tables.claims.claim(c.live, c.user.id, kind, c.cid.stamp)
        await self.send_hand(c.answer, c.ctx, hand, t(key, c.lang),
                             update=c.on_private, after_action=True)

    async def _decide_claim(self, c: Click) -> None:
        accept = c.cid.token == "claim.yes"
        key, hand = await self.tables.claims.decide(c.live, c.user.id, accept, c.cid.stamp)
        await self.send_hand(c.answer, c.ctx, hand, t(key, c.lang),
                             update=c.on_private, after_action=True)

    async def _act(self, c: Click) -> None:
        """A game action: its token, or a select's kind with the values chosen."""
        kind = c.cid.pick_kind
        token = c.cid.token if kind is None else f"{kind}:{'.'.join(c.values)}"
        # the display draws the answer's picture while the action is stored (see
        # Display.taken): this answer (c.answer) waits for it
        outcome = await self.tables.play.act(c.live, c.user.id, token, c.cid.stamp)
        words = c.ctx.words(outcome.hand.view.variant, outcome.hand.style)
        await self.send_hand(c.answer, c.ctx, outcome.hand, words.done(outcome.action),
                             update=c.on_private, words=words, after_action=True)

    @staticmethod
    async def _add_to_thread(interaction: discord.Interaction,
                             user: discord.User | discord.Member) -> None:
        channel = interaction.channel
        if isinstance(channel, discord.Thread):
            with contextlib.suppress(discord.HTTPException):
                await channel.add_user(user)


#: what each table verb does (see :data:`bot.tables.ids.VERBS`); anything else is a game
#: action (:meth:`Table._act`)
VERB_HANDLERS: dict[str, Callable[[Table, Click], Awaitable[None]]] = {
    "hand": Table._hand, "last": Table._last, "rules": Table._rules,
    "join": Table._join, "leave": Table._leave, "computer": Table._computer,
    "start": Table._start, "cancel": Table._cancel, "end": Table._end,
    "claim.all": Table._claim, "claim.none": Table._claim,
    "claim.yes": Table._decide_claim, "claim.no": Table._decide_claim,
    **{verb: Table._watch for verb in WATCH_VERBS},
}


async def setup(bot: TappBot) -> None:
    await add_tapp_cog(bot, Table(bot))
