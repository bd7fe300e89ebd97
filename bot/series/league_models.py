"""What the league service answers (plain data): a league as its server reads it, its
table (each division's standings in the running season, no deal's result and no card),
and the news of a season opened or closed."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from .league_spec import LeagueSpec
from .scoring import StandingLine


@dataclass(frozen=True, slots=True)
class SeasonInfo:
    number: int  # from 1
    starts_at: float
    ends_at: float
    running: bool


@dataclass(frozen=True, slots=True)
class LeagueInfo:
    league_id: int
    guild_id: int
    channel_id: int
    host_id: int
    title: str
    spec: LeagueSpec
    running: bool
    members: int  # who have not left
    season: SeasonInfo | None  # the newest season (None: none yet)
    next_start: float  # when the next season starts


@dataclass(frozen=True, slots=True)
class DivisionTable:
    """A division of the running season: its series, its members best first (those who
    played no deal last, by their place on the ladder), each's line of the series table
    (None: no deal played), and who would go up and down if the season ended now."""

    division: int  # 0 the top
    series_id: int
    members: tuple[int, ...]
    lines: Mapping[int, StandingLine]
    up: frozenset[int]
    down: frozenset[int]
    open: bool  # its series is still open


@dataclass(frozen=True, slots=True)
class LeagueTable:
    league: LeagueInfo
    divisions: tuple[DivisionTable, ...]
    waiting: tuple[int, ...]  # members in no division: they start next season
    viewer: int
    names: Mapping[int, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Joined:
    league: LeagueInfo
    series_id: int | None  # the division's series they joined now (None: next season)
    division: int | None


@dataclass(frozen=True, slots=True)
class OpenedDivision:
    """A division's series as its season opens: the commitment to its deals (its
    secret seed's SHA-256, posted now as any series' is when it opens)."""

    series_id: int
    members: tuple[int, ...]
    commitment: str


@dataclass(frozen=True, slots=True)
class SeasonNews:
    """A season opened (``divisions``: each division's series, members and commitment,
    top first) or closed (``moves``: who changed division, ``(user, from, to)``, None
    for a newcomer's from)."""

    league: LeagueInfo
    season: SeasonInfo
    divisions: tuple[OpenedDivision, ...] = ()
    moves: tuple[tuple[int, int | None, int], ...] = ()

    @property
    def opened(self) -> bool:
        return self.season.running
