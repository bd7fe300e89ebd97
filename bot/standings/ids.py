"""The ``custom_id``s of the standings components, in the format of
:mod:`bot.connection.custom_ids` (each under 100 characters):

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

from bot.connection.custom_ids import Key, number, whole
from bot.engine import VARIANTS
from bot.store import Period

#: the leaderboard's periods, as offered by ``/tapp stats leaderboard period:``
BOARD_PERIODS = (Period.ALL, Period.DAYS_30, Period.DAYS_7)
ALL_VARIANTS = "all"
MAX_PAGE = 99_999

_ID = "[0-9]{1,20}"
_PAGE = "[0-9]{1,5}"
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
class BoardKey(Key, kind="lb", event="tapp_leaderboard",
               fields_pattern=(rf"(?P<guild>{_ID}):(?P<variant>{_VARIANT})"
                               rf":(?P<period>{_PERIOD}):(?P<page>{_PAGE})"
                               rf"(?::(?P<order>{_ORDER}):(?P<season>{_SEASON}))?")):
    """One leaderboard page: server, variant (None: all), period, page (from 0), what
    it is ordered by, and the season (``ALL``: none, the period's span). Its fields are
    its own: the last two are left out for chips of all time."""

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
        return cls(whole(m["guild"]), None if variant == ALL_VARIANTS else variant,
                   Period(m["period"]), int(m["page"]), Order(m["order"] or Order.CHIPS),
                   Season(m["season"] or Season.ALL))


@dataclass(frozen=True, slots=True)
class HistoryKey(Key, kind="hist", event="tapp_history",
                 parts=[number("guild_id"), number("user_id"), number("page", 5)]):
    """One page of a member's deal history in a server."""

    guild_id: int
    user_id: int
    page: int = 0

    def at_page(self, page: int) -> HistoryKey:
        return HistoryKey(self.guild_id, self.user_id, max(0, min(page, MAX_PAGE)))


@dataclass(frozen=True, slots=True)
class ReplayKey(Key, kind="replay", event="tapp_replay", parts=[number("deal_id")],
                unreadable="standings.error.no_deal"):
    """A finished deal's replay."""

    deal_id: int
