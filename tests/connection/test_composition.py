"""The bot composes its services with their collaborators given at construction: nothing
is wired afterwards by assigning a callback (``x.on_change = ...``) in the client."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.engine.helpers import REPO

CLIENT = REPO / "bot" / "connection" / "client.py"


def assigned_callbacks(path: Path) -> list[str]:
    """Every ``<object>.on_<name> = ...`` in the module's code."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = list(node.targets)
        elif isinstance(node, ast.AnnAssign | ast.AugAssign):
            targets = [node.target]
        for target in targets:
            for part in ast.walk(target):
                if isinstance(part, ast.Attribute) and part.attr.startswith("on_"):
                    found.append(f"line {node.lineno}: {ast.unparse(part)}")
    return found


def test_the_client_assigns_no_callback_after_construction():
    assert assigned_callbacks(CLIENT) == []


def test_an_assigned_callback_is_found(tmp_path: Path):
    wired = tmp_path / "wired.py"
    wired.write_text("troubles.on_place_gone, troubles.on_thread_gone = a, b\n"
                     "places.on_change = troubles.suspended\n", encoding="utf-8")
    assert assigned_callbacks(wired) == ["line 1: troubles.on_place_gone",
                                         "line 1: troubles.on_thread_gone",
                                         "line 2: places.on_change"]
