"""A series' definition (:class:`SeriesSpec`) and its checks (pure: no I/O).

A series is a fixed list of deals (6 to 48) of one variant and its options, played by
its members over a window of days, each deal compared across everyone who held the
same cards (see :mod:`.movement` and :mod:`.scoring`). The definition is fixed when the
series opens, with the seed its deals come from (:mod:`.deals`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from bot.engine import VARIANTS, InvalidRecord, TappError, make_variant

from .errors import BadSeries

MIN_DEALS = 6
MAX_DEALS = 48
MIN_DAYS = 1
MAX_DAYS = 28
DAY = 86_400.0
#: the options a series takes from its opener (the rest are the variant's defaults);
#: a pot carried from deal to deal would make one deal's cards worth another's chips
SERIES_OPTIONS = ("stake", "tapp_threshold", "deck", "herz_aufnehmen")


class Pairing(StrEnum):
    """How the members meet: each alone against computer players (``computers``, as the
    deal of the day), or sharing tables, computers in the seats nobody fills
    (``tables``)."""

    COMPUTERS = "computers"
    TABLES = "tables"


class Scoring(StrEnum):
    """How a series is totalled: matchpoints per deal and seat (the default), or
    Seeger-Fabian-style points (chips, plus 50 for a game won as declarer, minus 50 for
    one lost, plus 40 at a table of three or 30 at a larger one for each game an
    opposing declarer lost)."""

    MATCHPOINTS = "matchpoints"
    SEEGER = "seeger"


@dataclass(frozen=True, slots=True)
class SeriesSpec:
    """What a series is: built by :meth:`build`, which checks every value."""

    variant: str
    players: int  # seats at each table
    deals: int
    days: int  # the window's length
    level: str  # the computer players' level
    pairing: Pairing = Pairing.COMPUTERS
    scoring: Scoring = Scoring.MATCHPOINTS
    options: Mapping[str, Any] = field(default_factory=dict)  # given per-deal options

    @classmethod
    def build(cls, variant: str, *, deals: int, days: int, level: str,
              players: int | None = None, pairing: Pairing | str = Pairing.COMPUTERS,
              scoring: Scoring | str = Scoring.MATCHPOINTS,
              options: Mapping[str, Any] | None = None, levels: tuple[str, ...] = ()
              ) -> SeriesSpec:
        """A checked definition; :class:`BadSeries` names what is wrong. ``levels``: the
        computer levels there are (empty: any name)."""
        if variant not in VARIANTS:
            raise BadSeries("series.error.variant", variant=variant)
        if isinstance(deals, bool) or not isinstance(deals, int) \
                or not MIN_DEALS <= deals <= MAX_DEALS:
            raise BadSeries("series.error.deals", low=MIN_DEALS, high=MAX_DEALS)
        if isinstance(days, bool) or not isinstance(days, int) \
                or not MIN_DAYS <= days <= MAX_DAYS:
            raise BadSeries("series.error.days", low=MIN_DAYS, high=MAX_DAYS)
        if levels and level not in levels:
            raise BadSeries("series.error.level", level=level)
        try:
            pairing, scoring = Pairing(pairing), Scoring(scoring)
        except ValueError:
            raise BadSeries("series.error.options") from None
        given = dict(options or {})
        if set(given) - set(SERIES_OPTIONS):
            raise BadSeries("series.error.options")
        try:
            rules = make_variant(variant, players, given)
        except (InvalidRecord, TappError):
            raise BadSeries("series.error.options") from None
        return cls(variant=variant, players=rules.players, deals=deals, days=days,
                   level=level, pairing=pairing, scoring=scoring, options=given)

    @property
    def window(self) -> float:
        """The window's length in seconds."""
        return self.days * DAY

    def to_json(self) -> dict[str, Any]:
        return {"variant": self.variant, "players": self.players, "deals": self.deals,
                "days": self.days, "level": self.level, "pairing": self.pairing.value,
                "scoring": self.scoring.value, "options": dict(self.options)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SeriesSpec:
        """The stored definition (checked again: a stored one that no longer passes is
        refused rather than played differently)."""
        return cls.build(str(data["variant"]), deals=int(data["deals"]),
                         days=int(data["days"]), level=str(data["level"]),
                         players=int(data["players"]), pairing=str(data["pairing"]),
                         scoring=str(data["scoring"]), options=dict(data["options"]))
