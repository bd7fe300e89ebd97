"""Playing a deal: a member's private view, their legal choices, their actions, and
ending the table (by the host, or by a vote of the members here)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from bot.engine import Action, ActionType, Deal, Ending, meant
from bot.store import TableStatus
from bot.store.tables import Tables

from .availability import Availability
from .claim_views import claim_state, claimable, seen_by
from .config import series_deal
from .core import (
    Changes,
    TableCore,
    hand_of,
    require_host,
    require_placed,
    require_playing,
    seat_of,
)
from .errors import (
    NotHost,
    NotPlaying,
    NotSeated,
    Refused,
    StaleClick,
    TableBroken,
    TableSuspended,
)
from .ids import Stamp
from .live import LiveTable
from .lobby import Lobby
from .outcomes import EndOutcome
from .places import Places
from .registry import TableRegistry
from .state import HandContext


@dataclass(frozen=True, slots=True)
class ActOutcome:
    """An action taken: what it was and the player's view right after it."""

    action: Action
    hand: HandContext
    deal_over: bool


class Play:
    """A member's hand and actions, and ending a table. Given the tables' pipeline
    (``core``), the live tables, the stored tables, the lobby (a member who timed out
    comes back), the members' availability (one away by their own choice is back when
    they act) and the tables' places (a suspended table ends there)."""

    def __init__(self, core: TableCore, *, registry: TableRegistry, tables: Tables,
                 lobby: Lobby, availability: Availability, places: Places) -> None:
        self.core = core
        self.registry = registry
        self.tables = tables
        self.lobby = lobby
        self.availability = availability
        self.places = places

    async def hand(self, live: LiveTable, user_id: int) -> HandContext:
        """The member's private view of the deal in play. A member away by their own
        choice is back; one who timed out too (stored first): from now on they play
        their seat themselves."""
        await self.availability.present(live, user_id)
        require_playing(live)
        seat = seat_of(live, user_id)
        if live.seats[seat].away:
            async with live.lock:
                await self.lobby.come_back(live, seat)
        deal = live.deal
        if deal is None:
            raise NotPlaying("error.between_deals")
        claim = claim_state(live)
        return HandContext(live.table_id, live.stamp, seat, seen_by(deal, seat, claim),
                           live.names(), live.style, live.language, claim,
                           claimable(live, seat))

    def last_trick(self, live: LiveTable, user_id: int | None = None) -> HandContext:
        """The public view of the deal in play (for its last completed trick); of a
        series' deal only for the members seated at it (``user_id``)."""
        require_playing(live)
        if series_deal(live.options) is not None and (
                user_id is None or live.seat_of(user_id) is None):
            raise NotSeated()
        deal = live.deal
        if deal is None or not deal.tricks:
            raise NotPlaying("error.no_trick_yet")
        return HandContext(live.table_id, live.stamp, -1, deal.public_view(), live.names(),
                           live.style, live.language)

    @staticmethod
    def choices(live: LiveTable, user_id: int, kinds: Iterable[ActionType]) -> list[Action]:
        """The member's legal actions of the given kinds now (for autocomplete)."""
        deal = live.deal
        seat = live.seat_of(user_id)
        if deal is None or seat is None or live.status is not TableStatus.PLAYING:
            return []
        wanted = set(kinds)
        return [a for a in deal.legal_actions(seat) if a.type in wanted]

    async def act(self, live: LiveTable, user_id: int, token: str,
                  stamp: Stamp | None = None) -> ActOutcome:
        """Take the member's action ``token`` (a member away by their own choice is back
        first). A ``stamp`` (from a component) must be the table's current one, else
        the click is stale and nothing changes. The display is told the member's hand
        as soon as the engine took the action, while it is being stored (the answer's
        picture can be drawn meanwhile: see :meth:`TableCore.commit`)."""
        require_placed(live)  # (before anything changes; again under the lock)
        await self.availability.present(live, user_id)
        core = self.core
        async with live.lock:
            require_placed(live)
            require_playing(live)
            seat = seat_of(live, user_id)
            await core.catch_up(live)
            deal = live.deal
            if deal is None:
                raise NotPlaying("error.between_deals")
            if stamp is not None and stamp != live.stamp:
                raise StaleClick()
            action = _resolve(deal, seat, token)
            await core.commit(live, seat, action, member=user_id)
            hand = hand_of(live, seat)
            await core.after_change(live)
            return ActOutcome(action, hand, deal.is_over)

    async def end(self, table_id: int, user_id: int, *, now: bool = False) -> EndOutcome:
        """Ask to end the table (see :meth:`end_live`); a table marked broken can only be
        closed, by its host (see :meth:`TableCore.close_broken`); a suspended one is
        ended at once by its host or a seated member (see :meth:`Places.end`)."""
        try:
            live = await self.core.table(table_id)
        except TableSuspended:
            return await self.places.end(table_id, user_id)
        except TableBroken:
            await self.core.close_broken(table_id, user_id)
            return EndOutcome.CLOSED
        return await self.end_live(live, user_id, now=now)

    async def end_live(self, live: LiveTable, user_id: int, *, now: bool = False
                       ) -> EndOutcome:
        """Ask to end the table; returns the catalogue key of what happened (a suspended
        one: see :meth:`Places.end`).

        The host ends it (``now``: at once, the deal in play abandoned with no chips
        moved; otherwise the variant's own ending runs, starting with the deal in play);
        a seated player votes, and a majority of the members here ends it (those away
        after a timeout do not count, unless they vote).
        """
        if live.suspended is not None:
            return await self.places.end(live.table_id, user_id)
        core, table_id = self.core, live.table_id
        async with live.lock:
            if live.status is TableStatus.LOBBY:
                require_host(live, user_id)
                await core.close_lobby(live)
                return EndOutcome.CANCELLED
            require_playing(live)
            session = live.session
            assert session is not None
            is_host = user_id == live.row.host_id
            if not is_host and live.seat_of(user_id) is None:
                raise NotSeated()
            if now:
                if not is_host:
                    raise NotHost("error.host_only")
                if session.current is not None:
                    session.abandon_deal()
                session.request_end()
                await core.close_session(live, session)
                return EndOutcome.CLOSED
            if session.ending is not Ending.NONE:
                return EndOutcome.ALREADY
            if not is_host:
                live.end_votes.add(user_id)
                if len(live.end_votes) * 2 <= len(live.voters()):
                    core.publish(live)
                    return EndOutcome.VOTED
            session.request_end()
            await self.registry.write(live, self.tables.save_session(table_id, session))
            await core.after_change(live, Changes())
            return EndOutcome.REQUESTED if is_host else EndOutcome.VOTE_PASSED


def _resolve(deal: Deal, seat: int, token: str) -> Action:
    """The action a token names; ``kontra`` from the table message means whichever of
    kontra and rekontra the seat may say."""
    try:
        return meant(deal, seat, Action.parse(token))
    except ValueError:
        raise Refused("error.unknown_action") from None
