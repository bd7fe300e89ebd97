"""Only the product in the product: the local Discord stand-in (``standin/``) is reached
from ``bot/demo/`` alone, the demo's own place; no other module of the bot names it (an
import under ``TYPE_CHECKING`` or inside a function counts too), and importing the whole
bot but the demo loads none of it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.daily.test_imports import _imported as imported
from tests.engine.helpers import REPO

BOT = REPO / "bot"
DEMO = BOT / "demo"


def _bot_modules() -> list[Path]:
    return sorted(p for p in BOT.rglob("*.py") if DEMO not in p.parents)


def test_only_the_demo_names_the_stand_in() -> None:
    modules = _bot_modules()
    assert len(modules) > 100
    offending = {str(p.relative_to(REPO)): sorted(n for n in imported(p)
                                                  if n.split(".")[0] == "standin")
                 for p in modules}
    assert {k: v for k, v in offending.items() if v} == {}
    # and the demo does reach it (the check would pass vacuously if the demo moved away)
    assert any(n.split(".")[0] == "standin"
               for p in DEMO.glob("*.py") for n in imported(p))


def test_importing_the_bot_but_the_demo_loads_no_stand_in() -> None:
    names = sorted(".".join(p.relative_to(REPO).with_suffix("").parts).removesuffix(".__init__")
                   for p in _bot_modules() if p.name != "__main__.py")
    script = ("import importlib, json, sys\n"
              f"for name in {names!r}:\n    importlib.import_module(name)\n"
              "print(json.dumps(sorted(sys.modules)))")
    proc = subprocess.run([sys.executable, "-c", script], cwd=REPO, capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    modules = json.loads(proc.stdout)
    assert "bot.connection.client" in modules and "bot.tables.service" in modules
    assert [m for m in modules if m.split(".")[0] == "standin"] == []
