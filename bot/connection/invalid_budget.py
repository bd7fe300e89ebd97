"""The bot's invalid-request budget, and Cloudflare's ban.

Discord bans an IP for an hour once it made 10,000 invalid requests (answered 401, 403
or 429) within 10 minutes (https://discord.com/developers/docs/topics/rate-limits,
"Invalid Request Limit"): every server of the bot would stop at once. The bot counts
its own 401, 403, 404 and 429 answers over the last 10 minutes (:class:`InvalidBudget`,
fed by :func:`watch`, an aiohttp trace on discord.py's HTTP session). Past ``limit``
(:data:`DEFAULT_LIMIT`, a tenth of Discord's) the budget is *strained*: the display
leaves out optional traffic (turn pings, reminders, live panels' edits, the table
message's picture updates while a deal is played) until the count falls under
``limit`` again, and the log says so loudly, once each time.

A 429 without Discord's JSON body is Cloudflare's ban, not a rate limit: nothing is
sent to Discord before its ``Retry-After`` has passed (:func:`guard_requests` refuses
requests locally with :class:`Banned`), and the budget is strained meanwhile.
"""

from __future__ import annotations

import logging
import time
from collections import deque
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import aiohttp
import discord

from bot.connection.clock_offset import ClockOffset

log = logging.getLogger(__name__)

#: what the bot counts (Discord counts 401, 403 and 429; a 404 costs Discord nothing but
#: says the bot talks to a place that is gone)
COUNTED = frozenset({401, 403, 404, 429})
DEFAULT_LIMIT = 1000
WINDOW = 600.0


class Banned(Exception):
    """Cloudflare's ban runs: the request was not sent."""

    def __init__(self, retry_after: float) -> None:
        super().__init__(f"banned by Cloudflare for another {retry_after:.0f} s")
        self.retry_after = retry_after


class InvalidBudget:
    """Invalid answers of the last ``window`` seconds and Cloudflare's ban (see the
    module docstring). ``clock``: monotonic seconds."""

    def __init__(self, limit: int = DEFAULT_LIMIT, window: float = WINDOW, *,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.limit = limit
        self.window = window
        self.clock = clock
        self._times: deque[float] = deque()
        self.total = 0
        self.peak = 0
        self.banned_until = 0.0
        self._strained = False

    def note(self, status: int) -> None:
        """One answer with ``status`` (only :data:`COUNTED` ones count)."""
        if status not in COUNTED:
            return
        self.total += 1
        self._times.append(self.clock())
        self.peak = max(self.peak, self.count())
        self._check()

    def ban(self, retry_after: float) -> None:
        """Cloudflare answered: nothing goes out for ``retry_after`` seconds."""
        self.banned_until = max(self.banned_until, self.clock() + retry_after)
        log.error("DISCORD BAN: Cloudflare refused the bot (a 429 without Discord's"
                  " answer); nothing is sent for %.0f s", retry_after)
        self._check()

    def count(self) -> int:
        start = self.clock() - self.window
        while self._times and self._times[0] <= start:
            self._times.popleft()
        return len(self._times)

    def banned_for(self) -> float:
        """Seconds the ban still runs (0: none)."""
        return max(0.0, self.banned_until - self.clock())

    @property
    def strained(self) -> bool:
        """Optional traffic stops: too many invalid answers lately, or a ban runs."""
        self._check()
        return self._strained

    def _check(self) -> None:
        strained = self.count() >= self.limit or self.banned_for() > 0
        if strained and not self._strained:
            log.error("INVALID-REQUEST BUDGET SPENT: %d refused requests in the last %.0f"
                      " minutes (budget %d; Discord bans at 10,000): pings, reminders,"
                      " panels and picture updates stop", self.count(), self.window / 60,
                      self.limit)
        elif self._strained and not strained:
            log.warning("invalid-request budget: back under %d; optional traffic resumes",
                        self.limit)
        self._strained = strained


def cloudflare(error: BaseException) -> float | None:
    """Seconds to wait if ``error`` is Cloudflare's ban, else None: a 429 whose body is
    not Discord's JSON (Discord's own 429s, 30046 among them, carry JSON)."""
    if not isinstance(error, discord.HTTPException) or error.status != 429:
        return None
    response = error.response
    if response is None or response.content_type == "application/json":
        return None
    headers = response.headers
    try:
        return max(1.0, float(headers.get("Retry-After", 60)))
    except ValueError:
        return 60.0


def guard_requests(http: discord.http.HTTPClient, budget: InvalidBudget) -> None:
    """Refuse ``http``'s requests locally while Cloudflare's ban runs; start the ban when
    Cloudflare answers."""
    request = http.request

    async def guarded(route: discord.http.Route, **kwargs: Any) -> Any:
        left = budget.banned_for()
        if left > 0:
            raise Banned(left)
        try:
            return await request(route, **kwargs)
        except discord.HTTPException as error:
            wait = cloudflare(error)
            if wait is not None:
                budget.ban(wait)
            raise

    http.request = guarded  # type: ignore[method-assign]


def watch(budget: InvalidBudget, offset: ClockOffset) -> aiohttp.TraceConfig:
    """A trace for discord.py's session (``http_trace``): every answer is counted, and
    its ``Date`` header feeds the clock offset."""
    trace = aiohttp.TraceConfig()

    async def on_start(session: aiohttp.ClientSession, context: SimpleNamespace,
                       params: aiohttp.TraceRequestStartParams) -> None:
        context.sent = offset.clock()

    async def on_end(session: aiohttp.ClientSession, context: SimpleNamespace,
                     params: aiohttp.TraceRequestEndParams) -> None:
        response = params.response
        budget.note(response.status)
        date = response.headers.get("Date")
        if date and response.status != 101:  # REST answers (not the gateway's upgrade)
            offset.date(date, getattr(context, "sent", offset.clock()), offset.clock())

    trace.on_request_start.append(on_start)
    trace.on_request_end.append(on_end)
    return trace
