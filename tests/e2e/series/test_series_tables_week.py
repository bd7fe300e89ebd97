"""A series of shared tables through the stand-in, over a simulated week: alice opens
one of 6 deals of Tapp 1879 at 3-seat tables; alice, bob and carol join and play their
deals together, a table at a time, through the tables' own messages and hand panels;
some days one of them plays alone (computers in the free seats, after *Start now* or
after the wait); dave joins late and plays the first deals alone. Every member holds the
same cards as the others in their seat on each deal (checked from the tables' records);
the table equals matchpoints recomputed here from the records; no public message names
a card; when the window has passed the seed is published, ``verify`` deals every deal
again and ``check-ledger`` finds nothing wrong. Each table plays in its own thread of the
series' channel, so that the week's messages do not queue on the channel's one message
limit (before, every table's messages went to the channel: its limit held the bot's
requests back 64 times, 296 s of the test's 320 s). The series' channel keeps Discord's
message limits; the tables' threads do not (``RateLimits.paced``): the members here play
a deal in seconds, far quicker than people do, and each thread's own limit would then
hold every table back as long again (273 s in all), which is no point of this test. On
both backends."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest

from bot.connection.client import TappBot
from bot.engine import deal_from_record
from bot.series import SeriesSpec, deal_header
from bot.series.movement import Movement
from bot.store.series import SeriesRunStatus
from bot.tables.ids import ComponentId
from standin import Actor, Sandbox
from standin.harness import World
from tests.conftest import BACKENDS
from tests.e2e.tables.driver import Game, quiet

from .driver import closed_and_verified, store_of, table_place, take_seat
from .test_series_week import independent_totals, leaks

DEALS = 6


def lobby_message(sandbox: Sandbox, bot: TappBot, table_id: int):  # type: ignore[no-untyped-def]
    for message in reversed(sandbox.public_messages(table_place(sandbox, bot, table_id))):
        for b in message.buttons():
            cid = ComponentId.parse(b.get("custom_id", ""))
            if cid and cid.table_id == table_id and cid.token == "start":
                return message
    raise AssertionError("no forming table message")


async def play_at(sandbox: Sandbox, bot: TappBot, world: World, table_id: int,
                  members: tuple[Actor, ...]) -> None:
    game = Game(sandbox, bot, table_place(sandbox, bot, table_id),
                table_id, {a.id: a for a in members})
    await game.play()
    assert game.live is None  # the table closed after its one deal


@pytest.mark.parametrize("database", BACKENDS, indirect=True)
async def test_a_week_of_shared_series_tables_compared_on_the_same_cards(
        sandbox: Sandbox, world: World, series_bot: TappBot) -> None:
    alice, bob, carol, dave = world.players
    channel = world.channel
    sandbox.rate_limits.paced = {f"channel_id={channel.id}"}  # (see the docstring)
    store = store_of(series_bot)
    assert series_bot.series is not None

    ix = await alice.slash(channel, "/tapp series open", title="Table week",
                           variant="tapp1879", deals=DEALS, days=7, level="easy",
                           pairing="tables")
    posted = ix.response
    assert posted is not None and not posted.ephemeral, ix.errors
    series_id = int(re.search(r"Series (\d+)", posted.embeds[0]["title"]).group(1))
    row = await store.series.get(series_id)
    for member in (alice, bob, carol):
        joined = await member.click(posted, label="Join")
        assert joined.response is not None and "You have joined" in joined.response.text

    async def together(*members: Actor) -> None:
        """The members play their next deal at one table (the last seated starts it,
        with *Start now* if seats are left for computers)."""
        tables = {await take_seat(m, world, series_id) for m in members}
        assert len(tables) == 1, tables
        [table_id] = tables
        await quiet(sandbox, series_bot)
        live = series_bot.tables.registry.peek(table_id)  # type: ignore[union-attr]
        assert live is not None
        if live.session is None:  # seats left: a member seated starts it now
            started = await members[0].click(lobby_message(sandbox, series_bot, table_id),
                                             label="Start now")
            assert not started.errors, started.errors
            await quiet(sandbox, series_bot)
        await play_at(sandbox, series_bot, world, table_id, members)

    # Monday and Tuesday: the three play deals 1 and 2 together
    await together(alice, bob, carol)
    await together(alice, bob, carol)
    sandbox.clock.advance(timedelta(days=1))
    # Wednesday: alice and bob play deal 3, carol is away: a computer takes her seat
    await together(alice, bob)
    # Thursday: dave joins late; carol plays deal 3 alone (after the wait)
    sandbox.clock.advance(timedelta(days=1))
    joined = await dave.slash(channel, "/tapp series join", series=series_id)
    assert joined.response is not None and "You have joined" in joined.response.text
    lone = await take_seat(carol, world, series_id)
    sandbox.clock.advance(timedelta(minutes=11))
    assert await series_bot.series.start_waiting() == 1  # (the cog's loop does this)
    await quiet(sandbox, series_bot)
    await play_at(sandbox, series_bot, world, lone, (carol,))
    await together(dave)  # deal 1 for dave, against computers
    # Friday and Saturday: the three play deals 4 to 6; dave plays deal 2
    sandbox.clock.advance(timedelta(days=1))
    for _ in range(3):
        await together(alice, bob, carol)
    await together(dave)
    sandbox.clock.advance(timedelta(days=1))

    # every member held the same cards as the others in their seat on each deal, the
    # seat the movement gives them, at a table that dealt the series' deal
    spec = SeriesSpec.from_json(row.spec)
    move = Movement(spec.pairing, spec.players)
    members = await store.series.members(series_id)
    held: dict[tuple[int, int], set[int]] = {}
    results = []
    for member in members:
        for run in await store.series.runs_of(series_id, member.user_id):
            assert run.status is SeriesRunStatus.FINISHED and run.table_id is not None
            assert run.seat == move.seat(move.place_of(member.turn), run.deal)
            [deal_row] = await store.deals.for_table(run.table_id)
            record = await store.deals.record(deal_row.deal_id)
            assert {k: v for k, v in record.items() if k != "actions"} \
                == deal_header(spec, row.seed, run.deal)
            deal = deal_from_record(record)
            held.setdefault((run.deal, run.seat), set()).add(deal.dealt[run.seat])
            outcome = deal.outcome()
            assert outcome is not None and outcome.payments[run.seat] == run.chips
            results.append((member.user_id, run.deal, run.seat, run.chips))
    assert all(len(hands) == 1 for hands in held.values()), held
    played = {m: sorted(d for u, d, _, _ in results if u == m) for m in
              (alice.id, bob.id, carol.id, dave.id)}
    assert played == {alice.id: [1, 2, 3, 4, 5, 6], bob.id: [1, 2, 3, 4, 5, 6],
                      carol.id: [1, 2, 3, 4, 5, 6], dave.id: [1, 2]}

    # the table equals the matchpoints recomputed here from the records
    expected = independent_totals(results)  # type: ignore[arg-type]
    board = await series_bot.series.standings(world.guild.id, series_id, alice.id)
    assert {line.user_id: round(float(line.total), 6) for line in board.lines} == {
        m: round(v, 6) for m, v in expected.items()}

    # each table played in its own thread of the series' channel, named for the series
    # and the deal, its members added, archived once it ended; the channel's message
    # limit never held the bot back
    threads = {}
    for table in await store.series.tables(series_id, open_only=False):
        thread_id = (await store.tables.get(table.table_id)).thread_id
        assert thread_id is not None, table
        thread = sandbox.state.channel(thread_id)
        assert thread.parent_id == channel.id and thread.archived
        assert thread.name == f"Table week · deal {table.deal} · table {table.table_id}"
        seated = {s.user_id for s in await store.tables.seats(table.table_id)
                  if s.user_id is not None}
        assert seated and seated <= thread.thread_member_ids, (seated, thread)
        threads[table.table_id] = thread
    assert len({t.id for t in threads.values()}) == len(threads) == 9
    assert {t.id for t in sandbox.threads(channel)} == {t.id for t in threads.values()}
    bucket = f"channel messages channel_id={channel.id}"
    assert sandbox.rate_limits.refused_by_bucket[bucket] == 0
    assert sandbox.rate_limits.spent_by_bucket[bucket] == 0

    # no public message of the channel or a table's thread named a card of any deal
    for place in (channel, *threads.values()):
        for version in sandbox.message_history(place, public=True):
            assert leaks(version) == [], leaks(version)

    # the window passes: the seed is published, verify deals every deal again
    sandbox.clock.advance(timedelta(days=3))
    await closed_and_verified(bob, channel, store, row, spec)
