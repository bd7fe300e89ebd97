"""The packaged fonts: the fallback chain, each font's coverage, and the loaded faces.

Text is set in the first font of :data:`CHAIN` that has a glyph (see
:mod:`renderer.shaping` for how runs are chosen), and emoji from the colour sheet of
:mod:`renderer.emoji` after the outline fonts. Nothing comes from the system's fonts.
Each font's coverage is read from its own ``cmap`` table, once, when it is first needed.
"""

from __future__ import annotations

import struct
import threading
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from pathlib import Path

from PIL import ImageFont, features

FONT_DIR = Path(__file__).with_name("fonts")

#: FreeType faces are shared between the threads that ``asyncio.to_thread`` uses; every
#: call into a face (metrics, rendering) holds this lock. Results are cached, so it is
#: rarely taken for long.
FREETYPE_LOCK = threading.RLock()

#: Pillow's text layout: Raqm (HarfBuzz shaping, FriBiDi reordering) where Pillow has it,
#: else the basic layout (no shaping: Arabic letters unjoined, no ligatures); tests may
#: switch it with :func:`set_layout`.
LAYOUT = (ImageFont.Layout.RAQM if features.check_feature("raqm")
          else ImageFont.Layout.BASIC)


class Weight(Enum):
    REGULAR = "DejaVuSans.ttf"
    BOLD = "DejaVuSans-Bold.ttf"
    CONDENSED = "DejaVuSansCondensed-Bold.ttf"  # bold condensed: card indices, names

    # a member is its only instance: hashed by identity in C (Enum's own hash is Python
    # code, run for every cached text look-up)
    __hash__ = object.__hash__


@dataclass(frozen=True, slots=True)
class Face:
    """One font of the chain: its files for the regular, bold and condensed weights."""

    name: str
    files: tuple[str, str, str]
    embolden: bool = False  # no bold file: bold weights get a thin stroke

    def file(self, weight: Weight) -> str:
        return self.files[list(Weight).index(weight)]


def _pair(stem: str) -> tuple[str, str, str]:
    return f"{stem}-Regular.ttf", f"{stem}-Bold.ttf", f"{stem}-Bold.ttf"


#: The fallback chain. DejaVu Sans: Latin, Greek, Cyrillic, Armenian, Georgian, Hebrew,
#: Arabic, symbols. Noto Sans Arabic: the Arabic-script letters DejaVu lacks (Kashmiri,
#: Sindhi, ...). Noto Sans Devanagari and Thai. Droid Sans Fallback: Chinese, Japanese (kana,
#: kanji), Korean (Hangul). Then the colour emoji (:mod:`renderer.emoji`).
CHAIN: tuple[Face, ...] = (
    Face("DejaVu Sans", (Weight.REGULAR.value, Weight.BOLD.value, Weight.CONDENSED.value)),
    Face("Noto Sans Arabic", _pair("NotoSansArabic")),
    Face("Noto Sans Devanagari", _pair("NotoSansDevanagari")),
    Face("Noto Sans Thai", _pair("NotoSansThai")),
    Face("Droid Sans Fallback", ("DroidSansFallback.ttf",) * 3, embolden=True),
)


def set_layout(layout: ImageFont.Layout) -> None:
    """Use another Pillow layout engine (tests); drops every cached face and text."""
    global LAYOUT
    LAYOUT = layout
    font.cache_clear()


@lru_cache(maxsize=128)
def font(size: int, weight: Weight = Weight.REGULAR, face: int = 0) -> ImageFont.FreeTypeFont:
    """Font ``face`` of the chain at ``size`` px (cached). Falls back to Pillow's font."""
    try:
        return ImageFont.truetype(str(FONT_DIR / CHAIN[face].file(weight)), size,
                                  layout_engine=LAYOUT)
    except OSError:  # pragma: no cover - only if the package data went missing
        return ImageFont.load_default(size=size)  # type: ignore[return-value]


def stroke(size: int, weight: Weight, face: int) -> float:
    """Stroke width that emboldens a face without a bold file (0 otherwise)."""
    if weight is Weight.REGULAR or not CHAIN[face].embolden:
        return 0
    return round(size / 28, 2)


@lru_cache(maxsize=64)
def coverage(face: int, weight: Weight) -> frozenset[int]:
    """The code points font ``face`` maps to a glyph in ``weight`` (its cmap, read once)."""
    return _file_coverage(CHAIN[face].file(weight))


@lru_cache(maxsize=16)
def _file_coverage(name: str) -> frozenset[int]:
    try:
        data = (FONT_DIR / name).read_bytes()
    except OSError:  # pragma: no cover - package data missing: Pillow's font, ASCII
        return frozenset(range(0x20, 0x7F))
    return frozenset(read_cmap(data))


def covers(face: int, weight: Weight, text: str) -> bool:
    cover = coverage(face, weight)
    return all(ord(ch) in cover for ch in text)


def read_cmap(data: bytes) -> set[int]:
    """The Unicode code points mapped to a glyph other than .notdef by a TrueType/OpenType
    font's ``cmap`` table (subtable format 12, else format 4)."""
    count = struct.unpack_from(">H", data, 4)[0]
    tables = {data[12 + 16 * i:16 + 16 * i]: struct.unpack_from(">I", data, 20 + 16 * i)[0]
              for i in range(count)}
    base = tables[b"cmap"]
    subtables: dict[int, int] = {}
    for i in range(struct.unpack_from(">H", data, base + 2)[0]):
        platform, encoding, offset = struct.unpack_from(">HHI", data, base + 4 + 8 * i)
        fmt = struct.unpack_from(">H", data, base + offset)[0]
        if (platform, encoding) in ((3, 10), (3, 1), (0, 3), (0, 4), (0, 6)):
            subtables.setdefault(fmt, base + offset)
    if 12 in subtables:
        return _format12(data, subtables[12])
    if 4 in subtables:
        return _format4(data, subtables[4])
    raise ValueError("no Unicode cmap of format 4 or 12")


def _format12(data: bytes, at: int) -> set[int]:
    out: set[int] = set()
    for g in range(struct.unpack_from(">I", data, at + 12)[0]):
        start, end, glyph = struct.unpack_from(">III", data, at + 16 + 12 * g)
        out.update(range(start + (1 if glyph == 0 else 0), end + 1))
    return out


def _format4(data: bytes, at: int) -> set[int]:
    segs = struct.unpack_from(">H", data, at + 6)[0] // 2
    ends = struct.unpack_from(f">{segs}H", data, at + 14)
    starts = struct.unpack_from(f">{segs}H", data, at + 16 + 2 * segs)
    deltas = struct.unpack_from(f">{segs}h", data, at + 16 + 4 * segs)
    range_at = at + 16 + 6 * segs
    offsets = struct.unpack_from(f">{segs}H", data, range_at)
    out: set[int] = set()
    for i in range(segs):
        for cp in range(starts[i], ends[i] + 1):
            if cp == 0xFFFF:
                continue
            if offsets[i] == 0:
                glyph = (cp + deltas[i]) & 0xFFFF
            else:
                where = range_at + 2 * i + offsets[i] + 2 * (cp - starts[i])
                glyph = struct.unpack_from(">H", data, where)[0]
                glyph = (glyph + deltas[i]) & 0xFFFF if glyph else 0
            if glyph:
                out.add(cp)
    return out
