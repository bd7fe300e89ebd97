"""Discord's limit on invalid requests, and Cloudflare's ban past it.

Discord (docs/topics/rate-limits.md, "Invalid Request Limit"): an IP that makes too many
invalid requests is restricted for a while: 10,000 per 10 minutes, an invalid request
being one answered 401, 403 or 429 (a 429 whose ``X-RateLimit-Scope`` is ``shared`` is
not counted). The restriction comes from Cloudflare, in front of Discord: every request
is answered 429 without Discord's JSON body (a short text, no ``Via`` header) and a
``Retry-After``, for about an hour.

:class:`InvalidRequests` counts every answer of the stand-in on its clock; once
``limit`` invalid answers fall into one ``window``, the ban starts and lasts ``ban_s``
seconds of the stand-in's clock (``Sandbox.advance`` moves past it). ``peak`` is the
largest count any window saw (the figure tests report and bound); :meth:`ban` starts a
ban at once.
"""

from __future__ import annotations

from collections import deque
from datetime import datetime, timedelta

from .clock import Clock

#: statuses Discord counts as invalid
INVALID = frozenset({401, 403, 429})
#: Discord's numbers
DISCORD_LIMIT, WINDOW_S, BAN_S = 10_000, 600.0, 3600.0
CLOUDFLARE_BODY = "error code: 1015"


class InvalidRequests:
    """The invalid requests of the last ``window`` seconds, and the ban past ``limit``."""

    def __init__(self, clock: Clock, *, limit: int = DISCORD_LIMIT, window: float = WINDOW_S,
                 ban_s: float = BAN_S) -> None:
        self.clock = clock
        self.limit = limit
        self.window = window
        self.ban_s = ban_s
        self._times: deque[datetime] = deque()
        self.total = 0  # invalid answers since the start
        self.peak = 0  # the most seen in one window
        self.banned_until: datetime | None = None
        self.bans = 0  # bans started
        self.refused_by_ban = 0  # requests answered by the ban
        #: 404 answers (Discord does not count them, but a bot talking to a deleted
        #: channel makes them: tests bound them)
        self.not_found = 0

    def note(self, status: int, scope: str | None = None) -> None:
        """Count one answer (only invalid ones matter, and 404s apart)."""
        self.not_found += status == 404
        if status not in INVALID or (status == 429 and scope == "shared"):
            return
        now = self.clock.now()
        self._times.append(now)
        self.total += 1
        count = self.count(now)
        self.peak = max(self.peak, count)
        if count >= self.limit and not self.banned():
            self.ban()

    def count(self, now: datetime | None = None) -> int:
        """Invalid answers within the last window."""
        now = now or self.clock.now()
        start = now - timedelta(seconds=self.window)
        while self._times and self._times[0] <= start:
            self._times.popleft()
        return len(self._times)

    def ban(self, seconds: float | None = None) -> None:
        """Start Cloudflare's ban now (for ``ban_s`` unless told)."""
        self.bans += 1
        self.banned_until = self.clock.now() + timedelta(
            seconds=self.ban_s if seconds is None else seconds)

    def banned(self) -> bool:
        return self.banned_until is not None and self.clock.now() < self.banned_until

    def retry_after(self) -> int:
        """Whole seconds until the ban ends (at least 1)."""
        if self.banned_until is None:
            return 1
        return max(1, int((self.banned_until - self.clock.now()).total_seconds() + 0.999))

    def report(self) -> str:
        return (f"invalid requests (401/403/429): {self.total} in all, at most {self.peak}"
                f" in {self.window / 60:.0f} minutes; Cloudflare bans: {self.bans};"
                f" 404s (not counted by Discord): {self.not_found}")
