"""The ``custom_id``s of the standings components, in the format of
:mod:`bot.custom_ids` (each under 100 characters):

* ``tapp:lb:<guild>:<variant|all>:<period>:<page>[:<order>:<season>]``: a leaderboard
  page (ordered by chips or rating; all time, or the server's current or previous
  season); the two last parts came with ratings and are left out for chips of all time.
* ``tapp:hist:<guild>:<member>:<page>``: a page of a member's deal history.
* ``tapp:replay:<deal>``: a finished deal's replay.

They hold everything a click needs, so buttons keep working after a restart; the
server in them is checked against the server the click comes from.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from bot.custom_ids import Key
from bot.engine import VARIANTS
from bot.store import Period

#: the leaderboard's periods, as offered by ``/tapp leaderboard period:``
BOARD_PERIODS = (Period.ALL, Period.DAYS_30, Period.DAYS_7)
ALL_VARIANTS = "all"
MAX_PAGE = 99_999

_ID = r"\d{1,20}"
_PAGE = r"\d{1,5}"
_VARIANT = "|".join([ALL_VARIANTS, *sorted(VARIANTS)])
_PERIOD = "|".join(p.value for p in BOARD_PERIODS)


class Order(StrEnum):
    CHIPS = "chips"
    RATING = "rating"


class Season(StrEnum):
    ALL = "all"  # not a season: the period decides (all time by default)
    CURRENT = "current"
    PREVIOUS = "previous"


_ORDER = "|".join(o.value for o in Order)
_SEASON = "|".join(s.value for s in Season)


@dataclass(frozen=True, slots=True)
class BoardKey(Key):
    """One leaderboard page: server, variant (None: all), period, page (from 0), what
    it is ordered by, and the season (``ALL``: none, the period's span)."""

    kind: ClassVar[str] = "lb"
    fields_pattern: ClassVar[str] = (rf"(?P<guild>{_ID}):(?P<variant>{_VARIANT})"
                                     rf":(?P<period>{_PERIOD}):(?P<page>{_PAGE})"
                                     rf"(?::(?P<order>{_ORDER}):(?P<season>{_SEASON}))?")
    event: ClassVar[str] = "tapp_leaderboard"

    guild_id: int
    variant: str | None
    period: Period
    page: int = 0
    order: Order = Order.CHIPS
    season: Season = Season.ALL

    def fields(self) -> str:
        tail = ("" if (self.order, self.season) == (Order.CHIPS, Season.ALL)
                else f":{self.order.value}:{self.season.value}")
        return (f"{self.guild_id}:{self.variant or ALL_VARIANTS}:{self.period.value}"
                f":{self.page}{tail}")

    def at_page(self, page: int) -> BoardKey:
        return BoardKey(self.guild_id, self.variant, self.period, max(0, min(page, MAX_PAGE)),
                        self.order, self.season)

    @classmethod
    def from_match(cls, m: re.Match[str]) -> BoardKey:
        variant = m["variant"]
        return cls(int(m["guild"]), None if variant == ALL_VARIANTS else variant,
                   Period(m["period"]), int(m["page"]), Order(m["order"] or Order.CHIPS),
                   Season(m["season"] or Season.ALL))


@dataclass(frozen=True, slots=True)
class HistoryKey(Key):
    """One page of a member's deal history in a server."""

    kind: ClassVar[str] = "hist"
    fields_pattern: ClassVar[str] = rf"(?P<guild>{_ID}):(?P<member>{_ID}):(?P<page>{_PAGE})"
    event: ClassVar[str] = "tapp_history"

    guild_id: int
    user_id: int
    page: int = 0

    def fields(self) -> str:
        return f"{self.guild_id}:{self.user_id}:{self.page}"

    def at_page(self, page: int) -> HistoryKey:
        return HistoryKey(self.guild_id, self.user_id, max(0, min(page, MAX_PAGE)))

    @classmethod
    def from_match(cls, m: re.Match[str]) -> HistoryKey:
        return cls(int(m["guild"]), int(m["member"]), int(m["page"]))


@dataclass(frozen=True, slots=True)
class ReplayKey(Key):
    """A finished deal's replay."""

    kind: ClassVar[str] = "replay"
    fields_pattern: ClassVar[str] = rf"(?P<deal>{_ID})"
    event: ClassVar[str] = "tapp_replay"

    deal_id: int

    def fields(self) -> str:
        return str(self.deal_id)

    @classmethod
    def from_match(cls, m: re.Match[str]) -> ReplayKey:
        return cls(int(m["deal"]))
