"""Keeping the bot under Discord's global rate limit instead of running into it.

Discord allows a bot 50 requests a second with its token, whatever the route; the
interaction endpoints (answers, follow-ups, edits of an answer) are not counted
(https://discord.com/developers/docs/topics/rate-limits#global-rate-limit). discord.py
learns of the global limit only from a 429, after which it pauses every request; a busy
bot would run into it again and again, and each 429 counts towards Discord's limit of
invalid requests (10,000 in 10 minutes earns a temporary ban).

:class:`GlobalPace` has ``limit`` slots. A request takes one (first come, first
served) and gives it back ``window`` seconds after its answer came. However late a
request reaches Discord after it was let go, or however long it takes, no ``window`` at
Discord's end then sees more than ``limit`` of them.

The pace wraps the client's ``HTTPClient.request``, through which every token request
goes and no interaction answer does. Waiting costs a table nothing: its display shows
only its newest state, so updates that queue up are folded into one.

Several processes of one bot share its token, and so the global limit. Either they send
through a shared rate-limit proxy (``TAPP_API_BASE``, :func:`api_base`: nirn-proxy
holds every request of the token to the limit, across processes) and each paces itself
to the whole rate, or each paces itself to its share (:func:`bot.config.share`), the
rate divided by the number of processes (``TAPP_PROCESS_COUNT``).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable, Iterator
from typing import Any

import discord

from bot.config import share


def pace_line(rate: int, processes: int, proxy: str | None) -> str:
    """The log line stating how this process keeps the global limit."""
    if proxy is not None:
        paced = f"at {rate} a second" if rate else "unpaced (TAPP_GLOBAL_RATE=0)"
        return (f"token requests go through the rate-limit proxy at {proxy}, which keeps "
                f"the global limit for every process; this one paced {paced}")
    if not rate:
        return "token requests unpaced (TAPP_GLOBAL_RATE=0)"
    if processes == 1:
        return f"token requests paced at {rate} a second"
    return (f"token requests paced at {share(rate, processes)} a second: this process's "
            f"share of {rate} (TAPP_GLOBAL_RATE) among {processes} processes "
            "(TAPP_PROCESS_COUNT)")


@contextlib.contextmanager
def api_base(url: str | None) -> Iterator[None]:
    """Within the block discord.py sends every REST request (interaction answers too) to
    ``url`` instead of Discord's API root; None leaves it. The gateway is not affected."""
    if url is None:
        yield
        return
    old = discord.http.Route.BASE
    discord.http.Route.BASE = url
    try:
        yield
    finally:
        discord.http.Route.BASE = old


class GlobalPace:
    """``limit`` slots, each held from a request's start until ``window`` seconds after
    it ended. ``hold(delay, release)`` calls ``release`` after ``delay`` seconds (the
    running loop's ``call_later`` unless a test gives another)."""

    def __init__(self, limit: int, window: float = 1.0, *,
                 hold: Callable[[float, Callable[[], None]], object] | None = None) -> None:
        if limit < 1 or window <= 0:
            raise ValueError("a pace needs a positive limit and window")
        self.limit = limit
        self.window = window
        self._hold = hold or (lambda delay, release:
                              asyncio.get_running_loop().call_later(delay, release))
        self._slots = asyncio.Semaphore(limit)
        self.waited = 0  # requests that found every slot taken

    @contextlib.asynccontextmanager
    async def slot(self) -> AsyncIterator[None]:
        """Hold a slot for one request (given back ``window`` seconds after it ends)."""
        if self._slots.locked():
            self.waited += 1
        await self._slots.acquire()
        try:
            yield
        finally:
            self._hold(self.window, self._slots.release)


def pace_requests(http: discord.http.HTTPClient, pace: GlobalPace) -> None:
    """Make every request of ``http`` wait for ``pace`` first."""
    request = http.request

    async def paced(route: discord.http.Route, **kwargs: Any) -> Any:
        async with pace.slot():
            return await request(route, **kwargs)

    http.request = paced  # type: ignore[method-assign]
