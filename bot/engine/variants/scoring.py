"""Small pure helpers shared by the variants' scoring."""

from __future__ import annotations

from collections.abc import Sequence


def ceil_div(a: int, b: int) -> int:
    return -(-a // b)


def declarer_pays_or_wins(n: int, declarer: int, amount: int) -> list[int]:
    """Declarer wins ``amount`` from each opponent (negative: pays each)."""
    pay = [-amount] * n
    pay[declarer] = amount * (n - 1)
    return pay


def ramsch(points: Sequence[int], tricks: Sequence[int], pile: int, last: int, unit: int
           ) -> tuple[list[int], list[int], bool]:
    """Ramsch: the last trick (won by ``last``) takes the talon's ``pile`` points; the
    most points pay ``unit`` to each other player, ``2 * unit`` to a Jungfrau (no trick).
    Ties: of the tied players the one who won the last trick pays alone; if none did,
    each tied player pays every non-loser.

    Returns (payments, points with the talon, whether anyone was a Jungfrau).
    """
    n = len(points)
    points = list(points)
    points[last] += pile
    top = max(points)
    tied = [s for s in range(n) if points[s] == top]
    losers = [last] if last in tied else tied
    jungfrau = [tricks[s] == 0 for s in range(n)]
    pay = [0] * n
    for loser in losers:
        for s in range(n):
            if s in losers:
                continue
            amount = unit * (2 if jungfrau[s] else 1)
            pay[loser] -= amount
            pay[s] += amount
    return pay, points, any(jungfrau)
