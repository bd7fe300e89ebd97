"""``python -m bot web``: the web pages (standings, members, replays, the deal of the
day), a process of their own beside the bot, reading the bot's database and never
writing it.

A failure is one line on standard error, never a traceback: exit status 2 when starting
again would not mend it (the configuration, a path that is no database, a schema newer
than this version), 1 when it may (the database out of reach, a schema the bot has not
upgraded yet, the port taken).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import signal
import sys
from pathlib import Path

from aiohttp import web

from bot.cli.parsing import Parser, whole_number
from bot.config import ConfigError, WebSettings
from bot.logs import setup_logging
from bot.store import (
    NotADatabase,
    SchemaNotYet,
    SchemaTooNew,
    Store,
    StoreError,
    exit_status,
    operator_text,
    shown_location,
)

log = logging.getLogger(__name__)


class PortUnavailable(Exception):
    """The web port cannot be listened on (in use, not allowed)."""


class WebServer:
    """The pages of ``store`` on ``settings``' address (port 0: any free port; then
    :attr:`port` says which), until :meth:`stop`."""

    def __init__(self, store: Store, settings: WebSettings) -> None:
        from bot.web import create_app  # (Jinja2 and the pages: only when serving)
        from bot.web.auth import identity

        self.settings = settings
        self.port = settings.port
        app = create_app(store, settings, identity=identity(settings.sign_in))
        self._runner = web.AppRunner(app, handle_signals=False, access_log=None)

    async def start(self) -> None:
        await self._runner.setup()
        host = self.settings.host
        try:
            await web.TCPSite(self._runner, host, self.port).start()
        except OSError as error:
            await self._runner.cleanup()
            raise PortUnavailable(f"cannot serve the web pages on {host}:{self.port}: "
                                  f"{error.strerror or error}") from None
        self.port = int(self._runner.addresses[0][1])
        log.info("web pages on http://%s:%d%s", host, self.port,
                 f" (reached at {self.settings.url})" if self.settings.url else "")

    async def stop(self) -> None:
        await self._runner.cleanup()


async def serve(settings: WebSettings, *, stop: asyncio.Event | None = None) -> None:
    """Serve until ``stop`` is set (or SIGINT or SIGTERM arrives)."""
    stop = stop or asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            loop.add_signal_handler(signum, stop.set)
    store = await Store.open(settings.database_path, read_only=True)
    try:
        server = WebServer(store, settings)
        await server.start()
        try:
            await stop.wait()
            log.info("shutting down")
        finally:
            await server.stop()
    finally:
        await store.close()


DESCRIPTION = """\
Serve the web pages of the servers that show theirs (each server's "web" setting:
off by default, public or members): leaderboards, members' records, replays of
finished deals and the deal of the day's tables. A process of its own beside the bot:
it reads the bot's database, which the bot must have created at this version's
schema, and never writes it.

Settings come from the environment and from a .env file in the working directory if
there is one, or from the file named by --env-file; the environment wins:

  TAPP_DATABASE     the bot's database: the SQLite file (default
                    ./data/tapp.sqlite3) or a postgresql:// URL
  TAPP_WEB_HOST     the address to listen on (default 127.0.0.1)
  TAPP_WEB_PORT     the port (default 8080)
  TAPP_WEB_URL      the address the pages are reached at, e.g.
                    https://tapp.example.org (behind a reverse proxy)
  TAPP_LOG_LEVEL    DEBUG, INFO (default), WARNING or ERROR
  TAPP_LOG_FORMAT   text (default) or json

docs/web.md says more. Exit status 0: stopped as asked; 1: it may pass, start it again
later (the database out of reach or not upgraded by the bot yet, the port taken); 2: a
restart would not mend it (the configuration, a path that is no database, a schema
newer than this version).
"""


def main(argv: list[str]) -> int:
    parser = Parser(prog="python -m bot web", description=DESCRIPTION)
    parser.add_argument("--env-file", type=Path, default=None, metavar="PATH",
                        help="read the settings from this file instead of .env; the file "
                             "must exist (the environment still wins)")
    parser.add_argument("--host", default=None, metavar="ADDRESS",
                        help="the address to listen on (instead of TAPP_WEB_HOST)")
    parser.add_argument("--port", type=whole_number(0, 65535), default=None,
                        metavar="PORT", help="the port (instead of TAPP_WEB_PORT; 0: any "
                                             "free port)")
    args = parser.parse_args(argv)
    try:
        if args.env_file is None:
            settings = WebSettings.from_env()
        else:
            settings = WebSettings.from_env(env_file=args.env_file, env_file_required=True)
        changes = {k: v for k, v in (("host", args.host), ("port", args.port))
                   if v is not None}
        settings = dataclasses.replace(settings, **changes)  # (checked again)
    except ConfigError as error:
        print(f"configuration error: {error}", file=sys.stderr)
        return 2
    setup_logging(settings.log_level_number, format=settings.log_format)
    try:
        asyncio.run(serve(settings))
    except KeyboardInterrupt:
        pass
    except (PortUnavailable, StoreError) as error:
        line, status = stopped_by(error, settings)
        print(line, file=sys.stderr)
        return status
    return 0


def stopped_by(error: PortUnavailable | StoreError, settings: WebSettings) -> tuple[str, int]:
    """The line that says what stopped the web process, and its exit status."""
    if isinstance(error, PortUnavailable):
        return f"{error}: choose another TAPP_WEB_PORT, or stop what listens there", 1
    where = shown_location(settings.database_path)  # a URL without its password
    if isinstance(error, SchemaTooNew):
        return f"cannot read the database {where}: {error}: run that newer version", 2
    if isinstance(error, SchemaNotYet):
        return f"cannot read the database {where} yet: {error.detail}", 1
    if isinstance(error, NotADatabase):
        return f"cannot read the database {where}: {error}: check TAPP_DATABASE", 2
    if exit_status(error) == 1:
        return (f"cannot reach the database {where}: {operator_text(error)}; start the web "
                "process again once the database is up", 1)
    return f"cannot read the database {where}: {operator_text(error)}", 2
