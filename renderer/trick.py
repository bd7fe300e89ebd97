"""A trick on a small table: each card at its player's seat, leader and winner marked."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from PIL import Image, ImageDraw

from bot.engine.view import Phase, SeatView, TrickView

from . import draw as d
from .cards import CardState, card_size
from .describe import card_name, title
from .encode import ImageFormat, RenderedImage, encode
from .guard import Deck
from .labels import Labels, as_labels
from .layout import Names, ring_radii, seat_names, seat_vector, turn_seat
from .suits import DeckStyle
from .text import Weight, display_name

CARD_W = 104
NAME_W = 196  # widest name pill
FONT = 21
GAP = 14
MARGIN = 18
HEADER = 54
MIN_WIDTH = 560


def pick_trick(view: SeatView) -> tuple[TrickView | None, int | None]:
    """The trick to show by default and its number (1-based): the one being played, else the
    last one completed, else the empty first trick."""
    current = view.current_trick
    if current is not None and current.cards:
        return current, len(view.tricks) + 1
    if view.tricks:
        return view.tricks[-1], len(view.tricks)
    return current, (len(view.tricks) + 1 if current is not None else None)


def total_tricks(view: SeatView) -> int:
    in_play = len(view.current_trick.cards) if view.current_trick else 0
    return (view.players * len(view.tricks) + in_play + sum(view.hand_sizes)) // view.players


@dataclass(frozen=True, slots=True)
class TrickStyle:
    """Sizes of one drawing of a trick (the trick image, or the centre of the table)."""

    card_w: int = CARD_W
    font: int = FONT
    names: bool = True  # a name pill under each card
    name_w: int = NAME_W
    badge_font: int | None = None  # the play order's digits (default: as the badge allows)


def unit_size(ts: TrickStyle) -> tuple[int, int]:
    w, h = card_size(ts.card_w)
    if ts.names:
        return max(w, ts.name_w), h + 8 + round(ts.font * 1.45)
    return w, h


def paint_trick(img: Image.Image, draw: ImageDraw.ImageDraw, deck: Deck, view: SeatView,
                trick: TrickView | None, names: list[str], labels: Labels,
                centre: tuple[int, int], ts: TrickStyle) -> None:
    """Draw ``trick`` round ``centre``: played cards, empty places, marks."""
    n = view.players
    uw, uh = unit_size(ts)
    a, b = ring_radii(n, uw, uh, GAP)
    w, h = card_size(ts.card_w)
    played: dict[int, tuple[int, int]] = {}  # seat -> (order, card)
    if trick is not None:
        for i, c in enumerate(trick.cards):
            played[trick.seat_of(i, n)] = (i, c)
    winner = trick.winner if trick is not None else None
    turn = turn_seat(view) if view.phase is Phase.PLAY else None
    waiting = {turn} if turn is not None and (trick is None or trick.winner is None) else set()
    r = max(11, round(ts.card_w * 0.13))
    if ts.badge_font is not None:
        r = max(r, round(ts.badge_font * 0.72))
    for seat in range(n):
        ux, uy = seat_vector(view, seat)
        cx, cy = centre[0] + a * ux, centre[1] + b * uy
        x0, y0 = round(cx - w / 2), round(cy - uh / 2)
        if seat in played:
            order, card = played[seat]
            state = CardState.HIGHLIGHT if seat == winner else CardState.NORMAL
            deck.paste(img, card, (x0, y0), ts.card_w, state)
            d.badge(draw, x0 + w - r * 0.4, y0 + r * 0.4, r, str(order + 1),
                    size=ts.badge_font)
        else:
            colour = d.GOLD if seat in waiting else None
            draw.rounded_rectangle((x0, y0, x0 + w, y0 + h), round(w * 0.075), fill=d.SLOT,
                                   outline=colour, width=3 if colour else 1)
        if ts.names:
            name = display_name(names[seat], labels.seat(seat), ts.font, Weight.BOLD,
                                ts.name_w - ts.font)
            if seat == view.declarer:
                name = "★ " + name
            is_win, is_turn = seat == winner, seat in waiting
            d.pill(draw, cx, y0 + h + 8, name, ts.font, anchor="mt",
                   fg=d.WIN_TEXT if is_win else d.TEXT, bg=d.GOLD if is_win else d.PILL,
                   outline=d.GOLD if is_turn else None, max_width=ts.name_w)


def draw_trick(view: SeatView, trick: TrickView | None = None, *,
               style: DeckStyle | str = DeckStyle.FRENCH, names: Names = None,
               labels: Labels | Mapping[str, str] | None = None) -> Image.Image:
    """Draw a trick (default: :func:`pick_trick`) as seen by ``view`` (blocking, ~ms)."""
    lab = as_labels(labels)
    deck = Deck(view, style, lab.indices(DeckStyle(style)))
    number: int | None
    if trick is None:
        trick, number = pick_trick(view)
    else:
        number = (len(view.tricks) + 1 if trick == view.current_trick
                  else next((i + 1 for i, t in enumerate(view.tricks) if t == trick), None))
    who = seat_names(names, view.players, lab)
    ts = TrickStyle()
    uw, uh = unit_size(ts)
    a, b = ring_radii(view.players, uw, uh, GAP)
    width = max(MIN_WIDTH, 2 * a + uw + 2 * MARGIN)
    height = HEADER + 2 * b + uh + MARGIN
    centre = (width // 2, HEADER + b + uh // 2)
    ea, eb = a + uw * 0.3, min(b + uh * 0.3, height - centre[1] - 4)
    img, draw = d.felt_canvas(width, height, (centre[0] - ea, centre[1] - eb,
                                              centre[0] + ea, centre[1] + eb))
    chip = d.trump_chip(img, draw, MARGIN, (HEADER - round(FONT * 1.6)) // 2,
                        title(view, lab), deck.style,
                        view.trump, FONT,
                        max_width=width // 2)
    if number is not None:
        d.pill(draw, width - MARGIN, (chip[1] + chip[3]) // 2,
               lab("trick_n", n=number, total=total_tricks(view)), FONT, anchor="rm",
               max_width=width - chip[2] - 2 * MARGIN)
    paint_trick(img, draw, deck, view, trick, who, lab, centre, ts)
    return img


def describe_trick(view: SeatView, trick: TrickView | None, style: DeckStyle | str,
                   names: Names, labels: Labels) -> str:
    if trick is None:
        trick, _ = pick_trick(view)
    if trick is None:
        return labels("alt.trick", plays="")
    who = seat_names(names, view.players, labels)
    plays = [labels("alt.play", name=who[trick.seat_of(i, view.players)],
                    card=card_name(c, DeckStyle(style), labels))
             for i, c in enumerate(trick.cards)]
    text = labels("alt.trick", plays="; ".join(plays))
    if trick.winner is not None:
        text += f"; {who[trick.winner]} {labels('wins')}"
    return text


def render_trick(view: SeatView, trick: TrickView | None = None, *,
                 style: DeckStyle | str = DeckStyle.FRENCH, names: Names = None,
                 labels: Labels | Mapping[str, str] | None = None,
                 fmt: ImageFormat | str | None = None) -> RenderedImage:
    """A trick as an encoded image (blocking: run it with ``asyncio.to_thread``).

    ``trick`` defaults to the trick in progress, else the last completed one; any trick
    given must be visible to ``view`` (else :class:`~renderer.guard.HiddenCardError`).
    """
    lab = as_labels(labels)
    img = draw_trick(view, trick, style=style, names=names, labels=lab)
    return encode(img, "trick", fmt, describe_trick(view, trick, style, names, lab),
                  lab("file.trick"))
