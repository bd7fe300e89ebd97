"""The build. The project is declared in pyproject.toml; this adds its one compiled
module: ``bot/engine/playout.py`` (random playouts, for benchmarks and tests; the bot
does not run it while hosting) compiled by mypyc where a C compiler and Python's
headers are found, with the SHA-256 of the source it was built from beside it
(``playout.sha256``: ``bot.engine.compiled`` tells a stale build). Without them the
install goes on with the module as plain Python (pip's ``-v`` shows why);
``TAPP_PURE_PYTHON=1`` asks for plain Python. Either way no compiled module is left
beside the source from an earlier build."""

from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext
from setuptools.errors import CCompilerError, ExecError, PlatformError

ROOT = Path(__file__).resolve().parent
SOURCE = "bot/engine/playout.py"
MODULE = "bot.engine.playout"
#: what an earlier in-place (editable) build left beside the source
BUILT = ("playout.*.so", "playout__mypyc.*.so", "playout.*.pyd", "playout__mypyc.*.pyd",
         "playout.sha256")


def remove_earlier_builds() -> None:
    folder = (ROOT / SOURCE).parent
    for pattern in BUILT:
        for built in folder.glob(pattern):
            built.unlink()


class BuildCompiled(build_ext):
    """build_ext that stamps the compiled module with its source's hash, and leaves the
    module as plain Python when it cannot compile it."""

    def run(self) -> None:
        try:
            super().run()
        except (CCompilerError, ExecError, PlatformError) as error:  # no working compiler
            print(f"warning: the compiled playout ({SOURCE}) was not built ({error}); it is "
                  "installed as plain Python. Compiling it needs a C compiler and Python's "
                  "headers (Debian: build-essential python3-dev).", file=sys.stderr)
            self.extensions.clear()
            remove_earlier_builds()
            return
        if self.extensions:
            digest = hashlib.sha256((ROOT / SOURCE).read_bytes()).hexdigest()
            stamp = Path(self.get_ext_fullpath(MODULE)).with_name("playout.sha256")
            stamp.write_text(digest + "\n", encoding="ascii")


def extensions() -> list[Any]:
    if os.environ.get("TAPP_PURE_PYTHON") == "1":
        remove_earlier_builds()
        return []
    from mypyc.build import mypycify

    return mypycify([SOURCE], opt_level="3")


setup(ext_modules=extensions(), cmdclass={"build_ext": BuildCompiled})
