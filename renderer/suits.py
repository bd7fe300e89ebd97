"""Suit marks drawn as vector shapes for the three deck styles (no font glyphs).

A mark is a list of primitives in a unit square (x right, y down); :func:`draw_pip`
maps them onto any box, optionally turned upside down. Callers draw at a multiple of
the final size and downsample once (sprites are cached), which gives smooth edges.

Engine suits ``C S H D`` map to French Kreuz/Pik/Herz/Karo, German
Eichel/Laub/Herz/Schellen and Swiss Eicheln/Schilten/Rosen/Schellen.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.engine.cards import DeckStyle  # the engine names the styles; here they are drawn

Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class Prim:
    kind: str  # "poly" | "ellipse" | "line"
    points: tuple[Point, ...]  # poly/line: vertices; ellipse: two corners
    fill: str | None = None
    outline: str | None = None
    width: float = 0.0  # line width or outline width, in units of the box side


BLACK, RED = "#1c1c1c", "#d32f2f"
DARK_RED = "#8e1b1b"

GREEN, AMBER = "#2e7d32", "#b07800"

#: colour of the rank index (and of text naming the suit) per style and suit. The
#: German and Swiss decks get four clearly different hues, as tournament Skat's
#: four-colour cards: acorn and bell marks are both golden, so their indices must tell
#: them apart at phone size (they were dark brown and orange, which blur into one
#: brownish orange at 7 px). German: acorns black, leaves green, hearts red, bells
#: amber. Swiss: acorns green (their oak leaf), shields black, roses red, bells amber.
#: Amber has 3.7:1 contrast on the card face, the others 4.8:1 or more.
INDEX_COLOURS: dict[DeckStyle, tuple[str, str, str, str]] = {
    DeckStyle.FRENCH: (BLACK, BLACK, RED, RED),
    DeckStyle.GERMAN: (BLACK, GREEN, RED, AMBER),
    DeckStyle.SWISS: (GREEN, BLACK, RED, AMBER),
}


def index_colour(style: DeckStyle, suit: int) -> str:
    return INDEX_COLOURS[style][suit]


# -- basic curves ------------------------------------------------------------------

def _heart_points(n: int = 72) -> tuple[Point, ...]:
    pts = []
    for i in range(n):
        t = 2 * math.pi * i / n
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        pts.append((x, y))
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    return tuple(((x - x0) / (x1 - x0), (y1 - y) / (y1 - y0)) for x, y in pts)


_HEART = _heart_points()


def _fit(points: tuple[Point, ...], x0: float, y0: float, x1: float, y1: float,
         flip: bool = False) -> tuple[Point, ...]:
    """Scale unit points into a sub-box; ``flip`` turns them upside down."""
    return tuple((x0 + u * (x1 - x0), y0 + ((1 - v) if flip else v) * (y1 - y0))
                 for u, v in points)


def _circle(cx: float, cy: float, r: float, fill: str, outline: str | None = None,
            width: float = 0.0) -> Prim:
    return Prim("ellipse", ((cx - r, cy - r), (cx + r, cy + r)), fill, outline, width)


def _ellipse_points(cx: float, cy: float, rx: float, ry: float, a0: float, a1: float,
                    n: int = 24) -> list[Point]:
    return [(cx + rx * math.cos(a0 + (a1 - a0) * i / n), cy + ry * math.sin(a0 + (a1 - a0) * i / n))
            for i in range(n + 1)]


# -- French --------------------------------------------------------------------------

def _french(suit: int) -> list[Prim]:
    if suit == 2:  # hearts
        return [Prim("poly", _fit(_HEART, 0.02, 0.06, 0.98, 0.96), RED)]
    if suit == 3:  # diamonds
        return [Prim("poly", ((0.5, 0.0), (0.88, 0.5), (0.5, 1.0), (0.12, 0.5)), RED)]
    if suit == 1:  # spades: an upside-down heart on a stem
        return [Prim("poly", _fit(_HEART, 0.04, 0.0, 0.96, 0.80, flip=True), BLACK),
                Prim("poly", ((0.5, 0.55), (0.68, 1.0), (0.32, 1.0)), BLACK)]
    # clubs: three leaves and a stem
    r = 0.225
    return [_circle(0.5, 0.25, r, BLACK), _circle(0.25, 0.56, r, BLACK),
            _circle(0.75, 0.56, r, BLACK), _circle(0.5, 0.50, 0.14, BLACK),
            Prim("poly", ((0.5, 0.5), (0.68, 1.0), (0.32, 1.0)), BLACK)]


# -- German and Swiss ----------------------------------------------------------------

def _acorn(nut: str, cup: str, line: str, leaf: str | None = None) -> list[Prim]:
    w = 0.06
    prims = [Prim("line", ((0.5, 0.78), (0.5, 1.0)), line, width=0.10)]
    if leaf:  # a small oak leaf beside the stem (Swiss)
        prims.append(Prim("poly", tuple(_ellipse_points(0.74, 0.86, 0.20, 0.09, 0, 2 * math.pi)),
                          leaf, line, w * 0.6))
    prims += [
        Prim("ellipse", ((0.24, 0.0), (0.76, 0.70)), nut, line, w),
        Prim("poly", tuple([(0.14, 0.52)] + _ellipse_points(0.5, 0.52, 0.36, 0.30, 0, math.pi)
                           + [(0.86, 0.52)]), cup, line, w),
        Prim("line", ((0.22, 0.60), (0.78, 0.60)), line, width=0.035),
        Prim("line", ((0.30, 0.70), (0.70, 0.70)), line, width=0.035),
        Prim("ellipse", ((0.34, 0.10), (0.44, 0.30)), "#f6dc8c"),  # highlight
    ]
    return prims


def _leaf() -> list[Prim]:
    green, dark, vein = "#3c9a3c", "#1f5e1f", "#bfe5a8"
    body = tuple([(0.5, 0.0)] + _ellipse_points(0.5, 0.50, 0.44, 0.34, -0.35 * math.pi,
                                                  1.35 * math.pi, 30) + [(0.5, 0.0)])
    body = tuple((x, min(y, 0.86)) for x, y in body)
    return [Prim("line", ((0.5, 0.7), (0.5, 1.0)), dark, width=0.09),
            Prim("poly", body, green, dark, 0.05),
            Prim("line", ((0.5, 0.12), (0.5, 0.82)), vein, width=0.04),
            Prim("line", ((0.5, 0.45), (0.30, 0.32)), vein, width=0.03),
            Prim("line", ((0.5, 0.45), (0.70, 0.32)), vein, width=0.03),
            Prim("line", ((0.5, 0.65), (0.26, 0.52)), vein, width=0.03),
            Prim("line", ((0.5, 0.65), (0.74, 0.52)), vein, width=0.03)]


def _german_heart() -> list[Prim]:
    return [Prim("poly", _fit(_HEART, 0.02, 0.06, 0.98, 0.96), RED, DARK_RED, 0.05),
            Prim("ellipse", ((0.20, 0.20), (0.36, 0.40)), "#f19a9a")]


def _bell(swiss: bool) -> list[Prim]:
    gold, dark, red = "#f2c12e", "#8a6100", "#d32f2f"
    prims = [_circle(0.5, 0.08, 0.07, gold, dark, 0.05),
             _circle(0.5, 0.55, 0.42, gold, dark, 0.06)]
    if swiss:  # red cap over the upper half
        cap = [(0.08, 0.50)] + _ellipse_points(0.5, 0.55, 0.42, 0.42, math.pi * 1.04,
                                               math.pi * 1.96) + [(0.92, 0.50)]
        prims.append(Prim("poly", tuple(cap), red, dark, 0.05))
    else:  # red band across the middle
        prims.append(Prim("poly", ((0.09, 0.44), (0.91, 0.44), (0.915, 0.58), (0.085, 0.58)),
                          red, dark, 0.04))
    prims += [_circle(0.5, 0.76, 0.07, "#3a2600"),
              Prim("line", ((0.5, 0.80), (0.5, 0.96)), "#3a2600", width=0.05)]
    return prims


def _shield() -> list[Prim]:
    outline = ((0.10, 0.04), (0.90, 0.04), (0.90, 0.50), (0.80, 0.74), (0.5, 0.98),
               (0.20, 0.74), (0.10, 0.50))
    return [Prim("poly", outline, "#f0c53c", BLACK, 0.07),
            Prim("poly", ((0.12, 0.06), (0.88, 0.06), (0.88, 0.30), (0.12, 0.30)), "#d32f2f"),
            Prim("line", ((0.10, 0.31), (0.90, 0.31)), BLACK, width=0.06),
            Prim("poly", ((0.42, 0.31), (0.58, 0.31), (0.58, 0.86), (0.5, 0.95), (0.42, 0.86)),
                 BLACK)]


def _rose() -> list[Prim]:
    prims = []
    for i in range(5):  # green sepals between the petals
        a = -math.pi / 2 + (i + 0.5) * 2 * math.pi / 5
        tip = (0.5 + 0.50 * math.cos(a), 0.5 + 0.50 * math.sin(a))
        left = (0.5 + 0.25 * math.cos(a - 0.45), 0.5 + 0.25 * math.sin(a - 0.45))
        right = (0.5 + 0.25 * math.cos(a + 0.45), 0.5 + 0.25 * math.sin(a + 0.45))
        prims.append(Prim("poly", (left, tip, right), "#3c8c3c"))
    for i in range(5):
        a = -math.pi / 2 + i * 2 * math.pi / 5
        prims.append(_circle(0.5 + 0.24 * math.cos(a), 0.5 + 0.24 * math.sin(a), 0.2,
                             RED, DARK_RED, 0.04))
    prims += [_circle(0.5, 0.5, 0.2, RED), _circle(0.5, 0.5, 0.12, "#f4c430", "#a0600a", 0.03)]
    return prims


@lru_cache(maxsize=16)
def shapes(style: DeckStyle, suit: int) -> tuple[Prim, ...]:
    """The primitives of one suit mark."""
    if style is DeckStyle.FRENCH:
        return tuple(_french(suit))
    swiss = style is DeckStyle.SWISS
    if suit == 0:
        if swiss:
            return tuple(_acorn("#e8b64c", "#5d3a1a", "#3b2410", leaf="#4f8f2f"))
        return tuple(_acorn("#e0a526", "#7b4b22", "#4a2c12"))
    if suit == 1:
        return tuple(_shield() if swiss else _leaf())
    if suit == 2:
        return tuple(_rose() if swiss else _german_heart())
    return tuple(_bell(swiss))


def draw_pip(draw: ImageDraw.ImageDraw, style: DeckStyle, suit: int,
             x: float, y: float, size: float, flip: bool = False) -> None:
    """Draw a suit mark in the square box at (x, y) of side ``size`` (any scale)."""

    def m(p: Point) -> tuple[float, float]:
        u, v = p
        if flip:
            u, v = 1 - u, 1 - v
        return x + u * size, y + v * size

    for p in shapes(style, suit):
        width = max(1, round(p.width * size)) if p.width else 0
        if p.kind == "poly":
            draw.polygon([m(q) for q in p.points], fill=p.fill, outline=p.outline,
                         width=width if p.outline else 1)
        elif p.kind == "ellipse":
            (a, b) = m(p.points[0]), m(p.points[1])
            box = (min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1]))
            draw.ellipse(box, fill=p.fill, outline=p.outline, width=width if p.outline else 1)
        else:
            draw.line([m(q) for q in p.points], fill=p.fill, width=width)


SUPERSAMPLE = 4


@lru_cache(maxsize=256)
def pip_image(style: DeckStyle, suit: int, size: int) -> Image.Image:
    """A suit mark alone as a smooth RGBA image of ``size`` × ``size`` px (cached)."""
    big = size * SUPERSAMPLE
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw_pip(ImageDraw.Draw(img), style, suit, 0, 0, big)
    return img.resize((size, size), Image.Resampling.LANCZOS)
