"""Small pure helpers shared by the variants' scoring."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import mask_points
from ..view import DealResult, ResultStatus

if TYPE_CHECKING:
    from ..deal import Deal


def ceil_div(a: int, b: int) -> int:
    return -(-a // b)


def declarer_pays_or_wins(n: int, declarer: int, amount: int) -> list[int]:
    """Declarer wins ``amount`` from each opponent (negative: pays each)."""
    pay = [-amount] * n
    pay[declarer] = amount * (n - 1)
    return pay


def ramsch(deal: Deal, unit: int) -> tuple[list[int], list[int], bool]:
    """Ramsch: the last trick takes the talon; the most points pay ``unit`` to each other
    player, ``2 * unit`` to a Jungfrau (no trick). Ties: of the tied players the one who
    won the last trick pays alone; if none did, each tied player pays every non-loser.

    Returns (payments, points with the talon, whether anyone was a Jungfrau).
    """
    n = deal.n
    points = deal.points[:]
    last_winner = deal.tricks[-1].winner
    assert last_winner is not None
    points[last_winner] += mask_points(deal.dealt_talon)
    top = max(points)
    tied = [s for s in range(n) if points[s] == top]
    losers = [last_winner] if last_winner in tied else tied
    jungfrau = [deal.tricks_won[s] == 0 for s in range(n)]
    pay = [0] * n
    for loser in losers:
        for s in range(n):
            if s in losers:
                continue
            amount = unit * (2 if jungfrau[s] else 1)
            pay[loser] -= amount
            pay[s] += amount
    return pay, points, any(jungfrau)


def result(
    deal: Deal,
    *,
    payments: list[int],
    points: list[int],
    declarer_points: int | None,
    multipliers: list[str] | tuple[str, ...] = (),
    won: bool | None = None,
    pot: int = 0,
) -> DealResult:
    return DealResult(
        status=ResultStatus.FINISHED,
        contract=deal.contract,
        declarer=deal.declarer,
        trump=deal.trump,
        multipliers=tuple(multipliers),
        announcements=deal.announcements(),
        declarer_points=declarer_points,
        points=tuple(points),
        tricks=deal.trick_views(),
        payments=tuple(payments),
        pot=pot,
        won=won,
    )
