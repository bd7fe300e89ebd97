"""Per-bucket rate-limit accounting with Discord's headers.

Buckets are keyed by route and major parameter (channel, guild or webhook) and
counted over a fixed window in real time (discord.py sleeps in real time).
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

    def __init__(self, limit: int = 50, window: float = 1.0) -> None:
        self.limit = limit
        self.window = window
        self._windows: dict[str, _Window] = {}

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
