"""A series through the stand-in, over a simulated week: alice opens one of 6 deals of
Tapp 1879 (three seats: each member against two computer players), four members join
and play at their own pace; each holds the same cards as the others in their seat on
each deal (checked from the records); the table equals matchpoints recomputed here from
the records; nothing of a deal reaches a member before they play it; when the window has
passed the seed is published and ``verify`` deals every deal again. On both backends."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest

from bot.connection.client import TappBot
from bot.engine import deal_from_record
from bot.engine.shuffle import commitment
from bot.series import SeriesSpec, deal_header
from bot.series.ids import SeriesRunId
from bot.store.codec import full_record
from standin import Sandbox
from standin.harness import World
from standin.limits import walk_components
from tests.conftest import BACKENDS
from tests.e2e.daily.driver import cards_given_away, seen_by

from .driver import closed_and_verified, play_next, store_of

DEALS = 6


def independent_totals(results: list[tuple[int, int, int, int]]) -> dict[int, float]:
    """(member, deal, seat, chips) -> each member's total: per deal and seat, the share of
    the others they beat (a tie half), in percent; 50 alone."""
    totals: dict[int, float] = {}
    for member, deal, seat, chips in results:
        others = [c for m, d, s, c in results if (d, s) == (deal, seat) and m != member]
        share = 50.0 if not others else 100 * sum(
            1.0 if chips > c else 0.5 if chips == c else 0.0 for c in others) / len(others)
        totals[member] = totals.get(member, 0.0) + share
    return totals


def leaks(version, allowed_images=("series.",)) -> list[str]:  # type: ignore[no-untyped-def]
    """What of any deal a message version gives away: a card named, a card in a
    component, an image other than the series table."""
    found = cards_given_away(version)
    for name, _ in version.attachments:
        if not name.startswith(allowed_images):
            found.append(f"image {name}")
    return found


@pytest.mark.parametrize("database", BACKENDS, indirect=True)
async def test_a_week_of_series_play_compared_on_the_same_cards(
        sandbox: Sandbox, world: World, series_bot: TappBot) -> None:
    alice, bob, carol, dave = world.players
    channel = world.channel
    store = store_of(series_bot)

    # Monday: alice opens the series in the channel, with its commitment
    ix = await alice.slash(channel, "/tapp series open", title="Autumn week",
                           variant="tapp1879", deals=DEALS, days=7, level="easy")
    posted = ix.response
    assert posted is not None and not posted.ephemeral, ix.errors
    series_id = int(re.search(r"Series (\d+)", posted.embeds[0]["title"]).group(1))
    row = await store.series.get(series_id)
    assert f"Commitment to the deals: {commitment(row.seed)}" \
        in posted.text
    for member in (alice, bob, carol):
        joined = await member.click(posted, label="Join")
        assert joined.response is not None and "You have joined" in joined.response.text
    again = await bob.slash(channel, "/tapp series join", series=series_id)
    assert again.response is not None and "already" in again.response.text

    # carol, who has played nothing, asks for everything there is: no card anywhere
    for command in ("/tapp series standings", "/tapp series me", "/tapp series info"):
        await carol.slash(channel, command, series=series_id)
    await carol.slash(channel, "/tapp series list")

    played: dict[int, list[int]] = {m.id: [] for m in world.players}
    # the week: each day some members play some deals
    schedule = [
        {alice: 2, bob: 1},
        {carol: 2, alice: 1},
        {bob: 3},
        {dave: 0, alice: 2, carol: 1},
        {bob: 2, carol: 3, alice: 1},
        {},
    ]
    for day, plays in enumerate(schedule):
        if day == 3:  # dave joins late, on Thursday
            joined = await dave.slash(channel, "/tapp series join", series=series_id)
            assert joined.response is not None and "You have joined" in joined.response.text
        for member, count in plays.items():
            for _ in range(count):
                run_id = await play_next(series_bot, member, channel, series_id)
                played[member.id].append(run_id)
        # everyone checks the table each evening
        for member in world.players:
            await member.slash(channel, "/tapp series standings", series=series_id)
        sandbox.clock.advance(timedelta(days=1))
    # Saturday: dave, who joined late, plays his one deal (the series' first)
    played[dave.id].append(await play_next(series_bot, dave, channel, series_id))

    # every member held the same cards as the others in their seat on each deal
    results = []
    spec = SeriesSpec.from_json(row.spec)
    held: dict[tuple[int, int], set[int]] = {}
    for member in world.players:
        for run in await store.series.runs_of(series_id, member.id):
            assert run.finished and run.seat == (run.deal - 1) % 3
            _, steps = await store.series.run_with_steps(run.run_id)
            record = full_record(deal_header(spec, row.seed, run.deal),
                                 [s for s in steps if s.get("type") != "decline"])
            deal = deal_from_record(record)
            held.setdefault((run.deal, run.seat), set()).add(deal.dealt[run.seat])
            outcome = deal.outcome()
            assert outcome is not None and outcome.payments[run.seat] == run.chips
            results.append((member.id, run.deal, run.seat, outcome.payments[run.seat]))
    assert all(len(hands) == 1 for hands in held.values()), held
    assert {d for _, d, _, _ in results} == set(range(1, DEALS + 1))

    # the table equals the matchpoints recomputed here from the records
    expected = independent_totals(results)
    board = await series_bot.series.standings(world.guild.id, series_id, alice.id)  # type: ignore[union-attr]
    assert {line.user_id: round(float(line.total), 6) for line in board.lines} == {
        m: round(v, 6) for m, v in expected.items()}
    shown = await alice.slash(channel, "/tapp series standings", series=series_id)
    table = shown.response
    assert table is not None and not table.ephemeral
    assert any(a.filename.startswith("series.") for a in table.attachments)
    lines = [ln for ln in table.text.splitlines() if ln.startswith("**") and "<@" in ln]
    shown_order = [int(m.group(1)) for ln in lines if (m := re.search(r"<@(\d+)>", ln))]
    assert shown_order == [line.user_id for line in board.lines]
    totals = [expected[m] for m in shown_order]
    assert totals == sorted(totals, reverse=True)  # best first

    # nothing but a member's own panels ever named a card; no table to watch
    for member in world.players:
        own = {rid for rid in played[member.id]}
        for version in seen_by(sandbox, channel, member.id):
            ids = {r.run_id for c in walk_components(version.components)
                   if (r := SeriesRunId.parse(c.get("custom_id") or "")) is not None}
            if version.ephemeral_to == member.id and ids and ids <= own:
                continue  # their own deal's panel or result
            if version.ephemeral_to == member.id and any(
                    a[0].startswith(("hand", "table", "result", "hands")) for a in
                    version.attachments) and ids <= own:
                continue
            assert leaks(version) == [], (member, leaks(version))
    for version in sandbox.message_history(channel, public=True):
        assert leaks(version) == []

    # the window passes: the series closes, its seed is published, verify deals again
    sandbox.clock.advance(timedelta(days=2))
    await closed_and_verified(bob, channel, store, row, spec)
    assert "Final standings." in (await bob.slash(
        channel, "/tapp series standings", series=series_id)).response.text  # type: ignore[union-attr]
