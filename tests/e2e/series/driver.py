"""Members playing a series' deals through the stand-in: ``/tapp series play``, then
the buttons of their private panel as the baseline player would press them, checking at
each step that the panel is at the run's stored step."""

from __future__ import annotations

import re

from bot.ai import make_player
from bot.connection.client import TappBot
from bot.daily.run import RunState
from bot.series import SeriesSpec, deal_header
from bot.series.ids import SeriesRunId
from bot.store import Store
from standin import Actor, Channel, Message
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
        token = ("decline" if state.may_decline()
                 else make_player("easy").choose(state.view()).token)
        ix = await _use(actor, panel, token, True)
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


async def open_series(actor: Actor, channel: Channel) -> tuple[int, Message]:
    ix = await actor.slash(channel, "/tapp series open", title="Hostile", variant="tapp1879",
                           deals=6, days=7, level="easy")
    assert ix.response is not None, ix.errors
    found = re.search(r"Series (\d+)", ix.response.embeds[0]["title"])
    assert found is not None
    return int(found.group(1)), ix.response
