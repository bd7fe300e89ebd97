"""Every seat's dealt hand and the talon once a deal is over: the detail behind the
result image, for a "show the hands" button (or below the result, ``show_hands``).

One block per seat, top to bottom: the name (declarer's star, dealer mark) with the
seat's chips, then its hand sorted as in the hand image. Cards are 62 px mini cards
(index 28 px, capitals 21 px) in an image 540 px wide, as the result: on a phone 360 px
wide the indices are 14 px tall and the names 17 px.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PIL import Image, ImageDraw

from bot.engine.view import SeatView

from . import draw as d
from .cards import card_size, strip_width
from .describe import card_list, sort_hand
from .encode import ImageFormat, RenderedImage, encode
from .labels import Labels, as_labels
from .layout import Names, seat_names
from .result import (
    BADGE,
    CHIPS,
    FONT,
    MARGIN,
    chips_text,
    finished_deal,
    headline,
    paint_header,
    result_title,
)
from .suits import DeckStyle
from .text import Weight, display_name, draw_text, label_text, text_width

CARD_W = 62  # below cards.MINI_WIDTH: the larger index of a mini card
MIN_WIDTH = 540  # as the result image: both are shown at the same scale
SUIT_GAP = 6
COLUMN_GAP = 20
MAX_WIDTH = 600  # two columns only while the image stays this narrow
NAME_H = 40  # the name line above a hand
BLOCK_GAP = 16


def _offsets(cards: Sequence[int], step: float) -> tuple[list[int], int]:
    """x of each card in a row (a small gap between suits), and the row's width."""
    xs, x = [], 0.0
    for i, c in enumerate(cards):
        if i and c // 9 != cards[i - 1] // 9:
            x += SUIT_GAP
        xs.append(round(x))
        x += step
    return xs, (xs[-1] + CARD_W if xs else 0)


def _step(rows: list[list[int]], room: int) -> float:
    """One card step for every row: overlapped down to the index strip, spread out (up
    to a small gap between whole cards) where the widest row has room."""
    step = float(CARD_W + 6)
    for cards in rows:
        if len(cards) > 1:
            gaps = _offsets(cards, 0)[0][-1]
            step = min(step, (room - CARD_W - gaps) / (len(cards) - 1))
    return max(float(strip_width(CARD_W)), step)


def draw_hands(view: SeatView, names: Names = None, *,
               style: DeckStyle | str = DeckStyle.FRENCH,
               labels: Labels | Mapping[str, str] | None = None, header: bool = True,
               min_width: int = MIN_WIDTH) -> Image.Image:
    """Draw the dealt hands and the talon of a finished deal (blocking, ~ms); hands the
    view may not see raise :class:`~renderer.guard.HiddenCardError`. Short hands (Dapp's
    six cards) stand in two columns. ``header``: the contract and outcome on top (off
    below the result image)."""
    res, lab, deck, who = finished_deal(view, names, style, labels)
    n = view.players
    hands = [sort_hand(h, res.trump) for h in (view.dealt_hands or [()] * n)]
    talon = sort_hand(view.dealt_talon or (), res.trump)
    rows = [*hands, talon] if talon else hands
    widest = max(_offsets(r, strip_width(CARD_W))[1] for r in rows)
    columns = 2 if n >= 4 and 2 * (widest + MARGIN) + COLUMN_GAP <= MAX_WIDTH else 1
    width = max(min_width, columns * widest + (columns - 1) * COLUMN_GAP + 2 * MARGIN)
    col_w = (width - 2 * MARGIN - (columns - 1) * COLUMN_GAP) // columns
    step = _step(rows, col_w)
    _, ch = card_size(CARD_W)
    block = NAME_H + ch + BLOCK_GAP
    top = 190 if header else 8
    lines = (len(hands) + columns - 1) // columns + (1 if talon else 0)
    img, draw = d.canvas(width, top + block * lines + MARGIN)
    y0 = top
    if header:
        shown = [display_name(x, lab.seat(i), FONT, Weight.BOLD, 300) for i, x in enumerate(who)]
        y0 = paint_header(img, draw, deck, view, res, shown, lab, width) + 4
    for i, cards in enumerate(rows):
        line, col = (i // columns, i % columns) if i < n else (lines - 1, 0)
        x0, y = MARGIN + col * (col_w + COLUMN_GAP), y0 + line * block
        mid = y + NAME_H // 2
        if i < n:
            _name_line(draw, view, i, who[i], lab, x0, x0 + col_w, mid)
        else:
            draw_text(draw, (x0, mid), label_text(lab("talon"), FONT, Weight.BOLD, col_w),
                      FONT, d.MUTED, Weight.BOLD, anchor="lm")
        xs, _ = _offsets(cards, step)
        for c, cx in zip(cards, xs, strict=True):
            deck.paste(img, c, (x0 + cx, y + NAME_H), CARD_W)
    return img.crop((0, 0, width, y0 + lines * block - BLOCK_GAP + MARGIN))


def _name_line(draw: ImageDraw.ImageDraw, view: SeatView, seat: int, name: str,
               labels: Labels, x: int, right: int, mid: int) -> None:
    """A seat's name (declarer's star, dealer mark) on the left, its chips on the right."""
    res = view.result
    assert res is not None
    value, colour = chips_text(res.payments[seat] if seat < len(res.payments) else 0)
    draw_text(draw, (right, mid), value, CHIPS, colour, Weight.BOLD, anchor="rm")
    right -= round(text_width(value, CHIPS, Weight.BOLD)) + 12
    if seat == res.declarer:
        d.star(draw, x + 11, mid, 12)
        x += 28
    dealer = seat == view.dealer
    shown = display_name(name, labels.seat(seat), FONT, Weight.BOLD,
                         right - x - (2 * BADGE + 10 if dealer else 0))
    draw_text(draw, (x, mid), shown, FONT, d.TEXT, Weight.BOLD, anchor="lm")
    if dealer:
        d.badge(draw, x + text_width(shown, FONT, Weight.BOLD) + 8 + BADGE, mid, BADGE,
                labels("dealer_mark"))


def describe_hands(view: SeatView, names: Names, style: DeckStyle | str,
                   labels: Labels) -> str:
    """The contract, the outcome, then each seat's dealt hand and the talon, in words
    ("Result: Solo; Anna wins; Anna: Ace of Hearts, …; Talon: …")."""
    res = view.result
    if res is None:
        return ""
    who = seat_names(names, view.players, labels)
    style = DeckStyle(style)
    parts = [result_title(view, res, labels), headline(res, view.variant, who, labels)[0]]
    for seat, hand in enumerate(view.dealt_hands or ()):
        parts.append(f"{who[seat]}: {card_list(sort_hand(hand, res.trump), style, labels)}")
    if view.dealt_talon:
        parts.append(f"{labels('talon')}: "
                     f"{card_list(sort_hand(view.dealt_talon, res.trump), style, labels)}")
    return labels("alt.result", summary="; ".join(parts))  # no new words to translate


def render_hands(view: SeatView, names: Names = None, *,
                 style: DeckStyle | str = DeckStyle.FRENCH,
                 labels: Labels | Mapping[str, str] | None = None,
                 fmt: ImageFormat | str | None = None) -> RenderedImage:
    """The dealt hands of a finished deal as an encoded image (``hands.jpg``; blocking:
    run it with ``asyncio.to_thread``). Raises ValueError while the deal is not over."""
    lab = as_labels(labels)
    img = draw_hands(view, names, style=style, labels=lab)
    return encode(img, "hands", fmt, describe_hands(view, names, style, lab),
                  lab("file.hands"))
