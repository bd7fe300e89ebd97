"""Rate-limit accounting with Discord's headers: per route, and the bot's global limit.

Per route (https://discord.com/developers/docs/topics/rate-limits): a bucket is counted
per route and major parameter (channel, guild or webhook), over a window that starts
with its first request, in real time (discord.py sleeps in real time). Discord does not
document its per-route numbers ("should not be hard coded"); the realistic ones here are
what bots widely observe, in :data:`ROUTE_LIMITS`:

- creating a message: 5 per 5 s per channel (``X-RateLimit-Limit: 5``,
  ``Reset-After: 5``; e.g. alexemanuelol/rustplusplus#475, discord-relay-chat/drc#17);
- editing a message: 5 per 5 s per channel as well. Discord reports the *same*
  ``X-RateLimit-Bucket`` for both routes (discord/discord-api-docs#981, #1442) while
  counting them apart (discord/discord-api-docs#8073: both answer ``remaining = limit-1``
  back to back), and so does the stand-in: discord.py, which keys its buckets by that
  header, then paces creates and edits of a channel together, as it does on Discord.

Every other route has the generous default (``limit`` per ``window``: 50 a second), as
before. ``realistic = False`` gives every route that default (tests whose point is not
pacing); ``paced`` (a set of major parameters, ``"channel_id=123"``) keeps Discord's
numbers for those only (a test that paces one channel and plays quickly elsewhere);
:meth:`RateLimits.set_route` changes one route's numbers.

The global limit counts every request made with the bot's token, as Discord does (50 a
second); interaction endpoints (the callback and the interaction webhook routes, which
take no token) are not bound by it.
"""

from __future__ import annotations

import hashlib
import time
from collections import Counter, defaultdict
from dataclasses import dataclass

MESSAGES = "POST /channels/{channel_id}/messages"
MESSAGE = "PATCH /channels/{channel_id}/messages/{message_id}"


@dataclass(frozen=True)
class RouteLimit:
    """``limit`` requests per ``window`` seconds per major parameter; ``bucket`` names the
    X-RateLimit-Bucket routes share (their counts stay apart, as on Discord)."""

    limit: int
    window: float
    bucket: str


#: Discord's observed per-route limits (module docstring); Discord publishes none.
ROUTE_LIMITS: dict[str, RouteLimit] = {
    MESSAGES: RouteLimit(5, 5.0, "channel messages"),
    MESSAGE: RouteLimit(5, 5.0, "channel messages"),
}


@dataclass
class _Window:
    started: float
    used: int = 0


class RateLimits:
    """Per-route limits (:data:`ROUTE_LIMITS` when ``realistic``, else ``limit`` per
    ``window`` seconds for every route) and the global limit."""

    def __init__(self, limit: int = 50, window: float = 1.0, *, global_limit: int = 50,
                 global_window: float = 1.0, realistic: bool = True) -> None:
        self.limit = limit
        self.window = window
        #: use :attr:`routes` (Discord's numbers); False: every route has the default
        self.realistic = realistic
        #: if not None: only these major parameters ("channel_id=123") get :attr:`routes`
        self.paced: set[str] | None = None
        self.routes: dict[str, RouteLimit] = dict(ROUTE_LIMITS)
        #: requests with the bot's token per ``global_window`` (0: no global limit)
        self.global_limit = global_limit
        self.global_window = global_window
        self._windows: dict[str, _Window] = {}
        self._global = _Window(float("-inf"))
        self.global_refused = 0  # requests answered 429 for the global limit
        self.route_refused = 0  # requests answered 429 for a per-route limit
        self.token_requests = 0  # requests with the bot's token, refused or not
        #: per bucket and major parameter ("channel messages 123"): requests answered 429
        self.refused_by_bucket: Counter[str] = Counter()
        #: per bucket and major parameter: answers that told the bot the bucket is spent
        #: (``X-RateLimit-Remaining: 0``), on which discord.py sleeps until the reset
        self.spent_by_bucket: Counter[str] = Counter()
        #: per bucket and major parameter: the seconds to the reset those answers gave
        #: (what a client that honours the headers waits, at most)
        self.spent_seconds: dict[str, float] = defaultdict(float)

    def set_global(self, limit: int, window: float = 1.0) -> None:
        """Set the global limit (0: none), counting from a fresh window."""
        self.global_limit, self.global_window = limit, window
        self._global = _Window(float("-inf"))

    def set_route(self, route: str, limit: int, window: float) -> None:
        """Give ``route`` ("POST /channels/{channel_id}/messages") its own limit."""
        old = self.routes.get(route)
        self.routes[route] = RouteLimit(limit, window, old.bucket if old else route)

    def hit_global(self) -> float | None:
        """Count one request with the bot's token; None if allowed, else the seconds
        until the global window resets."""
        self.token_requests += 1
        if self.global_limit <= 0:
            return None
        now = time.monotonic()
        if now - self._global.started >= self.global_window:
            self._global = _Window(now)
        if self._global.used < self.global_limit:
            self._global.used += 1
            return None
        self.global_refused += 1
        return max(0.001, self.global_window - (now - self._global.started))

    @staticmethod
    def bucket_hash(name: str) -> str:
        return hashlib.sha1(name.encode()).hexdigest()[:16]

    def rule(self, method: str, template: str, major: str = "") -> RouteLimit:
        route = f"{method} {template}"
        realistic = self.realistic and (self.paced is None or major in self.paced)
        found = self.routes.get(route) if realistic else None
        return found or RouteLimit(self.limit, self.window, route)

    def hit(self, method: str, template: str, major: str) -> tuple[bool, dict[str, str]]:
        """Count one request; returns (allowed, headers)."""
        rule = self.rule(method, template, major)
        now = time.monotonic()
        key = f"{method} {template} {major}"
        window = self._windows.get(key)
        if window is None or now - window.started >= rule.window:
            window = self._windows[key] = _Window(now)
        allowed = window.used < rule.limit
        if allowed:
            window.used += 1
        else:
            self.route_refused += 1
        reset_after = max(0.0, rule.window - (now - window.started))
        counted = f"{rule.bucket} {major}"
        if not allowed:
            self.refused_by_bucket[counted] += 1
        elif window.used >= rule.limit:
            self.spent_by_bucket[counted] += 1
            self.spent_seconds[counted] += reset_after
        headers = {
            "X-RateLimit-Limit": str(rule.limit),
            "X-RateLimit-Remaining": str(max(0, rule.limit - window.used)),
            "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Bucket": self.bucket_hash(rule.bucket),
        }
        return allowed, headers
