"""The table of a series as an image: rank, member, total and deals played, a line each.

It draws what it is given (names and the words of its header come from the caller); a
series table names no card.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from . import draw as d
from .encode import ImageFormat, RenderedImage, encode
from .text import Weight, display_name, draw_text, label_text

WIDTH = 720
ROW = 40
TOP = 76
MAX_ROWS = 20


@dataclass(frozen=True, slots=True)
class SeriesLine:
    """One line: ``rank``, the member's shown ``name``, their ``total`` and ``deals``
    as the caller words them; ``mine`` marks the reader's own line."""

    rank: int
    name: str
    total: str
    deals: str
    mine: bool = False


def render_series_table(lines: Sequence[SeriesLine], *, title: str,
                        headers: tuple[str, str, str, str], footer: str = "",
                        description: str = "",
                        fmt: ImageFormat | str | None = None) -> RenderedImage:
    """The table (at most :data:`MAX_ROWS` lines; the reader's own is kept below them
    when it falls outside) as an encoded image (blocking: run it off the event loop).
    ``headers``: the words over rank, member, total and deals."""
    shown = list(lines[:MAX_ROWS])
    mine = next((li for li in lines[MAX_ROWS:] if li.mine), None)
    if mine is not None:
        shown.append(mine)
    height = TOP + ROW * (max(len(shown), 1) + 1) + (36 if footer else 16)
    img, draw = d.canvas(WIDTH, height)
    draw_text(draw, (20, 18), label_text(title, 26, Weight.BOLD, WIDTH - 40), 26, d.TEXT,
              Weight.BOLD)
    columns = (20, 84, WIDTH - 230, WIDTH - 20)
    y = TOP
    for x, text, anchor in zip(columns, headers, ("lm", "lm", "rm", "rm"), strict=True):
        draw_text(draw, (x, y + ROW // 2), label_text(text, 17, Weight.BOLD, 200), 17,
                  d.MUTED, Weight.BOLD, anchor=anchor)
    for line in shown:
        y += ROW
        if line.mine:
            draw.rounded_rectangle((10, y + 3, WIDTH - 10, y + ROW - 3), 8, fill=d.PANEL)
        colour = d.GOLD if line.rank == 1 else d.TEXT
        draw_text(draw, (columns[0], y + ROW // 2), str(line.rank), 20, colour, Weight.BOLD,
                  anchor="lm")
        name = display_name(line.name, "?", 20, Weight.BOLD, columns[2] - columns[1] - 120)
        draw_text(draw, (columns[1], y + ROW // 2), name, 20, d.TEXT, Weight.BOLD, anchor="lm")
        total = label_text(line.total, 20, Weight.BOLD, 200)
        draw_text(draw, (columns[2], y + ROW // 2), total, 20, colour, Weight.BOLD, anchor="rm")
        deals = label_text(line.deals, 18, Weight.REGULAR, 180)
        draw_text(draw, (columns[3], y + ROW // 2), deals, 18, d.MUTED, anchor="rm")
    if not shown:
        draw_text(draw, (WIDTH // 2, y + ROW + ROW // 2), "–", 20, d.MUTED, anchor="mm")
    if footer:
        draw_text(draw, (20, height - 22), label_text(footer, 15, Weight.REGULAR, WIDTH - 40),
                  15, d.MUTED, anchor="lm")
    return encode(img, "series", fmt, description or title)
