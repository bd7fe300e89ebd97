"""A league's table as an image: each division under its heading, a line a member (rank,
name, total, deals played), an arrow by those who would go up or down if the season
ended now.

It draws what it is given (names and every word come from the caller); a league table
names no card.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from PIL import ImageDraw

from . import draw as d
from .encode import ImageFormat, RenderedImage, encode
from .standing_rows import header_row, kept, member_row
from .text import Weight, draw_text, label_text

WIDTH = 720
ROW = 36
HEADING = 44
TOP = 64
#: the most lines a division shows (the reader's own is kept below them)
MAX_ROWS = 12
#: the most divisions drawn (the rest are in the text)
MAX_DIVISIONS = 6


class Mark(StrEnum):
    NONE = ""
    UP = "up"
    DOWN = "down"


@dataclass(frozen=True, slots=True)
class LeagueLine:
    """One member's line: ``rank`` as the caller words it ("" for no deal played yet),
    their shown ``name``, ``total`` and ``deals``; ``mark`` where they would move;
    ``mine`` marks the reader's own line."""

    rank: str
    name: str
    total: str
    deals: str
    mark: Mark = Mark.NONE
    mine: bool = False


@dataclass(frozen=True, slots=True)
class Division:
    heading: str
    lines: Sequence[LeagueLine] = field(default_factory=tuple)


def _arrow(draw: ImageDraw.ImageDraw, x: int, y: int, mark: Mark) -> None:
    """A small triangle: up (green) or down (red), centred at ``(x, y)``."""
    if mark is Mark.UP:
        draw.polygon([(x - 7, y + 5), (x + 7, y + 5), (x, y - 7)], fill=d.PLUS)
    elif mark is Mark.DOWN:
        draw.polygon([(x - 7, y - 5), (x + 7, y - 5), (x, y + 7)], fill=d.MINUS)


def render_league_table(divisions: Sequence[Division], *, title: str,
                        headers: tuple[str, str, str, str], footer: str = "",
                        description: str = "",
                        fmt: ImageFormat | str | None = None) -> RenderedImage:
    """The table (at most :data:`MAX_DIVISIONS` divisions of at most :data:`MAX_ROWS`
    lines each) as an encoded image (blocking: run it off the event loop). ``headers``:
    the words over rank, member, total and deals."""
    parts = [(div.heading, kept(div.lines, MAX_ROWS)) for div in divisions[:MAX_DIVISIONS]]
    height = TOP + ROW + sum(HEADING + ROW * max(len(lines), 1) for _, lines in parts) \
        + (36 if footer else 16)
    img, draw = d.canvas(WIDTH, height)
    draw_text(draw, (20, 18), label_text(title, 26, Weight.BOLD, WIDTH - 40), 26, d.TEXT,
              Weight.BOLD)
    columns = (44, 104, WIDTH - 230, WIDTH - 20)
    y = TOP
    header_row(draw, y, columns, headers, row=ROW, size=16)
    y += ROW
    for heading, lines in parts:
        draw.line((20, y + 6, WIDTH - 20, y + 6), fill=d.SLOT, width=2)
        draw_text(draw, (20, y + HEADING // 2 + 4), label_text(heading, 20, Weight.BOLD,
                                                                WIDTH - 40),
                  20, d.GOLD, Weight.BOLD, anchor="lm")
        y += HEADING
        if not lines:
            draw_text(draw, (WIDTH // 2, y + ROW // 2), "–", 18, d.MUTED, anchor="mm")
            y += ROW
        for line in lines:
            member_row(draw, y, columns, width=WIDTH, row=ROW, size=18, rank=line.rank,
                       name=line.name, total=line.total, deals=line.deals, mine=line.mine)
            _arrow(draw, 24, y + ROW // 2, line.mark)
            y += ROW
    if footer:
        draw_text(draw, (20, height - 22), label_text(footer, 14, Weight.REGULAR, WIDTH - 40),
                  14, d.MUTED, anchor="lm")
    return encode(img, "league", fmt, description or title)
