"""``TAPP_LOG_FORMAT=json``: one JSON object a line, the token redacted as in text."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator

import pytest

from bot.cli import run as runner
from bot.logs import setup_logging


@pytest.fixture
def restore_logging() -> Iterator[None]:
    root = logging.getLogger()
    saved, level = root.handlers[:], root.level
    discord_level = logging.getLogger("discord").level
    yield
    root.handlers[:] = saved
    root.setLevel(level)
    logging.getLogger("discord").setLevel(discord_level)


def test_json_lines(capsys: pytest.CaptureFixture[str], restore_logging: None) -> None:
    setup_logging(logging.INFO, secret="very-secret-token", format="json")
    log = logging.getLogger("bot.tables.display")
    log.info("table %d: posted in <#%d>", 7, 42)
    log.warning("header was Bot very-secret-token\nsecond line")
    try:
        raise ValueError("boom")
    except ValueError:
        log.exception("could not post a %s of table %d", "reminder", 7)
    logging.getLogger("discord.gateway").debug("not shown: below the level")
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 3  # one line each, newlines inside escaped
    first, second, third = (json.loads(line) for line in lines)
    assert set(first) == {"time", "level", "logger", "message"}
    assert first["time"].endswith("+00:00") and "T" in first["time"]
    assert (first["level"], first["logger"], first["message"]) == (
        "INFO", "bot.tables.display", "table 7: posted in <#42>")
    assert second["message"] == "header was Bot [redacted]\nsecond line"
    assert (third["level"], third["message"]) == ("ERROR", "could not post a reminder of "
                                                   "table 7")
    assert third["exception"].startswith("Traceback") and "ValueError: boom" in third[
        "exception"]


def test_text_stays_the_default(capsys: pytest.CaptureFixture[str],
                                restore_logging: None) -> None:
    setup_logging(logging.INFO)
    logging.getLogger("bot").info("ready")
    [line] = capsys.readouterr().err.splitlines()
    assert line.endswith(" INFO    bot: ready") and not line.startswith("{")


def test_the_runner_takes_the_format_from_the_settings(
        monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[str, object] = {}

    async def serve(settings: object, **_: object) -> None:
        seen["settings"] = settings

    monkeypatch.setattr(runner, "serve", serve)
    monkeypatch.setattr(runner, "setup_logging", lambda *a, **k: seen.update(k))
    monkeypatch.setenv("DISCORD_TOKEN", "t")
    monkeypatch.setenv("TAPP_LOG_FORMAT", "json")
    assert runner.main(["--env-file", "/dev/null", "--metrics-port", "9100"]) == 0
    assert seen["format"] == "json"
    assert seen["settings"].metrics_port == 9100  # type: ignore[attr-defined]
