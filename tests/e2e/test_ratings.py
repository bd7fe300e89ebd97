"""Skill ratings and seasons through the stand-in: ``/tapp stats leaderboard order:rating``
(computer players per level among the members, a minimum of deals before one is
ranked), ``/tapp settings set season:``, the current and previous season and their
rollover on the bot's clock, and ``/tapp stats player`` with the rating under the chips.

Server "Tapp Club", now = 2024-05-15 12:00 UTC. Every deal is a Zuger Solo of one member
against three computer players of level normal (one rated player, ``computer:normal``):
alice wins 9 of 12, bob loses 9 of 12, carol wins her 3; all in May.
"""

from __future__ import annotations

import io
from collections.abc import AsyncIterator

import pytest
from PIL import Image

from bot.config import Settings
from bot.ratings import MIN_RATED_DEALS, Rating
from bot.store import Store
from standin import Actor, Sandbox
from standin.harness import World
from standin.models import Message
from tests.e2e.test_standings import tapp  # noqa: F401 (the bot on this module's store)
from tests.store.helpers import FakeClock, Seat, book, utc

#: every test talks to the bot, which shares this module's store (and its clock)
pytestmark = pytest.mark.usefixtures("tapp")

NOW = utc(2024, 5, 15, 12)
HOUR = 3600.0
CPU = None


async def solo(store: Store, guild: int, user: int, won: bool, at: float) -> int:
    amount = 3 if won else -3
    return await book(store, guild_id=guild, variant="zuger", at=at, contract="solo",
                      declarer=0, won=won, seats=[Seat(user, 3 * amount), Seat(CPU, -amount),
                                                  Seat(CPU, -amount), Seat(CPU, -amount)])


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(NOW)


@pytest.fixture
async def store(settings: Settings, world: World, clock: FakeClock) -> AsyncIterator[Store]:
    s = await Store.open(settings.database_path, clock=clock)
    alice, bob, carol, _ = world.players
    guild = world.guild.id
    for i in range(12):
        at = NOW - (12 - i) * HOUR
        await solo(s, guild, alice.id, i % 4 != 0, at)
        await solo(s, guild, bob.id, i % 4 == 0, at)
        if i < 3:
            await solo(s, guild, carol.id, True, at)
    try:
        yield s
    finally:
        await s.close()


def lines(message: Message) -> list[str]:
    [embed] = message.embeds
    return (embed.get("description") or "").splitlines()


def your_rank(message: Message) -> str:
    [embed] = message.embeds
    return next(f["value"] for f in embed.get("fields", []) if f["name"] == "Your rank")


async def public(actor: Actor, world: World, **options: str) -> Message:
    ix = await actor.slash(world.channel, "/tapp stats leaderboard", **options)
    assert ix.response is not None and not ix.response.ephemeral, ix.errors
    return ix.response


async def refused(actor: Actor, world: World, **options: str) -> str:
    ix = await actor.slash(world.channel, "/tapp stats leaderboard", **options)
    assert ix.response is not None and ix.response.ephemeral_to == actor.id
    return ix.response.content


def shown(r: Rating) -> str:
    return f"{r.mu:.1f} ± {2 * r.sigma:.1f}"


async def test_the_rating_leaderboard_ranks_members_and_computer_levels(
        sandbox: Sandbox, world: World, store: Store) -> None:
    alice, bob, carol, _ = world.players
    board = await public(alice, world, order="rating")
    [embed] = board.embeds
    assert embed["title"] == "Rating · Zuger Tapp · all time"  # the server's usual variant
    stored = await store.ratings.stored()
    assert stored == await store.ratings.replayed()

    def rating(player: str) -> Rating:
        return stored[(world.guild.id, "zuger", "all", 0, player)].rating

    assert lines(board) == [
        f"**1.** <@{alice.id}> (you) · **{shown(rating(str(alice.id)))}** · 12 deals",
        f"**2.** 🤖 Computer (normal) · **{shown(rating('computer:normal'))}** · 27 deals",
        f"**3.** <@{bob.id}> · **{shown(rating(str(bob.id)))}** · 12 deals",
    ]  # carol has 3 deals: not ranked yet
    assert your_rank(board).startswith(f"**1.** of 3 · **{shown(rating(str(alice.id)))}**")
    assert f"from {MIN_RATED_DEALS} deals" in embed["footer"]["text"]
    assert board.button_labels() == ["Deal of the day"]
    hers = await public(carol, world, order="rating")
    assert your_rank(hers) == (f"**{shown(rating(str(carol.id)))}** · 3 deals:"
                               f" ranked from {MIN_RATED_DEALS} deals")
    assert "Ratings are kept for all time and per season" in await refused(
        alice, world, order="rating", period="7d")
    dapp = await public(bob, world, order="rating", variant="dapp")
    assert lines(dapp) == [f"Nobody has {MIN_RATED_DEALS} rated deals in this span yet."]
    assert your_rank(dapp) == "You have no rated deals in this span."
    assert sandbox.problems == []


async def test_seasons_roll_over_on_the_bots_clock(sandbox: Sandbox, world: World,
                                                  store: Store, clock: FakeClock) -> None:
    alice, bob = world.players[:2]
    assert "This server has no seasons" in await refused(alice, world, season="current")
    ix = await alice.slash(world.channel, "/tapp settings set", season="month")
    assert ix.response is not None and ix.response.content == "Saved:\n**Seasons**: a month"
    may = await public(alice, world, order="rating", season="current")
    assert may.embeds[0]["title"] == "Rating · Zuger Tapp · season 2024-05"
    alltime = await public(alice, world, order="rating")
    assert lines(may) == lines(alltime)  # every deal so far was in May
    chips = await public(alice, world, season="current")
    assert chips.embeds[0]["title"] == "Leaderboard · all variants · season 2024-05"
    assert "Choose a season or a period, not both." in await refused(
        alice, world, season="current", period="30d")

    clock.t = utc(2024, 6, 1, 0, 30)  # June: a new season
    await solo(store, world.guild.id, alice.id, True, clock())
    june = await public(alice, world, order="rating", season="current")
    assert june.embeds[0]["title"] == "Rating · Zuger Tapp · season 2024-06"
    assert lines(june) == [f"Nobody has {MIN_RATED_DEALS} rated deals in this span yet."]
    fresh = (await store.ratings.stored())[
        (world.guild.id, "zuger", "month", int(utc(2024, 6, 1)), str(alice.id))]
    assert your_rank(june) == (f"**{shown(fresh.rating)}** · 1 deal:"
                               f" ranked from {MIN_RATED_DEALS} deals")
    previous = await public(alice, world, order="rating", season="previous")
    assert previous.embeds[0]["title"] == "Rating · Zuger Tapp · season 2024-05"
    assert lines(previous) == lines(may)  # May's ratings are kept as they ended
    assert lines(await public(alice, world, order="rating"))[0].endswith("· 13 deals")
    june_chips = await public(bob, world, season="current")
    assert [line.split(" · ")[0] for line in lines(june_chips)] == [f"**1.** <@{alice.id}>"]
    may_chips = await public(alice, world, season="previous")
    assert lines(may_chips) == lines(chips)

    ix = await alice.slash(world.channel, "/tapp settings set", season="quarter")
    assert ix.response is not None and "**Seasons**: a quarter" in ix.response.content
    quarter = await public(alice, world, order="rating", season="current")
    assert quarter.embeds[0]["title"] == "Rating · Zuger Tapp · season 2024 Q2"
    assert lines(quarter)[0].endswith("· 13 deals")  # May and June are one quarter
    assert sandbox.problems == []


async def test_a_rating_page_button_keeps_its_order_and_season(
        sandbox: Sandbox, world: World, store: Store) -> None:
    await store.settings.set_guild(world.guild.id, {"season": "month"})
    alice = world.players[0]
    for i in range(11):  # eleven more members with ten deals each: two pages
        member = sandbox.create_user(f"m{i:02d}", world.guild)
        for k in range(MIN_RATED_DEALS):
            await solo(store, world.guild.id, member.id, k % (i + 2) != 0, NOW - k * HOUR)
    board = await public(alice, world, order="rating", season="current")
    assert "Page 1/2" in board.text
    button = board.find_button("Next")
    assert button["custom_id"] == f"tapp:lb:{world.guild.id}:all:all:1:rating:current"
    await alice.click(board, label="Next")
    assert "Page 2/2" in board.text and board.embeds[0]["title"].startswith("Rating")
    assert len(lines(board)) == 4  # 14 ranked: 3 from before, 11 new


async def test_stats_chart_the_rating_under_the_chips(world: World, store: Store) -> None:
    alice = world.players[0]
    ix = await alice.slash(world.channel, "/tapp stats player")
    stats = ix.response
    assert stats is not None
    [embed] = stats.embeds
    fields = {f["name"]: f["value"] for f in embed["fields"]}
    r = (await store.ratings.stored())[(world.guild.id, "zuger", "all", 0, str(alice.id))]
    assert fields["Rating (mu ± 2σ)"] == f"Zuger Tapp: **{shown(r.rating)}** · 12 deals"
    [chart] = stats.attachments
    image = Image.open(io.BytesIO(chart.data))
    assert image.size == (900, 780)  # the chips (480) and the rating panel (300)
    assert "Rating over time in Zuger Tapp" in (chart.description or "")
