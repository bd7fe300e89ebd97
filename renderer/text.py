"""Fonts shipped with the package, name cleaning and pixel-width truncation.

The fonts are DejaVu Sans (Bitstream Vera licence, ``fonts/LICENSE-DejaVu.txt``), so
rendering never depends on the system's fonts. Any Discord display name is safe:
control and format characters are dropped, and characters the font has no glyph for
(emoji, CJK, ...) are removed rather than drawn as boxes; a name left empty falls back
to the caller's placeholder.
"""

from __future__ import annotations

import threading
import unicodedata
from enum import Enum
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

FONT_DIR = Path(__file__).with_name("fonts")

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont

#: FreeType faces are shared between the threads that ``asyncio.to_thread`` uses; every
#: call into a face (metrics, rendering) holds this lock. Results are cached, so it is
#: rarely taken for long.
FREETYPE_LOCK = threading.RLock()


class Weight(Enum):
    REGULAR = "DejaVuSans.ttf"
    BOLD = "DejaVuSans-Bold.ttf"
    CONDENSED = "DejaVuSansCondensed-Bold.ttf"  # bold condensed: card indices, names


@lru_cache(maxsize=64)
def font(size: int, weight: Weight = Weight.REGULAR) -> ImageFont.FreeTypeFont:
    """The package font at ``size`` px (cached). Falls back to Pillow's built-in font."""
    try:
        return ImageFont.truetype(str(FONT_DIR / weight.value), size)
    except OSError:  # pragma: no cover - only if the package data went missing
        return ImageFont.load_default(size=size)  # type: ignore[return-value]


_PROBE_SIZE = 16
_DROP_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


@lru_cache(maxsize=8)
def _notdef(weight: Weight) -> tuple[tuple[int, int], bytes]:
    with FREETYPE_LOCK:
        mask = font(_PROBE_SIZE, weight).getmask("\U0010fffd")  # a private-use code point
        return mask.size, bytes(mask)


@lru_cache(maxsize=8192)
def has_glyph(char: str, weight: Weight = Weight.REGULAR) -> bool:
    """Whether the font draws ``char`` with a real glyph (not the .notdef box)."""
    if char == " ":
        return True
    with FREETYPE_LOCK:
        mask = font(_PROBE_SIZE, weight).getmask(char)
        return (mask.size, bytes(mask)) != _notdef(weight)


def _droppable(ch: str) -> bool:
    cp = ord(ch)
    return (unicodedata.category(ch) in _DROP_CATEGORIES
            or 0xFE00 <= cp <= 0xFE0F  # variation selectors (emoji presentation)
            or 0xE0100 <= cp <= 0xE01EF
            or 0x1F3FB <= cp <= 0x1F3FF)  # skin-tone modifiers


@lru_cache(maxsize=2048)
def clean(text: str, weight: Weight = Weight.REGULAR) -> str:
    """``text`` reduced to what the font can draw, whitespace collapsed (cached)."""
    text = unicodedata.normalize("NFC", text)
    out = []
    for ch in text:
        if ch.isspace():
            out.append(" ")
        elif not _droppable(ch) and has_glyph(ch, weight):
            out.append(ch)
    return " ".join("".join(out).split())


ELLIPSIS = "…"


@lru_cache(maxsize=4096)
def fit(text: str, size: int, weight: Weight, max_width: int) -> str:
    """``text`` cut (at a character boundary, with an ellipsis) to fit ``max_width`` px."""
    if text_width(text, size, weight) <= max_width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:  # the longest prefix that fits together with the ellipsis
        mid = (lo + hi + 1) // 2
        if text_width(text[:mid].rstrip() + ELLIPSIS, size, weight) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + ELLIPSIS if lo else ELLIPSIS


def display_name(name: str | None, fallback: str, size: int, weight: Weight,
                 max_width: int) -> str:
    """A seat's name cleaned and truncated to ``max_width``; ``fallback`` if nothing is left."""
    cleaned = clean(name or "", weight) or clean(fallback, weight) or "?"
    return fit(cleaned, size, weight, max_width)


@lru_cache(maxsize=4096)
def _rendered(text: str, size: int, weight: Weight, anchor: str) -> tuple[Image.Image, int, int]:
    """``text`` rendered once as a coverage mask, with its offset from the anchor point."""
    f = font(size, weight)
    with FREETYPE_LOCK:
        left, top, right, bottom = (int(v) for v in f.getbbox(text, anchor=anchor))
        mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
        ImageDraw.Draw(mask).text((-left, -top), text, font=f, fill=255, anchor=anchor)
    return mask, left, top


def draw_text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int,
              fill: str | tuple[int, ...], weight: Weight = Weight.REGULAR,
              anchor: str = "la") -> None:
    """Draw already-cleaned ``text`` (output of :func:`clean`/:func:`fit`) at ``xy``.

    Rendered glyph masks are cached, so repeated names and labels cost one blit.
    """
    if not text:
        return
    mask, left, top = _rendered(text, size, weight, anchor)
    draw.bitmap((round(xy[0]) + left, round(xy[1]) + top), mask, fill=fill)


@lru_cache(maxsize=4096)
def text_width(text: str, size: int, weight: Weight = Weight.REGULAR) -> float:
    with FREETYPE_LOCK:
        return font(size, weight).getlength(text)


def label_text(text: str, size: int, weight: Weight, max_width: int) -> str:
    """A label (from the catalogue) made safe and fitted, like a name ("" stays "")."""
    if not text:
        return ""
    return fit(clean(text, weight) or "?", size, weight, max_width)
