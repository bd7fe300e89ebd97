"""When answering a click fails, the member is told the truth and the log keeps their
cards to itself: an action that is stored is answered with its panel even if the panel's
picture cannot be drawn (without it); a failure before anything is stored says nothing
changed, and the log line names the table and the kind of click, never the card in its
custom_id."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import pytest

from bot.connection.client import TappBot
from bot.engine import Action, ActionType, Deal
from bot.i18n.words import Words
from standin import Sandbox
from standin.harness import World

from .driver import Game, Watch, open_table
from .fault_helpers import store_of


async def a_member_to(sandbox: Sandbox, bot: TappBot, world: World,
                      wanted: Callable[[Deal, int, Action], bool]) -> Game:
    """A zuger table of four members, played on until the member on turn is to take an
    action ``wanted(deal, seat, action)`` accepts."""
    host, *others = world.players
    game = await open_table(sandbox, bot, world.channel, host, "zuger", joiners=tuple(others))
    for _ in range(100):
        move, live = game.next_move(), game.live
        if move is not None and live is not None and live.deal is not None \
                and wanted(live.deal, move[0], move[2]):
            return game
        assert await game.step()
    raise AssertionError("no member came to such an action")


def acts_again(deal: Deal, seat: int, action: Action) -> bool:
    """After ``action`` the member is on turn again (their answer shows their hand)."""
    after = deal.copy()
    after.apply(seat, action)
    return after.view(seat).actor == seat


def plays_a_card(deal: Deal, seat: int, action: Action) -> bool:
    return action.type is ActionType.PLAY


async def test_a_stored_action_whose_picture_fails_is_answered_without_it(
        sandbox: Sandbox, world: World, table_bot: TappBot, watch: Watch,
        caplog: pytest.LogCaptureFixture) -> None:
    """The member acts again after this action, so their answer is their hand panel with
    its picture; drawing the picture fails: the panel comes without it, saying what was
    done (and showing only what they may see), and they play on from it."""
    caplog.set_level(logging.INFO)
    game = await a_member_to(sandbox, table_bot, world, acts_again)
    seat, actor, action, panel = await game.next_panel()
    assert game.live is not None and game.live.deal is not None
    ply = game.live.deal.ply
    images = table_bot.display.images  # type: ignore[union-attr]
    draw = images.render

    async def failing(spec: Any, *, holder: int | None = None, urgent: bool = False) -> Any:
        if urgent:  # an answer's picture
            raise RuntimeError("the picture could not be drawn")
        return await draw(spec, holder=holder, urgent=urgent)

    images.render = failing  # type: ignore[method-assign]
    try:
        ix = await game.click_action(actor, panel, action)
        await game.quiet()
    finally:
        del images.render  # type: ignore[method-assign]
    assert ix.acknowledged and not ix.errors, ix.errors
    answer = ix.response
    assert answer is not None and answer.ephemeral_to == actor.id
    words = Words(actor.user.locale, "zuger", game.live.style)  # type: ignore[union-attr]
    assert words.done(action) in answer.text and not answer.attachments
    assert "nothing was changed" not in " ".join(m.text for m in ix.messages)
    live = game.live
    assert live is not None and live.deal is not None
    assert live.deal.ply == ply + 1 and live.deal.log[-1][0] == seat  # taken and stored
    stored = await store_of(table_bot).deals.actions(live.deal_id or 0)
    assert (stored[-1].seat, stored[-1].ply) == (seat, ply)
    assert "sent without" in caplog.text
    game.panels[actor.id] = answer
    opens = game.hand_opens
    assert await game.step()  # the member acts on from that panel (no *My hand*)
    assert live.deal.ply == ply + 2 and game.hand_opens == opens
    assert await watch.check(store_of(table_bot))


async def test_a_failure_before_storing_says_nothing_changed_and_logs_no_card(
        sandbox: Sandbox, world: World, table_bot: TappBot, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    game = await a_member_to(sandbox, table_bot, world, plays_a_card)
    seat, actor, action, panel = await game.next_panel()
    live = game.live
    assert live is not None and live.deal is not None
    ply = live.deal.ply

    async def failing(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("a bug")

    monkeypatch.setattr(table_bot.tables.play, "act", failing)
    ix = await game.click_action(actor, panel, action)
    await game.quiet()
    assert ix.response is not None and ix.response.ephemeral_to == actor.id
    assert "nothing was changed" in ix.response.text
    assert live.deal.ply == ply
    [line] = [r for r in caplog.records if "component" in r.getMessage()]
    assert line.getMessage() == f"table {game.table_id}: a component (a game action) failed"
    ours = "\n".join(caplog.handler.format(r) for r in caplog.records
                     if r.name.partition(".")[0] in ("bot", "cogs"))  # (not aiohttp's)
    assert "RuntimeError: a bug" in ours  # the traceback is kept
    assert action.token not in ours and f":{action.token}" not in ours
