"""Claims at a table: a member in card play claims every trick still to play (or none).

The engine decides (:mod:`bot.engine.claims`). A claim it proves against every defence,
with every chip settled, ends the deal at once: the rest is played out along real legal
plays, stored in one transaction with the claim. Otherwise the claim is put to the other
players, who see the claimer's remaining cards in their own panel (the claimer's hand is
laid open to them, and to no one else) and accept or refuse: all accept and it is played
out along a continuation that makes it true; one refuses and play goes on. A claim the
bot cannot prove is never put to computer players (they accept only proofs): it is
refused at once. One claim per turn; playing a card withdraws a pending claim.

Every rule of who may claim what is checked here, whatever button arrives (a crafted
one included). A claim is refused as impossible only when no lay of the cards the
claimer cannot see could make it true (:func:`could_come_true`): the refusal tells
them nothing of the others' hands. One that every other player accepts but the cards
as they lie cannot make true falls through (refused by no one): play goes on.
"""

from __future__ import annotations

import asyncio
import dataclasses

from bot.engine import Action, Deal
from bot.engine.claims import (
    ClaimKind,
    ClaimTooDeep,
    claim_line,
    could_come_true,
    offered_claims,
)
from bot.store import Arming, ClaimStatus
from bot.store.claims import Claims as StoredClaims
from bot.store.settings import SettingsStore

from .arming import arming, claim_turn_key, turn_key
from .availability import Availability
from .claim_views import claim_state, claimable, seen_by
from .core import TableCore, require_placed, require_playing, seat_of
from .errors import NotPlaying, Refused, StaleClick
from .ids import Stamp
from .live import LiveTable
from .outcomes import ClaimOutcome
from .registry import TableRegistry
from .scheduler import Scheduler
from .state import ClaimState, HandContext

#: positions a claim's search may visit before the bot gives up proving it; in
#: ``python -m bot bench claims`` (200 positions per variant) no check reached it and the
#: slowest took 0.64 s of one core
CLAIM_BUDGET = 60_000


class Claims:
    """Making a claim and deciding on one (each under the table's lock). Given the
    tables' pipeline (``core``), the live tables, the stored claims and settings, the
    deadline scheduler and the members' availability (one away by their own choice is
    back when they claim or decide)."""

    def __init__(self, core: TableCore, *, registry: TableRegistry, claims: StoredClaims,
                 settings: SettingsStore, scheduler: Scheduler, availability: Availability,
                 budget: int = CLAIM_BUDGET) -> None:
        self.core = core
        self.registry = registry
        self.claims = claims
        self.settings = settings
        self.scheduler = scheduler
        self.availability = availability
        self.budget = budget

    async def claim(self, live: LiveTable, user_id: int, kind: str,
                    stamp: Stamp | None = None) -> tuple[ClaimOutcome, HandContext]:
        """The member claims (``all`` or ``none``); returns what happened (proven and
        played out, or put to the others) and their panel."""
        try:
            claimed = ClaimKind(kind)
        except ValueError:
            raise Refused("error.unknown_action") from None
        require_placed(live)  # (before anything changes; again under the lock)
        await self.availability.present(live, user_id)
        core = self.core
        async with live.lock:
            seat, deal = await self._moment(live, user_id, stamp)
            offered = offered_claims(deal, seat)
            if not offered:
                raise Refused("error.claim_not_now")
            if claim_state(live) is not None:
                raise Refused("error.claim_made")
            if claimed not in offered:
                raise Refused("error.claim_kind")
            line = await self._search(deal, seat, claimed, defended=True)
            if line is not None:
                return ClaimOutcome.PROVEN, await self._play_out(live, seat, claimed, line,
                                                                 None, seat)
            if any(live.computer_plays(s) or s not in live.seats or live.is_computer(s)
                   for s in range(live.players) if s != seat):
                raise Refused("error.claim_computers")
            if not await asyncio.to_thread(could_come_true, deal.copy(), seat, claimed):
                raise Refused("error.claim_impossible")
            assert live.deal_id is not None
            put = ClaimState(seat, claimed.value, ClaimStatus.PENDING,
                             tuple(s for s in range(live.players) if s != seat))
            live.claim = await self.registry.write(live, self.claims.put(
                live.deal_id, deal.ply, seat, claimed.value, await self._arming(live, put)))
            self.scheduler.wake()
            core.publish(live)
            return ClaimOutcome.PUT, self._panel(live, seat)

    async def decide(self, live: LiveTable, user_id: int, accept: bool,
                     stamp: Stamp | None = None) -> tuple[ClaimOutcome, HandContext]:
        """Another player accepts or refuses the claim put to them."""
        require_placed(live)  # (before anything changes; again under the lock)
        await self.availability.present(live, user_id)
        core = self.core
        async with live.lock:
            seat, deal = await self._moment(live, user_id, stamp)
            claim, row = claim_state(live), live.claim
            if claim is None or row is None or not claim.pending:
                raise StaleClick()
            if seat not in claim.deciders:
                raise Refused("error.claim_own")
            if not accept:
                await self.refuse(live, row.claim_id, seat)
                return ClaimOutcome.REFUSED, self._panel(live, seat)
            accepted = dataclasses.replace(claim, accepted=(*claim.accepted, seat))
            if accepted.waiting:
                live.claim = await self.registry.write(live, self.claims.accept(
                    row.claim_id, deal.ply, seat, await self._arming(live, accepted)))
                self.scheduler.wake()
                core.publish(live)
                return ClaimOutcome.ACCEPTED, self._panel(live, seat)
            # the last answer: stored with the play-out (or the refusal by the cards), so
            # a stop during the search leaves the claim pending for this member still
            kind = ClaimKind(row.kind)
            try:
                line = await self._search(deal, row.seat, kind, defended=False)
            except Refused:  # too deep to play out: it ends here, nothing left pending
                await self.refuse(live, row.claim_id, None, accepted_by=seat)
                raise
            if line is None:  # possible for some lay of the cards, not for this one
                await self.refuse(live, row.claim_id, None, accepted_by=seat)
                return ClaimOutcome.FAILED, self._panel(live, seat)
            return ClaimOutcome.AGREED, await self._play_out(live, row.seat, kind, line,
                                                             row.claim_id, seat,
                                                             accepted_by=seat)

    async def refuse(self, live: LiveTable, claim_id: int, seat: int | None, *,
                     accepted_by: int | None = None) -> None:
        """The pending claim is over, refused by ``seat`` (None: by the cards): the
        claimer's turn again, with fresh deadlines (under the table's lock)."""
        core, deal = self.core, live.deal
        assert deal is not None
        live.claim = await self.registry.write(live, self.claims.refuse(
            claim_id, deal.ply, seat, await self._arming(live, None),
            accepted_by=accepted_by))
        self.scheduler.wake()
        core.publish(live)

    async def _arming(self, live: LiveTable, claim: ClaimState | None) -> Arming | None:
        """The deadlines a claim's write sets: the claim ``claim`` (None: none pending)
        makes the table wait for another member."""
        core = self.core
        settings = await self.settings.for_table(live.table_id)
        return arming(turn_key(live), claim_turn_key(live, claim), settings,
                      core.config.clock())

    async def _moment(self, live: LiveTable, user_id: int,
                      stamp: Stamp | None) -> tuple[int, Deal]:
        require_placed(live)
        require_playing(live)
        seat = seat_of(live, user_id)
        await self.core.catch_up(live)
        deal = live.deal
        if deal is None:
            raise NotPlaying("error.between_deals")
        if stamp is not None and stamp != live.stamp:
            raise StaleClick()
        return seat, deal

    async def _search(self, deal: Deal, seat: int, kind: ClaimKind, *,
                      defended: bool) -> list[tuple[int, int]] | None:
        """The claim's line (see :func:`claim_line`), searched off the event loop; a
        search past the budget proves nothing (a claim too deep to agree to is refused)."""
        try:
            return await asyncio.to_thread(claim_line, deal.copy(), seat, kind,
                                           defended=defended, budget=self.budget)
        except ClaimTooDeep:
            if defended:
                return None
            raise Refused("error.claim_too_deep") from None

    async def _play_out(self, live: LiveTable, seat: int, kind: ClaimKind,
                        line: list[tuple[int, int]], claim_id: int | None,
                        answered: int, *, accepted_by: int | None = None) -> HandContext:
        """Play the rest of the deal along ``line`` (checked by the engine, stored in one
        transaction with the claim), then settle it as any deal; returns the finished
        deal's panel for the seat ``answered``."""
        core, deal = self.core, live.deal
        assert deal is not None and live.deal_id is not None
        ply = deal.ply
        plays = []
        for who, card in line:
            action = Action.play(card)
            deal.apply(who, action)
            row = live.seats.get(who)
            plays.append((who, action, row is not None and row.away))
        live.claim = await self.registry.write(live, self.claims.play_out(
            live.deal_id, ply, seat, kind.value, plays, claim_id=claim_id,
            accepted_by=accepted_by))
        self.scheduler.wake()
        panel = HandContext(live.table_id, live.stamp, answered, deal.view(answered),
                            live.names(), live.style, live.language)
        await core.after_change(live)
        return panel

    def _panel(self, live: LiveTable, seat: int) -> HandContext:
        deal = live.deal
        assert deal is not None
        claim = claim_state(live)
        return HandContext(live.table_id, live.stamp, seat, seen_by(deal, seat, claim),
                           live.names(), live.style, live.language, claim,
                           claimable(live, seat))
