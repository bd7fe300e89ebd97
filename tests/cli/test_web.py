"""``python -m bot web``: serves the pages from the bot's database; every failure to
start is one line on stderr, exit status 2 for the configuration, 1 where starting
again later may work."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import socket
import sqlite3
import subprocess
import sys
import urllib.request
from pathlib import Path

import aiohttp
import pytest

from bot.__main__ import main
from bot.cli.web import WebServer
from bot.config import WebSettings
from bot.store import Store

REPO = Path(__file__).resolve().parents[2]


def one_line(capsys: pytest.CaptureFixture[str]) -> str:
    captured = capsys.readouterr()
    [line] = captured.err.splitlines()
    assert "Traceback" not in captured.err
    return line


@pytest.fixture
def env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """A working folder without a .env, and no TAPP_ variables from outside."""
    for name in list(os.environ):
        if name.startswith("TAPP_"):
            monkeypatch.delenv(name)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_a_bad_setting_is_one_line_and_exit_status_2(
        env: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    for name, value in (("TAPP_WEB_PORT", "eighty"), ("TAPP_WEB_PORT", "70000"),
                        ("TAPP_WEB_URL", "tapp.example.org"), ("TAPP_DATABASE", "mysql://x")):
        monkeypatch.setenv(name, value)
        assert main(["web"]) == 2
        assert one_line(capsys).startswith(f"configuration error: {name}")
        monkeypatch.delenv(name)


def test_no_database_yet_is_exit_status_2(env: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["web"]) == 2
    line = one_line(capsys)
    assert line.startswith("cannot read the database data/tapp.sqlite3: there is no database")
    assert not (env / "data").exists()


def test_a_schema_the_bot_has_not_upgraded_yet_is_exit_status_1(
        env: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    path = env / "old.sqlite3"
    asyncio.run(_make(path))
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA user_version = 3")
    monkeypatch.setenv("TAPP_DATABASE", str(path))
    assert main(["web"]) == 1
    assert "start the bot of this version first" in one_line(capsys)


def test_a_port_in_use_is_exit_status_1(env: Path, monkeypatch: pytest.MonkeyPatch,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    path = env / "tapp.sqlite3"
    asyncio.run(_make(path))
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        monkeypatch.setenv("TAPP_DATABASE", str(path))
        assert main(["web", "--port", str(taken.getsockname()[1])]) == 1
    assert "choose another TAPP_WEB_PORT" in one_line(capsys)


async def _make(path: Path) -> None:
    async with await Store.open(path):
        pass


async def test_the_server_answers_on_its_port(tmp_path: Path) -> None:
    path = tmp_path / "tapp.sqlite3"
    async with await Store.open(path) as store:
        server = WebServer(store, WebSettings(database_path=path, port=0))
        await server.start()
        try:
            async with aiohttp.ClientSession() as session, \
                    session.get(f"http://127.0.0.1:{server.port}/healthz") as response:
                assert response.status == 200
                assert await response.json() == {"database": "reachable"}
        finally:
            await server.stop()


def test_the_process_serves_until_sigterm(tmp_path: Path) -> None:
    path = tmp_path / "tapp.sqlite3"
    asyncio.run(_make(path))
    env = {k: v for k, v in os.environ.items() if not k.startswith("TAPP_")}
    env |= {"TAPP_DATABASE": str(path), "PYTHONPATH": str(REPO)}
    proc = subprocess.Popen([sys.executable, "-m", "bot", "web", "--port", "0"],
                            cwd=tmp_path, env=env, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stderr is not None
        line = proc.stderr.readline()
        port = re.search(r"http://127\.0\.0\.1:(\d+)", line)
        assert port, line
        with urllib.request.urlopen(f"http://127.0.0.1:{port[1]}/", timeout=10) as answer:
            assert answer.status == 200 and b"<!doctype html>" in answer.read()
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=20) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
