"""The deal of the day through the stand-in: members play the same cards at different
hours, each alone and privately; the day's table ranks them on those cards and shows
only to those who have played; nothing of the deal reaches anyone who has not."""

from __future__ import annotations

import logging
from datetime import timedelta

import pytest

from bot.connection.client import TappBot
from bot.daily.ids import BoardId
from bot.engine import make_variant
from bot.engine.cards import CARD_NAMES, iter_bits
from bot.engine.shuffle import seeded_masks
from standin import Message, Sandbox
from standin.harness import World
from tests.e2e.tables.driver import CARD_TOKEN, cards_in_text

from .driver import Member, random_policy, run_state, seen_by, spoilers, store_of, texts


def board_button(message: Message, view: str) -> str:
    for b in message.buttons():
        bid = BoardId.parse(b.get("custom_id", ""))
        if bid is not None and bid.view == view:
            return b["custom_id"]
    raise AssertionError(f"no {view} button on {message.button_labels()}")


def cards_line(panel: Message) -> str:
    [line] = [ln for ln in panel.text.splitlines() if ln.startswith("**Cards:**")]
    return line


async def dealt_cards(bot: TappBot, run_id: int) -> set[int]:
    state = await run_state(bot, run_id)
    return {c for hand in state.deal.dealt for c in iter_bits(hand)} | set(
        iter_bits(state.deal.dealt_talon))


async def test_two_members_play_the_same_deal_at_different_hours_and_are_ranked_on_it(
        sandbox: Sandbox, world: World, daily_bot: TappBot) -> None:
    alice, bob, carol = world.players[:3]
    a = Member(sandbox, daily_bot, alice, world.channel)
    b = Member(sandbox, daily_bot, bob, world.channel)
    first = await a.open()
    alice_saw = cards_line(first)  # (the panel is edited as she plays)
    alice_hand = (await a.state()).deal.dealt[(await a.state()).seat]
    assert first.attachments and "hand.jpg" in {x.filename for x in first.attachments}
    await a.play(random_policy(1))
    result = a.panel
    assert result is not None and "Your place so far" not in result.text
    assert "first to finish" in result.text

    sandbox.clock.advance(timedelta(hours=9))  # 17:00 the same day
    bobs_first = await b.open()
    assert cards_line(bobs_first) == alice_saw  # they saw the same hand
    bob_state = await b.state()
    assert bob_state.deal.dealt[bob_state.seat] == alice_hand  # the very same cards
    assert b.run_id != a.run_id
    await b.play(random_policy(2))
    assert b.panel is not None and "Your place so far" in b.panel.text

    # both see the day's table with both of them, ranked by their seat's chips
    ix = await bob.slash(world.channel, "/tapp daily standings")
    table = ix.response
    assert table is not None and table.ephemeral_to == bob.id
    store = store_of(daily_bot)
    runs = {m: await store.daily.run(m.run_id) for m in (a, b)}
    order = sorted(runs, key=lambda m: -(runs[m].chips or 0))
    lines = [line for line in table.text.splitlines() if line.startswith("**")]
    assert [f"<@{m.actor.id}>" in line for m, line in zip(order, lines, strict=True)] == [
        True, True]
    percents = [line.split("**")[3] for line in lines]
    if runs[a].chips == runs[b].chips:
        assert percents == ["50%", "50%"]
    else:
        assert percents == ["100%", "0%"]

    # carol has not played: she is told how many have, and nothing else
    ix = await carol.slash(world.channel, "/tapp daily standings")
    assert ix.response is not None and ix.response.ephemeral_to == carol.id
    assert "2 members have finished" in ix.response.text
    for view in ("week", "streaks", "yesterday"):
        ix = await carol.slash(world.channel, "/tapp daily standings", view=view)
        assert ix.response is not None and not ix.response.ephemeral, view
    cards = await dealt_cards(daily_bot, a.run_id)
    seen = seen_by(sandbox, world.channel, carol.id)
    assert seen and all(spoilers(v, cards) == [] for v in seen), [
        spoilers(v, cards) for v in seen]


async def test_a_member_who_has_not_played_sees_no_spoiler_anywhere(
        sandbox: Sandbox, world: World, daily_bot: TappBot,
        caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    alice, bob, carol = world.players[:3]
    a = Member(sandbox, daily_bot, alice, world.channel)
    result = await a.play(random_policy(5))
    await alice.click(result, label="Hands")
    await alice.click(result, label="Today's table")
    b = Member(sandbox, daily_bot, bob, world.channel)  # bob is in the middle of it
    await b.open()
    for _ in range(3):
        await b.step(random_policy(6))
    bobs_table = (await bob.slash(world.channel, "/tapp daily standings")).response
    assert bobs_table is not None and "1 member has finished" in bobs_table.text
    # carol asks for every table and clicks her way through them
    for view in ("today", "yesterday", "week", "streaks"):
        ix = await carol.slash(world.channel, "/tapp daily standings", view=view)
        assert ix.response is not None and not ix.errors
        for label in ix.response.button_labels():
            if label != "Play today's deal":
                clicked = await carol.click(ix.response, label=label)
                assert clicked.response is not None and not clicked.errors

    cards = await dealt_cards(daily_bot, a.run_id)
    everyone = [v for v in seen_by(sandbox, world.channel, 0) if v.public]
    assert everyone and all(spoilers(v, cards) == [] for v in everyone)
    assert all(spoilers(v, cards) == [] for v in seen_by(sandbox, world.channel, carol.id))
    bobs_panels = {ix.response.id for ix in b.answers if ix.response is not None}
    for version in seen_by(sandbox, world.channel, bob.id):
        if version.message_id in bobs_panels:  # his own hand, but nobody's result
            assert "%" not in "\n".join(texts(version))
            assert f"<@{alice.id}>" not in "\n".join(texts(version))
        else:
            assert spoilers(version, cards) == [], version
    # nor in what the bot logged (the stand-in's own access log left out)
    logged = "\n".join(r.getMessage() for r in caplog.records
                       if r.name.split(".")[0] in ("bot", "cogs", "discord"))
    assert "deal of the day" in logged and "finished after" in logged
    assert not cards_in_text(logged) & cards
    assert not {CARD_NAMES[c] for c in cards} & set(CARD_TOKEN.findall(logged))

    # the day is over: its table and seed are everyone's, and the seed gives the cards
    sandbox.clock.advance(timedelta(hours=16))
    ix = await carol.slash(world.channel, "/tapp daily standings", view="yesterday")
    assert ix.response is not None and not ix.response.ephemeral
    assert f"<@{alice.id}>" in ix.response.text and "%" in ix.response.text
    assert f"<@{bob.id}>" not in ix.response.text  # he did not finish in time
    seed = bytes.fromhex(ix.response.text.split("Seed: `")[1].split("`")[0])
    state = await run_state(daily_bot, a.run_id)
    variant = make_variant(state.deal.variant, None, {})
    hands, talon = seeded_masks(seed, variant.deck, variant.hand_size, variant.players)
    assert tuple(hands) == state.deal.dealt and talon == state.deal.dealt_talon
