"""Clicks that race or should not count: exactly one action applies, every other click
gets a clear ephemeral answer and changes nothing."""

from __future__ import annotations

import pytest

from bot.connection.client import TappBot
from bot.engine import Action, ActionType, Phase, SeatView
from standin import Sandbox
from standin.harness import World
from tests.conftest import BACKENDS

from .driver import Game, open_table

#: on both store backends
pytestmark = pytest.mark.parametrize("database", BACKENDS, indirect=True)


def declare_normal(view: SeatView) -> Action | None:
    """Dapp: the first speaker plays a Normales Spiel, everyone else passes."""
    legal = {a.token for a in view.legal}
    if view.phase is Phase.AUCTION:
        return Action.bid("play") if "bid:play" in legal and not any(
            a.value == "play" for _, a in view.auction) else Action.bid("pass")
    if view.phase is Phase.CONTRACT:
        return Action.contract("normal")
    return None


async def to_kontra_window(game: Game) -> None:
    """Play until the contract is fixed and both opponents may say kontra."""
    game.kontra_rate = 0.0
    game.policy = declare_normal

    def window(g: Game) -> bool:
        deal = g.live.deal if g.live else None
        return deal is not None and len([s for s in range(deal.n) if any(
            a.type is ActionType.KONTRA for a in deal.legal_actions(s))]) == 2

    await game.play(until=window)


async def test_two_opponents_say_kontra_at_once(sandbox: Sandbox, world: World,
                                                table_bot: TappBot) -> None:
    """... and someone who is not seated clicks it too."""
    alice, bob, carol, dave = world.players
    game = await open_table(sandbox, table_bot, world.channel, alice, "dapp", players=3,
                            joiners=(bob, carol))
    await to_kontra_window(game)
    live = game.live
    assert live is not None and live.deal is not None
    deal, ply = live.deal, live.deal.ply
    opponents = [game.members[live.seats[s].user_id or 0] for s in range(3)
                 if s != deal.declarer]
    message = game.table_message()
    [kontra] = [b for b in message.buttons() if b["custom_id"].endswith(":kontra")]
    clicks = [await o.click(message, custom_id=kontra["custom_id"], settle=False)
              for o in opponents]
    outsider = await dave.click(message, custom_id=kontra["custom_id"], settle=False)
    await game.quiet()
    assert outsider.response is not None and outsider.response.ephemeral_to == dave.id
    assert "not seated" in outsider.response.content
    assert deal.ply == ply + 1 and deal.kontra_by is not None
    answers = sorted(ix.response.content if ix.response else "" for ix in clicks)
    winners = [ix for ix in clicks if ix.response and ix.response.embeds]
    assert len(winners) == 1 and winners[0].user.id == live.seats[deal.kontra_by].user_id
    assert any("out of date" in a for a in answers), answers
    assert all(ix.response and ix.response.ephemeral for ix in clicks)


async def test_a_double_click_acts_once(sandbox: Sandbox, world: World,
                                        table_bot: TappBot) -> None:
    alice, bob, carol, dave = world.players
    game = await open_table(sandbox, table_bot, world.channel, alice, "zuger",
                            joiners=(bob, carol, dave))
    await game.play(until=lambda g: bool(g.live and g.live.deal and g.live.deal.tricks))
    move = game.next_move()
    assert move is not None and game.live is not None and game.live.deal is not None
    seat, actor, action = move
    deal, ply = game.live.deal, game.live.deal.ply
    panel = await game.open_hand(actor, deal.view(seat))
    first = await Game.click_action(actor, panel, action, settle=False)
    second = await Game.click_action(actor, panel, action, settle=False)
    await game.quiet()
    assert deal.ply == ply + 1
    record = await table_bot.store.deals.record(game.live.deal_id)  # type: ignore[union-attr,arg-type]
    assert len(record["actions"]) == ply + 1
    assert first.response is not None and second.response is not None
    texts = [first.response.text, second.response.text]
    assert sum("out of date" in x for x in texts) == 1, texts
    assert not first.errors and not second.errors


async def test_clicks_that_do_not_count(sandbox: Sandbox, world: World,
                                        table_bot: TappBot) -> None:
    alice, bob, carol, dave = world.players
    erin = sandbox.create_user("erin", world.guild)
    game = await open_table(sandbox, table_bot, world.channel, alice, "zuger",
                            joiners=(bob, carol), computers=1)
    await game.quiet()
    live = game.live
    assert live is not None and live.deal is not None
    deal = live.deal

    # someone who is not seated
    ix = await erin.click(game.table_message(), label="My hand")
    assert ix.response is not None and ix.response.ephemeral_to == erin.id
    assert "not seated" in ix.response.content

    # a member whose turn it is not: their panel offers nothing, a slash command is refused
    move = game.next_move()
    assert move is not None
    seat, actor, action = move
    other = next(m for m in (alice, bob, carol) if m.id != actor.id)
    before = deal.ply
    panel = (await other.click(game.table_message(), label="My hand")).response
    assert panel is not None and panel.buttons() == [] and panel.selects() == []
    ix = await other.slash(game.thread, "/tapp play bid", value="tapp")
    assert ix.response is not None and ix.response.ephemeral
    assert "not your turn" in ix.response.content.lower() or "nothing" in ix.response.content
    assert deal.ply == before

    # a stale click: an older panel of the actor, after the actor acted through a newer one
    older = await game.open_hand(actor, deal.view(seat))
    newer = await game.open_hand(actor, deal.view(seat))
    await game.take(actor, newer, action)
    await game.quiet()
    after = deal.ply
    again = await Game.click_action(actor, older, action)
    assert again.response is not None and "out of date" in again.response.content
    assert deal.ply == after and older.buttons()  # nothing changed

    # the lobby: a full table, and the host's buttons
    full = await open_table(sandbox, table_bot, world.channel, dave, "tapp1879",
                            joiners=(erin,), computers=1, start=False)
    await full.quiet()  # the lobby shows every seat (and Start) once its edit is out
    ix = await bob.click(full.table_message(), label="Start")
    assert ix.response is not None and "Only the host" in ix.response.content
    ix = await alice.click(full.table_message(), label="Cancel")
    assert ix.response is not None and "Only the host" in ix.response.content


async def test_the_last_seat_goes_to_one_of_two_racing_joins(
        sandbox: Sandbox, world: World, table_bot: TappBot) -> None:
    alice, bob, carol, _ = world.players
    game = await open_table(sandbox, table_bot, world.channel, alice, "tapp1879",
                            computers=1, start=False)
    message = game.table_message()
    clicks = [await m.click(message, label="Join", settle=False) for m in (bob, carol)]
    await game.quiet()
    answers = sorted(ix.response.content for ix in clicks if ix.response)
    assert answers == ["This table is full.", "You took seat 3."], answers
    live = game.live
    assert live is not None and len(live.seats) == 3
