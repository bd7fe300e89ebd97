"""The stand-in's notion of "now": real time plus an offset tests can advance.

Discord's time limits (3 s to answer an interaction, 15 min for follow-ups, the one
hour after which edits are limited, threads' auto-archiving) are checked against this
clock, and message timestamps and snowflakes are drawn from it, so a test can jump 15
minutes ahead instead of sleeping.

``skew`` makes the times the stand-in *issues* (snowflakes, message and member
timestamps) differ from the bot's clock by that many seconds, as a Discord whose clock
is off from the host's: ``clock.skew = -2.5`` and an interaction arrives looking 2.5 s
old; ``+3`` and it looks 3 s in the future. The windows (3 s to answer, ...) are still
measured on :meth:`Clock.now`, from when the stand-in sent the interaction.
"""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta

DISCORD_EPOCH_MS = 1_420_070_400_000


class Clock:
    """A UTC clock that follows real time (unless frozen) and can be advanced.

    ``Clock()`` starts at the real current time; ``Clock(start=..., frozen=True)``
    stands still until :meth:`advance` or :meth:`set` moves it.
    """

    def __init__(self, start: datetime | None = None, *, frozen: bool = False) -> None:
        self._base = start or datetime.now(UTC)
        if self._base.tzinfo is None:
            raise ValueError("start must be timezone-aware")
        self._mono0 = time.monotonic()
        self._offset = timedelta()
        self.frozen = frozen
        #: seconds added to the times the stand-in issues (see the module's docstring)
        self.skew = 0.0

    def now(self) -> datetime:
        """The current stand-in time (aware, UTC)."""
        elapsed = timedelta() if self.frozen else timedelta(seconds=time.monotonic() - self._mono0)
        return self._base + elapsed + self._offset

    def issued(self) -> datetime:
        """The time the stand-in stamps on what it issues now: ``now()`` plus ``skew``."""
        return self.now() + timedelta(seconds=self.skew)

    def advance(self, delta: float | timedelta) -> datetime:
        """Move the clock forward by ``delta`` (seconds or a timedelta); returns the new now."""
        step = delta if isinstance(delta, timedelta) else timedelta(seconds=delta)
        if step < timedelta():
            raise ValueError("the clock does not go backwards")
        self._offset += step
        return self.now()

    def set(self, when: datetime) -> None:
        """Jump to ``when`` (which must not be in the clock's past)."""
        self.advance(when - self.now())

    def timestamp_ms(self) -> int:
        """Milliseconds since the Unix epoch, as issued (``skew`` included)."""
        return int(self.issued().timestamp() * 1000)


class SnowflakeFactory:
    """Discord snowflakes whose embedded time follows a :class:`Clock`, always increasing."""

    def __init__(self, clock: Clock, worker: int = 1) -> None:
        self._clock = clock
        self._worker = worker & 0x1F
        self._last = 0
        self._sequence = 0

    def unordered(self) -> int:
        """A unique snowflake of exactly the issued time, even when that is earlier than
        the last one (a negative ``skew`` set mid-test): for interactions, whose ids
        order nothing but whose time the bot reads. Worker 2, a sequence of its own."""
        ms = self._clock.timestamp_ms() - DISCORD_EPOCH_MS
        self._sequence = (self._sequence + 1) & 0xFFF
        return (ms << 22) | (2 << 17) | self._sequence

    def next(self) -> int:
        ms = self._clock.timestamp_ms() - DISCORD_EPOCH_MS
        value = (ms << 22) | (self._worker << 17)
        if value <= self._last:
            value = self._last + 1
        self._last = value
        return value

    def next_on_shard(self, shard_id: int, shard_count: int) -> int:
        """The next snowflake whose guild would be on shard ``shard_id`` of
        ``shard_count`` (``(id >> 22) % shard_count``): its time is up to
        ``shard_count - 1`` ms later than now."""
        value = self.next()
        ms = ((value >> 22) + (shard_id - (value >> 22)) % shard_count)
        if ms != value >> 22:
            value = (ms << 22) | (self._worker << 17)
            self._last = value
        return value


def snowflake_time(snowflake: int) -> datetime:
    """The creation time embedded in a snowflake."""
    return datetime.fromtimestamp(((snowflake >> 22) + DISCORD_EPOCH_MS) / 1000, UTC)


def iso(when: datetime) -> str:
    """Discord's ISO-8601 timestamp format."""
    return when.isoformat(timespec="microseconds")
