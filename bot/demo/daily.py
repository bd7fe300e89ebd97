"""The deal of the day in ``python -m bot demo``: bob, then alice, play today's deal on
their private panels (``/tapp daily play``, then a click per action: bob picks any legal
action, alice decides as the baseline player would in her seat); alice sees her place
beside bob's and asks for the day's table. The lines printed at the end are read back
from the database."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

from bot.daily.ids import RunId
from bot.daily.run import RunState
from bot.daily.scoring import day_table
from bot.i18n import plural, t
from bot.store import Store
from standin import Actor, Message

from .panels import Note, play_panel


async def run_state(store: Store, run_id: int) -> RunState:
    run, steps = await store.daily.run_with_steps(run_id)
    daily = await store.daily.deal_by_id(run.daily_id)
    return RunState.replay(daily.header, daily.seat, steps)


def run_components(panel: Message) -> list[tuple[RunId, dict[str, Any]]]:
    return [(rid, c) for c in [*panel.buttons(), *panel.selects()]
            if (rid := RunId.parse(c.get("custom_id", ""))) is not None and rid.step is not None]


async def play(actor: Actor, channel: Any, store: Store, rng: random.Random, note: Note,
               capture: Callable[[], None], *, careless: bool = False) -> str:
    """The member plays today's deal to its end on their panel (``careless``: any legal
    action); returns the deal's day."""
    note(f"\n{actor.name} types: /tapp daily play")
    ix = await actor.slash(channel, "/tapp daily play")
    panel = ix.response
    assert panel is not None, ix.errors
    capture()
    components = run_components(panel)
    if not components:
        return ""
    run = await store.daily.run(components[0][0].run_id)
    day = (await store.daily.deal_by_id(run.daily_id)).day
    await play_panel(actor, panel, run_components, partial(run_state, store), rng, note, capture,
                     careless=careless, what="deal of the day")
    return day


async def play_the_day(players: Sequence[Actor], channel: Any, store: Store, seed: int,
                       note: Note, capture: Callable[[], None]) -> str:
    """Each member in turn plays the deal of the day (all but the last carelessly); the
    last asks for the day's table. Returns the deal's day (UTC)."""
    rng = random.Random(seed)
    note("\n\n===== Deal of the day =====")
    note("\nEvery member plays the same deal, alone against computer players, privately;"
         " the day's table compares them on the same cards.")
    days = {await play(actor, channel, store, rng, note, capture,
                       careless=k < len(players) - 1) for k, actor in enumerate(players)}
    assert len(days) == 1, days
    last = players[-1]
    note(f"\n{last.name} types: /tapp daily standings")
    await last.slash(channel, "/tapp daily standings")
    capture()
    return days.pop()


async def day_lines(database: Path, guild_id: int, names: dict[int, str],
                    day: str) -> list[str]:
    """The day's table from the database: place, member, matchpoints, chips."""
    async with await Store.open(database) as store:
        scores = await store.daily.scores(guild_id, day, day)
    return [t("cli.demo.daily", day=day, rank=p.rank, name=names.get(p.score.user_id, "?"),
              percent=f"{float(p.percent):.0f}",
              amount=plural("standings.chips", p.score.chips, chips=f"{p.score.chips:+d}"))
            for p in day_table(scores)]
