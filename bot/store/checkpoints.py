"""SQLite's WAL checkpoints, off the writer's thread.

In WAL mode a commit appends to the ``-wal`` file; a *checkpoint* copies those pages
back into the database file and syncs it to disk. By default the commit that brings the
WAL past 1,000 pages runs the checkpoint itself, on the store's one thread, and every
transaction queued behind it waits: under ``python -m bot bench load`` (200 tables, 40
turns a second) that was a write of 79 ms and clusters of eight writes of 12-19 ms, set
against a p99 of 6 ms for a write.

:class:`Checkpointer` runs passive checkpoints from a connection of its own on a thread
of its own, every :data:`INTERVAL` seconds: a passive checkpoint never blocks the writer
(it copies what no reader still needs and leaves the rest to the next one). The writer's
automatic checkpoint is moved up to :data:`SAFETY_PAGES` pages, where it only fires if
this thread falls far behind, so the WAL stays bounded whatever happens.
"""

from __future__ import annotations

import contextlib
import logging
import sqlite3
import threading

log = logging.getLogger(__name__)

#: seconds between two checkpoints
INTERVAL = 1.0
#: the writer's own automatic checkpoint, as a backstop (pages of 4 KiB: 40 MiB)
SAFETY_PAGES = 10_000


class Checkpointer:
    """A daemon thread that checkpoints ``path``'s WAL every ``interval`` seconds."""

    def __init__(self, path: str, *, uri: bool = False, interval: float = INTERVAL) -> None:
        self.path, self.uri, self.interval = path, uri, interval
        self.done = 0  # checkpoints run (each one may have had nothing to copy)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="tapp-wal-checkpoints",
                                        daemon=True)

    def start(self) -> None:
        self._thread.start()

    def checkpoint(self, conn: sqlite3.Connection) -> None:
        conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        self.done += 1

    def _run(self) -> None:
        try:
            conn = sqlite3.connect(self.path, uri=self.uri, isolation_level=None,
                                   check_same_thread=False)
        except sqlite3.Error:
            log.warning("no connection for WAL checkpoints; the writer checkpoints itself",
                        exc_info=True)
            return
        try:
            while not self._stop.wait(self.interval):
                try:
                    self.checkpoint(conn)
                except sqlite3.Error as exc:  # busy, disk trouble: try again next time
                    log.debug("WAL checkpoint skipped: %s", exc)
        finally:
            with contextlib.suppress(sqlite3.Error):
                conn.close()

    def stop(self) -> None:
        """Stop the thread (at most one checkpoint still finishing) and wait for it."""
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join()
