"""The engine is pure Python: importing it pulls in no Discord, database, imaging or
asyncio code (checked in a fresh interpreter, since the test run itself may import them)."""

from __future__ import annotations

import json
import subprocess
import sys

from .helpers import REPO

FORBIDDEN = ("discord", "aiosqlite", "PIL", "asyncio")

SCRIPT = """
import json, sys
import bot.engine
import bot.engine.record
from bot.engine import Deal
import random
deal = Deal.new("dapp", players=4, rng=random.Random(0))
deal.view(0)
deal.to_record()
print(json.dumps(sorted(sys.modules)))
"""


def test_importing_the_engine_imports_no_discord_aiosqlite_pil_or_asyncio():
    proc = subprocess.run([sys.executable, "-c", SCRIPT], cwd=REPO, capture_output=True,
                          text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    modules = json.loads(proc.stdout)
    bad = [m for m in modules if m.split(".")[0] in FORBIDDEN]
    assert bad == []


def test_replay_command_imports_no_discord_aiosqlite_pil_or_asyncio():
    script = ("import json, sys, runpy\n"
              "import bot.cli.replay\n"
              "print(json.dumps(sorted(sys.modules)))\n")
    proc = subprocess.run([sys.executable, "-c", script], cwd=REPO, capture_output=True,
                          text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    modules = json.loads(proc.stdout)
    assert [m for m in modules if m.split(".")[0] in FORBIDDEN] == []
