"""The rating panel of the ``/tapp stats`` chart: a member's skill rating over time, one
line per variant (mu) in a band of its uncertainty (mu ± 2 sigma), under the chip
history of :mod:`renderer.chart`, the two in one image."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime

from PIL import Image, ImageDraw

from . import draw as d
from .chart import (
    PALETTE,
    SCALE,
    WIDTH,
    Plot,
    Series,
    _num,
    _x_label,
    _x_ticks,
    draw_chip_chart,
    nice_ticks,
)
from .encode import ImageFormat, RenderedImage, encode
from .labels import Labels, as_labels
from .text import Weight, display_name, draw_text, label_text

#: a variant's rating points: (when, mu, sigma)
RatingSeries = Mapping[str, Sequence[tuple[datetime, float, float]]]

PANEL_HEIGHT = 300
SIGMAS = 2.0
MAX_LINES = 4
LEGEND_W = 230


def _band(colour: str) -> tuple[int, int, int, int]:
    """The colour, translucent, for a line's uncertainty band."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return r, g, b, 60


def draw_rating_panel(series: RatingSeries, *, labels: Labels | Mapping[str, str] | None = None,
                      title: str | None = None, reduce: bool = True) -> Image.Image:
    """Ratings over time per variant (blocking); ``reduce=False``: at :data:`SCALE`."""
    lab = as_labels(labels)
    s = SCALE
    img, draw = d.canvas(WIDTH * s, PANEL_HEIGHT * s)
    heading = label_text(title or lab("chart.rating"), 22 * s, Weight.BOLD, (WIDTH - 40) * s)
    draw_text(draw, (20 * s, 10 * s), heading, 22 * s, d.TEXT, Weight.BOLD)
    lines = [(name, sorted(pts, key=lambda p: p[0])) for name, pts in series.items() if pts]
    lines = lines[:MAX_LINES]
    if not lines:
        draw_text(draw, (WIDTH * s // 2, PANEL_HEIGHT * s // 2), lab("chart.empty"), 22 * s,
                  d.MUTED, anchor="mm")
        return img.reduce(SCALE) if reduce else img
    xs = [_num(p[0]) for _, pts in lines for p in pts]
    lows = [p[1] - SIGMAS * p[2] for _, pts in lines for p in pts]
    highs = [p[1] + SIGMAS * p[2] for _, pts in lines for p in pts]
    yt = nice_ticks(min(lows), max(highs), 4)
    left, right = 78 * s, (WIDTH - LEGEND_W - 10) * s
    top, bottom = 48 * s, (PANEL_HEIGHT - 40) * s
    plot = Plot.fit(xs, yt, (left, right, top, bottom))
    x0, x1, px, py = plot.x0, plot.x1, plot.px, plot.py

    for v in yt:
        draw.line((left, py(v), right, py(v)), fill=d.PANEL, width=s)
        draw_text(draw, (left - 10 * s, py(v)), f"{v:g}", 17 * s, d.MUTED, anchor="rm")
    for v in _x_ticks(x0, x1, True):
        if x0 <= v <= x1:
            draw_text(draw, (px(v), bottom + 10 * s), _x_label(v, True), 17 * s, d.MUTED,
                      anchor="mt")
    bands = Image.new("RGBA", img.size, (0, 0, 0, 0))
    band_draw = ImageDraw.Draw(bands)
    for i, (_, pts) in enumerate(lines):
        upper = [(px(_num(t)), py(mu + SIGMAS * sg)) for t, mu, sg in pts]
        lower = [(px(_num(t)), py(mu - SIGMAS * sg)) for t, mu, sg in reversed(pts)]
        if len(pts) > 1:
            band_draw.polygon(upper + lower, fill=_band(PALETTE[i % len(PALETTE)]))
    img = Image.alpha_composite(img.convert("RGBA"), bands).convert(img.mode)
    draw = ImageDraw.Draw(img)
    legend_y = top
    for i, (name, pts) in enumerate(lines):
        colour = PALETTE[i % len(PALETTE)]
        coords = [(px(_num(t)), py(mu)) for t, mu, _ in pts]
        if len(coords) > 1:
            draw.line(coords, fill=colour, width=3 * s, joint="curve")
        ex, ey = coords[-1]
        draw.ellipse((ex - 5 * s, ey - 5 * s, ex + 5 * s, ey + 5 * s), fill=colour)
        lx, cy = (WIDTH - LEGEND_W + 10) * s, legend_y + 16 * s
        draw.rounded_rectangle((lx, cy - 6 * s, lx + 22 * s, cy + 6 * s), 4 * s, fill=colour)
        _, mu, sigma = pts[-1]
        text = display_name(name, "?", 17 * s, Weight.BOLD, (LEGEND_W - 50) * s)
        draw_text(draw, (lx + 30 * s, cy), text, 17 * s, d.TEXT, Weight.BOLD, anchor="lm")
        draw_text(draw, (WIDTH * s - 14 * s, cy + 22 * s), f"{mu:.1f} ± {SIGMAS * sigma:.1f}",
                  17 * s, d.MUTED, Weight.BOLD, anchor="rm")
        legend_y += 50 * s
    return img.reduce(SCALE) if reduce else img


def render_stats_chart(chips: Series, ratings: RatingSeries, *,
                       labels: Labels | Mapping[str, str] | None = None,
                       title: str | None = None, rating_title: str | None = None,
                       fmt: ImageFormat | str | None = None) -> RenderedImage:
    """The chip history with the rating panel under it, as one encoded image
    (blocking); without ratings, the chip history alone."""
    lab = as_labels(labels)
    top = draw_chip_chart(chips, labels=lab, title=title)
    names = ", ".join(list(chips)[:MAX_LINES])
    if not any(ratings.values()):
        return encode(top, "chart", fmt, lab("alt.chart", names=names), lab("file.chart"))
    panel = draw_rating_panel(ratings, labels=lab, title=rating_title)
    out = Image.new(top.mode, (top.width, top.height + panel.height))
    out.paste(top, (0, 0))
    out.paste(panel, (0, top.height))
    variants = ", ".join(list(ratings)[:MAX_LINES])
    return encode(out, "chart", fmt,
                  lab("alt.chart", names=names) + ". " + lab("alt.rating", variants=variants),
                  lab("file.chart"))
