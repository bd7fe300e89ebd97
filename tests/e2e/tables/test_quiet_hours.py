"""Quiet hours and away through the stand-in, on the stand-in's clock (see
:mod:`.test_timers`: the bot's every clock is ``sandbox.clock``; deadlines are fired by
hand): a member's timeout that would fire in their quiet hours waits until they end,
also across a restart; a member away by their own choice is played by a computer from
the start of their turns, and the table shows it, until they come back or the period
ends; what a member types wrong is refused and changes nothing."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from bot.config import Settings
from bot.store import DeadlineKind, MemberTime, Store
from bot.tables.arming import turn_key
from standin import Message, Sandbox
from standin.actors import Actor
from standin.harness import World

from .driver import Game, Watch
from .fault_helpers import assert_state_replays
from .test_timers import REMINDER, TIMEOUT, fire, notices, seat_line, timed_bot, timed_table

pytestmark = pytest.mark.no_latency  # the stand-in's clock jumps

ZURICH = ZoneInfo("Europe/Zurich")
SILENT = 4096  # Discord's SUPPRESS_NOTIFICATIONS message flag
QUIET = {"zone": "Europe/Zurich", "from": "22:00", "to": "07:00"}


def next_wall_time(sandbox: Sandbox, hour: int, minute: int) -> datetime:
    """The next moment Zurich's clocks show ``hour:minute`` (after the stand-in's now)."""
    local = sandbox.clock.now().astimezone(ZURICH)
    wanted = local.replace(hour=hour, minute=minute, second=0, microsecond=0)
    return wanted if wanted > local else (wanted + timedelta(days=1)).replace(tzinfo=ZURICH)


def as_shown(text: str) -> str:
    """Text as Discord shows it: markdown escapes (``\\:``) and zero-width spaces gone."""
    return text.replace("\\", "").replace("\u200b", "")


def pings_of(sandbox: Sandbox, game: Game, member: Actor) -> list[Message]:
    """The turn pings (not the timers' notices) that mention ``member``."""
    return [m for m in sandbox.public_messages(game.thread)
            if member.id in m.mention_ids and not m.content.startswith(("⏰", "⏱"))]


async def their_actions(store: Store, game: Game, seat: int) -> list[bool]:
    """Whether each action of ``seat`` at the table was a computer's (auto), in order."""
    return [a.auto for d in await store.deals.for_table(game.table_id)
            for a in await store.deals.actions(d.deal_id) if a.seat == seat]


async def test_a_timeout_due_in_quiet_hours_waits_until_they_end_also_across_a_restart(
        sandbox: Sandbox, world: World, settings: Settings, watch: Watch) -> None:
    sandbox.clock.set(next_wall_time(sandbox, 21, 57))  # the turn starts at 21:57 in Zurich
    async with timed_bot(sandbox, settings, watch) as bot:
        store = bot.store
        assert isinstance(store, Store)
        game = await timed_table(sandbox, bot, world)
        assert game.live is not None
        key = turn_key(game.live)
        assert key is not None
        seat = key[2]
        member, name = game.member_seats()[seat], game.live.seats[seat].display_name
        ix = await member.slash(game.thread, "/tapp quiet set", **QUIET)
        assert ix.response is not None and ix.response.ephemeral_to == member.id
        assert "22:00–07:00 (Europe/Zurich)" in ix.response.text
        await game.quiet()
        assert "🌙" not in seat_line(game.table_message(), name)  # 21:57: not quiet yet
        assert pings_of(sandbox, game, member) == []  # their live panel shows the turn

        sandbox.clock.advance(REMINDER)  # 21:58: the reminder pings them as usual
        assert await fire(bot, game) == 1
        [reminder] = notices(sandbox, game)
        assert member.id in reminder.mention_ids

        sandbox.clock.advance(TIMEOUT - REMINDER)  # 22:02: the timeout is due, in quiet
        assert await fire(bot, game) == 1  # it fired, and waits: nothing else happened
        assert turn_key(game.live) == key and len(notices(sandbox, game)) == 1
        morning = next_wall_time(sandbox, 7, 0).timestamp()
        [waiting] = [d for d in await store.deadlines.pending(game.table_id)
                     if d.kind is DeadlineKind.TIMEOUT]
        assert (waiting.seat, waiting.due_at) == (seat, morning)  # stored: 07:00 in Zurich
        line = seat_line(game.table_message(), name)
        assert f"🌙 quiet until <t:{int(morning)}:t>" in line
        assert not (await store.deals.actions(key[0]))[key[1]:]  # nobody played for them

    sandbox.clock.set(datetime.fromtimestamp(morning - 60, ZURICH))  # 06:59, a new bot
    async with timed_bot(sandbox, settings, watch) as bot_b:
        game.bot = bot_b
        await game.quiet()
        assert game.live is not None and turn_key(game.live) == key
        [at_start] = pings_of(sandbox, game, member)  # the table shown anew at 06:59
        assert at_start.flags & SILENT  # in their quiet hours: no notification
        assert await fire(bot_b, game) == 0  # 06:59: still quiet
        assert turn_key(game.live) == key

        sandbox.clock.advance(60)  # 07:00: the quiet hours are over, the timeout acts
        assert await fire(bot_b, game) == 1
        _, substitute = notices(sandbox, game)
        assert "🤖" in substitute.content and name in substitute.content
        assert turn_key(game.live) != key and game.live.timed_out() == (seat,)
        assert bot_b.store is not None
        taken = (await bot_b.store.deals.actions(key[0]))[key[1]]  # type: ignore[attr-defined]
        assert taken.seat == seat and taken.auto
        assert "🌙" not in seat_line(game.table_message(), name)
        following = game.member_seats()[turn_key(game.live)[2]]  # type: ignore[index]
        [ping] = pings_of(sandbox, game, following)  # another member, not in quiet hours
        assert not ping.flags & SILENT
        await assert_state_replays(bot_b, game.table_id)
        await watch.check(bot_b.store)  # type: ignore[arg-type]


async def test_an_away_member_is_played_by_a_computer_from_the_start_of_their_turns(
        sandbox: Sandbox, world: World, settings: Settings, watch: Watch) -> None:
    async with timed_bot(sandbox, settings, watch) as bot:
        store = bot.store
        assert isinstance(store, Store)
        game = await timed_table(sandbox, bot, world)
        live = game.live
        assert live is not None
        key = turn_key(live)
        assert key is not None
        seat = key[2]  # they are to act now, and go away
        member, name = game.member_seats()[seat], live.seats[seat].display_name
        asked = sandbox.clock.now().timestamp()
        ix = await member.slash(game.thread, "/tapp away set", days=2)
        assert ix.response is not None and ix.response.ephemeral_to == member.id
        until = (await store.members.get(world.guild.id, member.id)).away_until
        assert until is not None
        assert asked <= until - 2 * 86400 <= sandbox.clock.now().timestamp()
        assert f"<t:{int(until)}:f>" in ix.response.text
        await game.quiet()

        # the computer took their turn at once (no timeout), marked auto, and plays on
        assert turn_key(live) != key
        assert (await store.deals.actions(key[0]))[key[1]].auto
        assert f"🌴 away until <t:{int(until)}:f> (a computer plays)" in seat_line(
            game.table_message(), name)
        pinged = len(pings_of(sandbox, game, member))
        for _ in range(80):
            if len(await their_actions(store, game, seat)) >= 4:
                break
            assert await game.step()
            assert all(d.seat != seat for d in await store.deadlines.pending(game.table_id))
        played = await their_actions(store, game, seat)
        assert len(played) >= 4 and all(played)
        assert notices(sandbox, game) == []  # no timer was needed
        assert len(pings_of(sandbox, game, member)) == pinged  # nor were they pinged
        assert "🌴" in seat_line(game.table_message(), name)

        # they open *My hand*: they are back, and their next turn waits for them
        assert live.deal is not None
        await game.open_hand(member, live.deal.view(seat))
        await game.quiet()
        assert (await store.members.get(world.guild.id, member.id)).away_until is None
        assert "🌴" not in seat_line(game.table_message(), name)
        for _ in range(80):
            if turn_key(live) is not None and turn_key(live)[2] == seat:  # type: ignore[index]
                break
            assert await game.step()
        else:
            raise AssertionError("the seat never came to act again")
        assert {d.seat for d in await store.deadlines.pending(game.table_id)} == {seat}
        before = len(await their_actions(store, game, seat))
        assert await game.step()  # their own click
        own = await their_actions(store, game, seat)
        assert len(own) == before + 1 and not own[-1]

        # away for a day again: when the day is over, the next change brings them back
        ix = await member.slash(game.thread, "/tapp away set", days=1)
        await game.quiet()
        assert seat in live.declared_away
        for _ in range(80):  # a computer plays a turn of theirs meanwhile
            if len(await their_actions(store, game, seat)) > len(own):
                break
            assert await game.step()
        assert (await their_actions(store, game, seat))[-1]  # auto
        assert live.timed_out() == ()  # away by their own choice is not timing out
        sandbox.clock.advance(86400)
        for _ in range(80):
            if turn_key(live) is not None and turn_key(live)[2] == seat:  # type: ignore[index]
                break
            assert await game.step()
        else:
            raise AssertionError("the seat never came to act again")
        assert seat not in live.declared_away
        assert "🌴" not in seat_line(game.table_message(), name)
        await assert_state_replays(bot, game.table_id)
        await watch.check(store)


async def test_away_off_brings_back_a_member_who_timed_out_too(
        sandbox: Sandbox, world: World, settings: Settings, watch: Watch) -> None:
    async with timed_bot(sandbox, settings, watch) as bot:
        game = await timed_table(sandbox, bot, world)
        live = game.live
        assert live is not None
        key = turn_key(live)
        assert key is not None
        member = game.member_seats()[key[2]]
        sandbox.clock.advance(TIMEOUT)
        assert await fire(bot, game) == 2  # the reminder (skipped), the timeout
        assert live.timed_out() == (key[2],)
        ix = await member.slash(game.thread, "/tapp away off")
        assert ix.response is not None and "Welcome back" in ix.response.text
        await game.quiet()
        assert live.timed_out() == ()
        assert bot.store is not None
        assert not (await bot.store.tables.load(game.table_id)).seats[  # type: ignore[attr-defined]
            key[2]].away


async def test_bad_zones_times_and_dates_are_refused_and_change_nothing(
        sandbox: Sandbox, world: World, settings: Settings, watch: Watch) -> None:
    alice = world.players[0]
    channel = world.channel

    async def refused(command: str, says: str, **options: object) -> None:
        ix = await alice.slash(channel, command, **options)
        assert ix.response is not None and ix.response.ephemeral_to == alice.id, ix.errors
        assert says in as_shown(ix.response.text), ix.response.text

    async with timed_bot(sandbox, settings, watch) as bot:
        store = bot.store
        assert isinstance(store, Store)
        await refused("/tapp quiet set", "I do not know the time zone “Mars/Base”",
                      **{**QUIET, "zone": "Mars/Base"})
        await refused("/tapp quiet set", "“25:00” is not a time of day",
                      **{**QUIET, "from": "25:00"})
        await refused("/tapp quiet set", "“7 o'clock” is not a time of day",
                      **{**QUIET, "to": "7 o'clock"})
        await refused("/tapp quiet set", "Tell me your time zone too",
                      **{"from": "22:00", "to": "07:00"})
        await refused("/tapp quiet set", "start and end at different times",
                      **{**QUIET, "to": "22:00"})
        await refused("/tapp quiet set", "at most 16 hours", **{**QUIET, "to": "21:00"})
        await refused("/tapp away set", "either for how many days")
        await refused("/tapp away set", "either for how many days", days=2, until="2099-01-01")
        await refused("/tapp away set", "“next Friday” is not a date", until="next Friday")
        await refused("/tapp away set", "has passed already", until="2001-01-01")
        await refused("/tapp away set", "1 to 30 days", forged={"days": 90})
        assert await store.members.get(world.guild.id, alice.id) == MemberTime(
            world.guild.id, alice.id)

        english, alice.user.locale = alice.user.locale, "de"  # in the member's own language
        await refused("/tapp quiet set", "Die Zeitzone „Mars/Base“ kenne ich nicht",
                      **{**QUIET, "zone": "Mars/Base"})
        alice.user.locale = english

        for command in ("/tapp quiet set", "/tapp away set"):  # both complete a zone
            choices = await alice.autocomplete(channel, command, focused="zone",
                                               zone="europe/zu")
            assert choices == [{"name": "Europe/Zurich", "value": "Europe/Zurich"}], command

        # good settings, then a bad one: the good ones stay
        await alice.slash(channel, "/tapp quiet set", **QUIET)
        await alice.slash(channel, "/tapp away set", until="2099-01-01")
        kept = await store.members.get(world.guild.id, alice.id)
        await refused("/tapp quiet set", "is not a time of day", **{**QUIET, "from": "x"})
        await refused("/tapp away set", "1 to 30 days", forged={"days": 0})
        assert await store.members.get(world.guild.id, alice.id) == kept
        assert kept.has_quiet_hours and kept.away_until is None  # 2099 is too far ahead


async def test_the_settings_survive_a_restart_and_show_in_the_members_words(
        sandbox: Sandbox, world: World, settings: Settings, watch: Watch) -> None:
    alice = world.players[0]
    async with timed_bot(sandbox, settings, watch):
        await alice.slash(world.channel, "/tapp quiet set", **QUIET)
        ix = await alice.slash(world.channel, "/tapp away set", days=3)
        assert ix.response is not None and "🌴" in ix.response.text
    async with timed_bot(sandbox, settings, watch) as bot:
        assert bot.store is not None
        times = await bot.store.members.get(world.guild.id, alice.id)  # type: ignore[attr-defined]
        assert times.has_quiet_hours and times.away_until is not None
        ix = await alice.slash(world.channel, "/tapp quiet show")
        assert ix.response is not None and ix.response.ephemeral_to == alice.id
        text = ix.response.text
        assert "Time zone: Europe/Zurich" in text and "22:00–07:00" in text
        assert f"Away until <t:{int(times.away_until)}:f>" in text
        english, alice.user.locale = alice.user.locale, "sv-SE"
        ix = await alice.slash(world.channel, "/tapp quiet show")
        assert ix.response is not None and "Tysta timmar: 22:00–07:00" in ix.response.text
        alice.user.locale = english

        ix = await alice.slash(world.channel, "/tapp quiet off")
        assert ix.response is not None and "quiet hours are off" in ix.response.text
        ix = await alice.slash(world.channel, "/tapp away off")
        times = await bot.store.members.get(world.guild.id, alice.id)  # type: ignore[attr-defined]
        assert times == MemberTime(world.guild.id, alice.id, "Europe/Zurich")
