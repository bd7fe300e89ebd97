"""A league's definition (:class:`LeagueSpec`), its seasons' UTC bounds and how its
ladder is cut into divisions (pure: no I/O).

A league is a ladder of members cut into divisions of ``size``; each season (a UTC week
from Monday, or a UTC calendar month) every division plays a series of its own, made
from the league's series definition, and at the season's close the rule of
:mod:`.leagues` moves the best of each division up and the worst down
(docs/series.md, Leagues).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from enum import StrEnum
from typing import Any

from bot.ratings.seasons import season_end, season_start

from .errors import BadSeries
from .leagues import Movement
from .spec import DAY, MAX_DAYS, Scoring, SeriesSpec

#: a division's size: at least this many (two go up and two down by default)
MIN_SIZE = 4
MAX_SIZE = 60
#: the most who go up (or down) between two divisions at a season's end
MAX_MOVE = 10


class Cadence(StrEnum):
    """How long a season is: a UTC week from Monday 00:00, or a UTC calendar month."""

    WEEKLY = "weekly"
    MONTHLY = "monthly"


def season_bounds(cadence: Cadence, at: float) -> tuple[int, int]:
    """``(start, end)`` in Unix seconds of the season of ``cadence`` holding ``at``."""
    if cadence is Cadence.MONTHLY:
        start = season_start("month", at)
        return start, season_end("month", start)
    day = datetime.fromtimestamp(at, UTC).replace(hour=0, minute=0, second=0,
                                                  microsecond=0)
    monday = day - timedelta(days=day.weekday())
    start = int(monday.timestamp())
    return start, start + 7 * int(DAY)


def divisions_of(ladder: Sequence[int], size: int) -> list[list[int]]:
    """``ladder`` (best first) cut into divisions of ``size``, top first; a rest of fewer
    than half a division joins the one above it (so no division is a member or two)."""
    cut = [list(ladder[i:i + size]) for i in range(0, len(ladder), size)]
    if len(cut) > 1 and len(cut[-1]) < (size + 1) // 2:
        rest = cut.pop()
        cut[-1] += rest
    return cut


def season_divisions(kept: Sequence[Sequence[int]], newcomers: Sequence[int], size: int
                     ) -> list[list[int]]:
    """A season's divisions, top first: those the last season's close left (``kept``,
    each best first; an emptied one goes), the ``newcomers`` below the bottom one, and
    the bottom one cut into divisions of ``size`` (:func:`divisions_of`) when it holds
    more."""
    groups = [list(d) for d in kept if d]
    seen = {m for d in groups for m in d}
    new = [m for m in dict.fromkeys(newcomers) if m not in seen]
    if not groups:
        return divisions_of(new, size) if new else []
    return groups[:-1] + divisions_of(groups[-1] + new, size)


@dataclass(frozen=True, slots=True)
class LeagueSpec:
    """What a league is: the series each division plays each season (its ``days`` the
    season's, at most :data:`MAX_DAYS`; the series closes when the season ends),
    the season's ``cadence``, the divisions' ``size`` and how many go up and down."""

    series: SeriesSpec
    cadence: Cadence
    size: int
    movement: Movement

    @classmethod
    def build(cls, variant: str, *, deals: int, level: str, cadence: Cadence | str,
              size: int, up: int = 2, down: int = 2, players: int | None = None,
              scoring: Scoring | str = Scoring.MATCHPOINTS,
              options: Mapping[str, Any] | None = None, levels: tuple[str, ...] = ()
              ) -> LeagueSpec:
        """A checked definition; :class:`BadSeries` names what is wrong."""
        try:
            cadence = Cadence(cadence)
        except ValueError:
            raise BadSeries("league.error.cadence") from None
        for value in (size, up, down):
            if isinstance(value, bool) or not isinstance(value, int):
                raise BadSeries("league.error.size", low=MIN_SIZE, high=MAX_SIZE)
        if not MIN_SIZE <= size <= MAX_SIZE:
            raise BadSeries("league.error.size", low=MIN_SIZE, high=MAX_SIZE)
        if not (0 <= up <= size // 2 and 0 <= down <= size // 2) or max(up, down) > MAX_MOVE:
            raise BadSeries("league.error.moves", high=min(size // 2, MAX_MOVE))
        days = 7 if cadence is Cadence.WEEKLY else MAX_DAYS
        series = SeriesSpec.build(variant, deals=deals, days=days, level=level,
                                  players=players, scoring=scoring, options=options,
                                  levels=levels)
        return cls(series, cadence, size, Movement(up=up, down=down))

    def to_json(self) -> dict[str, Any]:
        return {"series": self.series.to_json(), "cadence": self.cadence.value,
                "size": self.size, "up": self.movement.up, "down": self.movement.down}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> LeagueSpec:
        """The stored definition (checked again, as a series' is)."""
        series = SeriesSpec.from_json(data["series"])
        return cls.build(series.variant, deals=series.deals, level=series.level,
                         cadence=str(data["cadence"]), size=int(data["size"]),
                         up=int(data["up"]), down=int(data["down"]),
                         players=series.players, scoring=series.scoring,
                         options=series.options)
