"""The server's standings gain the deal of the day: ``/tapp stats leaderboard`` carries a
*Deal of the day* button that opens today's table to whoever clicks it, alone, with
placings only for a member who has played today's deal (this week's table and the
streaks a click further)."""

from __future__ import annotations

from bot.connection.client import TappBot
from standin import Sandbox
from standin.harness import World

from .driver import Member, random_policy, seen_by, spoilers
from .test_daily import dealt_cards


async def test_the_leaderboard_opens_the_days_table_to_each_member_alone(
        sandbox: Sandbox, world: World, daily_bot: TappBot) -> None:
    alice, bob = world.players[:2]
    a = Member(sandbox, daily_bot, alice, world.channel)
    await a.play(random_policy(4))

    board = (await bob.slash(world.channel, "/tapp stats leaderboard")).response
    assert board is not None and not board.ephemeral
    assert board.button_labels() == ["Deal of the day"]

    # bob has not played: his table says how many have, and nothing of the deal
    ix = await bob.click(board, label="Deal of the day")
    bobs = ix.response
    assert bobs is not None and not ix.errors and bobs is not board
    assert bobs.ephemeral_to == bob.id
    assert "1 member has finished" in bobs.text and f"<@{alice.id}>" not in bobs.text
    assert "Play today's deal" in bobs.button_labels()
    assert board.edit_count == 0  # the public leaderboard stays as it was

    # alice has: hers ranks her, privately
    ix = await alice.click(board, label="Deal of the day")
    hers = ix.response
    assert hers is not None and hers.ephemeral_to == alice.id
    assert f"**1.** <@{alice.id}>" in hers.text and "%" in hers.text
    assert "Play today's deal" not in hers.button_labels()
    ix = await alice.click(hers, label="Streaks")  # her own table turns in place
    assert ix.response is hers and "best **1 day**" in hers.text

    cards = await dealt_cards(daily_bot, a.run_id)
    seen = seen_by(sandbox, world.channel, bob.id)
    assert any(v.ephemeral_to == bob.id for v in seen)
    assert all(spoilers(v, cards) == [] for v in seen), [spoilers(v, cards) for v in seen]
