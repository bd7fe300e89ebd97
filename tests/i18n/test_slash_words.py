"""Slash commands speak the caller's card words: ``/tapp play discard`` offers the cards as
the hand shows them and takes them back typed that way; ``/tapp play call`` takes the
caller's words for calling no card."""

from __future__ import annotations

from types import SimpleNamespace
from typing import cast

import discord

from bot.connection.client import TappBot
from bot.engine import ActionType
from bot.engine.cards import CARD_NAMES
from bot.i18n.words import Words
from cogs.play import Play
from standin import Sandbox
from standin.harness import World
from tests.e2e.tables.driver import Game

from .games import bid_tapp, open_local_table


def discarding(game: Game) -> bool:
    """Is the (one) member of the table to discard now?"""
    live = game.live
    if live is None or live.deal is None:
        return False
    seat = live.seat_of(next(iter(game.members)))
    return seat is not None and any(a.type is ActionType.DISCARD
                                    for a in live.deal.legal_actions(seat))


async def test_discard_autocomplete_names_the_cards_as_the_hand_shows_them(
        sandbox: Sandbox, world: World, table_bot: TappBot) -> None:
    world.guild.locale = "de"
    host = world.players[0]
    host.user.locale = "de"
    game = await open_local_table(sandbox, world, table_bot, "de")
    game.policy = bid_tapp
    await game.play(until=discarding, max_steps=400)
    live = game.live
    assert live is not None and live.deal is not None
    seat = live.seat_of(host.id)
    assert seat is not None
    [legal] = [a for a in live.deal.legal_actions(seat) if a.type is ActionType.DISCARD]
    words = Words("de", "zuger", live.style)
    hand = live.deal.view(seat).hand
    assert hand is not None
    shown = {CARD_NAMES[c]: words.card(c, reveals=False) for c in hand}

    choices = await host.autocomplete(game.thread, "/tapp play discard", focused="cards")
    assert [c["value"] for c in choices] == list(shown)  # record notation, one card each
    assert [c["name"] for c in choices] == list(shown.values())  # "A🌹", not "AH"
    first, second, *_ = shown
    typed = f"{shown[first]} "
    choices = await host.autocomplete(game.thread, "/tapp play discard", focused="cards",
                                      cards=typed)
    assert choices[0] == {"name": f"{shown[first]} {shown[second]}",
                          "value": f"{first} {second}"}, choices[0]
    count = legal.count or 0
    picked = list(shown)[:count]
    ix = await host.slash(game.thread, "/tapp play discard",
                          cards=" ".join(shown[name] for name in picked))
    assert ix.response is not None and ix.response.ephemeral_to == host.id, ix.errors
    await game.quiet()
    assert not discarding(game), ix.response.text  # the discard was taken


def test_no_call_in_the_callers_words() -> None:
    cog = cast(Play, object.__new__(Play))
    live = SimpleNamespace(variant="dapp", style="german")
    cog.here = lambda interaction: live  # type: ignore[method-assign]
    for locale, text in ((discord.Locale.german, "Keine Karte rufen"),
                         (discord.Locale.swedish, "kalla inget kort"),
                         (discord.Locale.swedish, "No call"),
                         (discord.Locale.american_english, "-")):
        interaction = cast(discord.Interaction, SimpleNamespace(locale=locale))
        assert cog._card_token(interaction, ActionType.CALL, text) == "call:-", text
    german = cast(discord.Interaction, SimpleNamespace(locale=discord.Locale.german))
    assert cog._card_token(german, ActionType.CALL, "call:AH") == "call:AH"
    assert cog._card_token(german, ActionType.PLAY, "ah") == "play:AH"
    assert cog._card_token(german, ActionType.PLAY, "A❤️") == "play:AH"
