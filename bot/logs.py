"""Logging set-up: one stderr handler, and the bot token redacted from every record.

Two formats: ``text`` (a line a record, for people) and ``json`` (one JSON object a line,
for a log collector: ``time``, ``level``, ``logger``, ``message``, and ``exception``
with the traceback where there is one). Both print the same message: what a log line
says is decided where it is logged, and none names a card its viewer may not see.
"""

from __future__ import annotations

import json
import logging
import sys
from datetime import UTC, datetime

FORMAT = "%(asctime)s %(levelname)-7s %(name)s: %(message)s"


class RedactFilter(logging.Filter):
    """Replaces a secret in the formatted message (and arguments) with ``[redacted]``."""

    def __init__(self, secret: str) -> None:
        super().__init__()
        self.secret = secret

    def filter(self, record: logging.LogRecord) -> bool:
        if not self.secret:
            return True
        message = record.getMessage()
        if self.secret in message:
            record.msg = message.replace(self.secret, "[redacted]")
            record.args = None
        return True


class JsonFormatter(logging.Formatter):
    """One JSON object a record, on one line (newlines in it are escaped)."""

    def format(self, record: logging.LogRecord) -> str:
        entry = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(
                timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        elif record.exc_text:
            entry["exception"] = record.exc_text
        if record.stack_info:
            entry["stack"] = self.formatStack(record.stack_info)
        return json.dumps(entry, ensure_ascii=False)


def setup_logging(level: int, *, secret: str = "", format: str = "text") -> logging.Handler:
    """Send everything at ``level`` or above to stderr, as ``format`` (``text`` or
    ``json``) says; returns the installed handler."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter() if format == "json" else logging.Formatter(FORMAT))
    handler.addFilter(RedactFilter(secret))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
    # discord.py's gateway chatter is DEBUG; keep it unless asked for.
    logging.getLogger("discord").setLevel(max(level, logging.INFO))
    return handler


def silence_voice_warnings() -> None:
    """The bot never joins a voice channel: turn off discord.py's warnings, logged when a
    client is made, that the voice libraries (PyNaCl, davey) are not installed.

    These are discord.py's own switches (``VoiceClient.warn_nacl``, and ``warn_dave``
    from discord.py 2.7); every other warning is still logged.
    """
    from discord.voice_client import VoiceClient

    VoiceClient.warn_nacl = False
    VoiceClient.warn_dave = False
