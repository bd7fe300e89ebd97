"""Benchmarks: ``python -m bot bench NAME [--json] [...]``.

Each benchmark is a module ``bench.NAME`` with ``main(argv) -> int`` that prints a
readable table, or with ``--json`` one JSON object of the same figures.
"""

from __future__ import annotations

import importlib
import sys

BENCHMARKS = ("engine", "render", "store", "ai", "load")


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in BENCHMARKS:
        print(f"usage: python -m bot bench {{{','.join(BENCHMARKS)}}} [--json]", file=sys.stderr)
        return 2
    module = importlib.import_module(f"bench.{argv[0]}")
    return int(module.main(argv[1:]) or 0)
