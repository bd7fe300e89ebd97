"""``python -m bot check-ledger`` and ``python -m bot migrate-db``: the ledger's audits
composed for the command line. The store audits what it holds (the chips, pots,
standings and ratings: :func:`bot.store.check_ledger.check`); the series' audit replays
their deals with the series' domain (:func:`bot.series.audit.check_series`); this module
runs both, so the store imports nothing of the domains above it."""

from __future__ import annotations

from bot.series.audit import check_series
from bot.store import Store
from bot.store import migrate_db as migration
from bot.store.check_ledger import check, checked_line, run_on_database

DESCRIPTION = """\
Check a database's chip ledger: every settled deal's record replays to its stored
result, its ledger rows match the replay's payments seat by seat and sum to zero;
every table's pot shares sum to zero; no settled deal lacks ledger rows; the standings
agree with the ledger; and the skill ratings replayed from the ledger are the stored
ones (`rebuild-ratings` mends them if not); every finished deal of a series replays
to its stored chips, and each closed series' standings are the matchpoints recomputed
from its deals' records. It changes no chip, table or deal. A database written
by an older version of the bot is first brought to the current schema, as the bot does
when it starts (so back up an old database before checking it).

Prints one line per problem and a summary. Exit status 0 when all is well, 1 with
problems, 2 when the database cannot be read.
"""


async def audit(store: Store) -> tuple[int, list[str]]:
    """``(deals checked, problems)``: the store's audit, then the series'."""
    count, problems = await check(store)
    return count, problems + (await check_series(store))[1]


def _report(checked: tuple[int, list[str]]) -> int:
    count, problems = checked
    for line in problems:
        print(line)
    print(checked_line(count, problems))
    return 1 if problems else 0


def check_ledger(argv: list[str] | None = None) -> int:
    return run_on_database("python -m bot check-ledger", DESCRIPTION, argv, audit, _report,
                           failing="cannot read")


def migrate_db(argv: list[str] | None = None) -> int:
    """``migrate-db``, its proof checking the copy with the whole audit."""
    return migration.main(argv, audit=audit)
