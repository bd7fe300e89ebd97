"""``python -m bot migrate-db --to TARGET [--from SOURCE]``: move the bot's database
from SQLite to PostgreSQL (or back), and prove the copy."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path

from bot.cli.parsing import Parser
from bot.config import ConfigError, database_option

from .backend import shown_location
from .check_ledger import check, checked_line
from .copy import CopyRefused, compare, copy_database
from .db import DEFAULT_PATH, default_database
from .errors import StoreError, exit_status, operator_text
from .store import Store

DESCRIPTION = """\
Copy every row of the bot's database (SOURCE, by default the bot's: $TAPP_DATABASE, else
its default SQLite file)
into an empty database (TARGET): an SQLite file and a postgresql:// URL either way
round. Stop the bot first. The copy is one transaction of the target: it holds all the
rows or none. A target that holds any row is refused.

Then it proves the copy: both are read again, table by table, and must hold the same
rows; and check-ledger must give the same verdict and the same totals on both.

Exit status 0 when the copy is proven, 1 when the proof fails or a database is out of
reach, 2 when the copy was refused or a database cannot be read.
"""


#: an audit of a database: ``(deals checked, problems)``
Audit = Callable[[Store], Awaitable[tuple[int, list[str]]]]


async def migrate(source_at: Path | str, target_at: Path | str, *, audit: Audit = check
                  ) -> tuple[int, list[str]]:
    """``(status, lines to print)``: copy, then prove (``audit``: the check-ledger
    audit both must pass alike; :mod:`bot.cli.ledger` gives the whole one)."""
    async with await Store.open(source_at) as source, \
            await Store.open(target_at) as target:
        copied = await copy_database(source, target)
        lines = [f"copied {sum(copied.values())} rows in {len(copied)} tables: "
                 + ", ".join(f"{name} {n}" for name, n in copied.items() if n)]
        differences = await compare(source, target)
        lines += [f"differs: {d}" for d in differences]
        if not differences:
            lines.append("the same rows in every table")
        verdicts = [await audit(source), await audit(target)]
        totals = [await source.ledger.guild_totals(), await target.ledger.guild_totals()]
        same = verdicts[0] == verdicts[1] and totals[0] == totals[1]
        count, problems = verdicts[1]
        lines.append(f"check-ledger: {checked_line(count, problems)}"
                     + (" on both" if same else "; the source's verdict differs"))
        return (0 if same and not differences else 1), lines


def main(argv: list[str] | None = None, *, audit: Audit = check) -> int:
    parser = Parser(prog="python -m bot migrate-db", description=DESCRIPTION)
    parser.add_argument("--to", type=database_option, required=True, metavar="TARGET",
                        dest="target", help="the empty database to fill: a postgresql://"
                        " URL or an SQLite file")
    parser.add_argument("--from", type=database_option, default=None,
                        metavar="SOURCE", dest="source",
                        help=f"the database to copy (default: $TAPP_DATABASE, else "
                             f"{DEFAULT_PATH}, as the bot)")
    args = parser.parse_args(argv)
    try:
        args.source = args.source or default_database()
    except ConfigError as error:
        print(f"configuration error: {error}", file=sys.stderr)
        return 2
    shown = shown_location(args.source), shown_location(args.target)
    if isinstance(args.source, Path) and not args.source.is_file():
        print(f"no database at {args.source}", file=sys.stderr)
        return 2
    if str(args.source) == str(args.target):
        print("the source and the target are the same database", file=sys.stderr)
        return 2
    try:
        status, lines = asyncio.run(migrate(args.source, args.target, audit=audit))
    except CopyRefused as exc:
        print(f"refused: {exc}", file=sys.stderr)
        return 2
    except StoreError as exc:
        print(f"cannot copy {shown[0]} to {shown[1]}: {operator_text(exc)}", file=sys.stderr)
        return exit_status(exc)
    for line in lines:
        print(line)
    print(f"{shown[0]} -> {shown[1]}: " + ("proven" if status == 0 else "NOT proven"))
    return status
