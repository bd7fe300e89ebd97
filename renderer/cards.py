"""Card sprites: faces for the three deck styles, the back, and their states (cached).

A face has a large index in its top-left corner (rank above suit mark), readable from
the card's left strip alone in an overlapped hand at phone size, and one large suit
mark in the bottom-right corner, clear of that strip (the flat look of card apps).
Sprites are RGBA, drawn once at 4× and downsampled, then kept in an LRU cache; pasting
them is the only per-image cost.

Nothing here checks visibility: layouts get faces through :class:`renderer.guard.Deck`.
"""

from __future__ import annotations

from enum import Enum
from functools import lru_cache

from PIL import Image, ImageDraw

from .stamp import part, paste_parts
from .suits import SUPERSAMPLE, DeckStyle, draw_pip, index_colour
from .text import Weight, clean, ink

#: rank indices per style, in engine rank order (6 7 8 9 J Q K T A)
INDICES: dict[DeckStyle, tuple[str, ...]] = {
    DeckStyle.FRENCH: ("6", "7", "8", "9", "J", "Q", "K", "10", "A"),
    DeckStyle.GERMAN: ("6", "7", "8", "9", "U", "O", "K", "10", "A"),
    DeckStyle.SWISS: ("6", "7", "8", "9", "U", "O", "K", "10", "A"),
}

ASPECT = 1.5  # height / width
BIG_PIP = 0.42  # the large suit mark, bottom right, in units of the width (clear of the strip)
BIG_MARGIN = 0.06
MINI_WIDTH = 64  # narrower cards get a larger index (and a smaller big mark)
FACE = "#fdfcf8"
EDGE = "#8d8d8d"
HIGHLIGHT_COLOUR = "#ffc928"  # legal to play, or the trick winner
#: the light tint behind a court card's figure, per style and suit
TINTS: dict[DeckStyle, tuple[str, str, str, str]] = {
    DeckStyle.FRENCH: ("#e9ebef", "#e9ebef", "#fbe4e4", "#fbe4e4"),
    DeckStyle.GERMAN: ("#f3e6d6", "#e0f0dc", "#fbe4e4", "#fcf0cf"),
    DeckStyle.SWISS: ("#f3e6d6", "#f6eccb", "#fbe4e4", "#fcf0cf"),
}
DIM_TO = (70, 78, 88)  # dimmed cards are blended towards this grey
DIM_AMOUNT = 0.55
BACK = "#2c4f8c"
BACK_LINE = "#e9eef7"



class CardState(Enum):
    NORMAL = "normal"
    HIGHLIGHT = "highlight"  # may be played now (in a hand), or wins the trick
    DIMMED = "dimmed"  # may not be played now


def card_size(width: int) -> tuple[int, int]:
    return width, round(width * ASPECT)


def strip_width(width: int) -> int:
    """Width of the left strip that shows a face's index completely."""
    return round(width * (0.58 if width < MINI_WIDTH else 0.44))


def _radius(w: float) -> int:
    return max(2, round(w * 0.075))


def index_size(width: int) -> float:
    """The font size of a card's rank index, in px of a card ``width`` px wide."""
    return round(width * SUPERSAMPLE * 0.34 * (1.35 if width < MINI_WIDTH else 1.0)) / SUPERSAMPLE


def _index(draw: ImageDraw.ImageDraw, style: DeckStyle, suit: int, label: str,
           w: float, mini: bool) -> None:
    """Rank above suit mark, centred on a column near the left edge (larger on mini cards)."""
    k = 1.35 if mini else 1.0
    size = round(w * 0.34 * k)
    cx, top = w * 0.225 * k, w * 0.045
    # the rank on its own layer, so that "10" can be squeezed into the column
    layer = ink(clean(label, Weight.CONDENSED) or "?", size, Weight.CONDENSED)
    if layer.width > w * 0.38 * k:
        layer = layer.resize((round(w * 0.38 * k), layer.height), Image.Resampling.LANCZOS)
    draw.bitmap((round(cx - layer.width / 2), round(top)), layer, fill=index_colour(style, suit))
    pip = w * 0.25 * k
    draw_pip(draw, style, suit, cx - pip / 2, top + layer.height + w * 0.05, pip)


def _downsample(big: Image.Image, w: int, h: int) -> Image.Image:
    """The 4x drawing at its final size; only the rounded corners keep soft alpha (the
    filter leaves 254 here and there on the straight edges)."""
    img = big.resize((w, h), Image.Resampling.LANCZOS)
    alpha = img.getchannel("A")
    c = _radius(w) + 1
    alpha.paste(255, (c, 0, w - c, h))
    alpha.paste(255, (0, c, w, h - c))
    img.putalpha(alpha)
    return img


@lru_cache(maxsize=512)
def _face(style: DeckStyle, card: int, width: int, indices: tuple[str, ...]) -> Image.Image:
    s = SUPERSAMPLE
    w, h = card_size(width)
    W, H = w * s, h * s
    img = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    edge = max(s, round(w * 0.012 * s))
    d.rounded_rectangle((0, 0, W - 1, H - 1), _radius(W), fill=FACE, outline=EDGE, width=edge)
    suit, rank = divmod(card, 9)
    mini = width < MINI_WIDTH
    _index(d, style, suit, indices[rank], W, mini)
    p = W * (BIG_PIP * 0.8 if mini else BIG_PIP)
    if rank in (4, 5, 6) and not mini:
        _court(d, style, suit, rank, W, H)
    draw_pip(d, style, suit, W * (1 - BIG_MARGIN) - p, H - W * BIG_MARGIN - p, p)
    return _downsample(img, w, h)


def _court(d: ImageDraw.ImageDraw, style: DeckStyle, suit: int, rank: int,
           W: float, H: float) -> None:
    """Courts: a tinted panel right of the index strip with a headdress on the suit mark
    (a cap for the Jack/Unter, a tiara for the Queen, a hat for the Ober, a crown for
    the King)."""
    x0, x1 = W * 0.50, W * 0.955
    y0, y1 = H - W * 0.92, H - W * 0.045
    d.rounded_rectangle((x0, y0, x1, y1), W * 0.06, fill=TINTS[style][suit])
    colour = index_colour(style, suit)
    cx, base, r = (x0 + x1) / 2, H - W * 0.505, W * 0.13
    if rank == 6:  # king: a crown
        pts = [(cx - r, base), (cx - r, base - r * 1.1), (cx - r * 0.5, base - r * 0.5),
               (cx, base - r * 1.3), (cx + r * 0.5, base - r * 0.5), (cx + r, base - r * 1.1),
               (cx + r, base)]
        d.polygon(pts, fill=colour)
    elif rank == 5 and style is DeckStyle.FRENCH:  # queen: a tiara
        d.rounded_rectangle((cx - r, base - r * 0.35, cx + r, base), r * 0.1, fill=colour)
        for k, (dx, rr) in enumerate(((-0.7, 0.22), (0.0, 0.3), (0.7, 0.22))):
            top = base - r * (0.75 if k == 1 else 0.6)
            d.ellipse((cx + dx * r - rr * r, top - rr * r, cx + dx * r + rr * r,
                       top + rr * r), fill=colour)
    elif rank == 5:  # Ober: a round hat with a brim
        d.pieslice((cx - r * 0.75, base - r * 1.2, cx + r * 0.75, base + r * 0.3), 180, 360,
                   fill=colour)
        d.rounded_rectangle((cx - r * 1.1, base - r * 0.25, cx + r * 1.1, base), r * 0.12,
                            fill=colour)
    else:  # jack / Unter: a cap with a feather
        d.polygon([(cx - r * 0.8, base), (cx - r * 0.6, base - r * 0.8),
                   (cx + r * 0.6, base - r * 0.8), (cx + r * 0.8, base)], fill=colour)
        d.line([(cx + r * 0.4, base - r * 0.7), (cx + r * 1.0, base - r * 1.5)], fill=colour,
               width=max(1, round(r * 0.22)))


@lru_cache(maxsize=32)
def _back(width: int) -> Image.Image:
    s = SUPERSAMPLE
    w, h = card_size(width)
    W, H = w * s, h * s
    img = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, W - 1, H - 1), _radius(W), fill=BACK, outline="#1b3360",
                        width=max(s, round(w * 0.012 * s)))
    m = W * 0.09
    d.rounded_rectangle((m, m, W - m, H - m), _radius(W) * 0.6, outline=BACK_LINE,
                        width=max(s, round(W * 0.022)))
    cx, cy, r = W / 2, H / 2, W * 0.2
    d.polygon(((cx, cy - r * 1.3), (cx + r, cy), (cx, cy + r * 1.3), (cx - r, cy)),
              outline=BACK_LINE, width=max(s, round(W * 0.022)))
    d.ellipse((cx - r * 0.3, cy - r * 0.3, cx + r * 0.3, cy + r * 0.3), fill=BACK_LINE)
    return _downsample(img, w, h)


def _dim(img: Image.Image) -> Image.Image:
    grey = Image.new("RGBA", img.size, (*DIM_TO, 255))
    out = Image.blend(img, grey, DIM_AMOUNT)
    out.putalpha(img.getchannel("A"))
    return out


def _outline(img: Image.Image, colour: str) -> Image.Image:
    out = img.copy()
    w = out.width
    ImageDraw.Draw(out).rounded_rectangle((0, 0, out.width - 1, out.height - 1), _radius(w),
                                          outline=colour, width=max(3, round(w * 0.04)))
    return out


@lru_cache(maxsize=1024)
def face(style: DeckStyle, card: int, width: int, state: CardState = CardState.NORMAL,
         indices: tuple[str, ...] | None = None) -> Image.Image:
    """The face of ``card`` (0..35) at ``width`` px in ``state`` (cached, RGBA);
    ``indices``: the nine rank indices, low to high (default :data:`INDICES`).

    Unguarded: layouts must go through :class:`renderer.guard.Deck`.
    """
    return _face_in(style, card, width, state, indices)


def _face_in(style: DeckStyle, card: int, width: int, state: CardState,
             indices: tuple[str, ...] | None) -> Image.Image:
    """:func:`face`, uncached but for the plain face it starts from."""
    style = DeckStyle(style)
    base = _face(style, int(card), width, indices or INDICES[style])
    if state is CardState.DIMMED:
        return _dim(base)
    if state is CardState.HIGHLIGHT:
        return _outline(base, HIGHLIGHT_COLOUR)
    return base


@lru_cache(maxsize=32)
def back(width: int, state: CardState = CardState.NORMAL) -> Image.Image:
    """The card back at ``width`` px (cached, RGBA)."""
    return _dim(_back(width)) if state is CardState.DIMMED else _back(width)


class Sprite:
    """A card image ready for fast pasting: opaque RGB pieces plus its four soft corners.

    Alpha-compositing a whole card costs several times a plain copy; only the rounded
    corners are not opaque, so they alone are pasted through their mask.
    """

    __slots__ = ("parts", "size")

    def __init__(self, rgba: Image.Image) -> None:
        w, h = self.size = rgba.size
        c = _radius(w) + 1
        alpha = rgba.getchannel("A")
        rgb = rgba.convert("RGB")
        body = ((c, 0, w - c, h), (0, c, c, h - c), (w - c, c, w, h - c))
        if min(min(alpha.crop(box).getextrema()) for box in body) != 255:
            raise ValueError("a card sprite is transparent outside its corners")
        self.parts = [part(x0, y0, rgb.crop((x0, y0, x1, y1))) for x0, y0, x1, y1 in body]
        for x, y in ((0, 0), (w - c, 0), (0, h - c), (w - c, h - c)):
            box = (x, y, x + c, y + c)
            self.parts.append(part(x, y, rgba.crop(box), alpha.crop(box)))

    def paste(self, canvas: Image.Image, xy: tuple[int, int]) -> None:
        paste_parts(canvas, self.parts, xy[0], xy[1])


@lru_cache(maxsize=1024)
def face_sprite(style: DeckStyle, card: int, width: int, state: CardState = CardState.NORMAL,
                indices: tuple[str, ...] | None = None) -> Sprite:
    """:func:`face` prepared for pasting (cached). Unguarded, like :func:`face`; a dimmed
    or highlighted face is kept only as its sprite (not also as an RGBA copy in
    :func:`face`'s cache: 86 KB at a hand's size, more than the sprite itself)."""
    return Sprite(_face_in(style, card, width, state, indices))


@lru_cache(maxsize=32)
def back_sprite(width: int, state: CardState = CardState.NORMAL) -> Sprite:
    return Sprite(back(width, state))


def clear_cache() -> None:
    """Drop every cached sprite (tests use it to check determinism from a cold start)."""
    for fn in (_face, _back, face, back, face_sprite, back_sprite):
        fn.cache_clear()
