"""The timeout policy: the deadlines of a member's turn, and what each does when due.

The member on turn gets a reminder and a turn timeout (:mod:`.arming`), stored in the
transaction of the change that made it the member's turn, so a turn is never left
without them nor with the last turn's. When one fires (:class:`bot.tables.scheduler.Scheduler`),
:class:`TurnTimeouts` acts: a reminder pings the member again; a timeout applies the
table's policy (a computer takes the turn and plays the seat until the member is back,
or the deal is abandoned with no chips moved). A deadline whose deal, ply or seat has
moved on is ignored.

While a claim is put to the others, the turn is theirs (:func:`.arming.seat_waited`):
the claimer's timer stops, and each member who decides gets a reminder and a timeout
in turn. One who lets it run out refuses the claim, as a computer player would (they
accept only claims the bot proves), and the channel is told; the claimer's turn then
starts anew. A timeout never withdraws a claim unannounced.

Quiet hours are checked when a deadline fires, not when it is armed: one that comes due
inside the waiting member's quiet hours is stored again, due when they end (so a restart
keeps it), and the table shows that it waits. A deadline armed long before, or before
the member set their quiet hours, waits all the same.
"""

from __future__ import annotations

import dataclasses
import logging
import random
from dataclasses import dataclass
from enum import StrEnum

from bot.ai import make_player
from bot.settings import TimeoutPolicy
from bot.store import Deadline, DeadlineKind, MemberTime
from bot.store.deadlines import Deadlines
from bot.store.deals import Deals
from bot.store.settings import SettingsStore

from .arming import Turn, turn_key
from .claim_views import claim_state
from .claims import Claims
from .core import Changes, TableCore
from .errors import NoTableHere
from .live import LiveTable
from .quiet_hours import not_quiet, quiet_end
from .registry import TableRegistry

log = logging.getLogger(__name__)


class NoticeKind(StrEnum):
    REMINDER = "reminder"  # the member to act is pinged
    SUBSTITUTE = "substitute"  # a computer acted for the absent member (marked auto)
    ABANDONED = "abandoned"  # the deal was abandoned, no chips moved


REMINDER, SUBSTITUTE, ABANDONED = NoticeKind
#: a deadline of a suspended table is put off by this much (it is armed afresh when the
#: table resumes; this only keeps it from firing again and again meanwhile)
SUSPENDED_RECHECK = 24 * 3600.0


@dataclass(frozen=True, slots=True)
class TimerNotice:
    """Something a timer did, for the channel of the table."""

    kind: NoticeKind
    table_id: int
    location_id: int
    seat: int
    user_id: int | None
    name: str
    language: str | None
    variant: str
    style: str = "french"
    seconds_left: int = 0  # reminders: until the turn times out (0: no timeout)
    action: str = ""  # substitutes: the action's token (may name hidden cards: see
    # bot.display.display.notice_text for what the channel is told)
    claim: bool = False  # the turn is an answer to a claim (a timeout refuses it)


class TurnTimeouts:
    """Acts on fired deadlines (see the module docstring). Given the tables' pipeline
    (``core``), the stored deals, deadlines and settings, and the claims (a timeout
    refuses one)."""

    def __init__(self, core: TableCore, *, registry: TableRegistry, deals: Deals,
                 deadlines: Deadlines, settings: SettingsStore, claims: Claims) -> None:
        self.core = core
        self.registry = registry
        self.deals = deals
        self.deadlines = deadlines
        self.settings = settings
        self.claims = claims

    async def due(self, deadline: Deadline, *, now: float) -> TimerNotice | None:
        """Remind the member, or apply the timeout policy; None if nothing was done."""
        core = self.core
        try:
            live = await core.table(deadline.table_id, suspended=True)
        except NoTableHere:
            return None
        if live.suspended is not None:  # it waits: its timers start afresh if it resumes
            await self.deadlines.release(deadline, now + SUSPENDED_RECHECK)
            return None
        async with live.lock:
            key = turn_key(live)
            if key is None or key != (deadline.deal_id, deadline.ply, deadline.seat):
                return None
            deal_id, _, seat = key
            row = live.seats[seat]
            times = live.member_times.get(row.user_id) if row.user_id is not None else None
            if await self._postponed(live, deadline, times, now):
                return None
            claim = claim_state(live)
            deciding = claim is not None and claim.pending and seat != claim.seat
            base = TimerNotice(REMINDER, live.table_id, live.location_id, seat, row.user_id,
                               row.display_name, live.language, live.variant, live.style,
                               claim=deciding)
            if deadline.kind is DeadlineKind.REMINDER:
                left = await self._time_left(live, key, times, now)
                if times is not None and times.has_quiet_hours:
                    core.publish(live)  # no longer shown in quiet hours
                return None if left is None else dataclasses.replace(base, seconds_left=left)
            settings = await self.settings.for_table(live.table_id)
            session, deal = live.session, live.deal
            assert session is not None and deal is not None
            if settings.timeout_policy is TimeoutPolicy.ABANDON:
                session.abandon_deal()
                await self.registry.write(live, self.deals.abandon(deal_id, session))
                live.deal_id = None
                await core.after_change(live, Changes())
                return dataclasses.replace(base, kind=ABANDONED)
            if deciding:
                assert live.claim is not None
                await self.claims.refuse(live, live.claim.claim_id, seat)
                log.info("table %d: seat %d did not answer a claim in time: refused",
                         live.table_id, seat)
                return dataclasses.replace(base, kind=SUBSTITUTE)
            seed = f"{core.config.ai_seed}:{live.table_id}:{live.stamp}:{seat}"
            action = make_player("easy", random.Random(seed)).choose(deal.view(seat))
            await core.commit(live, seat, action, auto=True)
            # its kind only: the action may be hidden (a discard, a card given)
            log.info("table %d: seat %d timed out; a substitute took a %s (marked auto)",
                     live.table_id, seat, action.type.value)
            await core.after_change(live, Changes())
            return dataclasses.replace(base, kind=SUBSTITUTE, action=action.token)

    async def _postponed(self, live: LiveTable, deadline: Deadline,
                         times: MemberTime | None, now: float) -> bool:
        """A deadline due in the member's quiet hours is stored again, due when they end;
        True if it was (the table is shown anew: it shows the quiet hours)."""
        end = quiet_end(times, now)
        if end is None:
            return False
        await self.deadlines.release(deadline, end)
        log.info("table %d: the %s of seat %d waits %.0f s for the member's quiet hours"
                 " to end", live.table_id, deadline.kind, deadline.seat, end - now)
        self.core.publish(live)
        return True

    async def _time_left(self, live: LiveTable, key: Turn, times: MemberTime | None,
                         now: float) -> int | None:
        """Seconds until the turn's timeout (0: none; a timeout due in the member's quiet
        hours comes when they end); None if the timeout is overdue too (a restart): it
        acts now, and the reminder pings nobody."""
        left = 0
        for d in await self.deadlines.for_turn(live.table_id, *key):
            if d.kind is DeadlineKind.TIMEOUT:
                if d.fired:
                    return None
                left = max(0, round(not_quiet(times, d.due_at) - now))
        return left
