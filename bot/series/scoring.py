"""A series' scores (pure: no I/O).

**Matchpoints** (the default), as the deal of the day scores a day and bridge clubs
score a board: each member's result on a deal is compared with the result of everyone
else who held the same seat of the same deal (the same cards: :mod:`.movement`), by
:func:`bot.daily.scoring.matchpoints` (2 for each they did better than, 1 for each equal
result), as a percentage of the matchpoints there were (:func:`bot.daily.scoring.
percent`: 50 % when nobody else held those cards). A member's total is the sum of
their deals' percentages; so each deal counts the same, whatever its chips, and
playing all the deals counts.

**Seeger-Fabian** (an option): a deal is worth its chips to the seat, plus 50 for a
game won as declarer, minus 50 for one lost, plus 40 (at a table of three; 30 at a
larger one) for each game an opposing declarer lost; the total is the sum.

**Order and ties**: by total, then by the average per deal played (the same total
from fewer deals is better), then by who finished their last counted deal first, then
by the member's id (never reached in practice: it keeps the order the same for every
reader). Members equal on total and average share a rank.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from math import lcm
from typing import Any, NamedTuple

from bot.daily.scoring import matchpoints, percent, ranks

from .spec import Scoring

WON_BONUS = 50
DEFENCE_BONUS = {3: 40}  # at a table of three; 30 at a larger one
DEFENCE_BONUS_LARGER = 30


class SeriesResult(NamedTuple):
    """One member's finished deal of a series: the seat they held and what it came to
    (a named tuple: a table reads thousands of them)."""

    user_id: int
    deal: int  # from 1
    seat: int
    chips: int
    finished_at: float
    declarer: int | None = None  # the deal's declarer seat (None: Ramsch, thrown in)
    won: bool | None = None  # the declarer won (None: no declarer, or a draw)

    @classmethod
    def of(cls, user_id: int, deal: int, seat: int, chips: int, finished_at: float,
           result: Mapping[str, Any]) -> SeriesResult:
        """From a stored result (``result_to_json``'s shape)."""
        return cls(user_id, deal, seat, chips, finished_at, result.get("declarer"),
                   result.get("won"))


@dataclass(frozen=True, slots=True)
class DealScore:
    """A result's score on its deal: matchpoints against the others who held its cards
    (``rivals``), their share, and the Seeger-Fabian points."""

    result: SeriesResult
    matchpoints: int
    rivals: int
    percent: Fraction
    seeger: int


@dataclass(frozen=True, slots=True)
class StandingLine:
    user_id: int
    rank: int
    total: Fraction  # percentages added up (matchpoints), or points (Seeger-Fabian)
    deals: int
    last_at: float  # when their last counted deal finished

    @property
    def average(self) -> Fraction:
        return self.total / self.deals if self.deals else Fraction(0)


class DealCountedTwice(ValueError):
    """A member has two results for one deal: the store keeps one (a bug otherwise)."""


def seeger_points(result: SeriesResult, players: int) -> int:
    """The Seeger-Fabian-style points of one result (see the module docstring)."""
    points = result.chips
    if result.declarer is None or result.won is None:
        return points
    if result.declarer == result.seat:
        return points + (WON_BONUS if result.won else -WON_BONUS)
    if not result.won:
        return points + DEFENCE_BONUS.get(players, DEFENCE_BONUS_LARGER)
    return points


def deal_scores(results: Iterable[SeriesResult], players: int) -> list[DealScore]:
    """Every result's score, compared within its deal and seat."""
    groups: dict[tuple[int, int], list[SeriesResult]] = {}
    seen: set[tuple[int, int]] = set()
    for r in results:
        key = (r.user_id, r.deal)
        if key in seen:
            raise DealCountedTwice(f"member {r.user_id} has deal {r.deal} twice")
        seen.add(key)
        groups.setdefault((r.deal, r.seat), []).append(r)
    out: list[DealScore] = []
    for group in groups.values():
        points = matchpoints({r.user_id: r.chips for r in group})
        n = len(group)
        out += [DealScore(r, points[r.user_id], n - 1, percent(points[r.user_id], n),
                          seeger_points(r, players)) for r in group]
    return out


def standings(results: Iterable[SeriesResult], players: int,
              scoring: Scoring = Scoring.MATCHPOINTS) -> list[StandingLine]:
    """The series table, best first (see the module docstring for the order). Totalled
    exactly and cheaply: a member's matchpoints on each deal over their rivals there
    (``points / rivals``, 50 % of it is the deal's percentage) are added up over a common
    denominator in whole numbers, one fraction a member at the end."""
    groups: dict[tuple[int, int], list[SeriesResult]] = {}
    seen: set[tuple[int, int]] = set()
    deals: dict[int, int] = {}
    last: dict[int, float] = {}
    for r in results:
        key = (r.user_id, r.deal)
        if key in seen:
            raise DealCountedTwice(f"member {r.user_id} has deal {r.deal} twice")
        seen.add(key)
        groups.setdefault((r.deal, r.seat), []).append(r)
        user = r.user_id
        deals[user] = deals.get(user, 0) + 1
        if r.finished_at > last.get(user, -1.0):
            last[user] = r.finished_at
    totals: dict[int, Fraction] = {}
    if scoring is Scoring.MATCHPOINTS:
        common = lcm(*(max(len(g) - 1, 1) for g in groups.values())) if groups else 1
        sums: dict[int, int] = dict.fromkeys(deals, 0)
        for group in groups.values():
            rivals = len(group) - 1
            if not rivals:  # alone: 50 %, as one matchpoint of one
                sums[group[0].user_id] += common
                continue
            scale = common // rivals
            for user, points in matchpoints({r.user_id: r.chips for r in group}).items():
                sums[user] += points * scale
        # percent = 100 * points / (2 * rivals) = 50 * (points * scale) / common
        totals = {user: Fraction(50 * total, common) for user, total in sums.items()}
    else:
        for group in groups.values():
            for r in group:
                totals[r.user_id] = totals.get(r.user_id, Fraction(0)) + seeger_points(
                    r, players)
    averages = {u: totals[u] / deals[u] for u in totals}
    users = sorted(totals, key=lambda u: (-totals[u], -averages[u], last[u], u))
    order = ranks([(totals[u], averages[u]) for u in users])
    return [StandingLine(u, rank, totals[u], deals[u], last[u])
            for u, rank in zip(users, order, strict=True)]
