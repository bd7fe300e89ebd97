"""The table overview: seats round the table, the trick in the middle, the deal's state.

Each seat's panel shows its name on a row of its own (no mark takes its room), then the
declarer's star, the dealer mark and the optional session chips, then tricks won
(during the auction: the seat's last bid); its outline says whose turn it is. Every
text is at least :data:`SMALL` px, which stays 11 px or more when the image is shown
400 px wide (a phone): the image is at most ``400 * SMALL / 11`` px wide. The header
shows the contract with trump and announcements, the called card of a Rufer, the trick
number and the 1879 pot; hands laid open (Bettel) are drawn in a band below the table.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PIL import Image, ImageDraw

from bot.engine.variants import is_pass, make_variant, rules_of
from bot.engine.view import Phase, SeatView
from bot.i18n import signed

from . import draw as d
from .cards import card_size, strip_width
from .describe import card_name, sort_hand, title
from .encode import ImageFormat, RenderedImage, encode
from .guard import Deck
from .labels import Labels, as_labels
from .layout import Names, outer_ring, ring_radii, seat_names, seat_vector, turn_seat
from .suits import DeckStyle
from .text import Weight, display_name, draw_text, label_text, text_width
from .trick import TrickStyle, paint_trick, pick_trick, total_tricks, unit_size

#: the smallest text of the image, in px
SMALL = 27
PANEL_W, PANEL_H = 240, 128
NAME_FONT, INFO_FONT, HEAD_FONT = 28, SMALL, SMALL
ROW = 38  # a panel's rows, from its top: name, marks and chips, info
TRICK = TrickStyle(card_w=76, names=False, badge_font=SMALL)
GAP = 12
MARGIN = 18
HEADER = 60
OPEN_CARD_W = 58
TALON_CARD_W = 44


def _last_bids(view: SeatView, labels: Labels) -> dict[int, str]:
    out: dict[int, str] = {}
    for seat, action in view.auction:
        out[seat] = labels.bid(view.variant, action.argument or action.token)
    return out


def _info_line(view: SeatView, seat: int, bids: dict[int, str], labels: Labels) -> str:
    parts: list[str] = []
    if view.phase is not Phase.PLAY and not view.tricks:
        if seat in bids:
            parts.append(bids[seat])
    else:
        won = view.tricks_won[seat] if seat < len(view.tricks_won) else 0
        parts.append(labels("tricks_won", n=won))
    if view.kontra_by == seat:
        parts.append(labels("kontra"))
    if view.rekontra_by == seat:
        parts.append(labels("rekontra"))
    return " · ".join(parts)


def _panel(draw: ImageDraw.ImageDraw, view: SeatView, seat: int, box: tuple[int, int, int, int],
           name: str, info: str, chips: int | None, labels: Labels) -> None:
    x0, y0, x1, y1 = box
    turn = seat == turn_seat(view)
    draw.rounded_rectangle(box, 14, fill=d.PANEL, outline=d.GOLD if turn else d.FELT_EDGE,
                           width=4 if turn else 2)
    rows = [y0 + 8 + ROW // 2 + ROW * i for i in range(3)]
    room = name_room()
    text = display_name(name, labels.seat(seat), NAME_FONT, Weight.BOLD, room)
    draw_text(draw, (x0 + 12, rows[0]), text, NAME_FONT, d.GOLD if turn else d.TEXT,
              Weight.BOLD, anchor="lm")
    x, r = x0 + 12, SMALL * 0.62
    if seat == view.declarer:
        d.star(draw, x + r, rows[1], r)
        x += round(2 * r) + 8
    if seat == view.dealer:
        d.badge(draw, x + r, rows[1], r, labels("dealer_mark"), size=SMALL)
        x += round(2 * r) + 8
    if chips is not None:
        text = label_text(labels("chips", n=signed(chips)), INFO_FONT, Weight.BOLD,
                          x1 - 12 - x)
        draw_text(draw, (x1 - 12, rows[1]), text, INFO_FONT,
                  d.PLUS if chips > 0 else d.MINUS if chips < 0 else d.MUTED, Weight.BOLD,
                  anchor="rm")
    info = label_text(info, INFO_FONT, Weight.REGULAR, x1 - x0 - 24)
    draw_text(draw, (x0 + 12, rows[2]), info, INFO_FONT, d.MUTED, anchor="lm")


def name_room() -> int:
    """The width a seat's name may take in its panel, with or without marks."""
    return PANEL_W - 24


def _talon_size(view: SeatView) -> int:
    """Cards lying face down on the table: the talon (or, after a discard, the discards)."""
    deck = make_variant(view.variant, view.players, view.options).deck
    played = sum(len(t.cards) for t in view.tricks)
    if view.current_trick is not None:
        played += len(view.current_trick.cards)
    return max(0, deck - sum(view.hand_sizes) - played)


def _centre(img: Image.Image, draw: ImageDraw.ImageDraw, deck: Deck, view: SeatView,
            names: list[str], labels: Labels, centre: tuple[int, int], room: int) -> None:
    """Before play: the highest bid so far (or the phase, unless the header says it) and
    who holds it, and the talon face down (face up where this viewer has seen it)."""
    bids = [(s, a) for s, a in view.auction if not is_pass(view.variant, a)]
    if view.result is not None and view.result.status != "finished":
        word, seat = labels(f"short.{view.result.status}"), None
    elif view.contract is not None or view.phase is not Phase.AUCTION:
        word, seat = labels(f"phase.{view.phase.value}"), view.declarer
    elif bids:
        seat, action = bids[-1]
        word = labels.bid(view.variant, action.argument or action.token)
    else:
        word, seat = labels("phase.auction"), None
    if word == title(view, labels):  # the header says it already ("Bidding")
        word = ""
    talon = _talon_size(view) if not view.is_over else 0
    cw, ch = card_size(TALON_CARD_W)
    cy = centre[1] - (ch // 2 + 8 if talon else 0)
    size = 34
    if word:
        draw_text(draw, (centre[0], cy - 6), label_text(word, size, Weight.BOLD, room),
                  size, d.TEXT, Weight.BOLD, anchor="md")
    if seat is not None:
        name = display_name(names[seat], labels.seat(seat), NAME_FONT, Weight.BOLD, room)
        draw_text(draw, (centre[0], cy + 6), name, NAME_FONT, d.MUTED, Weight.BOLD,
                  anchor="ma")
    if talon:
        faces = (sort_hand(view.talon, view.trump)
                 if view.talon is not None and len(view.talon) == talon else [None] * talon)
        step = strip_width(TALON_CARD_W)
        x = centre[0] - (cw + step * (talon - 1)) // 2
        y = cy + NAME_FONT + 24
        for card in faces:
            deck.paste(img, card, (x, y), TALON_CARD_W)
            x += step


def _header(img: Image.Image, draw: ImageDraw.ImageDraw, deck: Deck, view: SeatView,
            names: list[str], labels: Labels, width: int) -> None:
    y = (HEADER - round(HEAD_FONT * 1.6)) // 2
    right = width - MARGIN
    if rules_of(view.variant).keeps_pot or view.pot:
        right = d.pill(draw, right, HEADER // 2, labels("pot", n=view.pot), HEAD_FONT,
                       anchor="rm", fg=d.DARK, bg=d.GOLD)[0] - 10
    number = pick_trick(view)[1]
    if number is not None and view.phase in (Phase.PLAY, Phase.FINISHED):
        right = d.pill(draw, right, HEADER // 2,
                       labels("trick_n", n=number, total=total_tricks(view)), HEAD_FONT,
                       anchor="rm")[0] - 10
    chip = d.trump_chip(img, draw, MARGIN, y,
                        title(view, labels),
                        deck.style, view.trump, HEAD_FONT, max_width=right - MARGIN)
    x = chip[2] + 12
    if view.declarer is not None and x < right - 80:
        name = display_name(names[view.declarer], labels.seat(view.declarer), HEAD_FONT,
                            Weight.BOLD, min(260, right - x - 50))
        box = d.pill(draw, x, HEADER // 2, "★ " + name, HEAD_FONT, anchor="lm")
        x = box[2] + 12
    if view.called_card is not None and x < right - 120:
        text = labels("called") + (" " + labels("called_in_talon") if view.called_in_talon
                                   else "")
        text = label_text(text, INFO_FONT, Weight.BOLD, right - x - 80)
        draw_text(draw, (x, HEADER // 2), text, INFO_FONT, d.MUTED, Weight.BOLD, anchor="lm")
        tx = x + round(text_width(text, INFO_FONT, Weight.BOLD)) + 8
        d.card_chip(img, draw, tx, (HEADER - round(HEAD_FONT * 1.6)) // 2,
                    deck.index(view.called_card), deck.style, HEAD_FONT)


def draw_table(view: SeatView, names: Names = None, *,
               style: DeckStyle | str = DeckStyle.FRENCH,
               labels: Labels | Mapping[str, str] | None = None,
               chips: Sequence[int] | None = None) -> Image.Image:
    """Draw the table as ``view`` sees it (normally the public view; blocking, ~ms)."""
    lab = as_labels(labels)
    deck = Deck(view, style, lab.indices(DeckStyle(style)))
    n = view.players
    who = seat_names(names, n, lab)
    tw, th = unit_size(TRICK)
    ta, tb = ring_radii(n, tw, th, GAP)
    pa, pb = outer_ring(n, (ta, tb, tw, th), PANEL_W, PANEL_H, GAP)
    opens = {s: h for s, h in sorted(view.open_hands.items()) if h}
    ow, oh = card_size(OPEN_CARD_W)
    band = (oh + 2 * MARGIN) * len(opens)
    width = 2 * pa + PANEL_W + 2 * MARGIN
    table_h = 2 * pb + PANEL_H + 2 * MARGIN
    img, draw = d.canvas(width, HEADER + table_h + band)
    centre = (width // 2, HEADER + table_h // 2)
    draw.ellipse((centre[0] - pa + PANEL_W * 0.15, centre[1] - pb + PANEL_H * 0.2,
                  centre[0] + pa - PANEL_W * 0.15, centre[1] + pb - PANEL_H * 0.2), fill=d.FELT)

    _header(img, draw, deck, view, who, lab, width)
    trick, _ = pick_trick(view)
    if (trick is not None and trick.cards) or view.phase is Phase.PLAY:
        paint_trick(img, draw, deck, view, trick, who, lab, centre, TRICK)
    else:
        _centre(img, draw, deck, view, who, lab, centre, 2 * pa - PANEL_W - 2 * GAP)
    bids = _last_bids(view, lab)
    for seat in range(n):
        ux, uy = seat_vector(view, seat)
        x0 = round(centre[0] + pa * ux - PANEL_W / 2)
        y0 = round(centre[1] + pb * uy - PANEL_H / 2)
        _panel(draw, view, seat, (x0, y0, x0 + PANEL_W, y0 + PANEL_H), who[seat],
               _info_line(view, seat, bids, lab),
               chips[seat] if chips is not None and seat < len(chips) else None, lab)

    y = HEADER + table_h
    for seat, hand in opens.items():
        label = display_name(who[seat], lab.seat(seat), NAME_FONT, Weight.BOLD, 220)
        draw_text(draw, (MARGIN, y + MARGIN), label, NAME_FONT, d.TEXT, Weight.BOLD)
        draw_text(draw, (MARGIN, y + MARGIN + NAME_FONT + 8), lab("open_hand"), INFO_FONT,
                  d.MUTED)
        cards = sort_hand(hand, view.trump)
        x = MARGIN + 240
        step = min(ow + 6, (width - x - MARGIN - ow) // max(1, len(cards) - 1))
        for c in cards:
            deck.paste(img, c, (x, y + MARGIN), OPEN_CARD_W)
            x += step
        y += oh + 2 * MARGIN
    return img


def describe_table(view: SeatView, names: Names, style: DeckStyle | str,
                   labels: Labels) -> str:
    who = seat_names(names, view.players, labels)
    parts = [labels.variant(view.variant),
             labels.headline(view.variant, view.contract, view.announcements)]
    if view.declarer is not None:
        parts.append(f"{labels('declarer')}: {who[view.declarer]}")
    if view.called_card is not None:
        parts.append(f"{labels('called')}: {card_name(view.called_card, DeckStyle(style), labels)}")
    if rules_of(view.variant).keeps_pot or view.pot:
        parts.append(labels("pot", n=view.pot))
    turn = turn_seat(view)
    if turn is not None:
        parts.append(labels("waiting_for", name=who[turn]))
    return labels("alt.table", summary="; ".join(parts))


def render_table(view: SeatView, names: Names = None, *,
                 style: DeckStyle | str = DeckStyle.FRENCH,
                 labels: Labels | Mapping[str, str] | None = None,
                 chips: Sequence[int] | None = None,
                 fmt: ImageFormat | str | None = None) -> RenderedImage:
    """The table overview as an encoded image (blocking: run it with ``asyncio.to_thread``).

    ``chips``: optional session balance per seat, shown in the seat panels.
    """
    lab = as_labels(labels)
    img = draw_table(view, names, style=style, labels=lab, chips=chips)
    return encode(img, "table", fmt, describe_table(view, names, style, lab),
                  lab("file.table"))
