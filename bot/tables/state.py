"""What the display of a table is built from: snapshots taken under the table's lock.

The service takes a :class:`TableState` after every change it commits, and a
:class:`DealOver` when a deal ends; the display renders them later, outside the lock,
so a slow Discord never holds up play.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from bot.engine import Ending, SeatView
from bot.store import ClaimStatus
from bot.store.models import TableBasics

from .ids import Stamp


@dataclass(frozen=True, slots=True)
class SeatInfo:
    seat: int
    user_id: int | None  # None: a computer player
    name: str
    is_computer: bool


class AbsenceKind(StrEnum):
    QUIET = "quiet"  # in their quiet hours: their turn's reminder and timeout wait
    AWAY = "away"  # away by their own choice: a computer plays their seat


@dataclass(frozen=True, slots=True)
class Absence:
    """A member who is not to be expected now, and until when (Unix time)."""

    seat: int
    kind: AbsenceKind
    until: float
    computer: bool = False  # a computer plays their seat meanwhile


@dataclass(frozen=True, slots=True)
class ClaimState:
    """A claim made at the deal's current moment (see :mod:`.claims`)."""

    seat: int
    kind: str  # "all" (every trick still to play) or "none" (no more trick)
    status: ClaimStatus
    deciders: tuple[int, ...] = ()  # the seats that must accept it (pending)
    accepted: tuple[int, ...] = ()
    refused_by: int | None = None

    @property
    def pending(self) -> bool:
        return self.status is ClaimStatus.PENDING

    @property
    def waiting(self) -> tuple[int, ...]:
        """Seats still to answer a pending claim."""
        return tuple(s for s in self.deciders if s not in self.accepted) \
            if self.pending else ()


@dataclass(frozen=True, slots=True)
class TableState(TableBasics):
    """One table as everyone may see it, at one moment."""

    players: int
    seats: tuple[SeatInfo, ...]
    language: str | None
    style: str
    stamp: Stamp | None = None  # the deal in play and its action count
    view: SeatView | None = None  # the public view of the deal in play
    #: the public view the table image is drawn from (see :mod:`bot.tables.picture`)
    picture: SeatView | None = None
    chips: tuple[int, ...] | None = None  # session chips per seat
    deals_played: int = 0
    ending: Ending = Ending.NONE
    special_left: int = 0  # closing / forced Ramsch deals still to play
    end_votes: int = 0
    votes_needed: int = 0
    kontra: str | None = None  # "kontra" or "rekontra" while someone may say it
    actor_user: int | None = None  # the member the deal waits for (None: a computer)
    timed_out: tuple[int, ...] = ()  # members who timed out: a computer plays for them
    #: members in their quiet hours or away by their own choice, at this moment
    absences: tuple[Absence, ...] = ()
    claim: ClaimState | None = None  # a claim made at this moment
    claimable: tuple[str, ...] = ()  # the claims the seat to act may make now
    commitment: str | None = None  # the deal in play's shuffle commitment (docs/shuffle.md)
    #: a seat's own view at this moment, for that member's private panel only
    private: Callable[[int], SeatView] | None = None
    #: a seat's hand one trick behind, for spectators (tables that allow them only)
    spectated: Callable[[int], SeatView | None] | None = None

    @property
    def location_id(self) -> int:
        """The channel or thread the table's messages go to."""
        return self.thread_id or self.channel_id

    @property
    def names(self) -> tuple[str, ...]:
        by_seat = {s.seat: s.name for s in self.seats}
        return tuple(by_seat.get(i, "") for i in range(self.players))

    def seat(self, seat: int) -> SeatInfo | None:
        return next((s for s in self.seats if s.seat == seat), None)


@dataclass(frozen=True, slots=True)
class DealOver:
    """A deal has ended (settled): its public view and the chips after it."""

    table_id: int
    deal_id: int
    stamp: Stamp  # the deal's number and its last ply
    view: SeatView  # public view of the finished deal (every hand may be shown now)
    names: tuple[str, ...]
    chips: tuple[int, ...]
    claim: ClaimState | None = None  # the claim that ended it, if one did
    shuffle: Shuffle | None = None  # the seed it was dealt from, published now
    #: a series' deal: its cards and play are not shown in public (other members of
    #: the series may not have played it yet), only its chips
    hidden: bool = False


@dataclass(frozen=True, slots=True)
class Shuffle:
    """A finished deal's seed and the commitment shown while it was played
    (docs/shuffle.md)."""

    seed: str
    commitment: str

    @classmethod
    def of(cls, seed: str | None, commitment: str | None) -> Shuffle | None:
        return cls(seed, commitment) if seed and commitment else None


@dataclass(frozen=True, slots=True)
class TableOver:
    """The table is closed (the session ended, or it was cancelled in the lobby)."""

    table_id: int
    cancelled: bool
    names: tuple[str, ...]
    chips: tuple[int, ...] | None
    pot_shares: tuple[int, ...] | None


@dataclass(frozen=True, slots=True)
class TablePaused:
    """The table is marked broken: nothing more can be played at it."""

    table_id: int


#: what a table's channel is told besides its table message, in order
TableEvent = DealOver | TableOver | TablePaused


@dataclass(frozen=True, slots=True)
class HandContext:
    """What a seated player's private panel is built from."""

    table_id: int
    stamp: Stamp | None
    seat: int
    view: SeatView  # that seat's view
    names: tuple[str, ...]
    style: str
    language: str | None = None
    claim: ClaimState | None = None  # a claim made at this moment
    claimable: tuple[str, ...] = ()  # the claims the seat may make now
