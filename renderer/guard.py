"""The one gate between layouts and card faces: a viewer's :class:`Deck`.

Layouts never import the sprite functions for faces; they ask a ``Deck`` built from the
view they draw, and the deck refuses (``HiddenCardError``) any card that is not in
``view.visible_cards()``. Backs are always allowed. So a layout cannot draw a card its
viewer may not see, whatever it is passed.
"""

from __future__ import annotations

from PIL import Image

from bot.engine.cards import CARD_NAMES
from bot.engine.view import SeatView

from . import cards as _cards
from .cards import CardState
from .suits import DeckStyle, index_colour


class HiddenCardError(RuntimeError):
    """A layout asked for the face of a card its viewer may not see (a bug, never shown)."""


class Deck:
    """Card sprites for one viewer: faces only of the cards ``view`` lets it see."""

    __slots__ = ("_visible", "indices", "style")

    def __init__(self, view: SeatView, style: DeckStyle | str,
                 indices: tuple[str, ...] | None = None) -> None:
        self._visible: int = view.visible_cards().mask
        self.style = DeckStyle(style)
        self.indices = indices or _cards.INDICES[self.style]

    def can_see(self, card: int) -> bool:
        return 0 <= card < 36 and bool(self._visible >> card & 1)

    def face(self, card: int, width: int, state: CardState = CardState.NORMAL) -> Image.Image:
        """The face sprite of ``card``; raises :class:`HiddenCardError` if it is hidden."""
        self._check(card)
        return _cards.face(self.style, card, width, state, self.indices)

    def _check(self, card: int) -> None:
        if not self.can_see(card):
            name = CARD_NAMES[card] if 0 <= card < 36 else repr(card)
            raise HiddenCardError(f"card {name} is not visible to this viewer")

    def index(self, card: int) -> tuple[str, str, int]:
        """``(rank index, its colour, suit)`` of a visible card, to name it in a chip."""
        self._check(card)
        return self.indices[card % 9], index_colour(self.style, card // 9), card // 9

    def back(self, width: int, state: CardState = CardState.NORMAL) -> Image.Image:
        return _cards.back(width, state)

    def paste(self, canvas: Image.Image, card: int | None, xy: tuple[int, int], width: int,
              state: CardState = CardState.NORMAL) -> None:
        """Paste a face (or, for ``None``, a back) with its top-left corner at ``xy``."""
        if card is None:
            _cards.back_sprite(width, state).paste(canvas, xy)
            return
        self._check(card)
        _cards.face_sprite(self.style, card, width, state, self.indices).paste(canvas, xy)
