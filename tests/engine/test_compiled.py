"""The compiled playout: built by the install, from the source in the tree (a stale
build is told by the hash of the source it was built from), and its source still loads
as plain Python beside it (the fast-path tests run both)."""

from __future__ import annotations

import hashlib
import random
from pathlib import Path
from types import ModuleType

from bot.engine import Deal, compiled, playout


def test_the_playout_runs_compiled():
    assert compiled.is_compiled(), (
        f"bot.engine.playout comes from {playout.__file__}: the tests need it compiled. "
        "Install the project again where a C compiler and Python's headers are found "
        "(pip install -v --no-deps -e . says why it was not compiled).")
    assert compiled.describe() == "compiled"


def test_the_compiled_playout_is_built_from_its_source_now():
    assert not compiled.is_stale(), (
        "bot/engine/playout.py changed after it was compiled: "
        "pip install --no-deps -e . builds it again")


def stand_in_module(folder: Path, name: str, file: str) -> ModuleType:
    module = ModuleType(name)
    module.__file__ = str(folder / file)
    return module


def test_a_build_is_stale_once_its_source_changes_or_without_its_hash(tmp_path):
    source = tmp_path / "playout.py"
    source.write_text("X = 1\n")
    built = stand_in_module(tmp_path, "pkg.playout", "playout.cpython-311-x86_64-linux-gnu.so")
    assert compiled.source_of(built) == source
    assert compiled.is_stale(built)  # no hash beside it
    (tmp_path / "playout.sha256").write_text(
        hashlib.sha256(source.read_bytes()).hexdigest() + "\n")
    assert not compiled.is_stale(built)
    assert compiled.describe(built) == "compiled"
    source.write_text("X = 2\n")
    assert compiled.is_stale(built)
    assert compiled.describe(built) == "compiled, stale"
    plain = stand_in_module(tmp_path, "pkg.playout", "playout.py")
    assert not compiled.is_compiled(plain) and not compiled.is_stale(plain)
    assert compiled.describe(plain) == "pure Python"


def test_the_pure_source_loads_as_plain_python_beside_the_compiled_module():
    pure = compiled.pure()
    assert pure.__file__ == str(compiled.source_of())
    assert pure.play_out.__code__.co_filename == pure.__file__  # interpreted bytecode
    assert not hasattr(playout.play_out, "__code__")  # the imported one is not
    assert compiled.pure() is pure  # loaded once
    deals = [module.play_out(Deal.new("wuerttemberg", players=4, rng=random.Random(5)),
                             random.Random(6)) for module in (playout, pure)]
    assert deals[0].to_record() == deals[1].to_record()
    assert deals[0].result == deals[1].result
