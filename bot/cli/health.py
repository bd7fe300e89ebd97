"""The bot's health for a supervisor (Docker's HEALTHCHECK): while it runs, the bot
rewrites a small file saying whether it is connected to Discord's gateway (at once
when that changes, else every :data:`BEAT_SECONDS`); ``python -m bot health`` reads it.

Healthy means: the file was written in the last :data:`MAX_AGE_SECONDS` (the bot's
event loop is alive) and says ``connected``. The file is ``TAPP_HEALTH_FILE``; with none
set the bot writes nothing and ``health`` says so.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Protocol

from bot.cli.parsing import Parser, positive_seconds, whole_number

BEAT_SECONDS = 20.0
MAX_AGE_SECONDS = 90.0
ENV_VAR = "TAPP_HEALTH_FILE"


class Gateway(Protocol):
    def is_ready(self) -> bool: ...
    def is_closed(self) -> bool: ...


def is_connected(bot: Gateway) -> bool:
    """Ready, not closed, and its gateway socket open (false while it reconnects); a
    sharded bot's (``AutoShardedClient``), every shard's."""
    if not bot.is_ready() or bot.is_closed():
        return False
    shards = getattr(bot, "shards", None)  # an AutoShardedClient's, by shard id
    if isinstance(shards, dict):
        return bool(shards) and not any(shard.is_closed() for shard in shards.values())
    ws = getattr(bot, "ws", None)
    socket = getattr(ws, "socket", None)
    return socket is not None and not socket.closed


def write_state(path: Path, state: str) -> None:
    """``state`` and the time, replacing the file in one step (never half written)."""
    partial = path.with_name(f".{path.name}.partial")
    partial.write_text(f"{state} {time.time():.0f}\n", encoding="utf-8")
    os.replace(partial, path)


async def beat(bot: Gateway, path: Path, every: float = BEAT_SECONDS,
               check: float = 1.0) -> None:
    """Write the bot's state to ``path`` when it changes (looked at every ``check``
    seconds) and every ``every`` seconds, until cancelled; then ``stopped``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    written, last = "", 0.0
    try:
        while True:
            state = "connected" if is_connected(bot) else "disconnected"
            if state != written or time.monotonic() - last >= every:
                write_state(path, state)
                written, last = state, time.monotonic()
            await asyncio.sleep(check)
    finally:
        with contextlib.suppress(OSError):
            write_state(path, "stopped")


def verdict(path: Path, max_age: float, now: float | None = None) -> tuple[bool, str]:
    """(healthy, one line saying why) from the file the bot writes."""
    try:
        state, _, stamp = path.read_text(encoding="utf-8").strip().partition(" ")
        written = float(stamp)
    except FileNotFoundError:
        return False, f"no health file at {path}: the bot has not started (yet)"
    except (OSError, ValueError, UnicodeDecodeError) as error:
        return False, f"cannot read the health file {path}: {error}"
    age = max(0.0, (time.time() if now is None else now) - written)
    if age > max_age:
        return False, (f"the bot last wrote {path} {age:.0f} s ago (more than {max_age:.0f}"
                       " s): it is stuck or stopped")
    if state != "connected":
        return False, f"the bot is {state} ({age:.0f} s ago)"
    return True, f"healthy: connected to Discord ({age:.0f} s ago)"


DESCRIPTION = f"""\
Say whether the running bot is healthy, for a supervisor such as Docker's HEALTHCHECK:
exit status 0 when the bot wrote its health file in the last --max-age seconds and was
connected to Discord then, 1 otherwise, with one line saying why.

The bot writes the file named by {ENV_VAR} (the Docker image sets it) every
{BEAT_SECONDS:.0f} seconds while it runs; without {ENV_VAR} it writes none.

With --port, ask the bot's /healthz on that port of this machine instead (the bot
serves it with TAPP_METRICS_PORT): healthy when it answers 200 within 5 seconds.
"""


def ask(port: int, timeout: float = 5.0) -> tuple[bool, str]:
    """(healthy, one line) from the bot's ``/healthz`` on ``port`` of this machine."""
    url = f"http://127.0.0.1:{port}/healthz"
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            return True, f"healthy: {response.read().decode(errors='replace')}"
    except urllib.error.HTTPError as error:
        return False, f"unhealthy ({error.code}): {error.read().decode(errors='replace')}"
    except (urllib.error.URLError, OSError) as error:
        reason = getattr(error, "reason", error)
        return False, f"no answer from {url}: {reason}"


def main(argv: list[str] | None = None) -> int:
    parser = Parser(prog="python -m bot health", description=DESCRIPTION)
    parser.add_argument("--file", type=Path, default=None, metavar="PATH",
                        help=f"the health file (default: ${ENV_VAR})")
    parser.add_argument("--max-age", type=positive_seconds, default=MAX_AGE_SECONDS,
                        metavar="SECONDS",
                        help=f"the oldest a healthy file may be (default: {MAX_AGE_SECONDS:.0f})")
    parser.add_argument("--port", type=whole_number(1, 65535), default=None, metavar="PORT",
                        help="ask the bot's /healthz on this port instead of reading the "
                             "file")
    args = parser.parse_args(argv)
    if args.port is not None:
        healthy, line = ask(args.port)
        print(line, file=sys.stdout if healthy else sys.stderr)
        return 0 if healthy else 1
    path = args.file or (Path(os.environ[ENV_VAR]) if os.environ.get(ENV_VAR) else None)
    if path is None:
        parser.error(f"no health file: set {ENV_VAR} (as the bot has it) or give --file")
    healthy, line = verdict(path, args.max_age)
    print(line, file=sys.stdout if healthy else sys.stderr)
    return 0 if healthy else 1
