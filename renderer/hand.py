"""The private hand: one seat's cards, sorted, with the cards it may play marked."""

from __future__ import annotations

from collections.abc import Mapping

from PIL import Image

from bot.engine.actions import ActionType
from bot.engine.view import Phase, SeatView

from . import draw as d
from .cards import CardState, card_size, strip_width
from .describe import card_list, playable, sort_hand, title
from .encode import ImageFormat, RenderedImage, encode
from .guard import Deck
from .labels import Labels, as_labels
from .layout import Names, seat_names, turn_seat
from .suits import DeckStyle
from .text import Weight, display_name

CARD_W = 120
MARGIN = 16
SUIT_GAP = 8
LIFT = 20  # legal cards stand this much higher
HEADER = 56
FONT = 22
MIN_WIDTH = 560
TARGET_WIDTH = 880


def _status(view: SeatView, names: list[str], labels: Labels) -> tuple[str, bool]:
    """The header's right-hand text, and whether it is the viewer's turn."""
    if view.is_over:
        return labels("phase.finished"), False
    turn = turn_seat(view)
    if view.seat is not None and view.seat == turn:
        kinds = {a.type for a in view.legal}
        if ActionType.DISCARD in kinds:
            count = next((a.count for a in view.legal if a.count), None)
            return (labels("discard_n", n=count) if count else labels("phase.discard")), True
        if ActionType.PLAY in kinds:
            return labels("play_card"), True
        if ActionType.GIVE in kinds:
            return labels("give_card"), True
        if ActionType.CALL in kinds:
            return labels("call_card"), True
        if ActionType.TRUMP in kinds:
            return labels("choose_trump"), True
        return labels("your_turn"), True
    if turn is not None:
        return labels("waiting_for", name=names[turn]), False
    return labels(f"phase.{view.phase.value}"), False


def draw_hand(view: SeatView, *, style: DeckStyle | str = DeckStyle.FRENCH,
              names: Names = None, labels: Labels | Mapping[str, str] | None = None,
              ) -> Image.Image:
    """Draw ``view``'s own hand (blocking; a few ms). The public view has no hand."""
    lab = as_labels(labels)
    deck = Deck(view, style, lab.indices(DeckStyle(style)))
    who = seat_names(names, view.players, lab)
    hand = sort_hand(view.hand or (), view.trump)
    legal = playable(view.legal) if view.seat is not None and view.seat == turn_seat(view) else 0
    marking = bool(legal) and view.phase in (Phase.PLAY, Phase.GIVE)

    w, h = card_size(CARD_W)
    gaps = SUIT_GAP * (len({c // 9 for c in hand}) - 1) if hand else 0
    room = (TARGET_WIDTH - 2 * MARGIN - w - gaps) / max(1, len(hand) - 1)
    step = round(min(w + 8, max(strip_width(CARD_W), room)))  # spread small hands out
    xs, x = [], 0
    for i, c in enumerate(hand):
        if i and c // 9 != hand[i - 1] // 9:
            x += SUIT_GAP
        xs.append(x)
        x += step
    cards_w = (xs[-1] + w) if hand else w
    width = max(MIN_WIDTH, cards_w + 2 * MARGIN)
    lift = LIFT if marking else 0
    height = HEADER + lift + h + MARGIN
    img, draw = d.canvas(width, height)

    # header: contract and trump on the left, whose turn on the right
    contract = title(view, lab)
    status, mine = _status(view, [display_name(n, lab.seat(i), FONT, Weight.BOLD, 300)
                                  for i, n in enumerate(who)], lab)
    left_of_status = width
    if status != contract:  # the phase as status only where the header does not say it
        left_of_status = d.pill(draw, width - MARGIN, HEADER // 2, status, FONT, anchor="rm",
                                fg=d.DARK if mine else d.TEXT, bg=d.GOLD if mine else d.PILL,
                                max_width=width // 2)[0]
    d.trump_chip(img, draw, MARGIN, (HEADER - round(FONT * 1.6)) // 2, contract, deck.style,
                 view.trump, FONT, max_width=left_of_status - 2 * MARGIN)

    x0 = (width - cards_w) // 2
    for c, cx in zip(hand, xs, strict=True):
        if not marking:
            state, y = CardState.NORMAL, HEADER + lift
        elif legal >> c & 1:
            state, y = CardState.HIGHLIGHT, HEADER
        else:
            state, y = CardState.DIMMED, HEADER + lift
        deck.paste(img, c, (x0 + cx, y), CARD_W, state)
    return img


def describe_hand(view: SeatView, style: DeckStyle | str, labels: Labels) -> str:
    style = DeckStyle(style)
    hand = sort_hand(view.hand or (), view.trump)
    text = labels("alt.hand", cards=card_list(hand, style, labels))
    legal = playable(view.legal)
    if legal and view.seat == turn_seat(view):
        playable_cards = [c for c in hand if legal >> c & 1]
        text += "; " + (labels("alt.all_playable") if playable_cards == hand else
                        labels("alt.playable", cards=card_list(playable_cards, style, labels)))
    return text


def render_hand(view: SeatView, *, style: DeckStyle | str = DeckStyle.FRENCH,
                names: Names = None, labels: Labels | Mapping[str, str] | None = None,
                fmt: ImageFormat | str | None = None) -> RenderedImage:
    """The viewer's hand as an encoded image (blocking: run it with ``asyncio.to_thread``)."""
    lab = as_labels(labels)
    img = draw_hand(view, style=style, names=names, labels=lab)
    return encode(img, "hand", fmt, describe_hand(view, style, lab), lab("file.hand"))
