"""The deal of the day borrows nothing from the tables' display: what both show (the hand
panel, the deal's lines) is the shared kit's (:mod:`bot.ui`). Checked in the source (an
import under ``TYPE_CHECKING`` counts too) and in a fresh interpreter that imports every
module of :mod:`bot.daily` (the test run itself imports :mod:`bot.display`)."""

from __future__ import annotations

import ast
import json
import subprocess
import sys

from tests.engine.helpers import REPO

DAILY = REPO / "bot" / "daily"


def _imported(path) -> set[str]:  # type: ignore[no-untyped-def]
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
            names.update(f"{node.module}.{a.name}" for a in node.names)
    return names


def test_no_module_of_the_daily_names_the_display():
    modules = sorted(DAILY.glob("*.py"))
    assert len(modules) > 5
    offending = {p.name: sorted(n for n in _imported(p) if n.split(".")[:2] == ["bot", "display"])
                 for p in modules}
    assert {k: v for k, v in offending.items() if v} == {}


def test_importing_the_daily_loads_no_display():
    names = ", ".join(f"bot.daily.{p.stem}" for p in sorted(DAILY.glob("*.py"))
                      if p.stem != "__init__")
    script = f"import {names}\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"
    proc = subprocess.run([sys.executable, "-c", script], cwd=REPO, capture_output=True,
                          text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    modules = json.loads(proc.stdout)
    assert "bot.daily.run_messages" in modules and "bot.ui.hand_messages" in modules
    assert [m for m in modules if m.startswith("bot.display")] == []
