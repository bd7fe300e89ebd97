"""``python -m bot backup PATH``: a consistent copy of the SQLite database, taken while
the bot runs.

The database runs in WAL mode: the moves of the last seconds may still be in
``tapp.sqlite3-wal``, so copying ``tapp.sqlite3`` alone can lose them (or copy a file
caught mid-write). SQLite's online backup copies every committed transaction, one
consistent snapshot, without stopping the bot; the copy is checked and then renamed to
``PATH``, so a failed backup leaves an earlier one at ``PATH`` as it was.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import sys
from pathlib import Path

from bot.cli.parsing import Parser, output_file, sqlite_file
from bot.config import ConfigError, database_option

from .backend import shown_location
from .db import DEFAULT_PATH, default_database

DESCRIPTION = """\
Copy the bot's SQLite database to PATH while the bot runs: SQLite's online backup, one
consistent snapshot with every committed move (copying the file alone can miss the
last moves, which wait in its -wal file). The copy is checked (PRAGMA quick_check)
before it replaces an earlier file at PATH.

To restore: stop the bot, put the backup in place of the database file (removing its
-wal and -shm files), start the bot. docs/self-hosting.md has the steps.
"""


def backup(source: Path, target: Path) -> tuple[int, int]:
    """Copy ``source`` to ``target`` (replaced atomically); ``(schema version, bytes)``."""
    partial = target.with_name(f".{target.name}.partial")
    partial.unlink(missing_ok=True)
    try:
        with contextlib.closing(sqlite3.connect(source, timeout=30)) as conn, \
                contextlib.closing(sqlite3.connect(partial)) as copy:
            conn.backup(copy, pages=1024)  # in steps: the bot may write in between
            verdict = copy.execute("PRAGMA quick_check").fetchone()[0]
            version = int(copy.execute("PRAGMA user_version").fetchone()[0])
            copy.execute("PRAGMA journal_mode = DELETE")  # one self-contained file
        if verdict != "ok":
            raise sqlite3.DatabaseError(f"the copy fails its check: {verdict}")
        os.replace(partial, target)
    finally:
        partial.unlink(missing_ok=True)
    return version, target.stat().st_size


def main(argv: list[str] | None = None) -> int:
    parser = Parser(prog="python -m bot backup", description=DESCRIPTION)
    parser.add_argument("path", type=Path, metavar="PATH",
                        help="the backup file to write (replaced if it exists)")
    parser.add_argument("--db", type=database_option, default=None, metavar="PATH",
                        help="the database to copy (default: $TAPP_DATABASE, else "
                             f"{DEFAULT_PATH}, as the bot)")
    args = parser.parse_args(argv)
    try:
        location = args.db or default_database()
    except ConfigError as error:
        print(f"configuration error: {error}", file=sys.stderr)
        return 2
    if not isinstance(location, Path):
        print(f"{shown_location(location)} is PostgreSQL: back it up with pg_dump (see"
              " docs/self-hosting.md), e.g. pg_dump --format=custom --file=tapp.dump URL",
              file=sys.stderr)
        return 2
    source = sqlite_file(parser, location, must_exist=True)
    target = output_file(parser, args.path)
    if target.exists() and target.resolve() == source.resolve():
        parser.error(f"{target} is the database itself")
    try:
        version, size = backup(source, target)
    except sqlite3.Error as error:
        print(f"backup failed, nothing written to {target}: {error}", file=sys.stderr)
        return 1
    print(f"backed up {source} (schema version {version}) to {target}: {size} bytes")
    return 0
