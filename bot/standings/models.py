"""View models of the standings answers: what a cog renders, nothing it must compute."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.ratings import SeasonLength
from bot.store import Standing
from bot.store.ratings import RatingLine

from .ids import BoardKey, HistoryKey


@dataclass(frozen=True, slots=True)
class SeasonSpan:
    """A season of the server: its length and its UTC start and end (Unix seconds)."""

    length: SeasonLength
    start: int
    end: int


class Paged:
    """Previous and next of a leaderboard page (its ``key`` and ``pages``)."""

    __slots__ = ()
    key: BoardKey
    pages: int

    @property
    def has_previous(self) -> bool:
        return self.key.page > 0

    @property
    def has_next(self) -> bool:
        return self.key.page + 1 < self.pages


@dataclass(frozen=True, slots=True)
class BoardPage(Paged):
    """One page of a leaderboard, and the viewer's own line wherever it is."""

    key: BoardKey  # the page shown (clamped to the pages there are)
    pages: int
    players: int
    rows: tuple[Standing, ...]
    me: Standing | None
    viewer_id: int | None
    season: SeasonSpan | None = None


@dataclass(frozen=True, slots=True)
class RatingPage(Paged):
    """One page of a leaderboard by skill rating, in one variant (ratings are kept per
    variant): players with at least ``min_deals`` rated deals in the span."""

    key: BoardKey
    variant: str  # the key's, or the server's usual variant
    pages: int
    players: int
    rows: tuple[RatingLine, ...]
    me: RatingLine | None
    viewer_id: int | None
    min_deals: int
    season: SeasonSpan | None = None


@dataclass(frozen=True, slots=True)
class HistoryEntry:
    """One settled deal as a member's history shows it."""

    deal_id: int
    ended_at: float
    variant: str
    contract: str | None
    status: str  # "finished" | "thrown_in"
    declarer_user_id: int | None
    declarer_name: str | None  # None: no declarer (Ramsch, thrown in)
    won: bool | None
    chips: int  # the member's chips in this deal

    @property
    def outcome(self) -> str:
        """``won``, ``lost``, ``draw``, ``ramsch`` or ``thrown_in``."""
        if self.status == "thrown_in":
            return "thrown_in"
        if self.declarer_name is None:
            return "ramsch"
        return "draw" if self.won is None else "won" if self.won else "lost"


@dataclass(frozen=True, slots=True)
class HistoryPage:
    key: HistoryKey
    entries: tuple[HistoryEntry, ...]
    has_more: bool

    @property
    def has_previous(self) -> bool:
        return self.key.page > 0


@dataclass(frozen=True, slots=True)
class DealReplay:
    """A settled deal of this server, ready to be shown in full."""

    deal_id: int
    guild_id: int
    variant: str
    record: dict[str, Any]  # what ``python -m bot replay`` reads
    result: dict[str, Any]  # as stored when it settled
    names: tuple[str, ...]  # per seat, as seated then
    user_ids: tuple[int | None, ...]  # per seat (None: a computer player)
    chips: tuple[int, ...]  # per seat
    pot_change: int | None  # tapp1879: the pot's share of the deal
    ended_at: float
    deck_style: str
    seed: str | None = None  # the shuffle's seed and commitment (docs/shuffle.md)
    commitment: str | None = None
