"""Faults on Discord's side that a real deployment meets, injected through the stand-in:
a gateway drop mid-deal, a 429 storm on the table message's edits, a 5xx on an
interaction response, a bot fallen behind Discord's 3 seconds, and Discord's global rate
limit. After each, the table's live state equals a replay of its stored log."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.config import Settings
from bot.connection.client import TappBot
from bot.display import Disclosure
from bot.display.table_messages import table_message
from bot.i18n.words import Words
from bot.tables import TableConfig
from bot.ui.specs import MessageModel
from standin import Message, Sandbox
from standin.harness import World, running

from .driver import Game, Watch, check_ledger_against_replay, open_table
from .fault_helpers import assert_state_replays, store_of, table

EDIT = "PATCH /channels/{channel_id}/messages/{message_id}"
CALLBACK = "POST /interactions/{interaction_id}/{interaction_token}/callback"


def table_shown(watch: Watch, message: Message) -> list[Disclosure]:
    """The states shown on the table message, in order (each one successful post/edit)."""
    return [d for d in watch.seen if d.message_id == message.id and d.kind == "table"]


def fresh_render(bot: TappBot, game: Game) -> MessageModel:
    """The table message as a fresh render of the live state would make it."""
    assert bot.tables is not None and game.live is not None
    state = bot.tables.core.state(game.live)  # the snapshot the display gets
    return table_message(state, Words(state.language, state.variant, state.style))


# -- the tests ----------------------------------------------------------------------------
async def test_gateway_drop_mid_deal_resumes_and_loses_no_click(
        sandbox: Sandbox, world: World, fault_bot: TappBot, watch: Watch) -> None:
    game = await table(sandbox, fault_bot, world)
    live = game.live
    assert live is not None and live.deal is not None
    seat, actor, action, panel = await game.next_panel()
    ply = live.deal.ply
    resumes = sandbox.gateway.resumes

    await sandbox.drop_gateway()  # mid-deal; the click below happens while the bot is away
    ix = await Game.click_action(actor, panel, action)
    await game.quiet()
    assert sandbox.gateway.resumes == resumes + 1  # resumed, not a new session
    assert ix.acknowledged and not ix.failed and not ix.errors
    assert ix.response is not None and "out of date" not in ix.response.text
    actions = await store_of(fault_bot).deals.actions(live.deal_id or 0)
    assert actions[ply].seat == seat and not actions[ply].auto
    await assert_state_replays(fault_bot, game.table_id)

    for _ in range(3):
        assert await game.step()

    # a drop Discord does not let the bot resume: it identifies anew and plays on
    await sandbox.drop_gateway(invalidate=True)
    await sandbox.gateway.wait_connected(10)
    assert sandbox.gateway.resumes == resumes + 1
    await game.play(until=lambda g: g.deals_settled() >= 1)  # play carries on
    assert all(r.acknowledged and not r.failed for r in sandbox.interactions)
    await assert_state_replays(fault_bot, game.table_id)
    assert await check_ledger_against_replay(store_of(fault_bot), game.table_id) == 1
    await watch.check(store_of(fault_bot))


async def test_a_429_storm_on_table_edits_ends_on_the_latest_state(
        sandbox: Sandbox, world: World, fault_bot: TappBot, watch: Watch) -> None:
    """Every edit of the table message is refused with 429 many times over (more than
    discord.py's own five tries) while members play. Afterwards the table message is
    exactly a fresh render of the table's state; the states it showed came in order,
    none twice, each shown by one edit (the display coalesces what piled up)."""
    game = await table(sandbox, fault_bot, world, steps=0)
    message = game.table_message()
    storm = sandbox.faults.rate_limit(60, route=EDIT, retry_after=0.01)
    for _ in range(8):
        assert await game.step()
    await game.quiet()
    assert storm.remaining == 0 and len(storm.hits) == 60  # the storm was met, and passed
    assert game.table_message().id == message.id  # still edited in place

    fresh = fresh_render(fault_bot, game)
    shown = sandbox.message(message.id)
    assert shown.embeds[0]["description"] == fresh.description
    assert shown.embeds[0]["title"] == fresh.title
    assert [b["custom_id"] for b in shown.buttons()] == [
        c.custom_id for c in fresh.components]
    states = table_shown(watch, message)
    assert game.live is not None and states[-1].stamp == game.live.stamp
    stamps = [d.stamp for d in states]
    assert stamps == sorted(stamps, key=lambda s: (s.deal, s.ply))  # in order
    assert len(set(stamps)) == len(stamps)  # none shown twice
    edits = len([d for d in watch.seen if d.message_id == message.id])
    assert shown.edit_count == edits - 1  # one edit per state shown (the first: the post)
    await assert_state_replays(fault_bot, game.table_id)

    # then Discord answers edits with 503 (which discord.py does not retry) for a while
    outage = sandbox.faults.server_error(6, route=EDIT, status=503)
    for _ in range(3):
        assert await game.step()
    await game.quiet()
    assert outage.remaining == 0
    shown = sandbox.message(message.id)
    assert shown.embeds[0]["description"] == fresh_render(fault_bot, game).description
    assert table_shown(watch, message)[-1].stamp == game.live.stamp
    edits = len([d for d in watch.seen if d.message_id == message.id])
    assert shown.edit_count == edits - 1
    await assert_state_replays(fault_bot, game.table_id)
    await watch.check(store_of(fault_bot))


async def test_a_5xx_on_the_answer_still_commits_and_shows_the_action(
        sandbox: Sandbox, world: World, fault_bot: TappBot, watch: Watch) -> None:
    game = await table(sandbox, fault_bot, world)
    store = store_of(fault_bot)
    live = game.live
    assert live is not None and live.deal is not None and live.deal_id is not None

    # one 5xx: discord.py tries the answer again (after 1 s) and it arrives
    seat, actor, action, panel = await game.next_panel()
    fault = sandbox.faults.server_error(1, route=CALLBACK, status=503)
    ix = await Game.click_action(actor, panel, action)
    await game.quiet()
    assert len(fault.hits) == 1
    assert ix.response is not None and ix.response.ephemeral_to == actor.id
    words = Words(None, "zuger", live.style)
    assert words.done(action) in ix.response.text  # the panel, with what they did
    await assert_state_replays(fault_bot, game.table_id)

    # two 5xx: discord.py's next try (after 1 + 3 s) is past Discord's 3 seconds, the
    # member gets no answer; yet the action is committed
    move = game.next_move()
    assert move is not None and live.deal is not None
    seat, actor, action = move
    ply, deal_id = live.deal.ply, live.deal_id
    panel = await game.open_hand(actor, live.deal.view(seat))
    offered = {b["custom_id"] for b in panel.buttons()}
    table_before = sandbox.message(game.table_message().id).edit_count
    fault = sandbox.faults.server_error(2, route=CALLBACK, status=503)
    ix = await Game.click_action(actor, panel, action)
    await game.quiet()
    assert len(fault.hits) == 2
    assert not ix.acknowledged and ix.response is None and ix.failed
    actions = await store.deals.actions(deal_id)
    assert (actions[ply].seat, actions[ply].entry) == (seat, action.to_record(seat))
    # ... and shown on the next update of the table message
    assert sandbox.message(game.table_message().id).edit_count > table_before
    last = table_shown(watch, game.table_message())[-1]
    assert last.stamp is not None and (last.stamp.deal, last.stamp.ply) > (
        live.deal_number or 0, ply)
    # the member's live panel moved on with the game: what it offered is gone ...
    assert not offered & {b["custom_id"] for b in sandbox.message(panel.id).buttons()}
    # ... and a click on it all the same (an old client) is "out of date": nothing twice
    again = await actor.forge_click(panel, sorted(offered)[0])
    assert again.response is not None and "out of date" in again.response.text
    after = await store.deals.actions(deal_id)
    assert [a.ply for a in after] == list(range(len(after)))
    assert sum(1 for a in after if a.seat == seat and a.ply == ply) == 1
    await assert_state_replays(fault_bot, game.table_id)
    await game.play(until=lambda g: g.deals_settled() >= 1)
    await assert_state_replays(fault_bot, game.table_id)
    await watch.check(store)


async def test_a_bot_behind_leaves_clicks_it_can_no_longer_answer(
        sandbox: Sandbox, world: World, fault_bot: TappBot, watch: Watch) -> None:
    """The bot has fallen behind (here: every interaction reached it 3 s before it gets
    to it): it takes up nothing it could not answer in Discord's 3 s, so nothing is done
    and nothing acknowledged; the member sees the click fail and clicks again once the
    bot has caught up."""
    store = store_of(fault_bot)
    game = await table(sandbox, fault_bot, world, steps=2)
    live = game.live
    assert live is not None and live.deal is not None and live.deal_id is not None
    seat, actor, action, panel = await game.next_panel()
    ply = live.deal.ply
    display = fault_bot.display
    assert display is not None
    arrivals = display.gate.arrivals
    on_time = arrivals.seen
    arrivals.seen = lambda ix: arrivals.clock() - 3.0  # type: ignore[method-assign]
    try:
        late = await Game.click_action(actor, panel, action)
        await game.quiet()
        slash = await actor.slash(game.thread, "/tapp play hand")
        await game.quiet()
    finally:
        arrivals.seen = on_time  # type: ignore[method-assign]
    assert late.response is None and not late.acknowledged
    assert slash.response is None and not slash.acknowledged
    assert display.gate.dropped == 2
    assert len(await store.deals.actions(live.deal_id)) == ply == live.deal.ply
    again = await Game.click_action(actor, panel, action)  # caught up: the same click
    await game.quiet()
    assert again.response is not None and again.acknowledged
    assert len(await store.deals.actions(live.deal_id)) == ply + 1
    await assert_state_replays(fault_bot, game.table_id)
    await watch.check(store)


@pytest.mark.parametrize("rate", [7, 0])
async def test_a_paced_bot_stays_under_discords_global_limit(
        sandbox: Sandbox, world: World, settings: Settings, table_config: TableConfig,
        watch: Watch, rate: int) -> None:
    """Discord allows a bot 50 requests a second with its token (here 8, so that a game
    with three computers reaches it); interaction answers do not count. Paced at 7, the
    bot is never refused and the deal is shown to its end; unpaced, the same game is
    refused (the check can fail)."""
    sandbox.rate_limits.set_global(8, 1.0)
    bot = TappBot(replace(settings, global_rate=rate), guild_ready_timeout=0.05,
                  tables=table_config)
    async with running(bot, sandbox):
        host = world.players[0]
        game = await open_table(sandbox, bot, world.channel, host, "zuger", computers=3)
        if rate:
            await game.play(until=lambda g: g.deals_settled() >= 1)
            await game.quiet()
            assert bot.pace is not None and bot.pace.waited > 0  # it did have to wait
            assert sandbox.rate_limits.global_refused == 0
            assert [d.kind for d in watch.seen].count("result") == 1  # the deal, shown
        else:
            for _ in range(6):
                assert await game.step()
            await game.quiet()
            assert bot.pace is None and sandbox.rate_limits.global_refused > 0
            sandbox.rate_limits.global_refused = 0  # seen; the fixture checks none other
        assert all(r.acknowledged and not r.failed for r in sandbox.interactions)
        await assert_state_replays(bot, game.table_id)
