"""The table of a series as an image: rank, member, total and deals played, a line each.

It draws what it is given (names and the words of its header come from the caller); a
series table names no card.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from . import draw as d
from .encode import ImageFormat, RenderedImage, encode
from .standing_rows import header_row, kept, member_row
from .text import Weight, draw_text, label_text

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
    shown = kept(lines, MAX_ROWS)
    height = TOP + ROW * (max(len(shown), 1) + 1) + (36 if footer else 16)
    img, draw = d.canvas(WIDTH, height)
    draw_text(draw, (20, 18), label_text(title, 26, Weight.BOLD, WIDTH - 40), 26, d.TEXT,
              Weight.BOLD)
    columns = (20, 84, WIDTH - 230, WIDTH - 20)
    y = TOP
    header_row(draw, y, columns, headers, row=ROW, size=17)
    for line in shown:
        y += ROW
        member_row(draw, y, columns, width=WIDTH, row=ROW, size=20, rank=str(line.rank),
                   name=line.name, total=line.total, deals=line.deals, mine=line.mine,
                   colour=d.GOLD if line.rank == 1 else d.TEXT)
    if not shown:
        draw_text(draw, (WIDTH // 2, y + ROW + ROW // 2), "–", 20, d.MUTED, anchor="mm")
    if footer:
        draw_text(draw, (20, height - 22), label_text(footer, 15, Weight.REGULAR, WIDTH - 40),
                  15, d.MUTED, anchor="lm")
    return encode(img, "series", fmt, description or title)
