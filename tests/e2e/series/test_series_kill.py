"""kill -9 in the middle of a member's deal of a series, on both backends: a bot process
is killed with SIGKILL right after committing the member's click (never answered), or
as it is about to write it (never stored); a new bot on the same database loses and
doubles nothing: the member goes on with the deal (``/tapp series play`` makes the
computers' moves still owed), it ends as the same choices end it without any kill, each
deal is counted once, and ``python -m bot check-ledger`` finds all in order."""

from __future__ import annotations

import asyncio
import signal
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.cli.ledger import check_ledger
from bot.config import Settings
from bot.store import Store
from standin import Actor, Message, Sandbox
from standin.harness import World, running
from tests.conftest import BACKENDS
from tests.e2e.daily.driver import _use

from .conftest import series_bot_for
from .driver import (
    next_token,
    open_panel,
    play_next,
    press,
    run_ids,
    run_state,
    same_as_uninterrupted,
    stamp,
    three_actions_in,
)

#: on both store backends
pytestmark = pytest.mark.parametrize("database", BACKENDS, indirect=True)

REPO = Path(__file__).resolve().parents[3]


async def killed_on_click(sandbox: Sandbox, settings: Settings, actor: Actor, panel: Message,
                          token: str, when: str) -> Any:
    """A bot process killed (SIGKILL) at the first step of a series it writes, ``after``
    committing it or ``before``; ``actor`` clicks ``token`` on ``panel``: the click."""
    now = sandbox.clock.now().timestamp()
    child = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tests.e2e.series.botproc", sandbox.api_base,
        sandbox.gateway.url, sandbox.token, str(settings.database_path), repr(now), "1",
        when, cwd=REPO, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
    try:
        await sandbox.gateway.wait_connected(30)
        await sandbox.settle(quiet=0.5)
        clicked = await _use(actor, panel, token, False)
        code = await asyncio.wait_for(child.wait(), 60)
    finally:
        if child.returncode is None:
            child.kill()
            await child.wait()
    output = (await child.stdout.read()).decode(errors="replace") if child.stdout else ""
    assert code == -signal.SIGKILL, output
    return clicked


@pytest.mark.parametrize("when", ["after", "before"])
async def test_a_kill_mid_deal_loses_and_doubles_nothing(
        sandbox: Sandbox, world: World, settings: Settings, when: str) -> None:
    alice, bob = world.players[:2]
    async with running(series_bot_for(sandbox, settings), sandbox) as first:
        series_id, panel, stopped_at, run_id = await three_actions_in(first, world)
        token = next_token(await run_state(first, run_id))

    clicked = await killed_on_click(sandbox, settings, alice, panel, token, when)
    assert clicked.response is None  # never answered: nothing acknowledged
    async with await Store.open(settings.database_path) as store:
        run, steps = await store.series.run_with_steps(run_id)
    committed = stopped_at + 1 if when == "after" else stopped_at
    assert run.steps == len(steps) == committed and not run.finished

    async with running(series_bot_for(sandbox, settings, seed=99), sandbox) as second:
        if when == "before":  # the click was never stored: the old panel still works
            panel = (await _use(alice, panel, token, True)).response
        else:  # the panel is behind the stored run: she asks for her deal again
            again = await _use(alice, panel, token, True)
            assert again.response is not None and "moved on" in again.response.text
            panel = await open_panel(alice, world.channel, series_id)
            assert run_ids(panel)[0].run_id == run_id  # the same deal, not a new one
        assert stamp(await press(second, alice, panel)) is None  # she finishes it
        theirs = await play_next(second, bob, world.channel, series_id)  # no kill
        store = second.database
        assert store is not None
        await same_as_uninterrupted(store, series_id, run_id, theirs)
        assert [r.run_id for r in await store.series.runs_of(series_id, alice.id)] == [run_id]
    status = await asyncio.to_thread(check_ledger, ["--db", str(settings.database_path)])
    assert status == 0
