"""The store is the bottom of the bot's layers: no module of ``bot/store`` imports a
domain above it (the series, the tables, the deal of the day ...), not even inside a
function; the command line composes the audits that need them (``bot/cli/ledger.py``)."""

from __future__ import annotations

import ast

from tests.engine.helpers import REPO

#: the packages above the store
ABOVE = ("bot.series", "bot.tables", "bot.daily", "bot.standings", "bot.review",
         "bot.display", "bot.ui", "bot.web", "bot.demo", "cogs")


def upward_imports(source: str) -> list[str]:
    """The modules above the store that ``source`` imports, wherever it does."""
    found = []
    for node in ast.walk(ast.parse(source)):
        names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                 else [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level
                 else [])
        found += [n for n in names if n == "cogs" or n.startswith(ABOVE)]
    return found


def test_no_store_module_imports_a_layer_above_it():
    offending = {path.name: found for path in sorted((REPO / "bot" / "store").rglob("*.py"))
                 if (found := upward_imports(path.read_text(encoding="utf-8")))}
    assert offending == {}


def test_the_check_finds_an_import_inside_a_function():
    source = "def check():\n    from bot.series.audit import check_series\n"
    assert upward_imports(source) == ["bot.series.audit"]
    assert upward_imports("from .series import SeriesStore\nimport bot.engine\n") == []
