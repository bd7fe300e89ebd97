"""The build. The project is declared in pyproject.toml; this adds its one compiled
module: ``bot/engine/playout.py`` (random playouts, for benchmarks and tests; the bot
does not run it while hosting) compiled by mypyc where a C compiler is found. Without
one the install goes on with the module as plain Python and says so;
``TAPP_PURE_PYTHON=1`` asks for plain Python (the same code, slower: ``python -m bot
bench engine`` measures both)."""

from __future__ import annotations

import os
import sys
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext
from setuptools.errors import CCompilerError, ExecError, PlatformError

COMPILED = ["bot/engine/playout.py"]


class BuildCompiled(build_ext):
    """build_ext that leaves the module as plain Python when it cannot compile it."""

    def run(self) -> None:
        try:
            super().run()
        except (CCompilerError, ExecError, PlatformError) as error:  # no working compiler
            print(f"warning: the compiled playout ({', '.join(COMPILED)}) was not built "
                  f"({error}); it is installed as plain Python. Compiling it needs a C "
                  "compiler (gcc, or Debian's build-essential).", file=sys.stderr)
            self.extensions.clear()


def extensions() -> list[Any]:
    if os.environ.get("TAPP_PURE_PYTHON") == "1":
        return []
    from mypyc.build import mypycify

    return mypycify(COMPILED, opt_level="3")


setup(ext_modules=extensions(), cmdclass={"build_ext": BuildCompiled})
