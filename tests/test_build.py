"""The build (setup.py): the playout compiled by mypyc with the hash of its source
beside it, or left as plain Python with ``TAPP_PURE_PYTHON=1`` or where no C compiler
works (the install goes on and says why in pip's verbose output), and then no compiled
module of an earlier build left beside the source. Each test installs a copy of the
project's files into a folder of its own, as pip installs it."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
FILES = ["pyproject.toml", "setup.py", "README.md", "LICENSE"]
PACKAGES = ["bot", "cogs", "renderer", "standin", "bench"]


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """The files pip builds from, without what this checkout's own build left."""
    copy = tmp_path / "project"
    copy.mkdir()
    for name in FILES:
        shutil.copyfile(REPO / name, copy / name)
    for name in PACKAGES:
        shutil.copytree(REPO / name, copy / name,
                        ignore=shutil.ignore_patterns("__pycache__", "*.so", "playout.sha256"))
    return copy


def install(project: Path, target: Path, **environ: str) -> subprocess.CompletedProcess[str]:
    """``pip install --no-deps --target TARGET PROJECT``, verbose (the build's own output
    too), in this environment but for ``environ``."""
    variables = {k: v for k, v in os.environ.items() if k not in ("TAPP_PURE_PYTHON", "CC")}
    return subprocess.run(
        [sys.executable, "-m", "pip", "install", "-v", "--no-deps",
         "--disable-pip-version-check", "--target", str(target), str(project)],
        env={**variables, **environ}, capture_output=True, text=True, timeout=600,
        check=False)


def earlier_build(project: Path) -> list[Path]:
    """What an editable build leaves beside the source (stand-ins for it)."""
    engine = project / "bot" / "engine"
    left = [engine / "playout.cpython-311-x86_64-linux-gnu.so",
            engine / "playout__mypyc.cpython-311-x86_64-linux-gnu.so",
            engine / "playout.sha256"]
    for path in left:
        path.write_bytes(b"an earlier build")
    return left


def test_the_install_compiles_the_playout(project: Path, tmp_path: Path) -> None:
    proc = install(project, tmp_path / "site")
    assert proc.returncode == 0, proc.stderr[-3000:]
    engine = tmp_path / "site" / "bot" / "engine"
    # the module and mypyc's runtime for it
    assert sorted(p.name.split(".")[0] for p in engine.glob("*.so")) == [
        "playout", "playout__mypyc"]
    source = (engine / "playout.py").read_bytes()  # the source beside it (compiled.pure)
    assert source == (REPO / "bot" / "engine" / "playout.py").read_bytes()
    assert (engine / "playout.sha256").read_text() == hashlib.sha256(source).hexdigest() + "\n"


def test_pure_python_installs_no_compiled_module(project: Path, tmp_path: Path) -> None:
    left = earlier_build(project)
    proc = install(project, tmp_path / "site", TAPP_PURE_PYTHON="1")
    assert proc.returncode == 0, proc.stderr[-3000:]
    site = tmp_path / "site"
    assert (site / "bot" / "engine" / "playout.py").is_file()
    assert not list(site.rglob("*.so")) and not list(site.rglob("playout.sha256"))
    assert not any(path.exists() for path in left)


@pytest.mark.parametrize("compiler", ["false", "/no/such/cc"], ids=["failing", "missing"])
def test_without_a_c_compiler_the_playout_is_installed_as_plain_python(
        project: Path, tmp_path: Path, compiler: str) -> None:
    left = earlier_build(project)
    proc = install(project, tmp_path / "site", CC=compiler)
    assert proc.returncode == 0, proc.stderr[-3000:]
    output = proc.stdout + proc.stderr
    assert "warning: the compiled playout (bot/engine/playout.py) was not built" in output
    assert ("Compiling it needs a C compiler and Python's headers (Debian: build-essential "
            "python3-dev).") in output
    site = tmp_path / "site"
    assert (site / "bot" / "engine" / "playout.py").is_file()
    assert not list(site.rglob("*.so")) and not list(site.rglob("playout.sha256"))
    assert not any(path.exists() for path in left)
