"""``python -m bot rebuild-ratings [--db PATH]``: replay every rating from the ledger."""

from __future__ import annotations

import asyncio
import sys

from bot.cli import Parser

from .backend import shown_location
from .check_ledger import add_database_option, chosen_database
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
    add_database_option(parser)
    args = parser.parse_args(argv)
    args.db = chosen_database(args)
    if args.db is None:
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
