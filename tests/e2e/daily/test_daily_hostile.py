"""Stale, racing and forged clicks on the deal of the day are refused clearly, change
nothing and give nothing away; a run left unfinished at midnight is over."""

from __future__ import annotations

import asyncio
from datetime import timedelta

from bot.connection.client import TappBot
from bot.daily.ids import board_id, run_id
from bot.engine import Action
from bot.engine.cards import CARD_NAMES
from standin import Message, Sandbox
from standin.harness import World, make_world

from .driver import Member, baseline, run_ids, spoilers, store_of


def run_id_of(message: Message) -> int:
    return run_ids(message)[0].run_id


STALE = "That button is out of date: your deal of the day has moved on."
NOT_YOURS = "That is not your deal of the day."


async def test_a_click_on_an_older_panel_is_refused_and_changes_nothing(
        sandbox: Sandbox, world: World, daily_bot: TappBot) -> None:
    alice = world.players[0]
    member = Member(sandbox, daily_bot, alice, world.channel)
    older = await member.open()
    await member.open()  # /tapp daily play again: a second panel of the same moment
    newer = member.panel
    assert newer is not None and newer.id != older.id
    await member.step()  # taken on the newer panel
    steps = (await store_of(daily_bot).daily.run(member.run_id)).steps
    token = baseline(await member.state())
    ix = await alice.click(older, custom_id=next(
        b["custom_id"] for b in older.buttons() if ":" in b.get("custom_id", "")))
    assert ix.response is not None and ix.response.ephemeral_to == alice.id
    assert STALE in ix.response.content and ix.response.id != older.id
    assert (await store_of(daily_bot).daily.run(member.run_id)).steps == steps
    assert token == baseline(await member.state())  # the run is where it was


async def test_two_racing_clicks_take_one_action(sandbox: Sandbox, world: World,
                                                 daily_bot: TappBot) -> None:
    alice = world.players[0]
    member = Member(sandbox, daily_bot, alice, world.channel)
    panel = await member.open()
    before = await member.state()
    token = baseline(before)
    clicks = await asyncio.gather(member.use(panel, token, settle=False),
                                  member.use(panel, token, settle=False))
    await sandbox.settle()
    texts = sorted(ix.response.text if ix.response else "" for ix in clicks)
    assert sum(STALE in text for text in texts) == 1, texts
    after = await member.state()
    member_steps = [e for e in (await store_of(daily_bot).daily.run_with_steps(
        member.run_id))[1] if e["seat"] == before.seat]
    assert len(member_steps) == 1 and after.step > before.step


async def test_forged_clicks_reach_no_one_elses_run(sandbox: Sandbox, world: World,
                                                    daily_bot: TappBot) -> None:
    alice, bob = world.players[:2]
    a = Member(sandbox, daily_bot, alice, world.channel)
    b = Member(sandbox, daily_bot, bob, world.channel)
    await a.open()
    state = await a.state()
    steps = state.step
    mine = await b.open()
    legal = state.view().legal[0].token
    other = make_world(sandbox, 1, guild_name="Elsewhere", names=("mallory",))
    mallory = other.players[0]
    await sandbox.settle()
    m = Member(sandbox, daily_bot, mallory, other.channel)
    theirs = await m.open()
    forged = [(bob, mine, run_id(a.run_id, steps, legal)),  # alice's run, by bob
              (bob, mine, run_id(a.run_id, None, "hands")),
              (mallory, theirs, run_id(a.run_id, steps, legal)),  # from another server
              (bob, mine, run_id(999_999, 0, legal)),
              (bob, mine, f"tappd:{'9' * 19}:0:{legal}")]
    for actor, panel, custom_id in forged:
        ix = await actor.forge_click(panel, custom_id)
        assert ix.response is not None and ix.response.ephemeral_to == actor.id, custom_id
        assert NOT_YOURS in ix.response.content, (custom_id, ix.response.content)
    assert (await store_of(daily_bot).daily.run(a.run_id)).steps == steps
    # nothing of alice's deal in what bob and mallory were told
    cards = {c for hand in state.deal.dealt for c in range(36) if hand >> c & 1}
    for ix in b.answers[1:] + m.answers[1:]:
        assert ix.response is not None and spoilers(ix.response.version(), cards) == []


async def test_a_forged_action_of_ones_own_run_is_refused(
        sandbox: Sandbox, world: World, daily_bot: TappBot) -> None:
    alice = world.players[0]
    member = Member(sandbox, daily_bot, alice, world.channel)
    panel = await member.open()
    state = await member.state()
    hand = state.view().hand
    assert hand is not None
    not_mine = next(c for c in range(36) if c not in set(hand))
    for token, says in ((Action.play(not_mine).token, "not allowed now"),
                        ("bid:nonsense", "not allowed now"), ("decline", "nothing for you"),
                        ("pick.discard", "")):
        ix = await alice.forge_click(panel, run_id(member.run_id, state.step, token))
        assert ix.response is not None and ix.response.ephemeral_to == alice.id
        assert says in ix.response.content, (token, ix.response.content)
        assert CARD_NAMES[not_mine] not in ix.response.content
    assert (await member.state()).step == state.step


async def test_forged_table_buttons(sandbox: Sandbox, world: World,
                                    daily_bot: TappBot) -> None:
    alice = world.players[0]
    panel = await Member(sandbox, daily_bot, alice, world.channel).open()
    future = sandbox.clock.now().date() + timedelta(days=10)
    for custom_id in (board_id("day", future), board_id("week", future), "tappd-b:day:20311399"):
        ix = await alice.forge_click(panel, custom_id)
        assert ix.response is not None and ix.response.ephemeral_to == alice.id
        assert "not come yet" in ix.response.content, custom_id


async def test_a_run_unfinished_at_midnight_is_over(sandbox: Sandbox, world: World,
                                                    daily_bot: TappBot) -> None:
    alice = world.players[0]
    member = Member(sandbox, daily_bot, alice, world.channel)
    await member.open()
    await member.step()
    yesterdays = member.panel
    assert yesterdays is not None
    sandbox.clock.advance(timedelta(hours=16))  # 00:00 UTC
    token = baseline(await member.state())
    ix = await member.use(yesterdays, token)
    assert ix.response is not None and "its day ended at midnight UTC" in ix.response.content
    today = await member.open()
    assert today.id != yesterdays.id and run_id_of(today) != run_id_of(yesterdays)
    board = await alice.slash(world.channel, "/tapp daily standings", view="yesterday")
    assert board.response is not None and not board.response.ephemeral
    assert "Nobody finished the deal of that day." in board.response.text
