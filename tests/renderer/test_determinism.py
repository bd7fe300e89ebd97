"""Same input, same pixels: also from a cold sprite cache."""

from __future__ import annotations

import hashlib

from renderer import cards, render_chip_chart, render_hand, render_table, render_trick
from renderer.hand import draw_hand
from renderer.samples import sample_chips, sample_names
from renderer.trick import draw_trick

from .conftest import VIEWS


def _pixels(img) -> str:  # type: ignore[no-untyped-def]
    return hashlib.sha256(img.tobytes()).hexdigest()


def test_same_view_gives_the_same_pixels_and_bytes() -> None:
    view = VIEWS["zuger-trick-done"]
    names = sample_names(4)
    first = _pixels(draw_trick(view, names=names)), _pixels(draw_hand(view, names=names))
    a = render_trick(view, names=names).data, render_hand(view, names=names).data
    cards.clear_cache()
    second = _pixels(draw_trick(view, names=names)), _pixels(draw_hand(view, names=names))
    b = render_trick(view, names=names).data, render_hand(view, names=names).data
    assert first == second
    assert a == b


def test_table_and_chart_are_deterministic() -> None:
    view = VIEWS["dapp-6-durch"]
    names = sample_names(6)
    assert render_table(view, names).data == render_table(view, names).data
    assert render_chip_chart(sample_chips()).data == render_chip_chart(sample_chips()).data


def test_concurrent_renders_in_threads_match_serial_ones() -> None:
    """Callers render with asyncio.to_thread: shared caches and fonts must hold up."""
    import asyncio

    cards.clear_cache()
    jobs = [(VIEWS[k], s) for k in ("zuger-play", "dapp-6-durch", "wuerttemberg-farbe")
            for s in ("french", "german", "swiss")]

    def one(view, style):  # type: ignore[no-untyped-def]
        names = sample_names(view.players)
        return render_trick(view, style=style, names=names).data, render_table(
            view, names, style=style).data

    async def all_at_once():  # type: ignore[no-untyped-def]
        return await asyncio.gather(*(asyncio.to_thread(one, v, s) for v, s in jobs * 2))

    results = asyncio.run(all_at_once())
    serial = [one(v, s) for v, s in jobs * 2]
    assert results == serial


def test_fast_sprite_paste_equals_alpha_compositing() -> None:
    from PIL import Image

    from renderer.guard import Deck

    view = VIEWS["zuger-result"]  # over: every card is visible
    for style in ("french", "german", "swiss"):
        deck = Deck(view, style)
        for width in (38, 50, 58, 76, 104, 120):
            for state in cards.CardState:
                for card in (0, 13, 26, 35, None):
                    sprite = (cards.back(width, state) if card is None
                              else cards.face(style, card, width, state))
                    slow = Image.new("RGB", (150, 200), "#236b4c")
                    fast = slow.copy()
                    slow.paste(sprite, (5, 7), sprite)
                    deck.paste(fast, card, (5, 7), width, state)
                    assert slow.tobytes() == fast.tobytes(), (style, width, state, card)
