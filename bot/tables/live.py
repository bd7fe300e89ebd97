"""A table the service is running: its rows, its session and deal, and its lock."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from bot.engine import Deal
from bot.engine.session import Session
from bot.store import ClaimRow, MemberTime, SeatRow, TableRow, TableStatus

from .ids import Stamp
from .picture import Picture
from .state import SeatInfo


@dataclass
class LiveTable:
    """One open table. Change it only while holding ``lock``."""

    row: TableRow
    seats: dict[int, SeatRow]
    language: str | None
    style: str
    session: Session | None = None
    deal_id: int | None = None
    deal_number: int | None = None
    #: the deal in play's secret seed (hex, never shown before the deal is over) and its
    #: commitment (shown while it is played); see docs/shuffle.md
    seed: str | None = None
    commitment: str | None = None
    #: a table in a thread gets its messages once the thread exists
    placed: bool = True
    #: a series' deal: the seed its computers decide from (the deal's, as its solo runs'
    #: computers; see :mod:`bot.ai.seeded`); None at any other table. Secret: never shown
    computers_seed: bytes | None = field(default=None, repr=False)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    end_votes: set[int] = field(default_factory=set)  # members who voted to end (not stored)
    runner: asyncio.Task[None] | None = None  # the computer players' task
    asked: set[tuple[int, int, int]] = field(default_factory=set)  # (deal, ply, seat) asked
    claim: ClaimRow | None = None  # the deal's newest claim (see :mod:`.claims`)
    #: the seated members' own times (quiet hours, away period), by member
    member_times: dict[int, MemberTime] = field(default_factory=dict)
    #: seats of members away by their own choice (``/tapp away``): a computer plays them
    #: from the start of their turns. Changed only with the turn's deadlines (see
    #: :func:`bot.tables.availability.settle_presence`); not the members who timed out
    declared_away: frozenset[int] = frozenset()
    #: what the table image was last drawn from (see :mod:`.picture`; not stored)
    picture: Picture | None = None
    #: why the table's place on Discord is gone (None: it plays), see :mod:`.places`
    suspended: str | None = None

    @property
    def table_id(self) -> int:
        return self.row.table_id

    @property
    def variant(self) -> str:
        return self.row.variant

    @property
    def status(self) -> TableStatus:
        return self.row.status

    @property
    def options(self) -> dict[str, Any]:
        return self.row.options

    @property
    def players(self) -> int:
        return int(self.row.options["players"])

    @property
    def location_id(self) -> int:
        return self.row.thread_id or self.row.channel_id

    @property
    def deal(self) -> Deal | None:
        return self.session.current if self.session is not None else None

    @property
    def stamp(self) -> Stamp | None:
        deal = self.deal
        if deal is None or self.deal_number is None:
            return None
        return Stamp(self.deal_number, deal.ply)

    def seat_of(self, user_id: int) -> int | None:
        return next((s for s, r in self.seats.items() if r.user_id == user_id), None)

    def names(self) -> tuple[str, ...]:
        return tuple(self.seats[s].display_name if s in self.seats else ""
                     for s in range(self.players))

    def seat_infos(self) -> tuple[SeatInfo, ...]:
        return tuple(SeatInfo(r.seat, r.user_id, r.display_name, r.is_computer)
                     for _, r in sorted(self.seats.items()))

    def voters(self) -> set[int]:
        """Members who decide an end vote: those here (not away), and whoever voted."""
        return {r.user_id for s, r in self.seats.items()
                if r.user_id is not None and not self.absent(s)} | self.end_votes

    def free_seat(self) -> int | None:
        return next((s for s in range(self.players) if s not in self.seats), None)

    def is_computer(self, seat: int) -> bool:
        row = self.seats.get(seat)
        return row is not None and row.is_computer

    def timed_out(self) -> tuple[int, ...]:
        """Seats of members who timed out and have not come back."""
        return tuple(sorted(s for s, r in self.seats.items() if r.away))

    def absent(self, seat: int) -> bool:
        """The seat's member is not here: they timed out, or declared themselves away."""
        row = self.seats.get(seat)
        return row is not None and not row.is_computer and (
            row.away or seat in self.declared_away)

    def computer_plays(self, seat: int) -> bool:
        """A computer plays the seat now: a computer player's, or an absent member's
        while another member is here. A table every member has left does not play
        itself: each of their turns waits for its timeout."""
        row = self.seats.get(seat)
        if row is None or not (row.is_computer or self.absent(seat)):
            return False
        return row.is_computer or any(not r.is_computer and not self.absent(s)
                                      for s, r in self.seats.items())
