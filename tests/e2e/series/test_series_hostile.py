"""Hostile and unlucky input on a series through the stand-in: forged clicks on another
member's deal, from another server, on a forged series; joining twice; a series of
another server asked for by number; leaving mid-series; a member who may not open one;
each answered clearly, nothing changed and nothing of a deal given away."""

from __future__ import annotations

import discord

from bot.connection.client import TappBot
from bot.series.ids import SeriesRunId, button_id, run_id
from standin import Actor, Channel, Message, Sandbox
from standin.harness import World, make_world
from standin.models import ALL_PERMISSIONS
from tests.e2e.tables.driver import CARD_TOKEN, cards_in_text

from .driver import joined_series, open_series

NOT_YOURS = "That is not your deal of a series."
NO_SERIES = "There is no such series on this server."
NOT_A_MANAGER = ALL_PERMISSIONS & ~(discord.Permissions(manage_guild=True, administrator=True)
                                    .value)


async def panel_of(actor: Actor, channel: Channel, series_id: int) -> Message:
    ix = await actor.slash(channel, "/tapp series play", series=series_id)
    assert ix.response is not None and ix.response.ephemeral_to == actor.id, ix.errors
    return ix.response


def first_run(panel: Message) -> SeriesRunId:
    return next(rid for c in [*panel.buttons(), *panel.selects()]
                if (rid := SeriesRunId.parse(c.get("custom_id", ""))) is not None
                and rid.step is not None)


def names_no_card(message: Message) -> bool:
    text = message.text + " ".join(str(c.get("custom_id", "")) for c in message.buttons())
    return not cards_in_text(text) and not CARD_TOKEN.search(text) and not message.attachments


async def test_forged_clicks_reach_no_one_elses_deal(sandbox: Sandbox, world: World,
                                                     series_bot: TappBot) -> None:
    alice, bob = world.players[:2]
    series_id = await joined_series(world.channel, (alice, bob))
    hers = first_run(await panel_of(alice, world.channel, series_id))
    store = series_bot.database
    assert store is not None
    steps = (await store.series.run(hers.run_id)).steps
    mine = await panel_of(bob, world.channel, series_id)
    other = make_world(sandbox, 1, guild_name="Elsewhere", names=("mallory",))
    mallory = other.players[0]
    await sandbox.settle()
    elsewhere, theirs = await open_series(mallory, other.channel)
    await mallory.click(theirs, label="Join")
    hers_elsewhere = await panel_of(mallory, other.channel, elsewhere)
    forged = [(bob, mine, run_id(hers.run_id, hers.step, hers.token)),  # alice's, by bob
              (bob, mine, run_id(hers.run_id, None, "hands")),
              (mallory, hers_elsewhere, run_id(hers.run_id, hers.step, hers.token)),
              (bob, mine, run_id(999_999, 0, hers.token)),
              (bob, mine, f"tapp:s:{'9' * 19}:0:{hers.token}")]
    for actor, panel, custom_id in forged:
        ix = await actor.forge_click(panel, custom_id)
        assert ix.response is not None and ix.response.ephemeral_to == actor.id, custom_id
        assert NOT_YOURS in ix.response.content, (custom_id, ix.response.content)
        assert names_no_card(ix.response)
    assert (await store.series.run(hers.run_id)).steps == steps
    # another server's series by its number, or a forged button: no such series
    for ix in (await mallory.slash(other.channel, "/tapp series standings", series=series_id),
               await mallory.slash(other.channel, "/tapp series join", series=series_id),
               await bob.forge_click(mine, button_id(elsewhere, "join")),
               await bob.forge_click(mine, f"tapp:sb:{'9' * 19}:play")):
        assert ix.response is not None and NO_SERIES in ix.response.text, ix.response
    assert (await store.series.member(series_id, mallory.id)) is None


async def test_joining_twice_leaving_and_who_may_open(sandbox: Sandbox, world: World,
                                                      series_bot: TappBot) -> None:
    alice, bob, carol = world.players[:3]
    world.guild.members[carol.id].permissions = NOT_A_MANAGER
    ix = await carol.slash(world.channel, "/tapp series open", title="Mine", deals=6)
    assert ix.response is not None and "Manage Server" in ix.response.text
    await alice.slash(world.channel, "/tapp settings set", series_hosts="everyone")
    ix = await carol.slash(world.channel, "/tapp series open", title="Mine", deals=6)
    assert ix.response is not None and "Series " in ix.response.embeds[0]["title"]
    series_id, posted = await open_series(alice, world.channel)
    await bob.click(posted, label="Join")
    twice = await bob.click(posted, label="Join")
    assert twice.response is not None and "already" in twice.response.text
    panel = await panel_of(bob, world.channel, series_id)
    left = await bob.slash(world.channel, "/tapp series leave", series=series_id)
    assert left.response is not None and "still count" in left.response.text
    rid = first_run(panel)
    late = await bob.click(panel, custom_id=run_id(rid.run_id, rid.step, rid.token))
    assert late.response is not None and "not playing in this series" in late.response.text
    again = await bob.slash(world.channel, "/tapp series play", series=series_id)
    assert again.response is not None and "not playing in this series" in again.response.text
    # only the host (or a server manager: tests/e2e/series/test_series_managers.py)
    # closes or deletes it
    world.guild.members[bob.id].permissions = NOT_A_MANAGER
    for command in ("/tapp series close", "/tapp series delete"):
        ix = await bob.slash(world.channel, command, series=series_id)
        assert ix.response is not None and "Only the member who opened" in ix.response.text
        assert ix.response.ephemeral_to == bob.id
    done = await alice.slash(world.channel, "/tapp series delete", series=series_id)
    assert done.response is not None and "is deleted" in done.response.text
    gone = await alice.slash(world.channel, "/tapp series standings", series=series_id)
    assert gone.response is not None and NO_SERIES in gone.response.text
