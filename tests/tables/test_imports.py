"""The table service is free of Discord: importing it (with the store, the AI and the
game words it uses) pulls in no discord.py; the display (:mod:`bot.display`) is where
Discord starts. Checked in a fresh interpreter, since the test run itself imports
discord.py."""

from __future__ import annotations

import ast
import json
import subprocess
import sys

from tests.engine.helpers import REPO


def _modules(script: str) -> list[str]:
    proc = subprocess.run([sys.executable, "-c", script + "\nimport json, sys\n"
                           "print(json.dumps(sorted(sys.modules)))"], cwd=REPO,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    return list(json.loads(proc.stdout))


def test_the_table_service_imports_no_discord():
    modules = _modules("import bot.tables, bot.tables.places, bot.tables.timeouts, "
                       "bot.store, bot.i18n.words")
    assert "bot.tables.service" in modules
    assert [m for m in modules if m.split(".")[0] == "discord"] == []
    assert [m for m in modules if m.startswith(("bot.display", "bot.ui", "cogs"))] == []


def test_the_display_is_where_discord_starts():
    assert "discord" in _modules("import bot.display")


def test_no_table_module_names_the_display_even_for_types():
    """Not even a type-only import (``if TYPE_CHECKING:``) of the display, the Discord kit
    or a cog: the service tells its :class:`~bot.tables.DisplayPort`, it knows no more."""
    offending = []
    for path in sorted((REPO / "bot" / "tables").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            offending += [f"{path.name}: {name}" for name in names
                          if name.split(".")[0] in ("discord", "cogs")
                          or name.startswith(("bot.display", "bot.ui"))]
    assert offending == []
