"""A small series in ``python -m bot demo``: alice opens a series of six deals of Tapp
1879, both members join and play its first deal on their private panels (bob picks any
legal action, alice decides as the baseline player would), alice asks for the table and
closes the series, which publishes its seed. The lines printed at the end are read back
from the database."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

from bot.daily.run import RunState
from bot.i18n import t
from bot.series import SeriesSpec, deal_header
from bot.series.ids import SeriesRunId
from bot.store import Store
from standin import Actor, Message

from .panels import Note, play_panel

DEALS = 6


async def run_state(store: Store, run_id: int) -> RunState:
    run, steps = await store.series.run_with_steps(run_id)
    row = await store.series.get(run.series_id)
    return RunState.replay(deal_header(SeriesSpec.from_json(row.spec), row.seed, run.deal),
                           run.seat, steps)


def run_components(panel: Message) -> list[tuple[SeriesRunId, dict[str, Any]]]:
    return [(rid, c) for c in [*panel.buttons(), *panel.selects()]
            if (rid := SeriesRunId.parse(c.get("custom_id", ""))) is not None
            and rid.step is not None]


async def play(actor: Actor, channel: Any, store: Store, series_id: int, rng: random.Random,
               note: Note, capture: Callable[[], None], *, careless: bool = False) -> None:
    """The member plays their next deal of the series to its end on their panel."""
    note(f"\n{actor.name} types: /tapp series play series:{series_id}")
    ix = await actor.slash(channel, "/tapp series play", series=series_id)
    panel = ix.response
    assert panel is not None, ix.errors
    capture()
    await play_panel(actor, panel, run_components, partial(run_state, store), rng, note, capture,
                     careless=careless, what="series deal")


async def play_a_series(players: Sequence[Actor], channel: Any, store: Store, seed: int,
                        note: Note, capture: Callable[[], None]) -> int:
    """The first member opens a series; everyone joins and plays its first deal (all
    but the first carelessly); the first asks for the table and closes the series.
    Returns the series' id."""
    rng = random.Random(seed)
    host = players[0]
    note("\n\n===== A series =====")
    note("\nA list of deals fixed by one secret seed, played by every member over days,"
         " each result compared with everyone's on the same cards.")
    note(f"\n{host.name} types: /tapp series open title:Demo variant:tapp1879"
         f" deals:{DEALS} days:1 level:easy")
    ix = await host.slash(channel, "/tapp series open", title="Demo", variant="tapp1879",
                          deals=DEALS, days=1, level="easy")
    posted = ix.response
    assert posted is not None and posted.embeds, ix.errors
    capture()
    found = re.search(r"(\d+)", posted.embeds[0].get("title") or "")
    assert found is not None
    series_id = int(found.group(1))
    for actor in players:
        note(f"\n{actor.name} clicks [Join]")
        await actor.click(posted, label=t("series.button.join"))
        capture()
    for k, actor in enumerate(players[::-1]):
        await play(actor, channel, store, series_id, rng, note, capture,
                   careless=k < len(players) - 1)
    for command in ("standings", "close"):
        note(f"\n{host.name} types: /tapp series {command} series:{series_id}")
        await host.slash(channel, f"/tapp series {command}", series=series_id)
        capture()
    return series_id


async def series_lines(database: Path, series_id: int, names: dict[int, str]) -> list[str]:
    """The closed series' kept table from the database: place, member, matchpoints."""
    async with await Store.open(database) as store:
        final = await store.series.final(series_id)
    return [t("cli.demo.series", id=series_id, rank=f.rank, name=names.get(f.user_id, "?"),
              percent=f"{float(f.total):.0f}") for f in final]
