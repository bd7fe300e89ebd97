"""``python -m bot check-ledger``: settled deals replay to their ledger rows."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from bot.cli.ledger import check_ledger as main
from bot.store import Store
from bot.store.check_ledger import check

from .helpers import FakeClock, new_game, play_deal


async def fill(store: Store) -> None:
    for i, variant in enumerate(("zuger", "tapp1879", "dapp", "wuerttemberg")):
        players = 4 if variant == "zuger" else 3
        game = await new_game(store, variant, channel_id=i, seed=40 + i,
                              users=[10 + i, None, 30 + i, 40 + i][:players])
        for _ in range(2):
            await play_deal(store, game)
        game.session.request_end()
        await store.tables.close(game.table.table_id, game.session)


async def test_a_clean_ledger_passes(store: Store) -> None:
    await fill(store)
    pages = [d async for d in store.ledger.iter_settled(batch=3)]
    assert [d.deal.deal_id for d in pages] == list(range(1, 9))
    assert await check(store) == (8, [])


async def test_a_tampered_ledger_is_reported(file_store: Store, db_path: Path) -> None:
    await fill(file_store)
    conn = sqlite3.connect(db_path)
    conn.execute("INSERT INTO ledger (kind, deal_id, table_id, guild_id, seat, user_id,"
                 " variant, settled_at, amount) VALUES ('deal', 1, 1, 1, NULL, NULL, 'zuger',"
                 " 0, 5)")  # a pot row in a zuger deal
    conn.commit()
    conn.close()
    count, problems = await check(file_store)
    assert count == 8
    assert len(problems) == 4
    assert problems[0].startswith("deal 1: ledger {0: ") and "pot: 5} but the replay" in problems[0]
    assert problems[1] == "deal 1: the ledger rows sum to 5"
    # the five chips are in no one's hands: a closed table's pot, and the server's sum
    assert problems[2] == "table 1: closed with 5 chips left in its pot (never shared out)"
    assert problems[3] == "server 1: the chips sum to 5, not 0"


def test_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "t.sqlite3"

    async def build() -> None:
        async with await Store.open(path, clock=FakeClock(1e9)) as store:
            await fill(store)

    asyncio.run(build())
    assert main(["--db", str(path)]) == 0
    assert "checked 8 settled deals: OK" in capsys.readouterr().out
    assert main(["--db", str(tmp_path / "missing.sqlite3")]) == 2
