"""``python -m bot run`` (the default): load settings, set up logging, run until stopped.

The settings are read and the database opened before anything goes to Discord: a
mistake there is told first, without a network too. SIGINT and SIGTERM (``docker
stop``) close the bot cleanly: gateway closed with 1000, HTTP session and store closed.
With ``TAPP_API_BASE`` every REST request goes to that rate-limit proxy for as long as
the bot runs.

A failure is one line on standard error, never a traceback, and its exit status says
whether starting again may help (the README's "Exit status"): 2 when it would not (the
configuration, a token Discord rejects, a path that is no database, a schema too new), 1
when it may (Discord or the database out of reach or failing, the metrics port taken).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import os
import signal
import sys
from pathlib import Path
from typing import Any

import aiohttp
import discord

from bot.cli.health import beat, write_state
from bot.cli.parsing import Parser, whole_number
from bot.config import ConfigError, Settings
from bot.connection.client import Store, StoreFactory, TappBot, open_store
from bot.connection.first_gateway import GatewayUnreachable, cause
from bot.connection.invalid_budget import Banned
from bot.connection.pacing import api_base
from bot.connection.sharded import ShardedTappBot
from bot.logs import setup_logging, silence_voice_warnings
from bot.ops.server import PortUnavailable
from bot.store import (
    NotADatabase,
    SchemaTooNew,
    StoreError,
    exit_status,
    operator_text,
    shown_location,
)

log = logging.getLogger(__name__)


async def serve(settings: Settings, *, stop: asyncio.Event | None = None,
                store_factory: StoreFactory | None = None, **bot_options: Any) -> None:
    """Run the bot until ``stop`` is set (or a signal arrives), then close it."""
    stop = stop or asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            loop.add_signal_handler(signum, stop.set)
    # the database first: its mistakes are told before the bot reaches for Discord
    store = await (store_factory or open_store)(settings)
    try:
        with api_base(settings.api_base):
            await _serve(settings, stop, store, bot_options)
    finally:
        await store.close()  # the bot closes it when it ran; closing twice is harmless


async def _serve(settings: Settings, stop: asyncio.Event, store: Store,
                 bot_options: dict[str, Any]) -> None:
    bot_class = ShardedTappBot if settings.shards.sharded else TappBot

    async def opened(_: Settings) -> Store:
        return store

    async with bot_class(settings, store_factory=opened, **bot_options) as bot:
        running = asyncio.create_task(bot.start(settings.token), name="tapp-bot")
        stopping = asyncio.create_task(stop.wait(), name="tapp-stop")
        beating = (asyncio.create_task(beat(bot, settings.health_file), name="tapp-health")
                   if settings.health_file is not None else None)
        await asyncio.wait({running, stopping}, return_when=asyncio.FIRST_COMPLETED)
        stopping.cancel()
        if beating is not None:
            beating.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await beating
        if running.done():
            running.result()  # raise what ended the bot (bad token, ...)
        else:
            log.info("shutting down")
            await bot.close()
            await running


DESCRIPTION = """\
Run the bot: connect to Discord with the bot token and host Tapp tables until Ctrl-C or
SIGTERM, which close it cleanly.

Settings come from the environment and from a .env file (KEY=VALUE lines) in the
working directory if there is one, or from the file named by --env-file; the
environment wins:

  DISCORD_TOKEN          the bot token (required)
  TAPP_DATABASE          the SQLite file (default ./data/tapp.sqlite3), or a
                         postgresql://user:password@host/dbname URL
  TAPP_DEV_GUILD_ID      a server to sync the commands to at once (development)
  TAPP_LOG_LEVEL         DEBUG, INFO (default), WARNING or ERROR
  TAPP_RENDER_PROCESSES  image processes (default: one per CPU it may use; 0:
                         threads)
  TAPP_GLOBAL_RATE       token requests a second (default 45; 0: no pacing)
  TAPP_HEALTH_FILE       the file of its state, for the health command
  TAPP_API_BASE          a shared rate-limit proxy's API root, e.g.
                         http://nirn:8080/api/v10 (default: Discord's)
  TAPP_PROCESS_COUNT     processes sharing the token (default 1): without a
                         proxy each paces itself to its share of
                         TAPP_GLOBAL_RATE
  TAPP_METRICS_PORT      serve /healthz and /metrics on this port (default:
                         off)
  TAPP_METRICS_HOST      their address (default 127.0.0.1)
  TAPP_LOG_FORMAT        text (default) or json (one JSON object a line)
  TAPP_SHARD_COUNT       the bot's number of shards (default: unsharded)
  TAPP_SHARDS            the shards this process runs, e.g. 0-3 (default: all);
                         several processes need the PostgreSQL store
  TAPP_WEB_URL           where the web pages are reached, for /tapp stats web
                         (default: not served)

The README's Configuration section says more about each.

What stops the bot is said in one line on standard error. Exit status 0: stopped as
asked; 1: it may pass, start it again later (Discord or the database out of reach or
failing); 2: a restart would not mend it (the configuration, a token Discord rejects, a
database path that is no database, a schema newer than the bot).
"""


def main(argv: list[str]) -> int:
    parser = Parser(prog="python -m bot run", description=DESCRIPTION)
    parser.add_argument("--env-file", type=Path, default=None, metavar="PATH",
                        help="read the settings from this file instead of .env; the file "
                             "must exist (the environment still wins)")
    parser.add_argument("--metrics-port", type=whole_number(1, 65535), default=None,
                        metavar="PORT", help="serve /healthz and /metrics on this port "
                                             "(instead of TAPP_METRICS_PORT)")
    parser.add_argument("--shards", default=None, metavar="RANGE",
                        help="the shards this process runs, e.g. 0-3 or 0,2 (default: "
                             "$TAPP_SHARDS, else all of them)")
    parser.add_argument("--shard-count", default=None, metavar="N",
                        help="the bot's number of shards over all its processes (default: "
                             "$TAPP_SHARD_COUNT, else unsharded)")
    args = parser.parse_args(argv)
    environ = dict(os.environ)  # the options win over the environment
    if args.shards is not None:
        environ["TAPP_SHARDS"] = args.shards
    if args.shard_count is not None:
        environ["TAPP_SHARD_COUNT"] = args.shard_count
    try:
        if args.env_file is None:
            settings = Settings.from_env(environ)
        else:
            settings = Settings.from_env(environ, env_file=args.env_file,
                                         env_file_required=True)
    except ConfigError as error:
        print(f"configuration error: {error}", file=sys.stderr)
        return 2
    if args.metrics_port is not None:
        settings = dataclasses.replace(settings, metrics_port=args.metrics_port)
    if settings.health_file is not None:  # written while the bot runs: can it be?
        try:
            settings.health_file.parent.mkdir(parents=True, exist_ok=True)
            write_state(settings.health_file, "stopped")
        except OSError as error:
            reason = (error.strerror or str(error)).lower()
            print(f"configuration error: TAPP_HEALTH_FILE {settings.health_file}: cannot "
                  f"write it: {reason}", file=sys.stderr)
            return 2
    setup_logging(settings.log_level_number, secret=settings.token,
                  format=settings.log_format)
    silence_voice_warnings()
    try:
        asyncio.run(serve(settings, settle_memory=True))
    except KeyboardInterrupt:
        pass
    except FORESEEN as error:  # told in one line; anything else is a bug (its traceback)
        line, status = stopped_by(error, settings)
        print(line, file=sys.stderr)
        return status
    return 0


#: what may stop the bot that is not a bug: the token, the network, the metrics port and
#: the database
FORESEEN = (discord.LoginFailure, PortUnavailable, GatewayUnreachable, aiohttp.ClientError,
            OSError, TimeoutError, discord.GatewayNotFound, discord.HTTPException, Banned,
            StoreError)


def stopped_by(error: BaseException, settings: Settings) -> tuple[str, int]:
    """The line that says what stopped the bot (one of :data:`FORESEEN`), and the exit
    status: 2 when starting it again would fail the same way, 1 when it may pass."""
    if isinstance(error, discord.LoginFailure):
        return ("Discord rejected the token (DISCORD_TOKEN): copy the bot's token again "
                "from the Developer Portal (Bot, Reset Token)", 2)
    if isinstance(error, PortUnavailable):
        return f"{error}: choose another TAPP_METRICS_PORT, or stop what listens there", 1
    if isinstance(error, discord.HTTPException | Banned):  # Discord's trouble, for now
        return (f"Discord refused to start the bot: {_answer(error)}; start it again "
                "later", 1)
    if not isinstance(error, StoreError):  # the network: Discord out of reach
        return (f"cannot reach Discord: {_unreachable(error)}; check this machine's network"
                " connection (DNS, firewall, proxy) and start the bot again", 1)
    where = shown_location(settings.database_path)  # a URL without its password
    if isinstance(error, SchemaTooNew):
        return (f"cannot use the database {where}: {error}: run that newer version, or "
                "restore the backup taken before it", 2)
    if isinstance(error, NotADatabase):
        return f"cannot use the database {where}: {error}: check TAPP_DATABASE", 2
    if exit_status(error) == 1:
        return (f"cannot reach the database {where}: {operator_text(error)}; start the "
                "bot again once the database is up", 1)
    return (f"cannot open or upgrade the database {where}: {operator_text(error)} (an "
            "upgrade that fails is rolled back: the database is as it was)", 2)


def _answer(error: discord.HTTPException | Banned) -> str:
    if isinstance(error, Banned):
        return str(error)
    reason = error.response.reason if error.response is not None else ""
    return f"{error.status} {reason}".strip() + (f" ({error.text})" if error.text else "")


def _unreachable(error: BaseException) -> str:
    """One line on why Discord could not be reached (no traceback: nothing to debug)."""
    if isinstance(error, GatewayUnreachable):
        return str(error)
    if isinstance(error, aiohttp.ClientConnectorError):
        return f"{error.host}:{error.port}: {cause(error)}"
    return cause(error)
