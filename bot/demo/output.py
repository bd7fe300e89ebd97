"""The demo's output folder: the demo owns only what it writes there.

The folder may hold anything else (the user's files and folders, in it and in its
``images/``): the demo lists every file it creates in a marker file, :data:`MARKER`,
before creating it, and a rerun removes exactly the files that list names (the earlier
run's output), nothing else. A file the demo would write whose name is already taken by
a file it did not write is an error before anything is written or removed, as is any
other path problem: one line, exit status 2 (see :func:`bot.demo.session.main`).
"""

from __future__ import annotations

import contextlib
import os
import re
import tempfile
from pathlib import Path, PurePosixPath

#: the marker: the relative paths of the files the demo wrote, one a line
MARKER = ".tapp-demo"
MARKER_HEADER = "# written by python -m bot demo: the files it wrote here, removed by its next run"
IMAGES = "images"
TRANSCRIPT = "transcript.txt"
DATABASE = "tapp.sqlite3"
#: the files SQLite keeps beside a database while it is open (or after a crash)
DATABASE_SIDECARS = ("-wal", "-shm", "-journal")
#: the demo's image names: a number, a dash, the attachment's file name
IMAGE_NAME = re.compile(r"\d{3}-")


class OutputError(Exception):
    """A path the demo cannot use, told in one line (a usage error: exit status 2)."""


def _reason(error: OSError) -> str:
    return (error.strerror or str(error)).lower()


class DemoOutput:
    """The demo's files in ``folder``: :meth:`prepare` before a run, :meth:`claim` for each
    file it is about to create."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.marker = folder / MARKER
        self.images = folder / IMAGES
        self.database = folder / DATABASE
        self.transcript = folder / TRANSCRIPT

    # -- the earlier run ---------------------------------------------------------------
    def owned(self) -> list[str]:
        """The relative paths the marker names (an earlier run's files); none without a
        marker. A line that does not name a file under the folder is ignored."""
        try:
            text = self.marker.read_text(encoding="utf-8")
        except FileNotFoundError:
            return []
        except (OSError, UnicodeDecodeError) as error:
            reason = _reason(error) if isinstance(error, OSError) else "not text"
            raise OutputError(f"cannot read the demo's marker {self.marker}: {reason}") from None
        paths = []
        for line in text.splitlines():
            relative = PurePosixPath(line.strip())
            if (not line.strip() or line.startswith("#") or relative.is_absolute()
                    or ".." in relative.parts or relative.parts[:1] == (MARKER,)):
                continue
            paths.append(str(relative))
        return paths

    def prepare(self) -> None:
        """Make the folder ready for a run: the earlier run's files removed, a fresh
        marker, and no file the demo will write already taken by someone else's."""
        if self.marker.exists() and not self.marker.is_file():
            raise OutputError(f"{self.marker} is not the demo's marker file")
        for relative in self.owned():
            path = self.folder / relative
            if (path.is_symlink() or not path.is_file()
                    or not path.resolve().is_relative_to(self.folder.resolve())):
                continue  # gone, or replaced by something the demo did not make
            try:
                path.unlink()
            except OSError as error:
                raise OutputError(f"cannot remove the earlier demo's {path}: "
                                  f"{_reason(error)}") from None
        try:  # (from here on, the marker names only what this run writes)
            self.marker.write_text(MARKER_HEADER + "\n", encoding="utf-8")
        except OSError as error:
            raise OutputError(f"cannot write in the folder {self.folder}: "
                              f"{_reason(error)}") from None
        for name in (TRANSCRIPT, DATABASE, *(DATABASE + s for s in DATABASE_SIDECARS)):
            if os.path.lexists(self.folder / name):
                raise OutputError(f"{self.folder / name} was not written by the demo: move it,"
                                  f" or give another --out")
        if os.path.lexists(self.images) and not self.images.is_dir():
            raise OutputError(f"{self.images} is a file, not a folder: move it, or give "
                              f"another --out")
        if self.images.is_dir():
            taken = sorted(p.name for p in self.images.iterdir() if IMAGE_NAME.match(p.name))
            if taken:
                raise OutputError(f"{self.images / taken[0]} was not written by the demo: "
                                  f"move it, or give another --out")
        try:
            self.images.mkdir(exist_ok=True)
            with tempfile.TemporaryFile(dir=self.images):
                pass
        except OSError as error:
            raise OutputError(f"cannot write in the folder {self.images}: "
                              f"{_reason(error)}") from None

    # -- this run ----------------------------------------------------------------------
    def claim(self, path: Path) -> Path:
        """Note ``path`` (under the folder) in the marker as the demo's, before the demo
        creates it; the path, for the writer."""
        relative = path.relative_to(self.folder).as_posix()
        with self.marker.open("a", encoding="utf-8") as marker:
            marker.write(relative + "\n")
        return path

    def write_new(self, path: Path, data: bytes) -> None:
        """Create ``path`` with ``data``, claimed first; never over an existing file."""
        self.claim(path)
        with path.open("xb") as file:
            file.write(data)

    def claim_database(self) -> Path:
        """The database's path, claimed with the files SQLite may keep beside it."""
        for suffix in ("", *DATABASE_SIDECARS):
            self.claim(self.folder / (DATABASE + suffix))
        return self.database

    def image_count(self) -> int:
        """The images this run wrote (the demo's names in ``images/``)."""
        with contextlib.suppress(OSError):
            return sum(1 for p in self.images.iterdir() if IMAGE_NAME.match(p.name))
        return 0
