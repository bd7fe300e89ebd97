"""Slash-command play beside the buttons: ``/tapp hand``, ``/tapp bid``, ``/tapp play``,
``/tapp trump``, ``/tapp discard``, ``/tapp call``, ``/tapp give``, ``/tapp announce`` and
``/tapp kontra``. Autocomplete offers only the caller's legal choices at the table of
the current channel or thread; every answer is ephemeral."""

from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.ext import commands

from bot.engine import Action, ActionType, TappError
from bot.engine.cards import CARD_NAMES, RANKS, SUITS
from bot.i18n import t
from bot.tables.errors import Refused, TableError

from .group import add_tapp_cog
from .table import TableCog

log = logging.getLogger(__name__)

BIDS = (ActionType.BID, ActionType.DECLARE, ActionType.CONTRACT)
MAX_CHOICES = 25


def _card_text(text: str) -> str:
    """``10h``, ``ah``, ``AH`` → ``TH``/``AH`` (the record notation)."""
    cleaned = text.strip().upper().replace("10", "T")
    if len(cleaned) == 2 and cleaned[0] in RANKS and cleaned[1] in SUITS:
        return cleaned
    raise TableError("error.bad_card", text=text.strip()[:10])


class Play(TableCog):
    # -- shared -------------------------------------------------------------------------
    async def _act(self, interaction: discord.Interaction, token: str) -> None:
        live = self.here(interaction)
        async with self.display.answer(interaction) as answer:
            outcome = await self.tables.act(live.table_id, interaction.user.id, token)
            words = self.words(interaction, live.variant, live.style)
            await self.send_hand(answer, interaction, outcome.hand, words.done(outcome.action),
                                 words=words)

    def _legal(self, interaction: discord.Interaction,
               kinds: tuple[ActionType, ...]) -> list[Action]:
        live = self.here(interaction)
        return self.tables.choices(live, interaction.user.id, kinds)

    def _pick(self, interaction: discord.Interaction, kinds: tuple[ActionType, ...],
              text: str) -> str:
        """The token of the caller's legal action that ``text`` names (a token from the
        autocomplete, the argument, or its label); refused if none."""
        live = self.here(interaction)
        words = self.words(interaction, live.variant, live.style)
        legal = self.tables.choices(live, interaction.user.id, kinds)
        wanted = text.strip().casefold()
        for action in legal:
            names = {action.token, action.argument or "", words.action(action)}
            if wanted in {n.casefold() for n in names if n}:
                return action.token
        if not legal:
            raise Refused("error.nothing_to_do")
        if kinds != BIDS and kinds != (ActionType.TRUMP,) and kinds != (ActionType.ANNOUNCE,):
            raise Refused("error.not_allowed_plain")
        allowed = ", ".join(words.action(a) for a in legal)
        raise Refused("error.not_allowed", allowed=allowed)

    async def _complete(self, interaction: discord.Interaction, kinds: tuple[ActionType, ...],
                        current: str) -> list[Choice[str]]:
        try:
            live = self.here(interaction)
            legal = self.tables.choices(live, interaction.user.id, kinds)
        except TappError:
            return []
        words = self.words(interaction, live.variant, live.style)
        typed = current.strip().casefold()
        out = []
        for action in legal:
            label = words.action(action)
            if typed and typed not in label.casefold() and typed not in action.token.casefold():
                continue
            out.append(Choice(name=label[:100], value=action.token))
        return out[:MAX_CHOICES]

    # -- commands -----------------------------------------------------------------------
    @app_commands.command(name="hand", description=t("cmd.hand"))
    async def hand(self, interaction: discord.Interaction) -> None:
        live = self.here(interaction)
        hand = self.tables.hand(live, interaction.user.id)
        async with self.display.answer(interaction) as answer:
            await self.send_hand(answer, interaction, hand)

    @app_commands.command(name="bid", description=t("cmd.bid"))
    @app_commands.describe(value=t("cmd.bid.value"))
    async def bid(self, interaction: discord.Interaction, value: str) -> None:
        await self._act(interaction, self._pick(interaction, BIDS, value))

    @bid.autocomplete("value")
    async def bid_complete(self, interaction: discord.Interaction,
                           current: str) -> list[Choice[str]]:
        return await self._complete(interaction, BIDS, current)

    @app_commands.command(name="play", description=t("cmd.play"))
    @app_commands.describe(card=t("cmd.play.card"))
    async def play(self, interaction: discord.Interaction, card: str) -> None:
        await self._act(interaction, self._card_token(interaction, ActionType.PLAY, card))

    @play.autocomplete("card")
    async def play_complete(self, interaction: discord.Interaction,
                            current: str) -> list[Choice[str]]:
        return await self._complete(interaction, (ActionType.PLAY,), current)

    @app_commands.command(name="trump", description=t("cmd.trump"))
    @app_commands.describe(suit=t("cmd.trump.suit"))
    async def trump(self, interaction: discord.Interaction, suit: str) -> None:
        await self._act(interaction, self._pick(interaction, (ActionType.TRUMP,), suit))

    @trump.autocomplete("suit")
    async def trump_complete(self, interaction: discord.Interaction,
                             current: str) -> list[Choice[str]]:
        return await self._complete(interaction, (ActionType.TRUMP,), current)

    @app_commands.command(name="discard", description=t("cmd.discard"))
    @app_commands.describe(cards=t("cmd.discard.cards"))
    async def discard(self, interaction: discord.Interaction, cards: str) -> None:
        names = [_card_text(c) for c in cards.replace(",", " ").split()]
        await self._act(interaction, "discard:" + ".".join(names))

    @discard.autocomplete("cards")
    async def discard_complete(self, interaction: discord.Interaction,
                               current: str) -> list[Choice[str]]:
        """Cards typed so far, plus each card of the hand that could come next."""
        try:
            live = self.here(interaction)
            legal = self.tables.choices(live, interaction.user.id, (ActionType.DISCARD,))
            seat = live.seat_of(interaction.user.id)
            deal = live.deal
        except TappError:
            return []
        if not legal or seat is None or deal is None:
            return []
        count = legal[0].count or 0
        hand = deal.view(seat).hand
        assert hand is not None
        chosen: list[str] = []
        for word in current.replace(",", " ").split():
            try:
                name = _card_text(word)
            except TableError:
                break
            if name in hand and name not in chosen:
                chosen.append(name)
        chosen = chosen[:count]
        if len(chosen) == count:
            text = " ".join(chosen)
            return [Choice(name=text, value=text)]
        out = []
        for card in hand:
            name = CARD_NAMES[card]
            if name not in chosen:
                text = " ".join([*chosen, name])
                out.append(Choice(name=text, value=text))
        return out[:MAX_CHOICES]

    @app_commands.command(name="call", description=t("cmd.call"))
    @app_commands.describe(card=t("cmd.call.card"))
    async def call(self, interaction: discord.Interaction, card: str) -> None:
        await self._act(interaction, self._card_token(interaction, ActionType.CALL, card))

    @call.autocomplete("card")
    async def call_complete(self, interaction: discord.Interaction,
                            current: str) -> list[Choice[str]]:
        return await self._complete(interaction, (ActionType.CALL,), current)

    @app_commands.command(name="give", description=t("cmd.give"))
    @app_commands.describe(card=t("cmd.give.card"))
    async def give(self, interaction: discord.Interaction, card: str) -> None:
        await self._act(interaction, self._card_token(interaction, ActionType.GIVE, card))

    @give.autocomplete("card")
    async def give_complete(self, interaction: discord.Interaction,
                            current: str) -> list[Choice[str]]:
        return await self._complete(interaction, (ActionType.GIVE,), current)

    @app_commands.command(name="announce", description=t("cmd.announce"))
    @app_commands.describe(value=t("cmd.announce.value"))
    async def announce(self, interaction: discord.Interaction, value: str) -> None:
        await self._act(interaction, self._pick(interaction, (ActionType.ANNOUNCE,), value))

    @announce.autocomplete("value")
    async def announce_complete(self, interaction: discord.Interaction,
                                current: str) -> list[Choice[str]]:
        return await self._complete(interaction, (ActionType.ANNOUNCE,), current)

    @app_commands.command(name="kontra", description=t("cmd.kontra"))
    async def kontra(self, interaction: discord.Interaction) -> None:
        await self._act(interaction, "kontra")

    def _card_token(self, interaction: discord.Interaction, kind: ActionType, text: str) -> str:
        """``play:AH`` from ``play:AH`` (autocomplete), ``AH``, ``ah`` or ``10h``."""
        prefix = f"{kind.value}:"
        if text.startswith(prefix):
            return text
        if kind is ActionType.CALL and text.strip() in ("-", t("action.no_call")):
            return "call:-"
        return prefix + _card_text(text)


async def setup(bot: commands.Bot) -> None:
    await add_tapp_cog(bot, Play(bot))
