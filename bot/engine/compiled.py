"""The engine's one compiled module and its pure-Python source.

``bot/engine/playout.py`` (random playouts: benchmarks and tests) is compiled by mypyc
when the project is installed where a C compiler is found (``setup.py``;
``TAPP_PURE_PYTHON=1`` installs it as plain Python), with the SHA-256 of its source
beside it. Python imports the compiled module where it was built; :func:`is_stale` tells
when the source has changed since. The same source can be loaded beside it as plain
Python, so the tests run both and ``bench engine`` measures both.
"""

from __future__ import annotations

import hashlib
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from . import playout


def is_compiled(module: ModuleType = playout) -> bool:
    """Whether ``module`` was imported from a compiled extension, not its source."""
    return not str(module.__file__).endswith(".py")


def source_of(module: ModuleType = playout) -> Path:
    """The ``.py`` file ``module`` is (or was compiled from)."""
    file = Path(str(module.__file__))
    return file.with_name(module.__name__.rsplit(".", 1)[1] + ".py")


def is_stale(module: ModuleType = playout) -> bool:
    """Whether ``module`` is compiled from other code than its source's now (or its
    build left no hash of it): an edit since the build, which only a new install takes."""
    if not is_compiled(module):
        return False
    stamp = source_of(module).with_suffix(".sha256")
    try:
        built_from = stamp.read_text(encoding="ascii").strip()
    except OSError:
        return True
    return built_from != hashlib.sha256(source_of(module).read_bytes()).hexdigest()


def describe(module: ModuleType = playout) -> str:
    """``compiled``, ``compiled, stale`` or ``pure Python`` (benchmarks report it)."""
    if not is_compiled(module):
        return "pure Python"
    return "compiled, stale" if is_stale(module) else "compiled"


def pure(module: ModuleType = playout) -> ModuleType:
    """``module`` loaded from its source as plain Python, as ``<name>_pure`` (once)."""
    name = module.__name__ + "_pure"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, source_of(module))
    assert spec is not None and spec.loader is not None
    loaded = importlib.util.module_from_spec(spec)
    sys.modules[name] = loaded
    try:
        spec.loader.exec_module(loaded)
    except BaseException:
        del sys.modules[name]
        raise
    return loaded
