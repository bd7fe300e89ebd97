"""Leagues: divisions whose members move up and down from season to season (pure: no
I/O). Each season every division plays its own series; at its close the best of a
division go up one and the worst go down one ("two up, two down" by default), and a
member's division is kept into the next season. The league's seasons apply it when
they close (:mod:`.league_service`; docs/series.md, Leagues).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Movement:
    """How many go up from each division (but the top) and down from each (but the
    bottom) at a season's end."""

    up: int = 2
    down: int = 2


def ranked(division: Sequence[int], standing: Sequence[int]) -> list[int]:
    """A division's members best first: those in its season's ``standing`` (the
    series' table, best first) in that order, then those who played no deal, in the
    division's order as it was."""
    members = set(division)
    played = [m for m in standing if m in members]
    seen = set(played)
    return played + [m for m in division if m not in seen]


def zones(order: Sequence[Sequence[int]], rules: Movement = Movement()
          ) -> list[tuple[frozenset[int], frozenset[int]]]:
    """For each division of ``order`` (top first, each best first, as :func:`ranked`
    gives it): who of it would go up and who down if the season ended now."""
    out = []
    for d, division in enumerate(order):
        up = min(rules.up, len(division) // 2) if d > 0 else 0
        down = min(rules.down, len(division) // 2) if d < len(order) - 1 else 0
        out.append((frozenset(division[:up]),
                    frozenset(division[len(division) - down:] if down else ())))
    return out


def next_season(divisions: Sequence[Sequence[int]], standings: Sequence[Sequence[int]], *,
                rules: Movement = Movement(), newcomers: Iterable[int] = (),
                gone: Iterable[int] = ()) -> list[list[int]]:
    """The divisions of the next season, top first, each best first: members who left
    (``gone``) are dropped first (they take no place going up or down), then between
    each pair of neighbouring divisions the ``up`` best of the lower and the ``down``
    worst of the upper change places (never more than half a division either way, so
    nobody goes up and down at once), as :func:`zones` shows it during the season;
    ``newcomers`` start in the bottom division. ``standings[d]`` is division ``d``'s
    season table."""
    if len(standings) != len(divisions):
        raise ValueError("one season's table per division")
    leaving = set(gone)
    order = [[m for m in ranked(d, s) if m not in leaving]
             for d, s in zip(divisions, standings, strict=True)]
    moved: list[list[int]] = [list(d) for d in order]
    for d in range(len(order) - 1):
        upper, lower = order[d], order[d + 1]
        down = min(rules.down, len(upper) // 2)
        up = min(rules.up, len(lower) // 2)
        relegated = upper[len(upper) - down:] if down else []
        promoted = lower[:up]
        moved[d] = [m for m in moved[d] if m not in relegated] + promoted
        moved[d + 1] = relegated + [m for m in moved[d + 1] if m not in promoted]
    placed = {m for division in moved for m in division}
    new = [m for m in dict.fromkeys(newcomers) if m not in placed and m not in leaving]
    if moved:
        moved[-1] += new
    elif new:
        moved.append(new)
    return moved
