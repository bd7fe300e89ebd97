"""Slash-command play beside the buttons, the group ``/tapp play``: ``hand``, ``bid``,
``card`` (``/tapp play card card:AH``), ``trump``, ``discard``, ``call``, ``give``,
``announce`` and ``kontra``. Autocomplete offers only the caller's legal choices at the table of
the current channel or thread; every answer is ephemeral."""

from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.app_commands import Choice

from bot.connection.client import TappBot
from bot.connection.context import Context
from bot.engine import ActionType, TappError
from bot.engine.cards import CARD_NAMES, N_CARDS, RANKS, SUITS
from bot.i18n import t
from bot.i18n.words import Words
from bot.tables.errors import Refused, TableError

from .base import TableCog
from .group import add_tapp_cog

log = logging.getLogger(__name__)

BIDS = (ActionType.BID, ActionType.DECLARE, ActionType.CONTRACT)
MAX_CHOICES = 25


def shown_names(words: Words) -> dict[str, str]:
    """Each card as ``words`` show it (``A♥``, ``E♥``, ``O🌹``), casefolded, to its record
    name (``AH``)."""
    return {words.card(card, reveals=False).casefold(): CARD_NAMES[card]
            for card in range(N_CARDS)}


def _card_text(text: str, shown: dict[str, str] | None = None) -> str:
    """``10h``, ``ah``, ``AH`` or a card as ``shown`` (``A♥``) → ``TH``/``AH`` (the
    record notation)."""
    if shown and (name := shown.get(text.strip().casefold())) is not None:
        return name
    cleaned = text.strip().upper().replace("10", "T")
    if len(cleaned) == 2 and cleaned[0] in RANKS and cleaned[1] in SUITS:
        return cleaned
    raise TableError("error.bad_card", text=text.strip()[:10])


class LegalAction(app_commands.Transformer):
    """An option that names one of the caller's legal actions of ``kinds``: its value
    becomes the action's token (:meth:`Play.token`), and its autocomplete offers only
    those actions (:meth:`Play.complete`). One class for every play command."""

    def __init__(self, *kinds: ActionType) -> None:
        self.kinds = kinds

    async def transform(self, interaction: discord.Interaction, value: str, /) -> str:
        return _cog(interaction).token(interaction, self.kinds, value)

    async def autocomplete(self, interaction: discord.Interaction,  # type: ignore[override]
                           value: str, /) -> list[Choice[str]]:
        return _cog(interaction).complete(interaction, self.kinds, value)


def _cog(interaction: discord.Interaction) -> Play:
    command = interaction.command
    cog = command.binding if isinstance(command, app_commands.Command) else None
    assert isinstance(cog, Play)
    return cog


BidOption = app_commands.Transform[str, LegalAction(*BIDS)]
PlayOption = app_commands.Transform[str, LegalAction(ActionType.PLAY)]
TrumpOption = app_commands.Transform[str, LegalAction(ActionType.TRUMP)]
CallOption = app_commands.Transform[str, LegalAction(ActionType.CALL)]
GiveOption = app_commands.Transform[str, LegalAction(ActionType.GIVE)]
AnnounceOption = app_commands.Transform[str, LegalAction(ActionType.ANNOUNCE)]
#: the kinds whose option names a card (typed as the hand shows it, or in record notation)
CARD_KINDS = frozenset({ActionType.PLAY, ActionType.CALL, ActionType.GIVE})


class Play(TableCog):
    group = "play"

    # -- shared -------------------------------------------------------------------------
    async def _act(self, interaction: discord.Interaction, token: str) -> None:
        live = self.here(interaction)
        ctx = Context(interaction)
        async with self.display.answer(interaction, table_id=live.table_id) as answer:
            outcome = await self.tables.play.act(live, interaction.user.id, token)
            words = ctx.words(live.variant, live.style)
            await self.send_hand(answer, ctx, outcome.hand, words.done(outcome.action),
                                 words=words, after_action=True)

    def token(self, interaction: discord.Interaction, kinds: tuple[ActionType, ...],
              text: str) -> str:
        """The token of the action an option's ``text`` names (see :class:`LegalAction`)."""
        if len(kinds) == 1 and kinds[0] in CARD_KINDS:
            return self._card_token(interaction, kinds[0], text)
        return self._pick(interaction, kinds, text)

    def _pick(self, interaction: discord.Interaction, kinds: tuple[ActionType, ...],
              text: str) -> str:
        """The token of the caller's legal action that ``text`` names (a token from the
        autocomplete, the argument, or its label); refused if none."""
        live = self.here(interaction)
        words = Context(interaction).words(live.variant, live.style)
        legal = self.tables.play.choices(live, interaction.user.id, kinds)
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

    def complete(self, interaction: discord.Interaction, kinds: tuple[ActionType, ...],
                 current: str) -> list[Choice[str]]:
        """The caller's legal actions of ``kinds`` that match what they typed so far."""
        try:
            live = self.here(interaction)
            legal = self.tables.play.choices(live, interaction.user.id, kinds)
        except TappError:
            return []
        words = Context(interaction).words(live.variant, live.style)
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
        async with self.display.answer(interaction) as answer:
            hand = await self.tables.play.hand(live, interaction.user.id)
            await self.send_hand(answer, Context(interaction), hand)

    @app_commands.command(name="bid", description=t("cmd.bid"))
    @app_commands.describe(value=t("cmd.bid.value"))
    async def bid(self, interaction: discord.Interaction, value: BidOption) -> None:
        await self._act(interaction, value)

    @app_commands.command(name="card", description=t("cmd.play"))
    @app_commands.describe(card=t("cmd.play.card"))
    async def card(self, interaction: discord.Interaction, card: PlayOption) -> None:
        await self._act(interaction, card)

    @app_commands.command(name="trump", description=t("cmd.trump"))
    @app_commands.describe(suit=t("cmd.trump.suit"))
    async def trump(self, interaction: discord.Interaction, suit: TrumpOption) -> None:
        await self._act(interaction, suit)

    @app_commands.command(name="discard", description=t("cmd.discard"))
    @app_commands.describe(cards=t("cmd.discard.cards"))
    async def discard(self, interaction: discord.Interaction, cards: str) -> None:
        live = self.here(interaction)
        shown = shown_names(Context(interaction).words(live.variant, live.style))
        names = [_card_text(c, shown) for c in cards.replace(",", " ").split()]
        await self._act(interaction, "discard:" + ".".join(names))

    @discard.autocomplete("cards")
    async def discard_complete(self, interaction: discord.Interaction,
                               current: str) -> list[Choice[str]]:
        """Cards typed so far, plus each card of the hand that could come next: named as
        the hand shows them (``A♥ 10♥``), the value in record notation (``AH TH``)."""
        try:
            live = self.here(interaction)
            legal = self.tables.play.choices(live, interaction.user.id, (ActionType.DISCARD,))
            seat = live.seat_of(interaction.user.id)
            deal = live.deal
        except TappError:
            return []
        if not legal or seat is None or deal is None:
            return []
        count = legal[0].count or 0
        hand = deal.view(seat).hand
        assert hand is not None
        words = Context(interaction).words(live.variant, live.style)
        shown = shown_names(words)
        by_name = {CARD_NAMES[card]: card for card in hand}
        chosen: list[str] = []
        for word in current.replace(",", " ").split():
            try:
                name = _card_text(word, shown)
            except TableError:
                break
            if name in by_name and name not in chosen:
                chosen.append(name)
        chosen = chosen[:count]

        def choice(names: list[str]) -> Choice[str]:
            label = " ".join(words.card(by_name[n], reveals=False) for n in names)
            return Choice(name=label[:100], value=" ".join(names))

        if len(chosen) == count:
            return [choice(chosen)]
        return [choice([*chosen, name]) for name in by_name if name not in chosen][:MAX_CHOICES]

    @app_commands.command(name="call", description=t("cmd.call"))
    @app_commands.describe(card=t("cmd.call.card"))
    async def call(self, interaction: discord.Interaction, card: CallOption) -> None:
        await self._act(interaction, card)

    @app_commands.command(name="give", description=t("cmd.give"))
    @app_commands.describe(card=t("cmd.give.card"))
    async def give(self, interaction: discord.Interaction, card: GiveOption) -> None:
        await self._act(interaction, card)

    @app_commands.command(name="announce", description=t("cmd.announce"))
    @app_commands.describe(value=t("cmd.announce.value"))
    async def announce(self, interaction: discord.Interaction,
                       value: AnnounceOption) -> None:
        await self._act(interaction, value)

    @app_commands.command(name="kontra", description=t("cmd.kontra"))
    async def kontra(self, interaction: discord.Interaction) -> None:
        await self._act(interaction, "kontra")

    def _card_token(self, interaction: discord.Interaction, kind: ActionType, text: str) -> str:
        """``play:AH`` from ``play:AH`` (autocomplete), ``AH``, ``ah``, ``10h`` or the card
        as the caller's hand shows it (``A♥``); ``call:-`` from the words for no call (the
        caller's language or English) or ``-``."""
        prefix = f"{kind.value}:"
        if text.startswith(prefix):
            return text
        live = self.here(interaction)
        words = Context(interaction).words(live.variant, live.style)
        if kind is ActionType.CALL:
            no_call = {"-", t("action.no_call").casefold(), words("action.no_call").casefold()}
            if text.strip().casefold() in no_call:
                return "call:-"
        return prefix + _card_text(text, shown_names(words))


async def setup(bot: TappBot) -> None:
    await add_tapp_cog(bot, Play(bot))
