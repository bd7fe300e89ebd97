"""The operator's view of one bot process: ``/healthz`` and ``/metrics`` on one port.

Served by aiohttp (discord.py's own HTTP library) on the bot's event loop rather than by
prometheus-client's ``start_http_server``, which runs in a thread of its own and serves
only the metrics: ``/healthz`` must ask the database, whose connections belong to the
bot's loop, and both paths share the one port a supervisor and Prometheus are given.
The metrics are still written by prometheus-client (its aiohttp handler).

``/healthz`` answers 200 when the gateway is connected and the database answered a
query within :data:`DATABASE_TIMEOUT` seconds, else 503; the body says which, e.g.
``{"gateway": "connected", "database": "unreachable: ..."}``.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from aiohttp import web
from prometheus_client.aiohttp import make_aiohttp_handler

from bot.cli.health import is_connected

from .metrics import BotMetrics

if TYPE_CHECKING:
    from bot.connection.client import TappBot

log = logging.getLogger(__name__)

#: seconds the database may take to answer ``/healthz``'s query
DATABASE_TIMEOUT = 2.0


class Health:
    """What ``/healthz`` says of ``bot``. One database query at most is in flight: a
    check that finds one waiting (a database that hangs) waits for that one, so checks
    do not pile up queries."""

    def __init__(self, bot: TappBot) -> None:
        self.bot = bot
        self._ping: asyncio.Task[None] | None = None

    async def check(self) -> tuple[bool, dict[str, str]]:
        """(healthy, what each part says)."""
        parts = {"gateway": "connected" if is_connected(self.bot) else "disconnected",
                 "database": await self._database()}
        healthy = parts["gateway"] == "connected" and parts["database"] in ("reachable",
                                                                            "none")
        return healthy, parts

    async def _database(self) -> str:
        database = self.bot.database
        if database is None:
            return "none"  # a bot run without a store (tests)
        if self._ping is None or self._ping.done():
            self._ping = asyncio.create_task(database.ping(), name="tapp-healthz-ping")
            # (its error is read here, or by this if every check gave up waiting)
            self._ping.add_done_callback(lambda task: task.cancelled() or task.exception())
        try:
            async with asyncio.timeout(DATABASE_TIMEOUT):
                await asyncio.shield(self._ping)
        except TimeoutError:
            return f"unreachable: no answer within {DATABASE_TIMEOUT:g} s"
        except Exception as error:  # the store's error, whatever the backend
            return f"unreachable: {type(error).__name__}"
        return "reachable"

    def stop(self) -> None:
        if self._ping is not None:
            self._ping.cancel()


class PortUnavailable(Exception):
    """The metrics port cannot be listened on (in use, not allowed)."""


def build_app(health: Health, metrics: BotMetrics) -> web.Application:
    async def healthz(request: web.Request) -> web.Response:
        healthy, parts = await health.check()
        return web.json_response(parts, status=200 if healthy else 503)

    app = web.Application()
    app.router.add_get("/healthz", healthz)
    app.router.add_get("/metrics", make_aiohttp_handler(metrics.registry))
    return app


class OpsServer:
    """``/healthz`` and ``/metrics`` of ``bot`` on ``host``:``port`` (0: any free port,
    then :attr:`port` says which)."""

    def __init__(self, bot: TappBot, metrics: BotMetrics, host: str, port: int) -> None:
        self.host = host
        self.port = port
        self.health = Health(bot)
        self._runner = web.AppRunner(build_app(self.health, metrics), handle_signals=False,
                                     access_log=None)

    async def start(self) -> None:
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        try:
            await site.start()
        except OSError as error:
            await self._runner.cleanup()
            raise PortUnavailable(f"cannot serve /healthz and /metrics on {self.host}:"
                                  f"{self.port}: {error.strerror or error}") from None
        self.port = int(self._runner.addresses[0][1])
        log.info("operator's view on http://%s:%d (/healthz, /metrics)", self.host, self.port)

    async def stop(self) -> None:
        await self._runner.cleanup()
        self.health.stop()
