"""The stand-in as tests use it: start it, populate it, act, settle, read.

::

    async with Sandbox() as sandbox:
        guild = sandbox.create_guild("Tapp Club")
        channel = sandbox.create_channel(guild, "tapp")
        alice = sandbox.create_user("alice", guild)
        ...  # start the bot against sandbox.api_base (see standin.wiring)
        await sandbox.wait_for_bot()
        ix = await alice.slash(channel, "/tapp about")
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar, Literal

from aiohttp import web

from .activity import Activity
from .actors import Actor
from .clock import Clock
from .faults import Faults
from .gateway import Gateway
from .invalid_requests import InvalidRequests
from .invocations import SandboxError, envelope
from .limits import Limits
from .models import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    Channel,
    InteractionRecord,
    Member,
    Message,
)
from .oauth2 import OAuth2
from .payloads import Body
from .permissions import P
from .ratelimits import RateLimits
from .schema import OpenAPISchema
from .server import build_app
from .state import SandboxState
from .world import World


class SettleTimeout(AssertionError):
    """The bot did not settle in time; the message says what was still pending."""


class Sandbox(World):
    """A local Discord (API v10) for one bot application, on 127.0.0.1.

    ``client_secret``: the application's OAuth2 client secret (its client id is the
    application's id: ``sandbox.oauth2.client_id``).
    ``openapi``: a path to Discord's OpenAPI file, ``None`` to find it
    (``$TAPP_DISCORD_OPENAPI``, else the pinned copy in ``standin/discord/``), ``False`` to skip
    validating request bodies.
    """

    #: every stand-in started, for the test run's teardown report (tests clear it)
    started: ClassVar[list[Sandbox]] = []


    def __init__(
        self,
        *,
        token: str = "sandbox-bot-token",
        client_secret: str = "sandbox-client-secret",
        clock: Clock | None = None,
        limits: Limits | None = None,
        openapi: Path | None | Literal[False] = None,
        bot_name: str = "Tapp",
        heartbeat_interval_ms: int = 41250,
        settle_quiet: float = 0.05,
    ) -> None:
        self.token = token
        self.clock = clock or Clock()
        self.limits = limits or Limits()
        self.state = SandboxState(self.clock, self.limits, bot_name=bot_name)
        self.activity = Activity()
        self.state.on_change = self.activity.touch
        self.gateway = Gateway(
            self.state, self.activity, token, heartbeat_interval_ms=heartbeat_interval_ms
        )
        self.state.emit = self.gateway.dispatch
        self.faults = Faults()
        #: OAuth2's authorization-code grant for the application (:mod:`standin.oauth2`)
        self.oauth2 = OAuth2(self.state, self.clock, client_secret=client_secret)
        self.rate_limits = RateLimits()
        #: invalid requests answered (401/403/429) and Cloudflare's ban past Discord's limit
        self.invalid = InvalidRequests(self.clock)
        #: how many requests the bot made per route ("PUT /applications/{application_id}/
        #: commands"), whatever the answer
        self.calls: Counter[str] = Counter()
        self.schema = (
            None
            if openapi is False
            else OpenAPISchema.load(openapi if isinstance(openapi, Path) else None)
        )
        self.settle_quiet = settle_quiet
        self.problems: list[str] = []
        self._runner: web.AppRunner | None = None
        self.port = 0

    # -- life cycle ----------------------------------------------------------------------------
    async def start(self) -> None:
        """Listen on an ephemeral port of 127.0.0.1."""
        self._runner = web.AppRunner(build_app(self), handle_signals=False)
        await self._runner.setup()
        await web.TCPSite(self._runner, "127.0.0.1", 0).start()
        self.port = int(self._runner.addresses[0][1])
        self.state.base_url = f"http://127.0.0.1:{self.port}"
        self.gateway.url = f"ws://127.0.0.1:{self.port}/gateway"
        self.activity.touch()
        Sandbox.started.append(self)

    async def stop(self) -> None:
        await self.gateway.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> Sandbox:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    @property
    def api_base(self) -> str:
        """What discord.py's ``Route.BASE`` must be set to."""
        return f"http://127.0.0.1:{self.port}/api/v10"

    # -- acting --------------------------------------------------------------------------------
    async def interact(
        self,
        actor: Actor,
        channel: Channel,
        kind: int,
        data: dict[str, Any],
        *,
        message: Message | None = None,
        parent: InteractionRecord | None = None,
        settle: bool = True,
    ) -> InteractionRecord:
        """Dispatch one INTERACTION_CREATE from ``actor`` and (by default) wait for the bot.

        As Discord's web and mobile clients do, nothing is sent for a component, command
        or modal in an archived thread, nor a command from a member without
        USE_APPLICATION_COMMANDS there: the record comes back with ``refused`` set, and
        the bot never hears of it."""
        if not self.gateway.sessions:
            raise SandboxError("no bot has connected to the stand-in's gateway")
        state = self.state
        self.sweep_threads()
        member = state.guilds[channel.guild_id].members.get(actor.id)
        if member is None:
            raise SandboxError(f"{actor.name} is not a member of this guild")
        refused = self._refusal(member, channel, kind)
        record = InteractionRecord(
            state.snowflakes.unordered(),
            InteractionRecord.new_token(),
            kind,
            actor.user,
            channel.guild_id,
            channel.id,
            data,
            self.clock.now(),
            asyncio.get_running_loop().time(),
            state,
            message_id=message.id if message else None,
            parent_id=parent.id if parent else None,
            refused=refused,
        )
        if refused is not None:
            return record
        state.add_interaction(record)
        self.gateway.dispatch(
            "INTERACTION_CREATE",
            envelope(
                state,
                interaction_id=record.id,
                token=record.token,
                kind=kind,
                data=data,
                channel=channel,
                member=member,
                message=message,
            ),
        )
        if settle:
            await self.settle()
        return record

    def _refusal(self, member: Member, channel: Channel, kind: int) -> str | None:
        if channel.guild_id in self.state.departures.out:
            return "the server is unavailable"
        if not self.state.departures.bot_is_in(channel.guild_id):
            return "the bot is not in this server"
        if channel.deleted:
            return "the channel is deleted"
        permissions = self.state.access.of(member, channel)
        if not permissions & P.VIEW_CHANNEL:
            return "the member cannot see this channel"
        if channel.is_thread and channel.archived:
            return "the thread is archived"
        if kind in (APPLICATION_COMMAND, AUTOCOMPLETE) and not (
                permissions & P.USE_APPLICATION_COMMANDS):
            return "the member may not use application commands here"
        return None

    # -- waiting -------------------------------------------------------------------------------
    def pending(self) -> list[str]:
        """What the stand-in still waits for: requests, gateway frames, unanswered interactions."""
        reasons = []
        if self.activity.in_flight:
            reasons.append(f"{self.activity.in_flight} request(s) in flight")
        if self.activity.outbox:
            reasons.append(f"{self.activity.outbox} gateway frame(s) unsent")
        now = asyncio.get_running_loop().time()
        answer_s = self.limits.initial_response_s
        for record in self.state.interactions.values():
            waited = now - record.dispatched_at
            answerable = not record.acknowledged and not record.errors and not record.failed
            if answerable and waited <= answer_s:
                reasons.append(f"interaction {record.id} not answered yet")
            thinking = record.response_type == 5 and record.response is not None
            alive = (self.clock.now() - record.created_at).total_seconds() <= (
                self.limits.token_lifetime_s
            )
            if thinking and alive and record.response.loading:  # type: ignore[union-attr]
                reasons.append(f"interaction {record.id} deferred, still thinking")
        return reasons

    async def settle(self, *, quiet: float | None = None, timeout: float = 10.0) -> None:
        """Wait until nothing is pending and nothing has happened for ``quiet`` seconds.

        Pending: requests in flight, gateway frames unsent, interactions not yet answered
        (within their 3 s), deferred "thinking" answers not yet filled in. Work the bot
        does without talking to Discord for longer than ``quiet`` (a computer player's
        pause, say) is invisible here: wait for its result with :meth:`wait_until`.
        """
        quiet = self.settle_quiet if quiet is None else quiet
        self.sweep_threads()
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            pending = self.pending()
            idle = self.activity.idle_for()
            if not pending and idle >= quiet:
                return
            left = deadline - loop.time()
            if left <= 0:
                raise SettleTimeout("the bot did not settle: " + "; ".join(pending or ["busy"]))
            wait = min(left, quiet - idle if not pending else 0.05)
            await self.activity.wait_change(max(wait, 0.001))

    async def wait_until(self, predicate: Callable[[], object], *, timeout: float = 5.0) -> None:
        """Wait until ``predicate()`` is true, re-checking on every change."""
        async with asyncio.timeout(timeout):
            while not predicate():
                await self.activity.wait_change(0.05)

    async def wait_for_bot(self, timeout: float = 10.0) -> None:
        """Wait until a bot has connected to the gateway and then settle."""
        await self.gateway.wait_connected(timeout)
        await self.settle()

    # -- faults --------------------------------------------------------------------------------
    async def drop_gateway(self, code: int = 4000, *, invalidate: bool = False) -> None:
        """Close the bot's gateway connection(s); discord.py reconnects and RESUMEs."""
        await self.gateway.drop(code, invalidate=invalidate)

    # -- checks --------------------------------------------------------------------------------
    def validate_body(self, method: str, template: str, body: Body) -> list[str]:
        """OpenAPI problems with a request body (also recorded in ``problems``)."""
        if self.schema is None or body.json is None:
            return []
        problems = self.schema.validate(method, template, body.json)
        self.problems += [f"{method} {template}: {p}" for p in problems]
        return problems
