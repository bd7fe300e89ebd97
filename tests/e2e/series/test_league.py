"""A league through the stand-in, on the stand-in's clock: refusals are private (a member
who may not make one, a second league, joining twice, ending it without the right);
the league is posted when made; the first season opens when the week starts (the loop's
turn), posted once with a *Play* button per division; a member plays their division's
series with ``/tapp series``; the table is text and an image with no card; the season
closes after its series and the next one opens; a manager who did not make it ends it,
and no season follows. On both backends."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from bot.connection.client import TappBot
from bot.series.ids import SeriesButtonId
from standin import Sandbox
from standin.harness import World
from tests.conftest import BACKENDS
from tests.e2e.tables.driver import CARD_TOKEN, cards_in_text

from .driver import play_next, store_of
from .test_series_hostile import NOT_A_MANAGER

#: the first Monday after the series tests' morning (Wednesday 14 May 2031)
MONDAY = datetime(2031, 5, 19, 0, 1, tzinfo=UTC)


async def turn(bot: TappBot, sandbox: Sandbox) -> None:
    """The league's loop takes its turn (it runs once a minute), after the series'."""
    series, league = bot.get_cog("Series"), bot.get_cog("League")
    assert series is not None and league is not None
    await series.closer.coro(series)  # type: ignore[attr-defined]
    await league.seasons.coro(league)  # type: ignore[attr-defined]
    await sandbox.settle()


def private_to(ix: Any, member: Any) -> str:
    assert ix.response is not None, ix.errors
    assert ix.response.ephemeral_to == member.id, ix.response
    return str(ix.response.text)


@pytest.mark.parametrize("database", BACKENDS, indirect=True)
async def test_a_league_through_its_seasons(sandbox: Sandbox, world: World,
                                            series_bot: TappBot) -> None:
    alice, bob, carol, dave = world.players[:4]
    world.guild.members[carol.id].permissions = NOT_A_MANAGER
    store = store_of(series_bot)
    shown = len(sandbox.public_messages(world.channel))
    options = {"title": "Ladder", "variant": "tapp1879", "deals": 6, "level": "easy",
               "size": 4}
    assert "Manage Server" in private_to(
        await carol.slash(world.channel, "/league create", **options), carol)
    assert len(sandbox.public_messages(world.channel)) == shown  # nothing posted
    made = await alice.slash(world.channel, "/league create", **options)
    assert made.response is not None and made.response.ephemeral_to is None, made.errors
    assert made.response.embeds[0]["title"] == "League: Ladder"
    assert "already" in private_to(
        await alice.slash(world.channel, "/league create", **options), alice)
    for member in (alice, bob, carol, dave):
        assert "next season" in private_to(
            await member.slash(world.channel, "/league join"), member)
    assert "already" in private_to(await bob.slash(world.channel, "/league join"), bob)

    await turn(series_bot, sandbox)  # Wednesday: the first season starts on Monday
    shown = len(sandbox.public_messages(world.channel))
    sandbox.clock.set(MONDAY)
    await turn(series_bot, sandbox)
    await turn(series_bot, sandbox)  # opened once, told once
    [opened] = sandbox.public_messages(world.channel)[shown:]
    assert "Season 1 of the league Ladder has begun" in opened.text
    [button] = [SeriesButtonId.parse(b["custom_id"]) for b in opened.buttons()]
    [(league, _)] = [(r.league_id, r) for r in await store.leagues.running(world.guild.id)]
    [division] = await store.leagues.divisions(league, 1)
    assert button is not None and button.series_id == division.series_id
    assert [m.user_id for m in await store.series.members(division.series_id)] == [
        alice.id, bob.id, carol.id, dave.id]

    await play_next(series_bot, alice, world.channel, division.series_id)
    table = await bob.slash(world.channel, "/league table")
    text = private_to(table, bob)
    assert "Division 1" in text and f"<@{alice.id}>" in text
    assert table.response is not None and len(table.response.attachments) == 1  # the image
    assert not cards_in_text(text) and not CARD_TOKEN.search(text)

    sandbox.clock.advance(timedelta(days=7))
    shown = len(sandbox.public_messages(world.channel))
    await turn(series_bot, sandbox)
    news = sandbox.public_messages(world.channel)[shown:]
    assert any("Season 1 of the league Ladder has ended" in m.text for m in news)
    assert any("Nobody changes division" in m.text for m in news)  # one division
    assert any("Season 2 of the league Ladder has begun" in m.text for m in news)

    assert "Only the member who made" in private_to(
        await carol.slash(world.channel, "/league end"), carol)
    ended = await bob.slash(world.channel, "/league end")  # a manager, not its maker
    assert ended.response is not None and ended.response.ephemeral_to is None, ended.errors
    assert "no season follows" in ended.response.text
    sandbox.clock.advance(timedelta(days=7))
    await turn(series_bot, sandbox)
    season = await store.leagues.latest_season(league)
    assert season is not None and season.season == 2
    assert "no league" in private_to(await dave.slash(world.channel, "/league table"), dave)


async def test_a_season_whose_news_cannot_be_posted_stops_no_other(
        sandbox: Sandbox, world: World, series_bot: TappBot,
        monkeypatch: pytest.MonkeyPatch) -> None:
    alice = world.players[0]
    store = store_of(series_bot)
    made = await alice.slash(world.channel, "/league create", title="Ladder",
                             variant="tapp1879", deals=6, level="easy", size=4)
    assert made.response is not None and made.response.ephemeral_to is None, made.errors
    await alice.slash(world.channel, "/league join")
    sandbox.clock.set(MONDAY)

    async def broken(guild_id: int) -> Any:
        raise RuntimeError("the settings could not be read")

    monkeypatch.setattr(store.settings, "for_guild", broken)
    league = series_bot.get_cog("League")
    assert league is not None
    await league.seasons.coro(league)  # type: ignore[attr-defined]  # (raised before)
    [(league_id, _)] = [(r.league_id, r) for r in await store.leagues.running(world.guild.id)]
    season = await store.leagues.latest_season(league_id)
    assert season is not None and season.season == 1  # opened, its news only lost
