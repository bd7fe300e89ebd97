"""``python -m bot health``: healthy only with a fresh file that says connected; each
other case is one line on stderr and exit status 1 (a usage error, 2)."""

from __future__ import annotations

import socket
import time
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.cli.health import MAX_AGE_SECONDS, verdict, write_state


def test_the_verdicts(tmp_path: Path) -> None:
    path = tmp_path / "health"
    assert verdict(path, 90) == (False, f"no health file at {path}: the bot has not "
                                        "started (yet)")
    write_state(path, "connected")
    assert verdict(path, 90) == (True, "healthy: connected to Discord (0 s ago)")
    assert verdict(path, 90, now=time.time() + 200)[0] is False
    assert "200 s ago (more than 90 s): it is stuck or stopped" in verdict(
        path, 90, now=time.time() + 200)[1]
    write_state(path, "disconnected")
    assert verdict(path, 90) == (False, "the bot is disconnected (0 s ago)")
    path.write_text("garbage", encoding="utf-8")
    assert verdict(path, 90)[1].startswith(f"cannot read the health file {path}")


def test_the_command(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                     monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "health"
    monkeypatch.setenv("TAPP_HEALTH_FILE", str(path))
    assert main(["health"]) == 1
    assert capsys.readouterr().err.count("\n") == 1
    write_state(path, "connected")
    assert main(["health"]) == 0
    assert capsys.readouterr().out == "healthy: connected to Discord (0 s ago)\n"
    assert main(["health", "--file", str(tmp_path / "other")]) == 1
    assert "no health file at" in capsys.readouterr().err
    monkeypatch.delenv("TAPP_HEALTH_FILE")
    with pytest.raises(SystemExit) as stopped:
        main(["health"])
    assert stopped.value.code == 2
    [line] = capsys.readouterr().err.splitlines()
    assert "set TAPP_HEALTH_FILE" in line
    assert MAX_AGE_SECONDS > 20  # a beat every 20 s at most: never stale while healthy


def test_the_command_asks_a_port(capsys: pytest.CaptureFixture[str]) -> None:
    """``--port``: the bot's /healthz (the e2e tests ask a running bot's); no answer
    there is unhealthy, in one line."""
    with socket.socket() as probe:  # a port nothing listens on once closed
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    assert main(["health", "--port", str(port)]) == 1
    [line] = capsys.readouterr().err.splitlines()
    assert line.startswith(f"no answer from http://127.0.0.1:{port}/healthz: ")
