"""The engine's one compiled module and its pure-Python source.

``bot/engine/playout.py`` (random playouts: benchmarks and tests) is compiled by mypyc
when the project is installed where a C compiler is found (``setup.py``;
``TAPP_PURE_PYTHON=1`` installs it as plain Python). Python imports the compiled module
where it was built. The same source can be loaded beside it as plain Python, so tests
run both and ``bench engine`` measures both.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from . import playout

#: the environment variable that makes the build leave the playout uncompiled
PURE_PYTHON_VARIABLE = "TAPP_PURE_PYTHON"


def is_compiled(module: ModuleType = playout) -> bool:
    """Whether ``module`` was imported from a compiled extension, not its source."""
    return not str(module.__file__).endswith(".py")


def source_of(module: ModuleType = playout) -> Path:
    """The ``.py`` file ``module`` is (or was compiled from)."""
    file = Path(str(module.__file__))
    return file.with_name(module.__name__.rsplit(".", 1)[1] + ".py")


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
