"""Members' own times at the tables: quiet hours and away periods they set themselves
(per member per server), and what they change at every table where the member sits.

- **Quiet hours** change nothing at a table but its display: the deadlines of a turn
  check them when they fire (:mod:`.timeouts`), so a deadline armed long before the
  quiet hours, or before they were set, still waits for them to end.
- **Away** (``/tapp away``): a computer plays the member's seats from the start of
  their turns, marked on the table message. The seats a computer plays for that reason
  (``LiveTable.declared_away``) change only in :func:`settle_presence`, together with
  the turn's deadlines, which every change of a table runs first; the member is back
  when the period ends, with ``/tapp away off``, or when they act or open *My hand*.

This is not the away state of a member who timed out (``SeatRow.away``): that one is
stored with the seat and ends with their own action or *My hand* (:mod:`.lobby`).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from bot.store import MemberTime, TableStatus
from bot.store.member_times import MemberTimes

from .arming import arming, turn_key
from .live import LiveTable
from .quiet_hours import (
    BadTimeInput,
    away_at,
    away_for_days,
    check_quiet,
    parse_clock,
    parse_until,
    parse_zone,
    quiet_end,
)
from .state import Absence, AbsenceKind

if TYPE_CHECKING:
    from .core import TableCore
    from .lobby import Lobby
    from .registry import TableRegistry

log = logging.getLogger(__name__)

# -- one table --------------------------------------------------------------------------
def away_seats(live: LiveTable, now: float) -> frozenset[int]:
    """Seats whose members declared themselves away at ``now``."""
    return frozenset(s for s, r in live.seats.items()
                     if r.user_id is not None and not r.is_computer
                     and away_at(live.member_times.get(r.user_id), now))


async def settle_presence(core: TableCore, live: LiveTable) -> None:
    """Bring ``live.declared_away`` up to date (an away period began or ended), with the
    deadlines of the turn if the member it waits for changes (under the lock; stored
    before it counts: a store failure leaves it as it was)."""
    await _load_missing(core, live)
    now = core.config.clock()
    wanted = away_seats(live, now)
    if wanted == live.declared_away:
        return
    before, old = turn_key(live), live.declared_away
    live.declared_away = wanted
    after = turn_key(live)
    if before == after:
        return
    try:
        settings = await core.store.settings.for_table(live.table_id)
        armed = arming(before, after, settings, now)
        assert armed is not None
        await core.store.deadlines.rearm(live.table_id, armed)
    except BaseException:
        live.declared_away = old
        raise
    core.scheduler.wake()


async def _load_missing(core: TableCore, live: LiveTable) -> None:
    """Read the times of seated members the table does not know yet (who joined)."""
    missing = [r.user_id for r in live.seats.values()
               if r.user_id is not None and r.user_id not in live.member_times]
    if missing:
        guild = live.row.guild_id
        found = await core.store.members.of(guild, missing)
        for user_id in missing:
            live.member_times[user_id] = found.get(user_id, MemberTime(guild, user_id))


def absences(live: LiveTable, now: float) -> tuple[Absence, ...]:
    """Who is away by their own choice or in their quiet hours at ``now``, for the
    display."""
    out = []
    for seat, row in sorted(live.seats.items()):
        times = live.member_times.get(row.user_id) if row.user_id is not None else None
        if times is None or row.is_computer:
            continue
        if seat in live.declared_away and times.away_until is not None:
            out.append(Absence(seat, AbsenceKind.AWAY, times.away_until,
                               computer=live.computer_plays(seat)))
            continue
        end = quiet_end(times, now)
        if end is not None:
            out.append(Absence(seat, AbsenceKind.QUIET, end))
    return tuple(out)


# -- a member's settings ----------------------------------------------------------------
class Availability:
    """A member sets their time zone, quiet hours and away period on a server; every open
    table of that server where they sit follows at once."""

    def __init__(self, core: TableCore, *, registry: TableRegistry, members: MemberTimes,
                 lobby: Lobby) -> None:
        self.core = core
        self.registry = registry
        self.members = members
        #: a member who timed out plays their seat again (:meth:`Lobby.come_back`)
        self.lobby = lobby

    async def times(self, guild_id: int, user_id: int) -> MemberTime:
        return await self.members.get(guild_id, user_id)

    async def set_quiet(self, guild_id: int, user_id: int, *, zone: str | None,
                        start: str, end: str) -> MemberTime:
        """Quiet hours from ``start`` to ``end`` (``22:00``) in ``zone`` (None: the zone
        the member set before); a bad value is refused and nothing changes."""
        typed = zone or (await self.times(guild_id, user_id)).zone
        if not typed:
            raise BadTimeInput("quiet.error.no_zone")
        key = parse_zone(typed)
        begin, finish = parse_clock(start), parse_clock(end)
        check_quiet(begin, finish)
        return await self._change(guild_id, user_id, zone=key, quiet_from=begin,
                                  quiet_to=finish)

    async def quiet_off(self, guild_id: int, user_id: int) -> MemberTime:
        """No quiet hours (the time zone stays)."""
        return await self._change(guild_id, user_id, quiet_from=None, quiet_to=None)

    async def away(self, guild_id: int, user_id: int, *, days: int | None = None,
                   until: str | None = None, zone: str | None = None) -> MemberTime:
        """Away for ``days`` days from now, or until ``until`` (a date, or a date and a
        time, in ``zone``, else the member's own zone, else UTC); exactly one of the
        two."""
        if (days is None) == (until is None):
            raise BadTimeInput("away.error.one")
        now = self.core.config.clock()
        if days is not None:
            end = away_for_days(days, now)
        else:
            assert until is not None
            key = parse_zone(zone) if zone else (await self.times(guild_id, user_id)).zone
            end = parse_until(until, key, now)
        return await self._change(guild_id, user_id, away_until=end)

    async def back(self, guild_id: int, user_id: int) -> MemberTime:
        """The member is here again: their away period ends, and where they timed out
        they play their seat again."""
        times = await self._change(guild_id, user_id, away_until=None)
        for live in self._tables_of(guild_id, user_id):
            async with live.lock:
                seat = live.seat_of(user_id)
                if seat is not None and live.status is TableStatus.PLAYING \
                        and live.seats[seat].away:
                    await self.lobby.come_back(live, seat)
        return times

    async def present(self, live: LiveTable, user_id: int) -> None:
        """The member acts or opens their hand at ``live`` (call without its lock): an
        away period they declared ends."""
        times = live.member_times.get(user_id)
        if live.seat_of(user_id) is not None and away_at(times, self.core.config.clock()):
            await self._change(live.row.guild_id, user_id, away_until=None)
            log.info("member %d is back from being away (table %d)", user_id, live.table_id)

    # -- following at the tables ----------------------------------------------------------
    async def _change(self, guild_id: int, user_id: int, **changes: object) -> MemberTime:
        """Store the change, then let every open table of the member on that server
        follow (each under its own lock, one after the other)."""
        times = await self.members.update(guild_id, user_id, **changes)
        for live in self._tables_of(guild_id, user_id):
            async with live.lock:
                if live.seat_of(user_id) is None or not live.status.is_open:
                    continue
                live.member_times[user_id] = times
                if live.status is TableStatus.PLAYING:
                    await self.core.after_change(live)
        return times

    def _tables_of(self, guild_id: int, user_id: int) -> list[LiveTable]:
        return [lv for lv in self.registry
                if lv.row.guild_id == guild_id and lv.seat_of(user_id) is not None]
