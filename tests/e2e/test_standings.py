"""Standings through the stand-in: leaderboard pages, stats with a chart, history and a
deal's replay, the ledger check; the bot reads a store the test fills.

Server "Tapp Club" (now = 2024-05-15 12:00 UTC): 19 extra members ``m00``..``m18`` won
100, 95, ..., 10 chips forty days ago; yesterday alice and bob won 5 each (a tie),
carol lost 3 and dave lost 50 in Dapp. Every deal's other seats are computer players,
who are never ranked. Alice also won 1000 chips on another server, which must not count.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass

import pytest

from bot.cli.ledger import check_ledger
from bot.config import Settings
from bot.connection.client import TappBot
from bot.store import Store
from bot.store.check_ledger import check
from standin import Actor, Sandbox
from standin.harness import World, running
from standin.models import Channel, Guild, Message
from tests.store.helpers import FakeClock, Seat, book, new_game, play_deal, start_deal, utc

NOW = utc(2024, 5, 15, 12)
DAY = 86400.0
CPU = None


@dataclass
class Club:
    world: World
    extras: list[Actor]
    other_guild: Guild
    other_channel: Channel
    store: Store

    @property
    def alice(self) -> Actor:
        return self.world.players[0]

    @property
    def bob(self) -> Actor:
        return self.world.players[1]


async def pays(store: Store, guild: int, user: int, amount: int, at: float,
               variant: str = "zuger") -> int:
    """A deal in which ``user`` wins ``amount`` from computer players."""
    return await book(store, guild_id=guild, variant=variant, at=at, contract="solo",
                      declarer=0, won=amount > 0,
                      seats=[Seat(user, amount), Seat(CPU, -amount), Seat(CPU, 0), Seat(CPU, 0)])


@pytest.fixture
async def store(settings: Settings) -> AsyncIterator[Store]:
    """The bot's store (a file), on a clock stopped at NOW."""
    s = await Store.open(settings.database_path, clock=FakeClock(NOW))
    try:
        yield s
    finally:
        await s.close()


@pytest.fixture
async def club(sandbox: Sandbox, world: World, store: Store) -> Club:
    """The hand-made ledger of the module docstring (ask for it before ``tapp``)."""
    extras = [sandbox.create_user(f"m{i:02d}", world.guild) for i in range(19)]
    other = sandbox.create_guild("Elsewhere")
    for player in world.players[:2]:
        sandbox.join(player, other)
    guild = world.guild.id
    for i, member in enumerate(extras):
        await pays(store, guild, member.id, 100 - 5 * i, NOW - 40 * DAY)
    alice, bob, carol, dave = world.players
    await pays(store, guild, alice.id, 5, NOW - DAY)
    await pays(store, guild, bob.id, 5, NOW - DAY)
    await pays(store, guild, carol.id, -3, NOW - DAY)
    await pays(store, guild, dave.id, -50, NOW - DAY, variant="dapp")
    await pays(store, other.id, alice.id, 1000, NOW - DAY)
    return Club(world, extras, other, sandbox.create_channel(other, "tapp"), store)


@pytest.fixture
async def tapp(sandbox: Sandbox, world: World, settings: Settings,
               store: Store) -> AsyncIterator[TappBot]:
    async def shared_store(_: Settings) -> Store:
        return store

    bot = TappBot(settings, store_factory=shared_store, guild_ready_timeout=0.05)
    async with running(bot, sandbox):
        yield bot


def ranked(message: Message) -> list[str]:
    """The board's lines as "rank member-mention"."""
    [embed] = message.embeds
    return [" ".join(line.split(" · ")[0].replace("*", "").split()[:2])
            for line in (embed.get("description") or "").splitlines()]


def replay_button(sandbox: Sandbox, channel: Channel, deal_id: int) -> Message:
    """A bot message with a replay button, posted behind the bot's back."""
    state = sandbox.state
    button = {"type": 2, "style": 1, "label": "Replay", "custom_id": f"tapp:replay:{deal_id}"}
    return state.add_message(state.new_message(
        channel, state.bot, content="-", components=[{"type": 1, "components": [button]}]))


def your_rank(message: Message) -> str:
    [embed] = message.embeds
    return next(f["value"] for f in embed.get("fields", []) if f["name"] == "Your rank")


async def test_leaderboard_pages_and_the_callers_rank(sandbox: Sandbox, club: Club,
                                                     tapp: TappBot) -> None:
    world, alice, bob = club.world, club.alice, club.bob
    ix = await alice.slash(world.channel, "/tapp stats leaderboard")
    board = ix.response
    assert board is not None and not board.ephemeral
    assert ranked(board) == [f"{n + 1}. <@{m.id}>" for n, m in enumerate(club.extras[:10])]
    assert your_rank(board).startswith("**20.** of 23 · **+5 chips**")  # off this page
    assert "Page 1/3 · 23 players" in board.text and "Computer" not in board.text
    assert [b.get("disabled", False) for b in board.buttons()] == [True, False, False]
    assert board.button_labels()[-1] == "Deal of the day"
    assert board.find_button("Next")["custom_id"] == f"tapp:lb:{world.guild.id}:all:all:1"

    await alice.click(board, label="Next")  # the asker turns the page in place
    assert "Page 2/3" in board.text and board.edit_count == 1
    assert ranked(board)[-1] == f"20. <@{alice.id}>"
    assert f"<@{alice.id}> (you)" in board.text

    copy = (await bob.click(board, label="Next")).response  # anyone else: their own copy
    assert copy is not None and copy.ephemeral_to == bob.id and copy is not board
    assert ranked(copy) == [f"20. <@{bob.id}>", f"22. <@{world.players[2].id}>",
                            f"23. <@{world.players[3].id}>"]  # the tie shares rank 20
    assert your_rank(copy).startswith("**20.** of 23")
    assert "Page 2/3" in board.text and board.edit_count == 1
    assert [b.get("disabled", False) for b in copy.buttons()] == [False, True, False]
    await bob.click(copy, label="Previous")  # his copy turns in place for him
    assert "Page 2/3" in copy.text and copy.edit_count == 1
    assert sandbox.problems == []


async def test_periods_variants_and_other_servers(club: Club, tapp: TappBot) -> None:
    world, alice = club.world, club.alice
    week = (await alice.slash(world.channel, "/tapp stats leaderboard", period="7d")).response
    assert week is not None
    assert week.embeds[0]["title"] == "Leaderboard · all variants · last 7 days"
    alice_, bob, carol, dave = world.players
    assert ranked(week) == [f"1. <@{alice_.id}>", f"1. <@{bob.id}>", f"3. <@{carol.id}>",
                            f"4. <@{dave.id}>"]
    assert week.button_labels() == ["Deal of the day"]  # one page: no page buttons
    month = (await alice.slash(world.channel, "/tapp stats leaderboard period:30d")).response
    assert month is not None and len(ranked(month)) == 4
    dapp = (await alice.slash(world.channel, "/tapp stats leaderboard", variant="dapp")).response
    assert dapp is not None and ranked(dapp) == [f"1. <@{dave.id}>"]
    assert your_rank(dapp) == "You have no settled deals in this period."
    elsewhere = (await alice.slash(club.other_channel, "/tapp stats leaderboard")).response
    assert elsewhere is not None and ranked(elsewhere) == [f"1. <@{alice.id}>"]
    assert "+1000 chips" in elsewhere.text
    home = (await alice.slash(world.channel, "/tapp stats leaderboard")).response
    assert home is not None and "+1000" not in home.text


async def test_stats_with_a_chart(club: Club, tapp: TappBot) -> None:
    world, alice = club.world, club.alice
    ix = await alice.slash(world.channel, "/tapp stats player", member=club.extras[0])
    assert ix.deferred
    stats = ix.response
    assert stats is not None and not stats.ephemeral and not stats.loading
    [embed] = stats.embeds
    assert embed["title"] == "Stats of m00 · all variants"
    fields = {f["name"]: f["value"] for f in embed["fields"]}
    assert fields["Net chips"] == "+100 chips" and fields["Deals"] == "1"
    assert fields["As declarer"] == "1 game: 1 won, 0 lost"
    assert fields["Declarer games by contract"] == (
        "Zuger Tapp · Solo: 1 game, 1 won, 0 lost · +100 chips")
    [chart] = stats.attachments
    assert chart.filename == "chart.png" and chart.data[:8] == b"\x89PNG\r\n\x1a\n"
    assert embed["image"]["url"] == "attachment://chart.png"
    assert stats.button_labels() == ["Replay best deal"]  # best and worst are one deal
    mine = (await alice.slash(world.channel, "/tapp stats player")).response
    assert mine is not None and "Stats of alice" in mine.text
    nobody = (await alice.slash(club.other_channel, "/tapp stats player", member=club.bob)).response
    assert nobody is not None and "has no settled deals" in nobody.text
    assert nobody.attachments == []


async def test_history_replays_a_finished_deal(sandbox: Sandbox, world: World, store: Store,
                                              tapp: TappBot) -> None:
    alice, bob, carol, _ = world.players
    game = await new_game(store, "zuger", guild_id=world.guild.id, seed=7,
                          users=[alice.id, bob.id, None, carol.id])
    older = await play_deal(store, game)
    settled = await play_deal(store, game)
    deal_id = settled.deal.deal_id

    ix = await bob.slash(world.channel, "/tapp stats history")
    history = ix.response
    assert history is not None and not history.ephemeral
    [embed] = history.embeds
    assert embed["title"] == "Recent deals of bob"
    lines = embed["description"].splitlines()
    assert len(lines) == 2 and lines[0].startswith("**1.** <t:") and "Zuger Tapp" in lines[0]
    assert history.button_labels() == ["Replay 1", "Replay 2"]
    assert history.find_button("Replay 1")["custom_id"] == f"tapp:replay:{deal_id}"
    assert history.find_button("Replay 2")["custom_id"] == f"tapp:replay:{older.deal.deal_id}"

    click = await carol.click(history, label="Replay 1")  # anyone may look
    overview = click.response
    assert overview is not None and overview.ephemeral_to == carol.id
    names = [a.filename for a in overview.attachments]
    assert names == [f"deal-{deal_id}-hands.jpg", f"deal-{deal_id}-auction.jpg",
                     f"deal-{deal_id}.json"]
    assert all(a.data[:3] == b"\xff\xd8\xff" for a in overview.attachments[:2])
    assert overview.embeds[0]["title"].startswith(f"Deal {deal_id} · Zuger Tapp")
    auction = next(f["value"] for f in overview.embeds[0]["fields"]
                   if f["name"] == "Auction and before play")
    assert f"<@{alice.id}>: " in auction and "Computer 2: pass" in auction
    tricks = [a for m in click.followups for a in m.attachments]
    assert len(tricks) == len(settled.deal.result["tricks"]) > 0
    assert all(a.data[:3] == b"\xff\xd8\xff" and a.filename.endswith(".jpg") for a in tricks)
    assert all(m.ephemeral_to == carol.id for m in click.followups)

    record = overview.attachments[2].data
    replayed = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", "replay", "-", stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    out, err = await replayed.communicate(record)
    assert replayed.returncode == 0, err
    stored = dict(settled.deal.result)
    stored.pop("won")
    assert json.loads(out) == stored
    assert await check(store) == (2, [])  # and the ledger check passes
    assert sandbox.problems == []


async def test_a_replay_of_another_servers_deal_is_refused(sandbox: Sandbox, club: Club,
                                                         tapp: TappBot) -> None:
    game = await new_game(club.store, "zuger", guild_id=club.world.guild.id, seed=3,
                          users=[club.alice.id, None, None, None])
    deal_id = (await play_deal(club.store, game)).deal.deal_id  # a deal of "Tapp Club"
    forged = replay_button(sandbox, club.other_channel, deal_id)  # should not exist there
    answer = (await club.alice.click(forged, label="Replay")).response
    assert answer is not None and answer.ephemeral_to == club.alice.id
    assert answer.content == "There is no such finished deal on this server."
    assert answer.attachments == []
    state = sandbox.state
    page = {"type": 2, "style": 2, "label": "Next",
            "custom_id": f"tapp:lb:{club.world.guild.id}:all:all:1"}
    elsewhere = state.add_message(state.new_message(
        club.other_channel, state.bot, content="-", components=[{"type": 1, "components": [page]}]))
    refused = (await club.alice.click(elsewhere, label="Next")).response
    assert refused is not None and refused.content == "That button belongs to another server."
    assert refused.embeds == []


async def test_an_unfinished_deal_has_no_replay(world: World, sandbox: Sandbox, store: Store,
                                                tapp: TappBot) -> None:
    game = await new_game(store, "zuger", guild_id=world.guild.id, seed=5,
                          users=[world.players[0].id, None, None, None])
    row, _ = await start_deal(store, game)
    button = replay_button(sandbox, world.channel, row.deal_id)
    answer = (await world.players[0].click(button, label="Replay")).response
    assert answer is not None and answer.ephemeral_to == world.players[0].id
    assert answer.content.startswith("That deal is not over yet")


async def test_the_ledger_check_fails_on_a_tampered_row(world: World, store: Store,
                                                        tapp: TappBot, settings: Settings,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    alice, bob = world.players[:2]
    game = await new_game(store, "tapp1879", guild_id=world.guild.id, seed=9,
                          users=[alice.id, bob.id, None])
    deal_id = (await play_deal(store, game)).deal.deal_id
    await play_deal(store, game)
    path = str(settings.database_path)
    assert await asyncio.to_thread(check_ledger, ["--db", path]) == 0
    conn = sqlite3.connect(path)
    conn.execute("DROP TRIGGER ledger_no_update")  # what a hand editing the file could do
    conn.execute("UPDATE ledger SET amount = amount + 1 WHERE deal_id = ? AND seat = 0",
                 (deal_id,))
    conn.commit()
    conn.close()
    capsys.readouterr()
    assert await asyncio.to_thread(check_ledger, ["--db", path]) == 1
    out = capsys.readouterr().out
    assert f"deal {deal_id}: the ledger rows sum to 1" in out
    assert f"deal {deal_id}: ledger {{0: " in out and "but the replay pays" in out
    assert f"server {world.guild.id}: the chips sum to 1, not 0" in out
    assert "checked 2 settled deals: 4 problems" in out  # the standings drift too


async def test_history_pages(club: Club, tapp: TappBot) -> None:
    world, alice, bob = club.world, club.alice, club.bob
    for day in range(11):  # twelve deals in all
        await pays(club.store, world.guild.id, alice.id, day - 5, NOW - (day + 2) * DAY)
    history = (await alice.slash(world.channel, "/tapp stats history")).response
    assert history is not None
    assert len(history.embeds[0]["description"].splitlines()) == 10
    assert history.button_labels()[-2:] == ["Previous", "Next"]
    assert history.find_button("Next")["custom_id"] == f"tapp:hist:{world.guild.id}:{alice.id}:1"
    await alice.click(history, label="Next")
    assert len(history.embeds[0]["description"].splitlines()) == 2
    assert history.embeds[0]["title"] == "Recent deals of alice"
    assert history.button_labels() == ["Replay 1", "Replay 2", "Previous", "Next"]
    assert history.find_button("Next").get("disabled") is True
    # these hand-made deals have no record to replay: a clear refusal, nothing else
    answer = (await bob.click(history, label="Replay 1")).response
    assert answer is not None and answer.ephemeral_to == bob.id
    assert answer.content == "That deal's record could not be replayed."


class NotAStore:
    """A store the standings cannot read (as when the bot runs without its database)."""

    async def close(self) -> None:
        pass


async def test_without_a_database_the_commands_say_so(sandbox: Sandbox, world: World,
                                                      settings: Settings) -> None:
    async def no_store(_: Settings) -> NotAStore:
        return NotAStore()

    bot = TappBot(settings, store_factory=no_store, guild_ready_timeout=0.05)
    async with running(bot, sandbox):
        for command in ("/tapp stats leaderboard", "/tapp stats player", "/tapp stats history"):
            answer = (await world.players[0].slash(world.channel, command)).response
            assert answer is not None and answer.ephemeral_to == world.players[0].id
            assert answer.content == "Standings are not available: the bot has no database."


async def test_buttons_keep_working_after_a_restart(sandbox: Sandbox, club: Club,
                                                    settings: Settings) -> None:
    async def open_file(_: Settings) -> Store:
        return await Store.open(settings.database_path, clock=FakeClock(NOW))

    alice = club.alice
    async with running(TappBot(settings, store_factory=open_file, guild_ready_timeout=0.05),
                       sandbox):
        board = (await alice.slash(club.world.channel, "/tapp stats leaderboard")).response
    assert board is not None and "Page 1/3" in board.text
    async with running(TappBot(settings, store_factory=open_file, guild_ready_timeout=0.05),
                       sandbox):
        click = await alice.click(board, label="Next")
    assert click.acknowledged and not click.failed
    assert "Page 2/3" in board.text and f"<@{alice.id}> (you)" in board.text


async def test_a_replay_speaks_the_readers_language(sandbox: Sandbox, world: World,
                                                    store: Store, tapp: TappBot) -> None:
    """Images, their alt text and the steps' cards in the clicker's language (German
    here, on an English server)."""
    alice, bob, carol, _ = world.players
    game = await new_game(store, "zuger", guild_id=world.guild.id, seed=7,
                          users=[alice.id, bob.id, None, carol.id])
    await play_deal(store, game)
    history = (await bob.slash(world.channel, "/tapp stats history")).response
    assert history is not None
    carol.user.locale = "de"
    click = await carol.click(history, label="Replay 1")
    overview = click.response
    assert overview is not None and overview.ephemeral_to == carol.id
    hands, auction = (a.description or "" for a in overview.attachments[:2])
    assert hands.startswith("Ergebnis: ") and auction.startswith("Tisch: "), (hands, auction)
    deal_id = overview.attachments[0].filename.split("-")[1]
    assert [a.filename for a in overview.attachments] == [
        f"deal-{deal_id}-karten.jpg", f"deal-{deal_id}-reizen.jpg", f"deal-{deal_id}.json"]
    tricks = [a.description or "" for m in click.followups for a in m.attachments]
    assert tricks and all(alt.startswith("Stich: ") for alt in tricks), tricks
    first = click.followups[0].attachments[0].filename
    assert first == f"deal-{deal_id}-stich-01.jpg", first
    steps = next(f["value"] for f in overview.embeds[0]["fields"]
                 if f["name"] == "Reizen und vor dem Spiel")
    assert "Computer 2: passe" in steps, steps
    assert " of " not in steps and not any(" of " in alt for alt in (hands, *tricks))


async def test_the_stats_chart_speaks_the_servers_language(club: Club, tapp: TappBot) -> None:
    club.world.guild.locale = "de"
    stats = (await club.alice.slash(club.world.channel, "/tapp stats player",
                                    member=club.extras[0])).response
    assert stats is not None and not stats.ephemeral
    [chart] = stats.attachments
    assert chart.description == ("Chipverlauf von m00. Wertung im Lauf der Zeit in"
                                  " Zuger Tapp"), chart.description  # (rated: a panel below)
    assert chart.filename == "chipverlauf.png"
    assert stats.embeds[0]["image"]["url"] == "attachment://chipverlauf.png"
