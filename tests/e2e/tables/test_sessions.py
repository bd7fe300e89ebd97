"""Whole sessions of every variant, played by members clicking what the bot shows them
(computer players in the other seats), each ended the way the variant ends: the chips
in the ledger match ``python -m bot replay`` of each deal's record, and no message ever
showed a card its viewer may not see. On both store backends (SQLite, PostgreSQL)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.connection.client import TappBot
from bot.store import TableStatus
from standin import Sandbox
from standin.harness import World
from tests.conftest import BACKENDS

from .driver import Watch, check_ledger_against_replay, open_table

#: every session on both store backends
pytestmark = pytest.mark.parametrize("database", BACKENDS, indirect=True)

#: (variant, members, computers, options, deals before the host ends it, slash share)
SESSIONS: dict[str, tuple[str, int, int, dict[str, Any], int, float]] = {
    "zuger": ("zuger", 3, 1, {}, 2, 0.0),
    "tapp1879": ("tapp1879", 2, 1, {"stake": 2}, 2, 0.3),
    "dapp-3-closing": ("dapp", 2, 1, {"players": 3, "closing_round": True}, 1, 0.0),
    "dapp-6": ("dapp", 2, 4, {"players": 6}, 2, 0.0),
    "wuerttemberg-4-herz-aufnehmen": (
        "wuerttemberg", 4, 0, {"players": 4, "herz_aufnehmen": True}, 1, 0.2),
    "wuerttemberg-32-herz-ass": (
        "wuerttemberg", 1, 3, {"players": 4, "deck": 32, "herz_ass_ende": True}, 1, 0.0),
}


@pytest.mark.parametrize("name", SESSIONS)
async def test_a_whole_session(name: str, sandbox: Sandbox, world: World, table_bot: TappBot,
                               watch: Watch) -> None:
    variant, members, computers, options, deals, slash = SESSIONS[name]
    host, *others = world.players[:members]
    game = await open_table(sandbox, table_bot, world.channel, host, variant,
                            joiners=tuple(others), computers=computers, **options)
    game.slash_rate = slash
    await game.play(until=lambda g: g.deals_settled() >= deals)
    ix = await host.click(game.table_message(), label="End table")
    assert ix.response is not None and "end" in ix.response.content
    await game.play()

    store = table_bot.store
    assert game.live is None
    table = await store.tables.get(game.table_id)  # type: ignore[union-attr]
    assert table.status is TableStatus.CLOSED
    played = await check_ledger_against_replay(store, game.table_id)  # type: ignore[arg-type]
    assert played > deals
    assert await watch.check(store) > 0  # type: ignore[arg-type]
    closing = sandbox.public_messages(game.thread)[-1]
    assert "closed" in closing.text
