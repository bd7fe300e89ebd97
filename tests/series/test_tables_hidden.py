"""A shared series table's public messages tell no result of its deal: no seat's chips
while it is played nor when it is over (members who have yet to play the deal read the
channel); each member finds their own result on their series page."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.display.table_messages import result_message, table_message, turn_ping
from bot.engine.view import Phase
from bot.i18n import signed
from bot.i18n.words import Words
from bot.series.models import SeriesSeat
from bot.standings.errors import NoSuchDeal
from bot.standings.ids import HistoryKey
from bot.standings.service import StandingsService
from bot.store import ClaimStatus, Store
from bot.tables.state import ClaimState
from bot.ui.specs import ButtonSpec
from bot.usertext import safe
from tests.store.helpers import FakeClock
from tests.tables.test_service import FakeDisplay

from .helpers import GUILD
from .test_tables import HOST, open_shared, play_table, services


async def one_table_played(store: Store, clock: FakeClock) -> tuple[SeriesSeat, FakeDisplay]:
    """Members 10, 11 and 12 played deal 1 of a series at one table: a seat at it, and
    what the display was shown."""
    series, tables, display = services(store, clock)
    sid = await open_shared(series)
    for user in (10, 11, 12):
        await series.join(GUILD, sid, user, f"m{user}")
        seat = await series.take_seat(GUILD, sid, user, f"m{user}")
    await play_table(tables, seat.table_id)
    return seat, display


async def test_a_series_tables_public_messages_name_no_seats_chips(
        store: Store, clock: FakeClock):
    seat, display = await one_table_played(store, clock)
    words = Words("en", "tapp1879", "french")
    [over] = [e for e in display.events if getattr(e, "table_id", None) == seat.table_id
              and getattr(e, "hidden", False)]
    assert any(over.chips)  # the deal paid someone: their chips are its result
    told = result_message(over, words, "french")
    assert told.description == words("series.table.over")
    shown = [table_message(s, words) for s in display.states
             if s.table_id == seat.table_id and s.view is not None and s.stamp is not None]
    assert shown
    for model in shown:
        for chips in {0, *over.chips}:
            assert words("seat.chips", n=chips, chips=signed(chips)) not in model.description



async def test_a_series_tables_turn_line_and_ping_do_not_tell_the_phase(
        store: Store, clock: FakeClock):
    """Whose turn it is, never what they are to do: "bid" or "play a card" would tell
    members yet to play the deal whether (and how soon) its auction ended."""
    seat, display = await one_table_played(store, clock)
    words = Words("en", "tapp1879", "french")
    states = [s for s in display.states if s.table_id == seat.table_id
              and s.view is not None and s.view.actor is not None and s.stamp is not None]
    phases = {s.view.phase for s in states if s.view is not None}
    assert {Phase.AUCTION, Phase.PLAY} <= phases  # both were shown
    tasks = {words.task(phase) for phase in Phase if phase is not Phase.FINISHED}
    pinged = 0
    buttons: set[tuple[str, ...]] = set()
    for state in states:
        assert state.view is not None and state.view.actor is not None
        model = table_message(state, words)
        name = safe(state.names[state.view.actor])
        assert words("series.table.turn", name=name) in model.description
        ping = turn_ping(state, words)
        pinged += ping is not None
        for text in (model.description, ping.content if ping is not None else ""):
            assert not [task for task in tasks if f"{task})" in text or f"{task}." in text]
        buttons.add(tuple(sorted(c.label for c in model.components
                                 if isinstance(c, ButtonSpec))))
    assert pinged
    # nor does a button come or go with the phase (a Kontra button once the contract is
    # made, a claim's answers in the card play): the seated members have those in their
    # own hand panels
    playing = next(s for s in states if s.view is not None and s.view.phase is Phase.PLAY)
    claim = ClaimState(playing.view.actor, "all", ClaimStatus.PENDING, deciders=(1, 2))
    for changed in (replace(playing, kontra="kontra"), replace(playing, kontra="rekontra"),
                    replace(playing, claim=claim)):
        model = table_message(changed, words)
        buttons.add(tuple(sorted(c.label for c in model.components
                                 if isinstance(c, ButtonSpec))))
    assert len(buttons) == 1, buttons


async def test_a_series_tables_deal_is_in_no_history_and_replayed_to_its_players_only(
        store: Store, clock: FakeClock):
    series, tables, _ = services(store, clock)
    sid = await open_shared(series)
    for user in (10, 11, 12):
        await series.join(GUILD, sid, user, f"m{user}")
        seat = await series.take_seat(GUILD, sid, user, f"m{user}")
    await series.join(GUILD, sid, 13, "m13")  # has yet to play deal 1
    await play_table(tables, seat.table_id)
    [deal] = await store.deals.for_table(seat.table_id)
    standings = StandingsService(store)
    for key in (HistoryKey(GUILD, 10), HistoryKey(GUILD, 12)):  # public: none of it
        assert (await standings.history(key)).entries == ()
    assert await store.standings.history(GUILD) == []
    for viewer in (13, None):
        with pytest.raises(NoSuchDeal):  # the same answer as for no deal at all
            await standings.replay(GUILD, deal.deal_id, viewer)
    assert (await standings.replay(GUILD, deal.deal_id, 10)).deal_id == deal.deal_id
    await series.close(GUILD, sid, HOST)  # closed: every deal of it is open to all
    assert [e.deal_id for e in (await standings.history(HistoryKey(GUILD, 10))).entries] \
        == [deal.deal_id]
    assert (await standings.replay(GUILD, deal.deal_id, 13)).deal_id == deal.deal_id
