"""``python -m bot rebuild-ratings [--db PATH]``: replay every rating from the ledger."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from bot.cli import Parser
from bot.config import database_location

from .backend import shown_location
from .db import DEFAULT_PATH, default_database
from .errors import StoreError
from .store import Store

DESCRIPTION = """\
Rebuild the skill ratings from the chip ledger: every rating and the history of every
player's rating are thrown away and replayed from scratch, deal by deal in the order
the deals were settled, in one transaction (all or nothing). Chips, tables and deals
are not touched. Needed only when check-ledger reports a rating that differs from the
ledger's replay; run it while the bot is stopped (a deal settled meanwhile would wait
for it).
"""


def main(argv: list[str] | None = None) -> int:
    parser = Parser(prog="python -m bot rebuild-ratings", description=DESCRIPTION)
    parser.add_argument("--db", type=database_location, default=None, metavar="PATH|URL",
                        help=f"the database file or a postgresql:// URL (default: "
                             f"$TAPP_DATABASE, else {DEFAULT_PATH}, as the bot)")
    args = parser.parse_args(argv)
    args.db = args.db or default_database()
    if isinstance(args.db, Path) and not args.db.is_file():
        print(f"no database at {args.db}", file=sys.stderr)
        return 2

    async def run() -> tuple[int, int]:
        async with await Store.open(args.db) as store:
            before = len(await store.ratings.drift())
            return before, await store.ratings.rebuild()

    try:
        wrong, written = asyncio.run(run())
    except StoreError as exc:
        print(f"cannot rebuild the ratings of {shown_location(args.db)}: {exc}",
              file=sys.stderr)
        return 2
    print(f"rebuilt {written} ratings from the ledger ({wrong} problem(s) before)")
    return 0
