"""Every worked example (``tests/engine/examples``, copied from the rules contract)
replays to exactly its expected output, through the API and through
``python -m bot replay``."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from bot.engine import replay

from .helpers import EXAMPLES, REPO


def _examples() -> list[str]:
    return sorted(p.name[:-5] for p in EXAMPLES.glob("*.json")
                  if not p.name.endswith(".expected.json"))


NAMES = _examples()
def test_examples_folder_holds_every_variant():
    assert {n.split("-")[1] for n in NAMES} == {"zuger", "tapp1879", "dapp", "wuerttemberg"}
    for name in NAMES:
        assert (EXAMPLES / f"{name}.expected.json").exists(), name


@pytest.mark.parametrize("name", NAMES)
def test_example_replays_to_its_expected_output(name):
    record = json.loads((EXAMPLES / f"{name}.json").read_text())
    expected = json.loads((EXAMPLES / f"{name}.expected.json").read_text())
    assert replay(record) == expected


@pytest.mark.parametrize("name", NAMES)
def test_example_replay_cli_prints_its_expected_output(name):
    proc = subprocess.run([sys.executable, "-m", "bot", "replay", str(EXAMPLES / f"{name}.json")],
                          cwd=REPO, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    assert proc.stdout.count("\n") <= 1
    expected = json.loads((EXAMPLES / f"{name}.expected.json").read_text())
    assert json.loads(proc.stdout) == expected
