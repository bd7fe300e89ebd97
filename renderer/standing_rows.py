"""The rows the series table and the league table share (:mod:`.series_table`,
:mod:`.league_table`): the lines kept when there are too many (the reader's own below
the first), the row of the columns' headers, and one member's row (rank, name, total,
deals played, the reader's own on a panel). Each draws what it is given."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TypeVar

from PIL import ImageDraw

from . import draw as d
from .text import Weight, display_name, draw_text, label_text

ANCHORS = ("lm", "lm", "rm", "rm")  # rank and name from the left, the numbers from the right


class Mine(Protocol):
    @property
    def mine(self) -> bool: ...


LineT = TypeVar("LineT", bound=Mine)


def kept(lines: Sequence[LineT], most: int) -> list[LineT]:
    """The first ``most`` lines, and the reader's own below them when it is further down."""
    shown = list(lines[:most])
    mine = next((li for li in lines[most:] if li.mine), None)
    if mine is not None:
        shown.append(mine)
    return shown


def header_row(draw: ImageDraw.ImageDraw, y: int, columns: tuple[int, int, int, int],
               headers: tuple[str, str, str, str], *, row: int, size: int) -> None:
    """The words over rank, member, total and deals, in a row of height ``row`` at ``y``."""
    for x, text, anchor in zip(columns, headers, ANCHORS, strict=True):
        draw_text(draw, (x, y + row // 2), label_text(text, size, Weight.BOLD, 200), size,
                  d.MUTED, Weight.BOLD, anchor=anchor)


def member_row(draw: ImageDraw.ImageDraw, y: int, columns: tuple[int, int, int, int], *,
               width: int, row: int, size: int, rank: str, name: str, total: str,
               deals: str, mine: bool, colour: str = d.TEXT) -> None:
    """One member's row at ``y`` (height ``row``, text of ``size``; the deals two
    sizes smaller) on an image ``width`` wide: ``colour`` for the rank and total, the
    reader's own (``mine``) on a panel."""
    mid = y + row // 2
    if mine:
        draw.rounded_rectangle((10, y + 3, width - 10, y + row - 3), 8, fill=d.PANEL)
    draw_text(draw, (columns[0], mid), label_text(rank, size, Weight.BOLD, 50), size, colour,
              Weight.BOLD, anchor="lm")
    shown = display_name(name, "?", size, Weight.BOLD, columns[2] - columns[1] - 120)
    draw_text(draw, (columns[1], mid), shown, size, d.TEXT, Weight.BOLD, anchor="lm")
    draw_text(draw, (columns[2], mid), label_text(total, size, Weight.BOLD, 200), size, colour,
              Weight.BOLD, anchor="rm")
    draw_text(draw, (columns[3], mid), label_text(deals, size - 2, Weight.REGULAR, 180),
              size - 2, d.MUTED, anchor="rm")
