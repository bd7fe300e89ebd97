"""The deal of the day through the stand-in: members play the same cards at different
hours, each alone and privately; the day's table ranks them on those cards and shows
only to those who have played; nothing of the deal reaches anyone who has not."""

from __future__ import annotations

from datetime import timedelta

from bot.client import TappBot
from bot.daily.ids import BoardId
from bot.engine.cards import iter_bits
from standin import Message, Sandbox
from standin.harness import World

from .driver import Member, random_policy, run_state, seen_by, spoilers, store_of


def board_button(message: Message, view: str) -> str:
    for b in message.buttons():
        bid = BoardId.parse(b.get("custom_id", ""))
        if bid is not None and bid.view == view:
            return b["custom_id"]
    raise AssertionError(f"no {view} button on {message.button_labels()}")


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
    alice_hand = (await a.state()).deal.dealt[(await a.state()).seat]
    assert first.attachments and "hand.jpg" in {x.filename for x in first.attachments}
    await a.play(random_policy(1))
    result = a.panel
    assert result is not None and "Your place so far" not in result.text
    assert "first to finish" in result.text

    sandbox.clock.advance(timedelta(hours=9))  # 17:00 the same day
    await b.open()
    bob_state = await b.state()
    assert bob_state.deal.dealt[bob_state.seat] == alice_hand  # the very same cards
    assert b.run_id != a.run_id
    await b.play(random_policy(2))
    assert b.panel is not None and "Your place so far" in b.panel.text

    # both see the day's table with both of them, ranked by their seat's chips
    ix = await bob.slash(world.channel, "/tapp daily-standings")
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
    ix = await carol.slash(world.channel, "/tapp daily-standings")
    assert ix.response is not None and ix.response.ephemeral_to == carol.id
    assert "2 members have finished" in ix.response.text
    for view in ("week", "streaks", "yesterday"):
        ix = await carol.slash(world.channel, "/tapp daily-standings", view=view)
        assert ix.response is not None and not ix.response.ephemeral, view
    cards = await dealt_cards(daily_bot, a.run_id)
    seen = seen_by(sandbox, world.channel, carol.id)
    assert seen and all(spoilers(v, cards) == [] for v in seen), [
        spoilers(v, cards) for v in seen]
