"""Text with the packaged font chain: name cleaning, pixel widths, truncation, drawing.

Every word and name in an image goes through here, so every image uses the same
fallback: per character the first font of :data:`renderer.fontfiles.CHAIN` that has it
(DejaVu Sans, Noto Sans Arabic, Devanagari, Thai, Droid Sans Fallback for Chinese,
Japanese and Korean), colour emoji from :mod:`renderer.emoji` (see
:mod:`renderer.shaping` for runs and right-to-left text). Any Discord display name is
safe: control and format characters are dropped, and so is anything no font has,
rather than drawn as a box; a name left empty falls back to the caller's placeholder.
Text in the first font alone (most names and all labels) is drawn by one Pillow call,
as before the chain existed.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageChops, ImageDraw, ImageFont

from . import emoji, fontfiles, shaping
from .fontfiles import FONT_DIR, FREETYPE_LOCK, Weight, font, stroke
from .shaping import EMOJI, clusters, runs

__all__ = ["ELLIPSIS", "FONT_DIR", "FREETYPE_LOCK", "Font", "Weight", "clean", "display_name",
           "draw_text", "fit", "font", "has_glyph", "ink", "label_text", "text_width"]

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


def has_glyph(char: str, weight: Weight = Weight.REGULAR) -> bool:
    """Whether the chain draws ``char`` (an outline font has it, or it is an emoji)."""
    if char == " ":
        return True
    cp = ord(char)
    return (any(cp in fontfiles.coverage(f, weight) for f in range(len(fontfiles.CHAIN)))
            or (cp,) in emoji.table().cells)


@lru_cache(maxsize=2048)
def clean(text: str, weight: Weight = Weight.REGULAR) -> str:
    """``text`` reduced to what the chain can draw, whitespace collapsed (cached)."""
    text = unicodedata.normalize("NFC", text)
    return " ".join("".join(c.text for c in clusters(text, weight)).split())


ELLIPSIS = "…"


@lru_cache(maxsize=4096)
def fit(text: str, size: int, weight: Weight, max_width: int) -> str:
    """``text`` cut (between clusters, with an ellipsis) to fit ``max_width`` px."""
    if text_width(text, size, weight) <= max_width:
        return text
    parts = [c.text for c in clusters(text, weight)]
    lo, hi = 0, len(parts)
    while lo < hi:  # the most clusters that fit together with the ellipsis
        mid = (lo + hi + 1) // 2
        if text_width("".join(parts[:mid]).rstrip() + ELLIPSIS, size, weight) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return "".join(parts[:lo]).rstrip() + ELLIPSIS if lo else ELLIPSIS


def display_name(name: str | None, fallback: str, size: int, weight: Weight,
                 max_width: int) -> str:
    """A seat's name cleaned and truncated to ``max_width``; ``fallback`` if nothing is left."""
    cleaned = clean(name or "", weight) or clean(fallback, weight) or "?"
    return fit(cleaned, size, weight, max_width)


def _single(text: str, weight: Weight) -> str | None:
    """The text to draw in one call to the first font, if that is all ``text`` needs."""
    rs = runs(text, weight)
    if len(rs) == 1 and rs[0].face == 0 and (
            fontfiles.LAYOUT == ImageFont.Layout.RAQM or not rs[0].rtl):
        return rs[0].text
    return None


@dataclass(frozen=True, slots=True)
class _Piece:
    x: int  # top-left, from the line's start on its baseline
    y: int
    image: Image.Image  # "L" coverage, or "RGBA" for an emoji


@lru_cache(maxsize=2048)
def _line(text: str, size: int, weight: Weight) -> tuple[tuple[_Piece, ...], float]:
    """The runs of ``text`` rendered one by one and placed on a common baseline, and the
    line's advance."""
    pieces: list[_Piece] = []
    x = 0.0
    raqm = fontfiles.LAYOUT == ImageFont.Layout.RAQM
    advance, _, ascent = emoji.em_metrics()
    for run in runs(text, weight):
        if run.face == EMOJI:
            for cell in run.cells:
                pieces.append(_Piece(round(x), -round(ascent * size), emoji.sprite(cell, size)))
                x += advance * size
            continue
        f = font(size, weight, run.face)
        width = stroke(size, weight, run.face)
        direction = ("rtl" if run.rtl else "ltr") if raqm else None
        with FREETYPE_LOCK:
            left, top, right, bottom = (int(v) for v in f.getbbox(
                run.text, anchor="ls", direction=direction, stroke_width=width))
            mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
            ImageDraw.Draw(mask).text((-left, -top), run.text, font=f, fill=255, anchor="ls",
                                      direction=direction, stroke_width=width,
                                      stroke_fill=255)
            step = f.getlength(run.text, direction=direction)
        pieces.append(_Piece(round(x) + left, top, mask))
        x += step
    return tuple(pieces), x


@lru_cache(maxsize=4096)
def _rendered(text: str, size: int, weight: Weight, anchor: str
              ) -> tuple[Image.Image, Image.Image | None, int, int]:
    """``text`` rendered once: its coverage mask, its colour layer (emoji) or None, and
    their offset from the anchor point."""
    single = _single(text, weight)
    if single is not None:
        f = font(size, weight)
        with FREETYPE_LOCK:
            left, top, right, bottom = (int(v) for v in f.getbbox(single, anchor=anchor))
            mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
            ImageDraw.Draw(mask).text((-left, -top), single, font=f, fill=255, anchor=anchor)
        return mask, None, left, top
    pieces, advance = _line(text, size, weight)
    if not pieces:
        return Image.new("L", (1, 1), 0), None, 0, 0
    x0, y0 = min(p.x for p in pieces), min(p.y for p in pieces)
    x1 = max(p.x + p.image.width for p in pieces)
    y1 = max(p.y + p.image.height for p in pieces)
    mask = Image.new("L", (x1 - x0, y1 - y0), 0)
    colour = None
    for p in pieces:
        box = (p.x - x0, p.y - y0, p.x - x0 + p.image.width, p.y - y0 + p.image.height)
        if p.image.mode == "RGBA":
            colour = colour or Image.new("RGBA", mask.size, (0, 0, 0, 0))
            colour.alpha_composite(p.image, box[:2])
        else:
            mask.paste(ImageChops.lighter(mask.crop(box), p.image), box[:2])
    with FREETYPE_LOCK:
        ascent, descent = font(size, weight).getmetrics()
    ax = {"l": 0.0, "m": advance / 2, "r": advance}[anchor[0]]
    ay = {"a": -ascent, "t": y0, "m": (descent - ascent) / 2, "s": 0, "b": y1,
          "d": descent}[anchor[1]]
    return mask, colour, round(x0 - ax), round(y0 - ay)


def draw_text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int,
              fill: str | tuple[int, ...], weight: Weight = Weight.REGULAR,
              anchor: str = "la") -> None:
    """Draw already-cleaned ``text`` (output of :func:`clean`/:func:`fit`) at ``xy``;
    emoji keep their own colours.

    Rendered text is cached, so repeated names and labels cost one blit.
    """
    if not text:
        return
    mask, colour, left, top = _rendered(text, size, weight, anchor)
    at = (round(xy[0]) + left, round(xy[1]) + top)
    draw.bitmap(at, mask, fill=fill)
    if colour is not None:
        image = getattr(draw, "_image", None)
        if isinstance(image, Image.Image):
            image.paste(colour, at, colour)
        else:  # pragma: no cover - a Pillow without ImageDraw._image: emoji in ``fill``
            draw.bitmap(at, colour.getchannel("A"), fill=fill)


def ink(text: str, size: int, weight: Weight = Weight.REGULAR) -> Image.Image:
    """The coverage of ``text`` (emoji included), cropped to its ink (card indices)."""
    mask, colour, _, _ = _rendered(text, size, weight, "la")
    if colour is not None:
        mask = ImageChops.lighter(mask, colour.getchannel("A"))
    return mask.crop(mask.getbbox() or (0, 0, 1, 1))


@lru_cache(maxsize=4096)
def text_width(text: str, size: int, weight: Weight = Weight.REGULAR) -> float:
    single = _single(text, weight)
    if single is not None:
        with FREETYPE_LOCK:
            return font(size, weight).getlength(single)
    return _line(text, size, weight)[1]


def label_text(text: str, size: int, weight: Weight, max_width: int) -> str:
    """A label (from the catalogue) made safe and fitted, like a name ("" stays "")."""
    if not text:
        return ""
    return fit(clean(text, weight) or "?", size, weight, max_width)


def set_layout(layout: ImageFont.Layout) -> None:
    """Switch Pillow's layout engine (tests: the basic layout of a Pillow without Raqm)."""
    fontfiles.set_layout(layout)
    clear_cache()


#: caches elsewhere that hold text drawn with this module (the pills of :mod:`.draw`),
#: emptied with its own
dependent_caches: list[Any] = []  # functools.lru_cache wrappers


def clear_cache() -> None:
    """Drop every cached text rendering and measurement."""
    shaping.clear_cache()
    for fn in (clean, fit, _line, _rendered, text_width, *dependent_caches):
        fn.cache_clear()
