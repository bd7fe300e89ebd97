"""What the series service answers (plain data): a series as its server reads it, a
member's deal at one moment (their own seat's view only), the table, a member's page."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from bot.engine import Action, SeatView

from .scoring import StandingLine
from .spec import SeriesSpec


@dataclass(frozen=True, slots=True)
class SeriesInfo:
    """A series as anyone on its server may read it (never its seed while it runs)."""

    series_id: int
    guild_id: int
    channel_id: int
    host_id: int
    title: str
    spec: SeriesSpec
    status: str  # open, closed, deleted
    opens_at: float
    closes_at: float
    commitment: str  # the seed's SHA-256, posted when it opens
    members: int
    seed: str | None = None  # hex, once closed

    @property
    def is_open(self) -> bool:
        return self.status == "open"


@dataclass(frozen=True, slots=True)
class SeriesRunView:
    """A member's deal of a series at one moment: their seat's view, nothing more."""

    series: SeriesInfo
    run_id: int
    deal: int  # from 1
    step: int  # the run's stamp: a component drawn now carries it
    seat: int
    view: SeatView
    style: str
    may_decline: bool = False
    done: Action | None = None
    declined: bool = False
    chips: int | None = None  # once finished
    played: int = 0  # deals of the series the member has finished

    @property
    def finished(self) -> bool:
        return self.chips is not None


@dataclass(frozen=True, slots=True)
class Standings:
    """The series table: totals and deals played, no card and no deal's result."""

    series: SeriesInfo
    lines: tuple[StandingLine, ...]
    viewer: int
    final: bool  # the series is closed: these are its final standings
    #: the members' names as they joined (the table's image; text mentions them)
    names: Mapping[int, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class MemberDeal:
    """One of a member's deals: the seat they held, their chips and score on it."""

    deal: int
    seat: int
    status: str  # playing, finished, dropped, or "" (not started)
    chips: int | None = None
    matchpoints: int | None = None
    rivals: int = 0
    percent: Fraction | None = None
    seeger: int | None = None


@dataclass(frozen=True, slots=True)
class MemberPage:
    """A member's own series page: each deal, and their line of the table."""

    series: SeriesInfo
    user_id: int
    deals: tuple[MemberDeal, ...]
    line: StandingLine | None
    left: bool


@dataclass(frozen=True, slots=True)
class SeriesSeat:
    """Where a member of a series that shares tables plays their next deal: the table
    (of the table service) playing it, their seat, whether it has started, and its
    thread."""

    series: SeriesInfo
    deal: int  # from 1
    seat: int
    table_id: int
    started: bool
    members: int  # members seated at the table now
    players: int
    already: bool = False  # they were seated there before this call
    thread_id: int | None = None  # the table's own thread (None: it is in the channel)
    to_place: bool = False  # a new table waiting for its thread (the caller makes it)
