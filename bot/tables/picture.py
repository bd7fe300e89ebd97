"""What the table image shows: the table as the auction began, or as the last trick ended.

The table message's text changes with every action; its image (the largest one the bot
draws, and the most costly: ``python -m bot bench render``) changes once a *chapter* of
the deal: the auction, each trick, and each of the short steps between them (a trump
chosen, a card called, cards laid away). Within the auction the text lists each bid, and
within a trick each card, while the image keeps showing the table as the chapter
began: the seats and the talon as the auction began, the trick completed last, the
tricks won and the header during play. It marks no seat as the one to act (the text
says whose turn it is), so the same picture is the same image spec: it is drawn once,
and every edit within the chapter reuses it (:class:`bot.ui.rendering.Renderer`
keeps drawn images by content). Once the deal is over, the result has its own image.

Measured with ``python -m bot bench load`` (figures in ``docs/benchmarks.md``).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from bot.engine import Phase, SeatView


@dataclass(frozen=True, slots=True)
class Picture:
    """The view a table image was last drawn from, and the deal it belongs to."""

    deal: int
    view: SeatView


#: the phases whose actions leave the picture as it is (many actions, each told in the text)
HELD = frozenset({Phase.AUCTION, Phase.PLAY})


def snapshot(view: SeatView) -> SeatView:
    """``view`` without the seat to act: a picture that holds for a whole chapter."""
    return dataclasses.replace(view, to_act=(), actor=None)


def table_picture(previous: Picture | None, deal: int | None,
                  view: SeatView | None) -> Picture | None:
    """The picture the table image is drawn from now (see the module docstring), given
    the one drawn last. ``view`` is the public view of deal number ``deal``."""
    if view is None or deal is None:
        return None
    if previous is not None and previous.deal == deal and view.phase in HELD \
            and previous.view.phase is view.phase \
            and len(previous.view.tricks) == len(view.tricks):
        return previous  # the same chapter: the auction, or the same trick
    # a chapter begins (or the bot restarted within one): a new picture
    return Picture(deal, snapshot(view))
