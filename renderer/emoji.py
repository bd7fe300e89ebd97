"""Colour emoji: the last link of the font chain, drawn from a sheet of Noto Color Emoji.

``fonts/NotoColorEmoji-32.png`` holds every emoji of the font at 32 px per em (one shared
256-colour palette) and ``fonts/NotoColorEmoji-32.txt`` the code point sequences each
cell draws: single code points and the font's ligatures (ZWJ sequences, skin tones,
keycaps, flags, subdivision flags). Both are made by ``fonts/build.py``. Sequences are
matched here, longest first, so they resolve the same with or without a shaping engine.

An emoji is drawn in colour whatever the text's colour, as Discord shows it, and scaled
down from the 32 px cell to the text's size (at most 32 px is ever enlarged: the chart's
2× drawing).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image

from .fontfiles import FONT_DIR

PPEM = 32
SHEET = FONT_DIR / f"NotoColorEmoji-{PPEM}.png"
TABLE = FONT_DIR / f"NotoColorEmoji-{PPEM}.txt"
VS15, VS16 = 0xFE0E, 0xFE0F
#: BMP characters whose default look is an emoji (Unicode's Emoji_Presentation=Yes below
#: U+10000); others (♥, ☺, ©) are drawn as text unless U+FE0F follows them
BMP_PRESENTATION = frozenset(
    [0x231A, 0x231B, 0x23E9, 0x23EA, 0x23EB, 0x23EC, 0x23F0, 0x23F3, 0x25FD, 0x25FE,
     0x2614, 0x2615, *range(0x2648, 0x2654), 0x267F, 0x2693, 0x26A1, 0x26AA, 0x26AB,
     0x26BD, 0x26BE, 0x26C4, 0x26C5, 0x26CE, 0x26D4, 0x26EA, 0x26F2, 0x26F3, 0x26F5,
     0x26FA, 0x26FD, 0x2705, 0x270A, 0x270B, 0x2728, 0x274C, 0x274E, 0x2753, 0x2754,
     0x2755, 0x2757, 0x2795, 0x2796, 0x2797, 0x27B0, 0x27BF, 0x2B1B, 0x2B1C, 0x2B50,
     0x2B55])


@dataclass(frozen=True, slots=True)
class Table:
    cells: dict[tuple[int, ...], int]  # sequence (without U+FE0F) -> cell
    starts: frozenset[int]  # first code points of every sequence
    longest: int
    cell_w: int
    cell_h: int
    baseline: int  # from the cell's top
    columns: int


@lru_cache(maxsize=1)
def table() -> Table:
    """The sequence table (read once)."""
    lines = TABLE.read_text(encoding="utf-8").splitlines()
    head = lines[0].split()
    cell_w, cell_h = (int(v) for v in head[head.index("cell") + 1].rstrip(",").split("x"))
    baseline = int(head[head.index("baseline") + 1])
    columns = int(head[head.index("columns;") - 1])
    cells: dict[tuple[int, ...], int] = {}
    for line in lines[1:]:
        index, *cps = line.split()
        cells[tuple(int(cp, 16) for cp in cps)] = int(index)
    return Table(cells, frozenset(seq[0] for seq in cells), max(map(len, cells)), cell_w,
                 cell_h, baseline, columns)


def match(text: str, i: int, text_has: bool) -> tuple[int, int] | None:
    """The emoji starting at ``text[i]``: (characters it spans, cell), or None.

    ``text_has``: whether an outline font of the chain has ``text[i]``; then a lone
    character is an emoji only if it is one by default (U+1F000 and up, or
    :data:`BMP_PRESENTATION`) or U+FE0F asks for it. U+FE0E (text style) refuses it.
    """
    t = table()
    first = ord(text[i])
    if first not in t.starts:
        return None
    seq: list[int] = []
    ends: list[int] = []  # ends[k]: index after the (k+1)-th code point (and its FE0F)
    j = i
    while j < len(text) and len(seq) < t.longest:
        cp = ord(text[j])
        if cp == VS16 and seq:
            ends[-1] = j + 1
            j += 1
            continue
        seq.append(cp)
        j += 1
        ends.append(j)
    for k in range(len(seq), 0, -1):
        cell = t.cells.get(tuple(seq[:k]))
        if cell is None:
            continue
        end = ends[k - 1]
        if k > 1:
            return end - i, cell
        after = text[i + 1] if i + 1 < len(text) else ""
        if after == chr(VS15):
            return None
        if after == chr(VS16) or not text_has or first >= 0x1F000 or first in BMP_PRESENTATION:
            return end - i, cell
        return None
    return None


_LOCK = threading.Lock()


@lru_cache(maxsize=1)
def _sheet() -> Image.Image:
    """The emoji sheet as loaded (palette mode, about 6 MB in memory)."""
    with _LOCK:
        img = Image.open(SHEET)
        img.load()
        return img


def em_metrics() -> tuple[float, float, float]:
    """An emoji's advance, height and ascent above the baseline, in em."""
    t = table()
    return t.cell_w / PPEM, t.cell_h / PPEM, t.baseline / PPEM


@lru_cache(maxsize=1024)
def sprite(cell: int, size: int) -> Image.Image:
    """Cell ``cell`` as an RGBA image for text of ``size`` px (cached)."""
    t = table()
    x, y = (cell % t.columns) * t.cell_w, (cell // t.columns) * t.cell_h
    img = _sheet().crop((x, y, x + t.cell_w, y + t.cell_h)).convert("RGBA")
    w, h = max(1, round(t.cell_w * size / PPEM)), max(1, round(t.cell_h * size / PPEM))
    if (w, h) == img.size:
        return img
    return img.convert("RGBa").resize((w, h), Image.Resampling.LANCZOS).convert("RGBA")


def clear_cache() -> None:
    for fn in (table, _sheet, sprite):
        fn.cache_clear()
