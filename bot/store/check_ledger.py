"""The chip ledger's audit (``python -m bot check-ledger``, composed with the series'
audit by :mod:`bot.cli.ledger`): what the store holds, checked against itself.

For every settled deal: its record replays (with the engine) to the stored result,
its ledger rows match the replayed payments seat by seat (and the pot's change where
a variant keeps a pot) and sum to zero. Every chip of every pot is accounted for: a
table's pot by the ledger is the pot its session holds, a closed table's pot is zero
(shared out), and the chips of each server sum to zero, open pots included. Also:
every table's pot shares sum to zero, no settled deal lacks ledger rows, and the
standings summaries and the skill ratings agree with the ledger (the ratings replayed
from scratch, deal by deal in the order they were settled, are the stored ones).
:func:`run_on_database` runs a database command's job (this one, ``rebuild-ratings``).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TypeVar

from bot.cli.parsing import Parser
from bot.config import ConfigError, database_option
from bot.engine import TappError, deal_from_record, rules_of
from bot.i18n import plural

from .backend import shown_location
from .codec import result_to_json
from .db import DEFAULT_PATH, default_database
from .errors import StoreError, exit_status, operator_text
from .models import SettledDeal
from .store import Store

T = TypeVar("T")


def check_deal(item: SettledDeal) -> list[str]:
    """Problems of one settled deal (empty when it is consistent)."""
    deal_id = item.deal.deal_id
    try:
        deal = deal_from_record(item.record)
    except TappError as exc:
        return [f"deal {deal_id}: the record does not replay: {exc}"]
    result = deal.outcome()
    if result is None:
        return [f"deal {deal_id}: settled, but its record stops before the end"]
    problems = []
    if item.deal.result != result_to_json(result):
        problems.append(f"deal {deal_id}: the stored result differs from the replay")
    rows = {r.seat: r.amount for r in item.ledger}
    expected: dict[int | None, int] = dict(enumerate(result.payments))
    if rules_of(item.deal.variant).keeps_pot:
        expected[None] = result.pot - int(item.record.get("pot", 0))
    if rows != expected:
        problems.append(f"deal {deal_id}: ledger {_fmt(rows)} but the replay pays "
                        f"{_fmt(expected)}")
    total = sum(rows.values())
    if total:
        problems.append(f"deal {deal_id}: the ledger rows sum to {total}")
    return problems


def _fmt(amounts: dict[int | None, int]) -> str:
    return "{" + ", ".join(f"{'pot' if k is None else k}: {v}"
                           for k, v in sorted(amounts.items(), key=lambda kv: (
                               kv[0] is None, kv[0] or 0))) + "}"


async def check(store: Store) -> tuple[int, list[str]]:
    """``(deals checked, problems)`` for the whole database."""
    problems: list[str] = []
    count = 0
    async for item in store.ledger.iter_settled():
        count += 1
        problems.extend(check_deal(item))
    for imb in await store.ledger.imbalances():
        if imb.deal_id is None:
            problems.append(f"table {imb.table_id}: the pot shares sum to {imb.total}")
    for pot in await store.ledger.pots():
        if not pot.status.is_open and pot.ledger_pot:
            problems.append(plural("cli.pot_left", pot.ledger_pot, table=pot.table_id))
        elif pot.session_pot is not None and pot.ledger_pot != pot.session_pot:
            problems.append(plural("cli.pot_differs", pot.ledger_pot, table=pot.table_id,
                                   session=pot.session_pot))
    for guild_id, total in (await store.ledger.guild_totals()).items():
        problems.append(f"server {guild_id}: the chips sum to {total}, not 0")
    for deal_id in await store.ledger.settled_without_ledger():
        problems.append(f"deal {deal_id}: settled without ledger rows")
    for d in await store.ledger.standings_drift():
        problems.append(f"standings of member {d.user_id} in server {d.guild_id} "
                        f"({d.variant}) disagree with the ledger")
    problems.extend(await store.ratings.drift())
    return count, problems


def add_database_option(parser: Parser) -> None:
    """``--db PATH|URL``, the bot's database by default (see :func:`chosen_database`)."""
    parser.add_argument("--db", type=database_option, default=None, metavar="PATH|URL",
                        help=f"the database file or a postgresql:// URL (default: "
                             f"$TAPP_DATABASE, else {DEFAULT_PATH}, as the bot)")


def chosen_database(args: argparse.Namespace) -> Path | str | None:
    """The ``--db`` given, else the bot's; None (said on stderr) for a missing file."""
    try:
        db: Path | str = args.db or default_database()
    except ConfigError as error:
        print(f"configuration error: {error}", file=sys.stderr)
        return None
    if isinstance(db, Path) and not db.is_file():
        print(f"no database at {db}", file=sys.stderr)
        return None
    return db


def run_on_database(prog: str, description: str, argv: list[str] | None,
                    job: Callable[[Store], Awaitable[T]], report: Callable[[T], int], *,
                    failing: str) -> int:
    """A database command's run: parse its command line (``--db``), open the store, run
    ``job`` on it and ``report`` what it found (the exit status). Exit status 2 (said on
    stderr) when there is no database, or when the store fails (``failing``: what could
    not be done, before the database's name), 1 when the database is out of reach."""
    parser = Parser(prog=prog, description=description)
    add_database_option(parser)
    db = chosen_database(parser.parse_args(argv))
    if db is None:
        return 2

    async def run() -> T:
        async with await Store.open(db) as store:
            return await job(store)

    try:
        found = asyncio.run(run())
    except StoreError as exc:
        print(f"{failing} {shown_location(db)}: {operator_text(exc)}", file=sys.stderr)
        return exit_status(exc)
    return report(found)


def checked_line(count: int, problems: list[str]) -> str:
    """``checked 8 settled deals: OK`` (or ``: 1 problem``): the verdict's line."""
    return plural("cli.checked", count,
                  verdict=plural("cli.problems", len(problems)) if problems else "OK")
