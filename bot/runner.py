"""``python -m bot run`` (the default): load settings, set up logging, run until stopped.

SIGINT and SIGTERM (``docker stop``) close the bot cleanly: gateway closed with 1000,
HTTP session and store closed.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import signal
import sys
from pathlib import Path
from typing import Any

import discord

from .client import StoreFactory, TappBot
from .config import ConfigError, Settings
from .logs import setup_logging

log = logging.getLogger(__name__)


async def serve(settings: Settings, *, stop: asyncio.Event | None = None,
                store_factory: StoreFactory | None = None, **bot_options: Any) -> None:
    """Run the bot until ``stop`` is set (or a signal arrives), then close it."""
    stop = stop or asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            loop.add_signal_handler(signum, stop.set)
    async with TappBot(settings, store_factory=store_factory, **bot_options) as bot:
        running = asyncio.create_task(bot.start(settings.token), name="tapp-bot")
        stopping = asyncio.create_task(stop.wait(), name="tapp-stop")
        await asyncio.wait({running, stopping}, return_when=asyncio.FIRST_COMPLETED)
        stopping.cancel()
        if running.done():
            running.result()  # raise what ended the bot (bad token, ...)
        else:
            log.info("shutting down")
            await bot.close()
            await running


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot run", description="Run the Tapp bot.")
    parser.add_argument("--env-file", type=Path, default=Path(".env"),
                        help="optional KEY=VALUE file read under the environment (default .env)")
    args = parser.parse_args(argv)
    try:
        settings = Settings.from_env(env_file=args.env_file)
    except ConfigError as error:
        print(f"configuration error: {error}", file=sys.stderr)
        return 2
    setup_logging(settings.log_level_number, secret=settings.token)
    try:
        asyncio.run(serve(settings))
    except discord.LoginFailure:
        log.error("Discord rejected the token (DISCORD_TOKEN)")
        return 1
    except KeyboardInterrupt:
        pass
    return 0
