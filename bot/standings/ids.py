"""The ``custom_id`` schemes of the standings components (each under 100 characters).

* ``tapp:lb:<guild>:<variant|all>:<period>:<page>``: a leaderboard page.
* ``tapp:hist:<guild>:<member>:<page>``: a page of a member's deal history.
* ``tapp:replay:<deal>``: a finished deal's replay.

They hold everything a click needs, so buttons keep working after a restart; the
server in them is checked against the server the click comes from.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

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
BOARD_TEMPLATE = (rf"tapp:lb:(?P<guild>{_ID}):(?P<variant>{_VARIANT}):(?P<period>{_PERIOD})"
                  rf":(?P<page>{_PAGE})")
HISTORY_TEMPLATE = rf"tapp:hist:(?P<guild>{_ID}):(?P<member>{_ID}):(?P<page>{_PAGE})"
REPLAY_TEMPLATE = rf"tapp:replay:(?P<deal>{_ID})"


@dataclass(frozen=True, slots=True)
class BoardKey:
    """One leaderboard page: server, variant (None: all), period, page (from 0)."""

    guild_id: int
    variant: str | None
    period: Period
    page: int = 0

    @property
    def custom_id(self) -> str:
        return (f"tapp:lb:{self.guild_id}:{self.variant or ALL_VARIANTS}:{self.period.value}"
                f":{self.page}")

    def at_page(self, page: int) -> BoardKey:
        return BoardKey(self.guild_id, self.variant, self.period, max(0, min(page, MAX_PAGE)))

    @classmethod
    def parse(cls, custom_id: str) -> BoardKey | None:
        m = re.fullmatch(BOARD_TEMPLATE, custom_id)
        return None if m is None else cls.from_match(m)

    @classmethod
    def from_match(cls, m: re.Match[str]) -> BoardKey:
        variant = m["variant"]
        return cls(int(m["guild"]), None if variant == ALL_VARIANTS else variant,
                   Period(m["period"]), int(m["page"]))


@dataclass(frozen=True, slots=True)
class HistoryKey:
    """One page of a member's deal history in a server."""

    guild_id: int
    user_id: int
    page: int = 0

    @property
    def custom_id(self) -> str:
        return f"tapp:hist:{self.guild_id}:{self.user_id}:{self.page}"

    def at_page(self, page: int) -> HistoryKey:
        return HistoryKey(self.guild_id, self.user_id, max(0, min(page, MAX_PAGE)))

    @classmethod
    def parse(cls, custom_id: str) -> HistoryKey | None:
        m = re.fullmatch(HISTORY_TEMPLATE, custom_id)
        return None if m is None else cls.from_match(m)

    @classmethod
    def from_match(cls, m: re.Match[str]) -> HistoryKey:
        return cls(int(m["guild"]), int(m["member"]), int(m["page"]))


def replay_id(deal_id: int) -> str:
    return f"tapp:replay:{deal_id}"


def parse_replay(custom_id: str) -> int | None:
    m = re.fullmatch(REPLAY_TEMPLATE, custom_id)
    return None if m is None else int(m["deal"])
