"""Restart: every open table is rebuilt from the store by replaying its record."""

from __future__ import annotations

from pathlib import Path

from bot.engine import Action
from bot.store import Store, TableStatus, restore_session, session_to_state

from .helpers import FakeClock, log_actions, new_game, play_deal, scripted_entries, start_deal


async def test_open_tables_rebuild_to_the_same_state_after_a_restart(
        db_path: Path, clock: FakeClock) -> None:
    store = await Store.open(db_path, clock=clock)
    lobby = await store.tables.create(guild_id=1, channel_id=1, host_id=11, variant="dapp")
    await store.tables.sit(lobby.table_id, 0, user_id=11, display_name="Anna")

    games = {}
    for i, variant in enumerate(("zuger", "tapp1879", "dapp", "wuerttemberg")):
        game = await new_game(store, variant, channel_id=10 + i, seed=20 + i)
        await play_deal(store, game)
        row, deal = await start_deal(store, game)
        entries = scripted_entries(deal, game.rng)
        await log_actions(store, row, deal, entries[:len(entries) // 2])
        games[game.table.table_id] = game

    between = await new_game(store, "zuger", channel_id=30, seed=9)
    await play_deal(store, between)  # no deal in play now
    games[between.table.table_id] = between

    closed = await new_game(store, "zuger", channel_id=40)
    await store.tables.close(closed.table.table_id)
    await store.close()

    store = await Store.open(db_path, clock=clock)
    loaded = await store.tables.load_open()
    assert [t.table.table_id for t in loaded] == sorted([lobby.table_id, *games])
    by_id = {t.table.table_id: t for t in loaded}

    lobby_again = by_id[lobby.table_id]
    assert lobby_again.table.status is TableStatus.LOBBY
    assert lobby_again.session_state is None and lobby_again.record is None
    assert [s.user_id for s in lobby_again.seats] == [11]

    for table_id, game in games.items():
        item = by_id[table_id]
        rebuilt = restore_session(item.session_state, item.record)
        assert rebuilt is not None
        assert session_to_state(rebuilt) == session_to_state(game.session)
        original = game.session.current
        if original is None:
            assert rebuilt.current is None and item.deal is None
            continue
        replayed = rebuilt.current
        assert replayed is not None and item.deal is not None
        assert replayed.to_record() == original.to_record()
        assert replayed.ply == original.ply == item.deal.ply
        assert replayed.public_view() == original.public_view()
        for seat in range(replayed.n):
            assert replayed.view(seat) == original.view(seat)

        # play on from the rebuilt state: the stored ply continues where it stopped
        seat, action = Action.from_record(scripted_entries(replayed, game.rng)[0])
        ply = replayed.ply
        replayed.apply(seat, action)
        await store.deals.append_action(item.deal.deal_id, ply, seat, action)
        assert (await store.deals.record(item.deal.deal_id)) == replayed.to_record()
    await store.close()
