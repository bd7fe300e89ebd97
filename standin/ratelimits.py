"""Rate-limit accounting with Discord's headers: per bucket, and the bot's global limit.

Buckets are keyed by route and major parameter (channel, guild or webhook) and
counted over a fixed window in real time (discord.py sleeps in real time). The global
limit counts every request made with the bot's token, as Discord does (50 a second);
interaction endpoints (the callback and the interaction webhook routes, which take no
token) are not bound by it (https://discord.com/developers/docs/topics/rate-limits).
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass


@dataclass
class _Window:
    started: float
    used: int = 0


class RateLimits:
    """``limit`` requests per ``window`` seconds per bucket; generous by default."""

    def __init__(self, limit: int = 50, window: float = 1.0, *, global_limit: int = 50,
                 global_window: float = 1.0) -> None:
        self.limit = limit
        self.window = window
        #: requests with the bot's token per ``global_window`` (0: no global limit)
        self.global_limit = global_limit
        self.global_window = global_window
        self._windows: dict[str, _Window] = {}
        self._global = _Window(float("-inf"))
        self.global_refused = 0  # requests answered 429 for the global limit
        self.token_requests = 0  # requests with the bot's token, refused or not

    def set_global(self, limit: int, window: float = 1.0) -> None:
        """Set the global limit (0: none), counting from a fresh window."""
        self.global_limit, self.global_window = limit, window
        self._global = _Window(float("-inf"))

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
    def bucket_hash(method: str, template: str) -> str:
        return hashlib.sha1(f"{method} {template}".encode()).hexdigest()[:16]

    def hit(self, method: str, template: str, major: str) -> tuple[bool, dict[str, str]]:
        """Count one request; returns (allowed, headers)."""
        now = time.monotonic()
        key = f"{method} {template} {major}"
        window = self._windows.get(key)
        if window is None or now - window.started >= self.window:
            window = self._windows[key] = _Window(now)
        allowed = window.used < self.limit
        if allowed:
            window.used += 1
        reset_after = max(0.0, self.window - (now - window.started))
        headers = {
            "X-RateLimit-Limit": str(self.limit),
            "X-RateLimit-Remaining": str(max(0, self.limit - window.used)),
            "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Bucket": self.bucket_hash(method, template),
        }
        return allowed, headers
