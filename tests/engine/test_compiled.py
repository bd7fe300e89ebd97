"""The compiled playout: built by the install (unless ``TAPP_PURE_PYTHON=1``), from the
source in the tree, and its source still loads as plain Python beside it (the fast-path
tests run both)."""

from __future__ import annotations

import os
import random

from bot.engine import Deal, compiled, playout


def test_the_playout_is_compiled_unless_the_install_was_told_not_to():
    wanted = os.environ.get(compiled.PURE_PYTHON_VARIABLE) != "1"
    assert compiled.is_compiled() is wanted, (
        f"bot.engine.playout comes from {playout.__file__}: install the project again "
        f"(pip install -v --no-deps -e . says why it was not compiled: no C compiler?), "
        f"or set {compiled.PURE_PYTHON_VARIABLE}=1 for both the install and the tests")


def test_the_compiled_playout_is_not_older_than_its_source():
    """An edit to playout.py after the build would be shadowed by the old extension."""
    if compiled.is_compiled():
        built = os.path.getmtime(str(playout.__file__))
        assert built >= compiled.source_of().stat().st_mtime, (
            "bot/engine/playout.py changed after it was compiled: "
            "pip install --no-deps -e . builds it again")
    else:
        assert playout.__file__ == str(compiled.source_of())


def test_the_pure_source_loads_as_plain_python_beside_the_compiled_module():
    pure = compiled.pure()
    assert not compiled.is_compiled(pure)
    assert pure.__file__ == str(compiled.source_of())
    assert pure.play_out.__code__.co_filename == pure.__file__  # interpreted bytecode
    assert compiled.pure() is pure  # loaded once
    deals = [module.play_out(Deal.new("wuerttemberg", players=4, rng=random.Random(5)),
                             random.Random(6)) for module in (playout, pure)]
    assert deals[0].to_record() == deals[1].to_record()
    assert deals[0].result == deals[1].result
