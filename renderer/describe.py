"""Words for cards and sorting shared by the layouts and the images' alt text."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from bot.engine.actions import Action, ActionType
from bot.engine.cards import RANKS, SUITS
from bot.engine.view import SeatView

from .labels import Labels
from .suits import DeckStyle

_BLACK = (0, 1)  # French colours: clubs and spades black, hearts and diamonds red
_BASE_ORDER = (0, 2, 1, 3)  # C H S D: colours alternate


def suit_order(trump: int | None) -> tuple[int, ...]:
    """Suits left to right: trump first, then colours alternating where they can."""
    if trump is None:
        return _BASE_ORDER
    rest = [s for s in _BASE_ORDER if s != trump]

    def clashes(order: Sequence[int]) -> int:
        return sum((a in _BLACK) == (b in _BLACK) for a, b in zip(order, order[1:], strict=False))

    candidates: list[Sequence[int]] = [[trump, *rest], [trump, rest[1], rest[0], rest[2]],
                  [trump, rest[0], rest[2], rest[1]]]
    best: Sequence[int] = min(candidates, key=clashes)
    return tuple(best)


def sort_hand(cards: Iterable[int], trump: int | None) -> list[int]:
    """Cards in display order: by suit (trump first), high rank to low within a suit."""
    order = {s: i for i, s in enumerate(suit_order(trump))}
    return sorted(cards, key=lambda c: (order[c // 9], -(c % 9)))


def playable(legal: Iterable[Action]) -> int:
    """Bit mask of the cards named by the viewer's legal play/give actions."""
    mask = 0
    for a in legal:
        if a.type in (ActionType.PLAY, ActionType.GIVE) and a.card is not None:
            mask |= 1 << a.card
    return mask


def title(view: SeatView, labels: Labels) -> str:
    """The header's words: the contract with its announcements; before a contract the
    phase ("Bidding"); a deal that ended without one, the variant's name."""
    if view.contract is None and view.is_over:
        return labels.variant(view.variant)
    return labels.headline(view.variant, view.contract, view.announcements)


def card_name(card: int, style: DeckStyle, labels: Labels) -> str:
    suit, rank = SUITS[card // 9], RANKS[card % 9]
    r = labels.get(f"rank.{style.value}.{rank}") or labels(f"rank.{rank}")
    s = labels(f"suit.{style.value}.{suit}")
    return labels("card", rank=r, suit=s)


def card_list(cards: Iterable[int], style: DeckStyle, labels: Labels) -> str:
    return ", ".join(card_name(c, style, labels) for c in cards)
