"""A table under Discord's real per-route limits (5 messages and 5 edits per 5 s per
thread): discord.py paces itself from the headers, the display's updates end on the
latest state, and a deal plays to its end without the bot being refused."""

from __future__ import annotations

import pytest

from bot.connection.client import TappBot
from standin import Sandbox
from standin.harness import World

from .driver import check_ledger_against_replay, open_table

pytestmark = [pytest.mark.discord_pacing, pytest.mark.no_latency]


async def test_a_deal_under_discords_message_limits(
    sandbox: Sandbox, world: World, table_bot: TappBot
) -> None:
    assert sandbox.rate_limits.realistic
    alice, bob = world.players[:2]
    game = await open_table(sandbox, table_bot, world.channel, alice, "zuger",
                            joiners=(bob,), computers=2)
    await game.play(until=lambda g: g.deals_settled() >= 1)
    await game.quiet()
    # discord.py waits out each window from the headers: at most the first burst, before
    # it has seen them, is refused (and retried)
    assert sandbox.rate_limits.route_refused <= 1
    assert sandbox.calls["PATCH /channels/{channel_id}/messages/{message_id}"] > 5
    assert await check_ledger_against_replay(table_bot.store, game.table_id) == 1  # type: ignore[arg-type]
