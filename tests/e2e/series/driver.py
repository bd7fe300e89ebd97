"""Members playing a series' deals through the stand-in: ``/tapp series play``, then
the buttons of their private panel as the baseline player would press them, checking at
each step that the panel is at the run's stored step; and the set-ups the series' tests
share (a series opened and joined, its members seated at a shared table, a deal
interrupted after three actions)."""

from __future__ import annotations

import contextlib
import io
import re
from collections.abc import Sequence

from bot.ai import make_player
from bot.cli import verify
from bot.cli.ledger import audit
from bot.connection.client import TappBot
from bot.daily.run import RunState
from bot.engine.cards import CARD_NAMES
from bot.engine.shuffle import commitment
from bot.series import SeriesSpec, deal_header
from bot.series.ids import SeriesRunId
from bot.store import Store
from bot.store.series import SeriesRow
from standin import Actor, Channel, Message, Sandbox
from standin.harness import World
from tests.e2e.daily.driver import _use


def store_of(bot: TappBot) -> Store:
    assert bot.database is not None
    return bot.database


def run_ids(message: Message) -> list[SeriesRunId]:
    return [rid for c in [*message.buttons(), *message.selects()]
            if (rid := SeriesRunId.parse(c.get("custom_id", ""))) is not None]


async def run_state(bot: TappBot, run_id: int) -> RunState:
    store = store_of(bot)
    run, steps = await store.series.run_with_steps(run_id)
    row = await store.series.get(run.series_id)
    return RunState.replay(deal_header(SeriesSpec.from_json(row.spec), row.seed, run.deal),
                           run.seat, steps)


async def open_panel(actor: Actor, channel: Channel, series_id: int) -> Message:
    """``/tapp series play``: the member's panel of their next deal."""
    ix = await actor.slash(channel, "/tapp series play", series=series_id)
    panel = ix.response
    assert panel is not None and panel.ephemeral_to == actor.id, ix.errors
    return panel


def next_token(state: RunState) -> str:
    """The member's choice at the run's step, as the drivers make it (the baseline
    player's)."""
    return "decline" if state.may_decline() else make_player("easy").choose(state.view()).token


def stamp(panel: Message) -> int | None:
    """The step a panel's components carry (None: the deal is over, its result shown)."""
    stamps = {r.step for r in run_ids(panel) if r.step is not None}
    assert len(stamps) <= 1, stamps
    return next(iter(stamps), None)


async def press(bot: TappBot, actor: Actor, panel: Message, actions: int = 300) -> Message:
    """Up to ``actions`` of the member's actions on ``panel``, as the baseline player
    would choose them (each the one legal at the run's stored step), or to the deal's
    end: the newest panel."""
    for _ in range(actions):
        at = stamp(panel)
        if at is None:
            return panel
        state = await run_state(bot, run_ids(panel)[0].run_id)
        assert at == state.step
        ix = await _use(actor, panel, next_token(state), True)
        assert not ix.errors and ix.response is not None, ix.errors
        assert ix.response.ephemeral_to == actor.id
        panel = ix.response
    return panel


async def play_next(bot: TappBot, actor: Actor, channel: Channel, series_id: int) -> int:
    """``/tapp series play`` and the member's next deal played to its end: the run's id."""
    panel = await open_panel(actor, channel, series_id)
    run = run_ids(panel)[0].run_id
    assert stamp(await press(bot, actor, panel)) is None, "the deal did not end"
    return run


async def open_series(actor: Actor, channel: Channel, title: str = "Hostile",
                      **options: object) -> tuple[int, Message]:
    """``/tapp series open``: 6 deals of Tapp 1879 over 7 days against easy computers
    (and ``options``): the series' id and its posted message."""
    ix = await actor.slash(channel, "/tapp series open", title=title, variant="tapp1879",
                           deals=6, days=7, level="easy", **options)
    assert ix.response is not None, ix.errors
    found = re.search(r"Series (\d+)", ix.response.embeds[0]["title"])
    assert found is not None
    return int(found.group(1)), ix.response


async def joined_series(channel: Channel, members: Sequence[Actor], title: str = "Hostile",
                        **options: object) -> int:
    """A series opened by the first of ``members`` (:func:`open_series`) and joined by
    each of them (its Join button): its id."""
    series_id, posted = await open_series(members[0], channel, title, **options)
    for member in members:
        await member.click(posted, label="Join")
    return series_id


async def take_seat(actor: Actor, world: World, series_id: int) -> int:
    """``/tapp series play``: the member's seat for their next deal; the table's id."""
    ix = await actor.slash(world.channel, "/tapp series play", series=series_id)
    answer = ix.response
    assert answer is not None and answer.ephemeral_to == actor.id, ix.errors
    found = re.search(r"at table (\d+)", answer.text)
    assert found is not None, answer.text
    return int(found.group(1))


async def seated_series(world: World, title: str, members: Sequence[Actor],
                        also: Sequence[Actor] = ()) -> tuple[int, int]:
    """A series of shared tables opened by the first of ``members`` in the world's
    channel, joined by ``members`` and ``also`` (its Join button), ``members`` seated
    for deal 1 at one table: the series' id and the table's."""
    series_id = await joined_series(world.channel, (*members, *also), title,
                                    pairing="tables")
    [table_id] = {await take_seat(m, world, series_id) for m in members}
    return series_id, table_id


async def three_actions_in(bot: TappBot, world: World) -> tuple[int, Message, int, int]:
    """alice opens a series, she and bob join, she takes three actions of her first
    deal (where a test stops the bot): the series' id, her panel, its step, her run's
    id."""
    alice, bob = world.players[:2]
    series_id = await joined_series(world.channel, (alice, bob))
    panel = await press(bot, alice, await open_panel(alice, world.channel, series_id),
                        actions=3)
    stopped_at = stamp(panel)
    assert stopped_at is not None
    return series_id, panel, stopped_at, run_ids(panel)[0].run_id


async def same_as_uninterrupted(store: Store, series_id: int, run_id: int,
                                theirs: int) -> None:
    """The interrupted run ``run_id`` ended as ``theirs`` (the same deal and seat played
    without interruption): the same steps, result and chips; each deal counted once."""
    ran_a, steps_a = await store.series.run_with_steps(run_id)
    ran_b, steps_b = await store.series.run_with_steps(theirs)
    assert (ran_a.deal, ran_a.seat) == (ran_b.deal, ran_b.seat) == (1, 0)
    assert steps_a == steps_b and ran_a.result == ran_b.result
    assert ran_a.chips == ran_b.chips
    assert len(await store.series.results(series_id)) == 2  # each deal counted once


def table_place(sandbox: Sandbox, bot: TappBot, table_id: int) -> Channel:
    """Where the open table's messages are: its thread (or the series' channel)."""
    assert bot.tables is not None
    live = bot.tables.registry.peek(table_id)
    assert live is not None
    return sandbox.state.channel(live.row.thread_id or live.row.channel_id)


async def closed_and_verified(actor: Actor, channel: Channel, store: Store, row: SeriesRow,
                              spec: SeriesSpec) -> None:
    """The series' window has passed: ``/tapp series info`` shows its seed, ``verify``
    deals each of its deals from it with every seat's hand as the series dealt it, and
    ``check-ledger`` finds nothing wrong."""
    closed = await actor.slash(channel, "/tapp series info", series=row.series_id)
    assert closed.response is not None
    assert f"`{row.seed.hex()}`" in closed.response.text
    for number in range(1, spec.deals + 1):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            code = verify.main(["--seed", row.seed.hex(), "--variant", spec.variant,
                                "--series-deal", str(number), "--notation", "record",
                                "--commitment", commitment(row.seed)])
        assert code == 0
        header = deal_header(spec, row.seed, number)
        for seat, hand in enumerate(header["hands"]):
            line = f"seat {seat}: " + " ".join(
                sorted(hand, key=lambda c: list(CARD_NAMES).index(c)))
            assert line in out.getvalue().splitlines(), (number, seat)
    _, problems = await audit(store)
    assert problems == [], problems
