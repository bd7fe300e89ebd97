"""Shared look: colours, the canvas, labels in pills, badges and small marks.

Flat colours only: large uniform areas keep PNG encoding fast and files small.
"""

from __future__ import annotations

import math
import os
from functools import lru_cache

from PIL import Image, ImageDraw

from . import text as text_module
from .stamp import Stamp
from .suits import DeckStyle, pip_image
from .text import Weight, draw_text, label_text, text_width

BG = "#17392b"  # outside the table
FELT = "#236b4c"
FELT_EDGE = "#1b5239"
SLOT = "#2f7d5b"  # an empty place for a card
TEXT = "#f3f5f4"
MUTED = "#b5cbbf"
DARK = "#1b1f23"
PILL = "#10281e"
GOLD = "#ffc928"
WIN_TEXT = "#1b1f23"
PLUS = "#7ee08a"
MINUS = "#ff8a80"
PANEL = "#1d4a36"

Box = tuple[int, int, int, int]

#: Pillow frees an image's memory block at once by default; every canvas then costs
#: fresh page faults. Keeping a few freed blocks for reuse saves ~0.5 ms per image
#: (memory bounded by 8 image-sized blocks). ``PILLOW_BLOCKS_MAX`` still wins.
if "PILLOW_BLOCKS_MAX" not in os.environ and Image.core.get_blocks_max() == 0:
    Image.core.set_blocks_max(8)


def canvas(width: int, height: int, colour: str = BG) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    img = Image.new("RGB", (width, height), colour)
    return img, ImageDraw.Draw(img)


def felt_canvas(width: int, height: int, felt: tuple[float, float, float, float]
                ) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A canvas with the felt ellipse in the box ``felt`` (drawn once per size and box,
    then copied: a copy costs a third of drawing it)."""
    img = _felt(width, height, felt).copy()
    return img, ImageDraw.Draw(img)


@lru_cache(maxsize=16)
def _felt(width: int, height: int, felt: tuple[float, float, float, float]) -> Image.Image:
    img, draw = canvas(width, height)
    draw.ellipse(felt, fill=FELT)
    return img


def pill(draw: ImageDraw.ImageDraw, x: float, y: float, text: str, size: int, *,
         fg: str = TEXT, bg: str = PILL, weight: Weight = Weight.BOLD, anchor: str = "mm",
         pad: int | None = None, outline: str | None = None, max_width: int = 10_000) -> Box:
    """Draw ``text`` (a label or a cleaned name) in a rounded pill; returns the pill's box.

    ``anchor``: two letters as in Pillow, horizontal (l, m, r) then vertical (t, m, b),
    applied to the pill's box.
    """
    pad = round(size * 0.55) if pad is None else pad
    text = label_text(text, size, weight, max_width - 2 * pad)
    w = round(text_width(text, size, weight)) + 2 * pad
    h = round(size * 1.45)
    ax, ay = anchor[0], anchor[1]
    x0 = round(x - (w / 2 if ax == "m" else w if ax == "r" else 0))
    y0 = round(y - (h / 2 if ay == "m" else h if ay == "b" else 0))
    image = getattr(draw, "_image", None)
    if isinstance(image, Image.Image) and image.mode == "RGB":
        # where the text's centre falls within the pill (as drawn in place: rounding the
        # centre on the canvas may land it half a pixel either way)
        at = (round(x0 + w / 2) - x0, round(y0 + h / 2) - y0)
        _pill_sprite(text, size, w, h, at, fg, bg, weight, outline).paste(image, x0, y0)
    else:  # pragma: no cover - a Pillow without ImageDraw._image
        _draw_pill(draw, (x0, y0), (x0 + w / 2, y0 + h / 2), text, size, w, h, fg, bg,
                   weight, outline)
    return x0, y0, x0 + w, y0 + h


@lru_cache(maxsize=1024)
def _pill_sprite(text: str, size: int, w: int, h: int, at: tuple[int, int], fg: str,
                 bg: str, weight: Weight, outline: str | None) -> Stamp:
    """A pill drawn once (the same pixels as drawn in place) with its shape, to paste: a
    table's names and labels come back in every picture of it."""
    face = Image.new("RGB", (w + 1, h + 1), bg)
    _draw_pill(ImageDraw.Draw(face), (0, 0), at, text, size, w, h, fg, bg, weight, outline)
    shape = Image.new("L", face.size, 0)
    ImageDraw.Draw(shape).rounded_rectangle((0, 0, w, h), h // 2, fill=255, outline=255,
                                            width=3 if outline else 1)
    return Stamp(face, shape, h // 2 + 1)


text_module.dependent_caches.append(_pill_sprite)


def clear_cache() -> None:
    """Drop the pills and felt backgrounds drawn so far (tests that watch the drawing)."""
    _pill_sprite.cache_clear()
    _felt.cache_clear()


def _draw_pill(draw: ImageDraw.ImageDraw, xy: tuple[int, int], centre: tuple[float, float],
               text: str, size: int, w: int, h: int, fg: str, bg: str, weight: Weight,
               outline: str | None) -> None:
    x0, y0 = xy
    draw.rounded_rectangle((x0, y0, x0 + w, y0 + h), h // 2, fill=bg, outline=outline,
                           width=3 if outline else 1)
    draw_text(draw, centre, text, size, fg, weight, anchor="mm")


def pill_size(text: str, size: int, weight: Weight = Weight.BOLD,
              pad: int | None = None) -> tuple[int, int]:
    pad = round(size * 0.55) if pad is None else pad
    return round(text_width(text, size, weight)) + 2 * pad, round(size * 1.45)


def badge(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, text: str, *,
          fg: str = DARK, bg: str = TEXT, size: int | None = None) -> None:
    """A round badge with one or two characters (dealer mark, play order); ``size``: of
    its text (default: as the badge allows)."""
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=bg)
    if size is None:
        size = round(r * (1.25 if len(text) < 2 else 1.0))
    draw_text(draw, (cx, cy + 0.5), label_text(text, size, Weight.BOLD, round(2 * r)), size,
              fg, Weight.BOLD, anchor="mm")


def star(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: str = GOLD) -> None:
    """A five-pointed star (the declarer's mark), drawn as a shape."""
    pts = []
    for i in range(10):
        a = -math.pi / 2 + i * math.pi / 5
        rr = r if i % 2 == 0 else r * 0.45
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    draw.polygon(pts, fill=fill)


def triangle(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, direction: str,
             fill: str = GOLD) -> None:
    """A small pointer triangle; ``direction`` is where it points: up/down/left/right."""
    pts = {
        "down": ((cx - r, cy - r * 0.6), (cx + r, cy - r * 0.6), (cx, cy + r * 0.8)),
        "up": ((cx - r, cy + r * 0.6), (cx + r, cy + r * 0.6), (cx, cy - r * 0.8)),
        "right": ((cx - r * 0.6, cy - r), (cx - r * 0.6, cy + r), (cx + r * 0.8, cy)),
        "left": ((cx + r * 0.6, cy - r), (cx + r * 0.6, cy + r), (cx - r * 0.8, cy)),
    }[direction]
    draw.polygon(pts, fill=fill)


def paste_pip(img: Image.Image, style: DeckStyle, suit: int, x: int, y: int, size: int) -> None:
    sprite = pip_image(style, suit, size)
    img.paste(sprite, (x, y), sprite)


def trump_chip(img: Image.Image, draw: ImageDraw.ImageDraw, x: int, y: int, text: str,
               style: DeckStyle, suit: int | None, size: int, max_width: int = 10_000) -> Box:
    """A light pill with a suit mark and a word (e.g. the contract), left-top at (x, y)."""
    h = round(size * 1.6)
    pip = round(h * 0.72)
    pad = round(size * 0.5)
    text = label_text(text, size, Weight.BOLD, max_width - 3 * pad - pip)
    tw = round(text_width(text, size, Weight.BOLD)) if text else 0
    w = pad + (pip + pad if suit is not None else 0) + tw + pad
    box = (x, y, x + w, y + h)
    draw.rounded_rectangle(box, h // 2, fill=TEXT)
    tx = x + pad
    if suit is not None:
        paste_pip(img, style, suit, tx, y + (h - pip) // 2, pip)
        tx += pip + pad
    if text:
        draw_text(draw, (tx, y + h / 2), text, size, DARK, Weight.BOLD, anchor="lm")
    return box


def card_chip(img: Image.Image, draw: ImageDraw.ImageDraw, x: int, y: int,
              index: tuple[str, str, int], style: DeckStyle, size: int) -> Box:
    """A card named in a light pill: its rank index in the suit's colour and its mark.
    ``index`` comes from :meth:`renderer.guard.Deck.index` (which checks visibility)."""
    rank, colour, suit = index
    h = round(size * 1.6)
    pip = round(h * 0.7)
    pad = round(size * 0.45)
    tw = round(text_width(rank, size, Weight.CONDENSED))
    box = (x, y, x + pad + tw + 4 + pip + pad, y + h)
    draw.rounded_rectangle(box, round(h * 0.3), fill=TEXT)
    draw_text(draw, (x + pad, y + h / 2), rank, size, colour, Weight.CONDENSED, anchor="lm")
    paste_pip(img, style, suit, x + pad + tw + 4, y + (h - pip) // 2, pip)
    return box
