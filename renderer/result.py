"""A deal's result, designed for a phone first: the contract, who won or lost, the
declarer's points, tricks, points and chips per seat, and the 1879 pot, legible when
Discord shows it 360 px wide (every text at least 14 px there). The dealt hands are a
separate image (:mod:`renderer.hands`) that a button can show.
"""

from __future__ import annotations

from collections.abc import Mapping

from PIL import Image, ImageDraw

from bot.engine.variants import rules_of
from bot.engine.view import DealResult, ResultStatus, SeatView
from bot.i18n import signed

from . import draw as d
from .encode import ImageFormat, RenderedImage, encode
from .guard import Deck
from .labels import Labels, as_labels
from .layout import Names, seat_names
from .suits import DeckStyle
from .text import Weight, display_name, draw_text, label_text, text_width

WIDTH = 540  # shown 360 px wide on a phone: sizes here are 1.5× the size seen there
MARGIN = 18
HEAD, BIG, FONT, SMALL, CHIPS = 26, 28, 26, 21, 28  # px; SMALL 21 is 14 px at 360
ROW = 54
BADGE = 17  # the dealer mark's radius: its letter is 21 px
COL_TRICKS, COL_POINTS, COL_CHIPS = 334, 426, WIDTH - MARGIN  # right edges of the numbers
NAME_END = COL_TRICKS - 62


def result_title(view: SeatView, res: DealResult, labels: Labels) -> str:
    """The header's words: the contract with its announcements (``Ramsch · Kontra``), or
    the variant's name for a deal without one."""
    return (labels.headline(view.variant, res.contract, res.announcements)
            if res.contract is not None else labels.variant(view.variant))


def headline(res: DealResult, variant: str, names: list[str], labels: Labels
             ) -> tuple[str, str, str]:
    """The outcome in words and its pill colours (fg, bg). It never repeats the title
    (:func:`result_title`): a Ramsch says who pays, a draw that nobody pays."""
    if res.status is ResultStatus.THROWN_IN:
        return labels("result.thrown_in"), d.TEXT, d.PILL
    if res.status is not ResultStatus.FINISHED:
        return labels("result.incomplete"), d.TEXT, d.PILL
    if res.declarer is None:
        loser = min(range(len(res.payments)), key=lambda s: (res.payments[s], s))
        return labels("result.ramsch", name=names[loser]), d.TEXT, d.PILL
    name = names[res.declarer]
    contract = labels.contract(variant, res.contract)
    if res.won is True:
        return labels("result.won", name=name, contract=contract), d.DARK, d.PLUS
    if res.won is False:
        return labels("result.lost", name=name, contract=contract), d.DARK, d.MINUS
    return labels("result.draw"), d.DARK, d.GOLD


def chips_text(value: int) -> tuple[str, str]:
    """A chip balance as shown ("+5", "−3", "0") and its colour."""
    return signed(value), (d.PLUS if value > 0 else d.MINUS if value < 0 else d.MUTED)


def details(view: SeatView, res: DealResult, labels: Labels) -> list[str]:
    """The declarer's points and the multipliers that are not announcements."""
    parts = []
    if res.declarer_points is not None and res.status is ResultStatus.FINISHED:
        parts.append(labels("declarer_points", n=res.declarer_points))
    parts += [labels.multiplier(view.variant, m) for m in res.multipliers
              if m not in res.announcements]
    return parts


def _lines(parts: list[str], size: int, width: int, most: int = 2) -> list[str]:
    """``parts`` joined with " · " into at most ``most`` lines of ``width`` px."""
    lines: list[str] = []
    for part in parts:
        joined = f"{lines[-1]} · {part}" if lines else part
        if lines and text_width(joined, size) <= width:
            lines[-1] = joined
        else:
            lines.append(part)
    if len(lines) > most:
        lines[most - 1:] = [" · ".join(lines[most - 1:])]
    return [label_text(line, size, Weight.REGULAR, width) for line in lines]


def paint_header(img: Image.Image, draw: ImageDraw.ImageDraw, deck: Deck, view: SeatView,
                 res: DealResult, shown: list[str], labels: Labels, width: int) -> int:
    """Contract (and a Rufer's called card), the outcome in a coloured pill, then the
    details; returns the y below them."""
    y = 14
    right = width - MARGIN
    chip = d.trump_chip(img, draw, MARGIN, y, result_title(view, res, labels), deck.style,
                        res.trump, HEAD,
                        max_width=right - MARGIN)
    if view.called_card is not None and chip[2] + 90 < right:
        d.card_chip(img, draw, chip[2] + 10, y, deck.index(view.called_card), deck.style,
                    HEAD)
    y = chip[3] + 10
    text, fg, bg = headline(res, view.variant, shown, labels)
    box = d.pill(draw, MARGIN, y, text, BIG, fg=fg, bg=bg, anchor="lt",
                 max_width=width - 2 * MARGIN)
    y = box[3] + 6
    for line in _lines(details(view, res, labels), SMALL, width - 2 * MARGIN):
        draw_text(draw, (MARGIN + 4, y + 4), line, SMALL, d.MUTED)
        y += round(SMALL * 1.35)
    return y + 6


def finished_deal(view: SeatView, names: Names, style: DeckStyle | str,
                  labels: Labels | Mapping[str, str] | None
                  ) -> tuple[DealResult, Labels, Deck, list[str]]:
    """What an image of a finished deal is drawn from: its result, the labels, the
    viewer's deck and the seats' names. Raises ValueError while the deal is not over."""
    res = view.result
    if res is None:
        raise ValueError("the deal has no result yet")
    lab = as_labels(labels)
    deck = Deck(view, style, lab.indices(DeckStyle(style)))
    return res, lab, deck, seat_names(names, view.players, lab)


def draw_result(view: SeatView, names: Names = None, *,
                style: DeckStyle | str = DeckStyle.FRENCH,
                labels: Labels | Mapping[str, str] | None = None,
                show_hands: bool = False) -> Image.Image:
    """Draw ``view.result`` for a phone (blocking, ~ms); 540 px wide, 300-600 px tall.
    Raises ValueError while the deal is not over.

    ``show_hands=True`` (the former wide layout's switch) puts the dealt hands of
    :func:`renderer.hands.draw_hands` below it, in one taller image.
    """
    res, lab, deck, who = finished_deal(view, names, style, labels)
    n = view.players
    shown = [display_name(x, lab.seat(i), FONT, Weight.BOLD, NAME_END - MARGIN - 30)
             for i, x in enumerate(who)]
    pot_row = rules_of(view.variant).keeps_pot or bool(res.pot)
    canvas_h = 14 + 44 + 10 + 45 + 6 + 2 * round(SMALL * 1.35) + 6 + 34 + (n + pot_row) * ROW
    img, draw = d.canvas(WIDTH, canvas_h + MARGIN)
    y = paint_header(img, draw, deck, view, res, shown, lab, WIDTH)

    for key, x, anchor in (("col.seat", MARGIN, "ls"), ("col.tricks", COL_TRICKS, "rs"),
                           ("col.points", COL_POINTS, "rs"), ("col.chips", COL_CHIPS, "rs")):
        room = NAME_END - MARGIN if key == "col.seat" else 88
        draw_text(draw, (x, y + 24), label_text(lab(key), SMALL, Weight.BOLD, room), SMALL,
                  d.MUTED, Weight.BOLD, anchor=anchor)
    y += 34
    won = [sum(1 for t in res.tricks if t.winner == s) for s in range(n)]
    for seat in range(n):
        if seat % 2 == 0:
            draw.rectangle((0, y, WIDTH, y + ROW - 1), fill=d.PANEL)
        mid = y + ROW // 2
        x = MARGIN
        if seat == res.declarer:
            d.star(draw, x + 11, mid, 12)
            x += 28
        room = NAME_END - x - (2 * BADGE + 10 if seat == view.dealer else 0)
        name = display_name(who[seat], lab.seat(seat), FONT, Weight.BOLD, room)
        draw_text(draw, (x, mid), name, FONT, d.TEXT, Weight.BOLD, anchor="lm")
        if seat == view.dealer:
            d.badge(draw, x + text_width(name, FONT, Weight.BOLD) + 8 + BADGE, mid, BADGE,
                    lab("dealer_mark"))
        draw_text(draw, (COL_TRICKS, mid), str(won[seat]), FONT, d.TEXT, anchor="rm")
        pts = res.points[seat] if seat < len(res.points) else 0
        draw_text(draw, (COL_POINTS, mid), str(pts), FONT, d.TEXT, anchor="rm")
        value, colour = chips_text(res.payments[seat] if seat < len(res.payments) else 0)
        draw_text(draw, (COL_CHIPS, mid), value, CHIPS, colour, Weight.BOLD, anchor="rm")
        y += ROW
    if pot_row:
        mid = y + ROW // 2
        draw_text(draw, (MARGIN, mid), label_text(lab("pot", n=res.pot), FONT, Weight.BOLD,
                                                  NAME_END - MARGIN),
                  FONT, d.GOLD, Weight.BOLD, anchor="lm")
        value, colour = chips_text(-sum(res.payments))
        draw_text(draw, (COL_CHIPS, mid), value, CHIPS, colour, Weight.BOLD, anchor="rm")
        y += ROW
    img = img.crop((0, 0, WIDTH, y + MARGIN))
    if show_hands:
        from .hands import draw_hands

        hands = draw_hands(view, names, style=style, labels=lab, header=False,
                           min_width=WIDTH)
        both, _ = d.canvas(max(WIDTH, hands.width), img.height + hands.height)
        both.paste(img, (0, 0))
        both.paste(hands, (0, img.height))
        return both
    return img


def describe_result(view: SeatView, names: Names, labels: Labels) -> str:
    res = view.result
    if res is None:
        return ""
    who = seat_names(names, view.players, labels)
    text, _, _ = headline(res, view.variant, who, labels)
    pays = "; ".join(f"{who[s]} {signed(p)}" for s, p in enumerate(res.payments))
    return labels("alt.result", summary=f"{result_title(view, res, labels)}; {text}; {pays}")


def render_result(view: SeatView, names: Names = None, *,
                  style: DeckStyle | str = DeckStyle.FRENCH,
                  labels: Labels | Mapping[str, str] | None = None, show_hands: bool = False,
                  fmt: ImageFormat | str | None = None) -> RenderedImage:
    """The deal's result as an encoded image for a phone (blocking: run it with
    ``asyncio.to_thread``); ``show_hands=True`` adds the dealt hands below. For the
    hands alone (a button's answer) use :func:`renderer.render_hands`."""
    lab = as_labels(labels)
    img = draw_result(view, names, style=style, labels=lab, show_hands=show_hands)
    return encode(img, "result", fmt, describe_result(view, names, lab), lab("file.result"))
