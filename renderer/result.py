"""A deal's result: who won what, points and tricks per seat, the chips each seat pays or
receives (and the 1879 pot), with the dealt hands once the deal may be shown."""

from __future__ import annotations

from collections.abc import Mapping

from PIL import Image

from bot.engine.variants import rules_of
from bot.engine.view import DealResult, ResultStatus, SeatView

from . import draw as d
from .cards import card_size, strip_width
from .describe import sort_hand
from .encode import ImageFormat, RenderedImage, encode
from .guard import Deck
from .labels import Labels, as_labels
from .layout import Names, seat_names
from .suits import DeckStyle
from .text import Weight, display_name, draw_text, label_text

WIDTH = 900
MARGIN = 20
HEADER = 64
FONT, SMALL = 24, 19
CARD_W = 50
COL_NAME, COL_TRICKS, COL_POINTS, COL_CHIPS = 20, 300, 390, 480  # left x of each column
COL_CARDS = 560


def _headline(res: DealResult, view: SeatView, names: list[str], labels: Labels
              ) -> tuple[str, str, str]:
    """Headline text and its pill colours (fg, bg)."""
    contract = labels.contract(view.variant, res.contract)
    if res.status is ResultStatus.THROWN_IN:
        return labels("result.thrown_in"), d.TEXT, d.PILL
    if res.status is not ResultStatus.FINISHED:
        return labels("result.incomplete"), d.TEXT, d.PILL
    if res.declarer is None:
        loser = min(range(len(res.payments)), key=lambda s: (res.payments[s], s))
        return labels("result.ramsch", name=names[loser]), d.TEXT, d.PILL
    name = names[res.declarer]
    if res.won is True:
        return labels("result.won", name=name, contract=contract), d.DARK, d.PLUS
    if res.won is False:
        return labels("result.lost", name=name, contract=contract), d.DARK, d.MINUS
    return labels("result.draw", contract=contract), d.DARK, d.GOLD


def _chips(value: int) -> tuple[str, str]:
    return (f"{value:+d}" if value else "0"), (d.PLUS if value > 0 else d.MINUS if value < 0
                                               else d.MUTED)


def _cards(img: Image.Image, deck: Deck, cards: list[int], x: int, y: int, room: int) -> None:
    w, _ = card_size(CARD_W)
    step = max(strip_width(CARD_W), min(w + 4, (room - w) // max(1, len(cards) - 1)))
    for c in cards:
        deck.paste(img, c, (x, y), CARD_W)
        x += step


def draw_result(view: SeatView, names: Names = None, *,
                style: DeckStyle | str = DeckStyle.FRENCH,
                labels: Labels | Mapping[str, str] | None = None,
                show_hands: bool = False) -> Image.Image:
    """Draw ``view.result`` (blocking, ~ms). Raises ValueError while the deal is not over.

    ``show_hands`` adds each seat's dealt hand and the talon (where ``view`` shows them):
    a wider image, for a "show the deal" view; the default stays narrow and readable on
    a phone.
    """
    res = view.result
    if res is None:
        raise ValueError("the deal has no result yet")
    lab = as_labels(labels)
    deck = Deck(view, style, lab.indices(DeckStyle(style)))
    n = view.players
    who = seat_names(names, n, lab)
    shown = [display_name(x, lab.seat(i), FONT, Weight.BOLD, COL_TRICKS - COL_NAME - 44)
             for i, x in enumerate(who)]
    hands = view.dealt_hands if show_hands else None
    talon = view.dealt_talon if show_hands else None
    _, ch = card_size(CARD_W)
    row_h = ch + 14 if hands else 48
    sub = []
    if res.declarer_points is not None and res.status is ResultStatus.FINISHED:
        sub.append(lab("declarer_points", n=res.declarer_points))
    sub += [lab.multiplier(view.variant, m) for m in res.multipliers
            if m not in res.announcements]
    sub_h = 40 if sub else 6
    rows = n + (1 if rules_of(view.variant).keeps_pot or res.pot else 0) + (1 if talon else 0)
    height = HEADER + sub_h + 40 + rows * row_h + MARGIN
    longest = max([len(h) for h in hands or ()] + [len(talon) if talon else 0])
    cards_w = card_size(CARD_W)[0] + max(0, longest - 1) * strip_width(CARD_W)
    width = max(WIDTH, COL_CARDS + cards_w + MARGIN) if (hands or talon) else COL_CARDS + MARGIN
    img, draw = d.canvas(width, height)

    # header: contract chip, then the outcome
    title = (lab.headline(view.variant, res.contract, res.announcements)
             if res.contract is not None else lab.variant(view.variant))
    chip = d.trump_chip(img, draw, MARGIN, (HEADER - round(FONT * 1.6)) // 2, title,
                        deck.style, res.trump, FONT, max_width=round(width * 0.55) - MARGIN)
    text, fg, bg = _headline(res, view, shown, lab)
    d.pill(draw, chip[2] + 14, HEADER // 2, text, FONT, fg=fg, bg=bg, anchor="lm",
           max_width=width - chip[2] - 14 - MARGIN)
    if sub:
        draw_text(draw, (MARGIN, HEADER + sub_h // 2),
                  label_text(" · ".join(sub), SMALL, Weight.REGULAR, width - 2 * MARGIN),
                  SMALL, d.MUTED, anchor="lm")

    # column heads
    y = HEADER + sub_h
    for key, x, anchor in (("col.seat", COL_NAME, "ls"), ("col.tricks", COL_TRICKS + 60, "rs"),
                           ("col.points", COL_POINTS + 70, "rs"),
                           ("col.chips", COL_CHIPS + 60, "rs")):
        draw_text(draw, (x, y + 28), label_text(lab(key), SMALL, Weight.BOLD, 120), SMALL,
                  d.MUTED, Weight.BOLD, anchor=anchor)
    y += 40
    won = [sum(1 for t in res.tricks if t.winner == s) for s in range(n)]
    for seat in range(n):
        if seat % 2 == 0:
            draw.rectangle((0, y, width, y + row_h - 1), fill=d.PANEL)
        mid = y + row_h // 2
        x = COL_NAME
        if seat == res.declarer:
            d.star(draw, x + 10, mid, 11)
            x += 26
        draw_text(draw, (x, mid), shown[seat], FONT, d.TEXT, Weight.BOLD, anchor="lm")
        if seat == view.dealer:
            d.badge(draw, COL_TRICKS - 22, mid, 12, lab("dealer_mark"))
        draw_text(draw, (COL_TRICKS + 60, mid), str(won[seat]), FONT, d.TEXT, anchor="rm")
        pts = res.points[seat] if seat < len(res.points) else 0
        draw_text(draw, (COL_POINTS + 70, mid), str(pts), FONT, d.TEXT, anchor="rm")
        value, colour = _chips(res.payments[seat] if seat < len(res.payments) else 0)
        draw_text(draw, (COL_CHIPS + 60, mid), value, FONT, colour, Weight.BOLD, anchor="rm")
        if hands and seat < len(hands):
            _cards(img, deck, sort_hand(hands[seat], res.trump), COL_CARDS, y + 7,
                   width - COL_CARDS - MARGIN)
        y += row_h
    if rules_of(view.variant).keeps_pot or res.pot:
        mid = y + row_h // 2
        draw_text(draw, (COL_NAME, mid), lab("pot", n=res.pot), FONT, d.GOLD, Weight.BOLD,
                  anchor="lm")
        value, colour = _chips(-sum(res.payments))
        draw_text(draw, (COL_CHIPS + 60, mid), value, FONT, colour, Weight.BOLD, anchor="rm")
        y += row_h
    if talon:
        draw_text(draw, (COL_NAME, y + row_h // 2), lab("talon"), FONT, d.MUTED, Weight.BOLD,
                  anchor="lm")
        _cards(img, deck, sort_hand(talon, res.trump), COL_CARDS, y + 7,
               width - COL_CARDS - MARGIN)
    return img


def describe_result(view: SeatView, names: Names, labels: Labels) -> str:
    res = view.result
    if res is None:
        return ""
    who = seat_names(names, view.players, labels)
    text, _, _ = _headline(res, view, who, labels)
    pays = "; ".join(f"{who[s]} {_chips(p)[0]}" for s, p in enumerate(res.payments))
    return labels("alt.result", summary=f"{text}; {pays}")


def render_result(view: SeatView, names: Names = None, *,
                  style: DeckStyle | str = DeckStyle.FRENCH,
                  labels: Labels | Mapping[str, str] | None = None, show_hands: bool = False,
                  fmt: ImageFormat | str | None = None) -> RenderedImage:
    """The deal's result as an encoded image (blocking: run it with ``asyncio.to_thread``)."""
    lab = as_labels(labels)
    img = draw_result(view, names, style=style, labels=lab, show_hands=show_hands)
    return encode(img, "result", fmt, describe_result(view, names, lab), lab("file.result"))

