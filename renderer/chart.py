"""The chip-history chart for the standings: one line per player over deals or time."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from PIL import Image

from bot.i18n import signed

from . import draw as d
from .encode import ImageFormat, RenderedImage, encode
from .labels import Labels, as_labels
from .text import Weight, display_name, draw_text, label_text, text_width

X = datetime | int | float
Series = Mapping[str, Sequence[tuple[X, int]]]

WIDTH, HEIGHT = 900, 480
SCALE = 2  # drawn at twice the size and downsampled once: smooth lines
MAX_LINES = 10
PALETTE = ("#4fc3f7", "#ffb74d", "#e57373", "#81c784", "#ba68c8", "#fff176", "#4db6ac",
           "#f06292", "#a1887f", "#90a4ae")
LEGEND_W = 230


@dataclass(frozen=True, slots=True)
class Plot:
    """Data to pixels in a chart's box: x from ``x0`` to ``x1``, y from ``y0`` to ``y1``."""

    left: float
    right: float
    top: float
    bottom: float
    x0: float
    x1: float
    y0: float
    y1: float

    @classmethod
    def fit(cls, xs: Sequence[float], y_ticks: Sequence[float],
            box: tuple[float, float, float, float]) -> Plot:
        """The box spanning ``xs`` (one unit if they are all the same) and the ticks."""
        x0, x1 = min(xs), max(xs)
        return cls(*box, x0, x1 if x1 != x0 else x0 + 1, y_ticks[0], y_ticks[-1])

    def px(self, x: float) -> float:
        return self.left + (x - self.x0) / (self.x1 - self.x0) * (self.right - self.left)

    def py(self, y: float) -> float:
        return self.bottom - (y - self.y0) / (self.y1 - self.y0) * (self.bottom - self.top)


def _num(x: X) -> float:
    return x.timestamp() if isinstance(x, datetime) else float(x)


def nice_ticks(lo: float, hi: float, count: int = 5,
               steps: tuple[float, ...] = (1, 2, 2.5, 5, 10)) -> list[float]:
    """Round tick values (``steps`` × 10^k) covering ``lo..hi``."""
    if hi <= lo:
        hi = lo + 1
    raw = (hi - lo) / count
    mag = 10 ** math.floor(math.log10(raw))
    step = next(m * mag for m in steps if m * mag >= raw)
    start = math.floor(lo / step) * step
    ticks = []
    v = start
    while v <= hi + step * 0.5:
        ticks.append(round(v, 10))
        v += step
    return ticks


def _x_ticks(x0: float, x1: float, dates: bool) -> list[float]:
    if not dates:
        return nice_ticks(x0, x1, 6, (1, 2, 5, 10))
    day = 86400.0
    span = (x1 - x0) / day
    step = next((s for s in (1, 2, 3, 7, 14, 30, 61, 91, 182, 365) if s >= span / 6), 730)
    first = datetime.fromtimestamp(x0).replace(hour=0, minute=0, second=0, microsecond=0)
    t = first.timestamp()
    ticks = []
    while t <= x1:
        if t >= x0:
            ticks.append(t)
        t += step * day
    return ticks


def _x_label(v: float, dates: bool) -> str:
    return datetime.fromtimestamp(v).strftime("%d.%m.") if dates else f"{v:g}"


def draw_chip_chart(series: Series, *, labels: Labels | Mapping[str, str] | None = None,
                    title: str | None = None, reduce: bool = True) -> Image.Image:
    """Draw running chip balances per player (blocking, ~tens of ms).

    ``series`` maps a display name to ``(x, chips)`` points, x a deal number or a
    datetime. At most :data:`MAX_LINES` players are drawn (the largest balances first).
    ``reduce=False`` returns the drawing at :data:`SCALE` times the size (tests).
    """
    lab = as_labels(labels)
    s = SCALE
    img, draw = d.canvas(WIDTH * s, HEIGHT * s)
    title_text = label_text(title or lab("chart.title"), 26 * s, Weight.BOLD, (WIDTH - 40) * s)
    draw_text(draw, (20 * s, 16 * s), title_text, 26 * s, d.TEXT, Weight.BOLD)
    lines = sorted(((name, sorted(pts, key=lambda p: _num(p[0])))
                    for name, pts in series.items() if pts),
                   key=lambda item: (-item[1][-1][1], item[0]))[:MAX_LINES]
    if not lines:
        draw_text(draw, (WIDTH * s // 2, HEIGHT * s // 2), lab("chart.empty"), 24 * s, d.MUTED,
                  anchor="mm")
        return img.reduce(SCALE) if reduce else img

    dates = any(isinstance(p[0], datetime) for _, pts in lines for p in pts)
    xs = [_num(p[0]) for _, pts in lines for p in pts]
    ys = [p[1] for _, pts in lines for p in pts] + [0]
    yt = nice_ticks(min(ys), max(ys), 6)
    left, right = 78 * s, (WIDTH - LEGEND_W - 10) * s
    top, bottom = 66 * s, (HEIGHT - 44) * s
    plot = Plot.fit(xs, yt, (left, right, top, bottom))
    x0, x1, px, py = plot.x0, plot.x1, plot.px, plot.py

    for v in yt:  # grid and y labels
        y = py(v)
        draw.line((left, y, right, y), fill=d.TEXT if v == 0 else d.PANEL,
                  width=(2 if v == 0 else 1) * s)
        draw_text(draw, (left - 10 * s, y), f"{v:+g}" if v else "0", 17 * s, d.MUTED, anchor="rm")
    for v in _x_ticks(x0, x1, dates):
        if x0 <= v <= x1:
            draw_text(draw, (px(v), bottom + 12 * s), _x_label(v, dates), 17 * s, d.MUTED,
                      anchor="mt")

    for i, (_, pts) in enumerate(lines):
        colour = PALETTE[i % len(PALETTE)]
        coords = [(px(_num(x)), py(y)) for x, y in pts]
        if len(coords) > 1:
            draw.line(coords, fill=colour, width=3 * s, joint="curve")
        ex, ey = coords[-1]
        draw.ellipse((ex - 5 * s, ey - 5 * s, ex + 5 * s, ey + 5 * s), fill=colour)

    lx, ly = (WIDTH - LEGEND_W + 10) * s, top
    row = max(26, min(40, (HEIGHT - 110) // len(lines))) * s
    for i, (name, pts) in enumerate(lines):  # legend: name and final balance
        colour = PALETTE[i % len(PALETTE)]
        cy = ly + row // 2
        draw.rounded_rectangle((lx, cy - 6 * s, lx + 22 * s, cy + 6 * s), 4 * s, fill=colour)
        value = pts[-1][1]
        vtext = signed(value)
        draw_text(draw, (WIDTH * s - 14 * s, cy), vtext, 19 * s,
                  d.PLUS if value > 0 else d.MINUS if value < 0 else d.MUTED, Weight.BOLD,
                  anchor="rm")
        room = (WIDTH - 14 - 12) * s - round(text_width(vtext, 19 * s, Weight.BOLD)) - lx - 30 * s
        text = display_name(name, "?", 19 * s, Weight.BOLD, room)
        draw_text(draw, (lx + 30 * s, cy), text, 19 * s, d.TEXT, Weight.BOLD, anchor="lm")
        ly += row
    return img.reduce(SCALE) if reduce else img


def render_chip_chart(series: Series, *, labels: Labels | Mapping[str, str] | None = None,
                      title: str | None = None,
                      fmt: ImageFormat | str | None = None) -> RenderedImage:
    """The chip history as an encoded image (blocking: run it with ``asyncio.to_thread``)."""
    lab = as_labels(labels)
    img = draw_chip_chart(series, labels=lab, title=title)
    names = ", ".join(list(series)[:MAX_LINES])
    return encode(img, "chart", fmt, lab("alt.chart", names=names), lab("file.chart"))
