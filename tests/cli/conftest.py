"""The command-line tests run commands' ``main`` in this process: a command that sets up
logging (``setup_logging``) points the root logger at the stderr pytest captured for
that test, which is closed after it. Each test here gets the root logger back as it was,
so that a later test's log lines do not fail ("I/O operation on closed file")."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True)
def root_logger_restored() -> Iterator[None]:
    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    discord_level = logging.getLogger("discord").level
    yield
    root.handlers[:] = handlers
    root.setLevel(level)
    logging.getLogger("discord").setLevel(discord_level)
