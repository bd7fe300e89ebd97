"""The deal of the day in every variant and in every language: members play it through
their panel (which offers exactly their legal actions at each step, a *Play on* beside
a Kontra they may let pass), and each reads it in their own Discord language while the
server's public tables speak the server's."""

from __future__ import annotations

import pytest

from bot.connection.client import TappBot
from standin import Sandbox
from standin.harness import World
from tests.i18n.games import english_words, words

from .driver import Member, random_policy, seen_by, store_of, texts


@pytest.mark.parametrize("variant", ["tapp1879", "dapp", "wuerttemberg"])
async def test_every_variant_plays_through_the_panel(sandbox: Sandbox, world: World,
                                                     daily_bot: TappBot, variant: str) -> None:
    await store_of(daily_bot).settings.set_guild(world.guild.id, {"default_variant": variant})
    runs = []
    for seed, actor in enumerate(world.players[:3]):
        member = Member(sandbox, daily_bot, actor, world.channel)
        result = await member.play(random_policy(seed))
        assert "Your seat's result" in result.text
        runs.append(await store_of(daily_bot).daily.run(member.run_id))
    daily = await store_of(daily_bot).daily.deal_by_id(runs[0].daily_id)
    assert daily.variant == variant and all(r.finished for r in runs)
    ix = await world.players[0].slash(world.channel, "/tapp daily standings")
    assert ix.response is not None and ix.response.text.count("**") >= 2 * 3


async def test_members_read_it_in_their_language_and_the_server_in_its(
        sandbox: Sandbox, world: World, daily_bot: TappBot) -> None:
    alice, bob = world.players[:2]
    world.guild.locale = "sv"
    alice.user.locale = "de"
    member = Member(sandbox, daily_bot, alice, world.channel)
    first = await member.open()
    assert "Tagesspiel" in first.text
    result = await member.play(random_policy(3))
    assert "Ergebnis deines Platzes" in result.text
    await alice.click(result, label="Alle Blätter")
    await bob.slash(world.channel, "/tapp daily standings", view="streaks")
    english_de, english_sv = english_words("de"), english_words("sv")
    checked = 0
    for version in seen_by(sandbox, world.channel, alice.id):
        said = set().union(*(words(text) for text in texts(version)))
        if version.ephemeral_to == alice.id:
            assert not said & english_de, (said & english_de, version.embeds)
            checked += 1
        else:  # the public streaks table, in the server's Swedish
            assert "sviter" in "\n".join(texts(version))
            assert not said & english_sv, said & english_sv
    assert checked >= 3
