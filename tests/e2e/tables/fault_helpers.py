"""Shared by the fault tests (test_faults_*.py): a table opened and played a few steps, the
bot's store, and the check that the live table equals a replay of its stored log. Their
bot, ``fault_bot``, is a fixture in ``conftest.py``."""

from __future__ import annotations

from bot.connection.client import TappBot
from bot.store import Store, restore_session
from standin import Sandbox
from standin.harness import World

from .driver import Game, open_table


async def assert_state_replays(bot: TappBot, table_id: int) -> None:
    """The live table equals the table rebuilt from the store (session state + the deal
    in play replayed from its record)."""
    assert bot.tables is not None and isinstance(bot.store, Store)
    live = bot.tables.registry.peek(table_id)
    opened = await bot.store.tables.load(table_id)
    if live is None:
        assert not opened.table.status.is_open
        return
    assert opened.table.status is live.status
    assert (opened.deal.deal_id if opened.deal else None) == live.deal_id
    assert {s.seat: s for s in opened.seats} == live.seats
    session = restore_session(opened.session_state, opened.record)
    if live.session is None:
        assert session is None
        return
    assert session is not None
    assert session.chips == live.session.chips
    assert session.deals_played == live.session.deals_played
    replayed, deal = session.current, live.deal
    assert (replayed is None) == (deal is None)
    if deal is not None and replayed is not None:
        assert replayed.to_record() == deal.to_record()
        assert replayed.public_view() == deal.public_view()


async def table(sandbox: Sandbox, bot: TappBot, world: World, steps: int = 4) -> Game:
    host, *others = world.players
    game = await open_table(sandbox, bot, world.channel, host, "zuger", joiners=tuple(others))
    for _ in range(steps):
        assert await game.step()
    return game


def store_of(bot: TappBot) -> Store:
    assert isinstance(bot.store, Store)
    return bot.store
