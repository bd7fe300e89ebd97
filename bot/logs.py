"""Logging set-up: one stderr handler, and the bot token redacted from every record."""

from __future__ import annotations

import logging
import sys

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


def setup_logging(level: int, *, secret: str = "") -> logging.Handler:
    """Send everything at ``level`` or above to stderr; returns the installed handler."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter(FORMAT))
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
