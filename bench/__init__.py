"""Benchmarks: ``python -m bot bench NAME [--json] [...]``.

Each benchmark is a module ``bench.NAME`` (a dash in the name an underscore there)
with ``main(argv) -> int`` that prints a readable table, or with ``--json`` one JSON
object of the same figures.
"""

from __future__ import annotations

import importlib

from bot.cli.parsing import command_parser

#: name -> one line for python -m bot bench --help
SUMMARIES: dict[str, str] = {
    "engine": "deals per second of the rules engine, per variant",
    "render": "time and size of each image kind",
    "store": "standings queries over a million ledger rows",
    "ai": "computer players against each other: strength and decision time",
    "ai-positions": "computer players' decisions valued by the clairvoyant bound",
    "load": "one bot process hosting 200 tables through the stand-in",
    "claims": "how long checking a claim takes, per variant",
    "review": "how long a deal review takes, per variant",
    "scale": "one bot process, then two, on PostgreSQL, one killed mid-load",
    "ratings": "what a deal's skill-rating update costs its settlement",
    "web": "web pages at a million ledger rows: time, size, pages a second",
    "series": "a series' standings among 10,000 stored results",
}
BENCHMARKS = tuple(SUMMARIES)

DESCRIPTION = """\
Run a benchmark and print its figures as a table, or with --json as one JSON object.
The figures measured on the development machine, and what they mean, are in
docs/benchmarks.md.
"""


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in BENCHMARKS:  # --help, or a mistake: the parser says
        command_parser("python -m bot bench", DESCRIPTION, SUMMARIES, metavar="NAME",
                       title="benchmarks").parse_args(argv)
        return 2  # not reached: parse_args exits
    module = importlib.import_module(f"bench.{argv[0].replace('-', '_')}")
    return int(module.main(argv[1:]) or 0)
