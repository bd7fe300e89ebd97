"""Where seats sit around a drawn table, and the seat names a caller passes.

The viewer sits at the bottom (the public view puts seat 0 there); the other seats
follow in playing order, round the table in the variant's direction: counter-clockwise
(the next seat is to the right) except ``tapp1879``, which is played clockwise.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import lru_cache

from bot.engine.variants import rules_of
from bot.engine.view import SeatView

from .labels import Labels

Names = Sequence[str | None] | Mapping[int, str] | None


def bottom_seat(view: SeatView) -> int:
    return view.seat if view.seat is not None else 0


def seat_vector(view: SeatView, seat: int) -> tuple[float, float]:
    """Unit vector from the table's centre towards ``seat`` (screen axes, y down)."""
    n = view.players
    k = (seat - bottom_seat(view)) % n
    angle = 2 * math.pi * k / n
    if rules_of(view.variant).clockwise:
        angle = -angle
    return math.sin(angle), math.cos(angle)


def seat_names(names: Names, players: int, labels: Labels) -> list[str]:
    """One raw name per seat; a missing or blank name becomes "Seat n"."""
    out = []
    for seat in range(players):
        name: str | None
        if names is None:
            name = None
        elif isinstance(names, Mapping):
            name = names.get(seat)
        else:
            name = names[seat] if seat < len(names) else None
        out.append(name if name and name.strip() else labels.seat(seat))
    return out


def _unit_vectors(n: int) -> list[tuple[float, float]]:
    return [(math.sin(2 * math.pi * k / n), math.cos(2 * math.pi * k / n)) for k in range(n)]


@lru_cache(maxsize=64)
def ring_radii(n: int, unit_w: int, unit_h: int, gap: int) -> tuple[int, int]:
    """The smallest ellipse radii (a, b) that place ``n`` boxes of ``unit_w`` × ``unit_h``
    round a table, centred on the ellipse, with at least ``gap`` px between any two, in
    a layout at least as wide as it is tall (cached; computed once per size)."""
    vecs = _unit_vectors(n)
    best: tuple[int, int, int] | None = None
    for b in range(unit_h // 2, 3 * unit_h, 2):
        for a in range(max(unit_w // 2, b + (unit_h - unit_w) // 2), 4 * unit_w, 2):
            if all(abs(a * (p[0] - q[0])) >= unit_w + gap or abs(b * (p[1] - q[1])) >= unit_h + gap
                   for i, p in enumerate(vecs) for q in vecs[i + 1:]):
                area = (2 * a + unit_w) * (2 * b + unit_h)
                if best is None or area < best[0]:
                    best = (area, a, b)
                break
    assert best is not None
    return best[1], best[2]


@lru_cache(maxsize=64)
def outer_ring(n: int, inner: tuple[int, int, int, int], unit_w: int, unit_h: int,
               gap: int) -> tuple[int, int]:
    """Radii for a ring of ``unit_w`` × ``unit_h`` boxes round an inner ring
    ``(a, b, w, h)`` of smaller boxes, with no box of either ring touching another."""
    ia, ib, iw, ih = inner
    a, b = ring_radii(n, unit_w, unit_h, gap)
    a = max(a, ia + (iw + unit_w) // 2 + gap)
    b = max(b, ib + (ih + unit_h) // 2 + gap)
    vecs = _unit_vectors(n)

    def clear(a: float, b: float) -> bool:
        return all(abs(a * p[0] - ia * q[0]) >= (unit_w + iw) / 2 + gap
                   or abs(b * p[1] - ib * q[1]) >= (unit_h + ih) / 2 + gap
                   for p in vecs for q in vecs)

    scale = 1.0
    while not clear(a * scale, b * scale):
        scale += 0.02
    return round(a * scale), round(b * scale)


def turn_seat(view: SeatView) -> int | None:
    """The seat whose move the deal waits for (not the seats that may only say kontra):
    the engine's ``actor``, drawn as it is told."""
    return view.actor
