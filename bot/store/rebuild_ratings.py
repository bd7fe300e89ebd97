"""``python -m bot rebuild-ratings [--db PATH]``: replay every rating from the ledger."""

from __future__ import annotations

from bot.i18n import plural

from .check_ledger import run_on_database
from .store import Store

DESCRIPTION = """\
Rebuild the skill ratings from the chip ledger: every rating and the history of every
player's rating are thrown away and replayed from scratch, deal by deal in the order
the deals were settled, in one transaction (all or nothing). Chips, tables and deals
are not touched. Needed only when check-ledger reports a rating that differs from the
ledger's replay; run it while the bot is stopped (a deal settled meanwhile would wait
for it).
"""


async def rebuild(store: Store) -> tuple[int, int]:
    """``(problems before, ratings written)``: the ratings replayed from the ledger."""
    before = len(await store.ratings.drift())
    return before, await store.ratings.rebuild()


def _report(rebuilt: tuple[int, int]) -> int:
    wrong, written = rebuilt
    print(plural("cli.rebuilt", written, problems=plural("cli.problems", wrong)))
    return 0


def main(argv: list[str] | None = None) -> int:
    return run_on_database("python -m bot rebuild-ratings", DESCRIPTION, argv, rebuild,
                           _report, failing="cannot rebuild the ratings of")
