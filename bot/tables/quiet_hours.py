"""A member's quiet hours and away period in time: when quiet hours end, whether a
member is away, and the members' words for zones, clock times and dates, checked.

Quiet hours are wall-clock times in the member's own time zone (``zoneinfo``), so they
follow its daylight saving changes: quiet from 22:00 to 07:00 ends at 07:00 local time
also on the night the clocks change (that night is an hour shorter or longer). An end
time the clocks skip (02:30 on a spring-forward night) is reached when the clocks jump
past it; one they pass twice (a fall-back night) is reached the first time. Nothing
here reads a clock: every answer is for the instant it is given (Unix seconds).
"""

from __future__ import annotations

import logging
import re
from datetime import date, datetime, time, timedelta, tzinfo
from functools import cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from bot.store import MemberTime
from bot.usertext import safe

from .errors import TableError

log = logging.getLogger(__name__)

MINUTES_PER_DAY = 24 * 60
#: the longest quiet hours (a turn's timeout waits at most this long)
MAX_QUIET_MINUTES = 16 * 60
#: the longest away period, in days
MAX_AWAY_DAYS = 30
_CLOCK = re.compile(r"(\d{1,2})(?:\s*[:.h]\s*(\d{2}))?")
_UNTIL = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T]+(\d{1,2})[:.](\d{2}))?")


class BadTimeInput(TableError):
    """A zone, clock time, date or span a member typed that does not fit (nothing is
    changed)."""

    key = "quiet.error.invalid"


# -- zones ----------------------------------------------------------------------------
@cache
def zone_names() -> tuple[str, ...]:
    """Every IANA time zone key this machine knows (the system's data or the ``tzdata``
    package), sorted."""
    return tuple(sorted(available_timezones()))


@cache
def zone_info(key: str) -> ZoneInfo | None:
    try:
        return ZoneInfo(key)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        return None


def parse_zone(text: str) -> str:
    """A time zone key as typed (``Europe/Zurich``, any case, spaces for ``_``) → the key;
    an unknown one is refused."""
    typed = text.strip().replace(" ", "_")
    exact = next((name for name in zone_names() if name.casefold() == typed.casefold()), None)
    if exact is not None and zone_info(exact) is not None:
        return exact
    raise BadTimeInput("quiet.error.zone", zone=safe(text, limit=40, empty="-"))


def matching_zones(typed: str, limit: int = 25) -> list[str]:
    """Zone keys for autocomplete: those starting with what was typed, then those that
    contain it."""
    needle = typed.strip().replace(" ", "_").casefold()
    names = zone_names()
    first = [n for n in names if n.casefold().startswith(needle)]
    rest = [n for n in names if needle in n.casefold() and n not in first]
    return (first + rest)[:limit]


# -- clock times, spans, dates --------------------------------------------------------
def parse_clock(text: str) -> int:
    """``22:00``, ``7:30``, ``07.30``, ``7`` → minutes after midnight (``24:00`` is
    midnight); anything else is refused."""
    match = _CLOCK.fullmatch(text.strip())
    hours, minutes = (int(match.group(1)), int(match.group(2) or 0)) if match else (-1, -1)
    if not (0 <= hours <= 24 and 0 <= minutes < 60) or (hours == 24 and minutes):
        raise BadTimeInput("quiet.error.clock", text=safe(text, limit=20, empty="-"))
    return (hours * 60 + minutes) % MINUTES_PER_DAY


def check_quiet(start: int, end: int) -> None:
    """Quiet hours from ``start`` to ``end`` (minutes) must last from a minute up to
    :data:`MAX_QUIET_MINUTES`."""
    length = (end - start) % MINUTES_PER_DAY
    if length == 0:
        raise BadTimeInput("quiet.error.same")
    if length > MAX_QUIET_MINUTES:
        raise BadTimeInput("quiet.error.long", hours=MAX_QUIET_MINUTES // 60)


def clock_text(minutes: int) -> str:
    """Minutes after midnight as ``07:00``."""
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def away_for_days(days: int, now: float) -> float:
    """The end of an away period of ``days`` days from ``now``."""
    if not 1 <= days <= MAX_AWAY_DAYS:
        raise BadTimeInput("away.error.days", most=MAX_AWAY_DAYS)
    return now + days * 86400.0


def parse_until(text: str, zone: str | None, now: float) -> float:
    """``2025-06-01`` (the start of that day) or ``2025-06-01 18:00``, in ``zone`` (None:
    UTC) → Unix time; it must be after ``now`` and at most :data:`MAX_AWAY_DAYS` later."""
    match = _UNTIL.fullmatch(text.strip())
    tz: tzinfo = (zone_info(zone) if zone else None) or ZoneInfo("UTC")
    try:
        if match is None:
            raise ValueError(text)
        year, month, day, hour, minute = (int(g or 0) for g in match.groups())
        if hour > 23 or minute > 59:
            raise ValueError(text)
        until = local_instant(date(year, month, day), hour * 60 + minute, tz, after=None)
    except ValueError:
        raise BadTimeInput("away.error.until", text=safe(text, limit=30, empty="-")) from None
    if until <= now:
        raise BadTimeInput("away.error.past")
    if until - now > MAX_AWAY_DAYS * 86400:
        raise BadTimeInput("away.error.days", most=MAX_AWAY_DAYS)
    return until


# -- quiet hours in time --------------------------------------------------------------
def local_instant(day: date, minute: int, tz: tzinfo, *, after: float | None) -> float:
    """The instant the wall clock of ``tz`` shows ``minute`` (after midnight) on ``day``:
    of two such instants (the clocks went back) the first one after ``after`` (None: the
    first); where the clocks skip that time, the instant they jump past it."""
    wall = datetime.combine(day, time(minute // 60, minute % 60))
    found = sorted({wall.replace(tzinfo=tz, fold=fold).timestamp() for fold in (0, 1)})
    real = [t for t in found if _wall(t, tz) == wall]
    if real:
        later = [t for t in real if after is None or t > after]
        return later[0] if later else real[-1]
    # the clocks skip ``wall``: before it at lo, past it at hi; the jump is at a whole
    # second between them
    lo, hi = int(found[0]), int(found[-1])
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if _wall(mid, tz) >= wall:
            hi = mid
        else:
            lo = mid
    return float(hi)


def _wall(at: float, tz: tzinfo) -> datetime:
    return datetime.fromtimestamp(at, tz).replace(tzinfo=None)


def quiet_end(times: MemberTime | None, at: float) -> float | None:
    """When the member's quiet hours that ``at`` lies in end (None: ``at`` is outside
    them, or the member has none)."""
    if times is None or not times.has_quiet_hours:
        return None
    assert times.zone is not None and times.quiet_from is not None \
        and times.quiet_to is not None
    tz = zone_info(times.zone)
    if tz is None:  # a key this machine no longer knows: no quiet hours rather than none
        log.warning("member %d: unknown time zone %r", times.user_id, times.zone)
        return None
    start, end = times.quiet_from, times.quiet_to
    local = datetime.fromtimestamp(at, tz)
    minute = local.hour * 60 + local.minute
    over_midnight = start > end
    inside = (minute >= start or minute < end) if over_midnight else start <= minute < end
    if not inside:
        return None
    day = local.date()
    if over_midnight and minute >= start:  # the evening part: they end tomorrow
        day += timedelta(days=1)
    until = local_instant(day, end, tz, after=at)
    # never an end at or before ``at``: a deadline stored again for it would be due at
    # once and be postponed again, round and round
    return until if until > at else None


def not_quiet(times: MemberTime | None, at: float) -> float:
    """``at``, or the end of the quiet hours it lies in."""
    end = quiet_end(times, at)
    return at if end is None else end


def away_at(times: MemberTime | None, at: float) -> bool:
    """The member declared themselves away, and ``at`` is before the period ends."""
    return times is not None and times.away_until is not None and at < times.away_until
