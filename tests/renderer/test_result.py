"""The result on a phone: legible at 360 px wide, with the essentials; the hands apart."""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import ImageDraw

from bot.engine.view import SeatView
from renderer import cards, draw, hands, render_hands, render_result, result, text
from renderer.fontfiles import Weight
from renderer.guard import Deck
from renderer.hands import CARD_W, draw_hands
from renderer.result import draw_result
from renderer.samples import sample_names
from renderer.suits import INDEX_COLOURS, DeckStyle

from .conftest import VIEWS

PHONE = 360  # px: how wide Discord shows an image on a phone
RESULTS = {k: v for k, v in VIEWS.items() if v.result is not None}


@pytest.fixture
def sizes(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[str, int]]]:
    """(text, size) of every ``draw_text`` call of the result and hands layouts."""
    seen: list[tuple[str, int]] = []
    real = text.draw_text

    def record(dr: ImageDraw.ImageDraw, xy: tuple[float, float], txt: str, size: int,
               fill: Any, weight: Weight = Weight.REGULAR, anchor: str = "la") -> None:
        seen.append((txt, size))
        real(dr, xy, txt, size, fill, weight, anchor)

    for module in (draw, result, hands):
        monkeypatch.setattr(module, "draw_text", record)
    draw.clear_cache()  # pills drawn before would be pasted, not drawn
    yield seen


@pytest.mark.parametrize("key", sorted(RESULTS))
def test_the_result_is_legible_on_a_phone(key: str, sizes: list[tuple[str, int]]) -> None:
    view = RESULTS[key]
    img = draw_result(view, sample_names(view.players), style="german")
    assert img.width == result.WIDTH
    assert img.height <= 1.2 * img.width  # not a tall strip Discord shrinks to fit
    scale = PHONE / img.width
    small = [(t, s) for t, s in sizes if s * scale < 14 - 0.01]
    assert not small, small


@pytest.mark.parametrize("key", sorted(RESULTS))
def test_the_result_shows_the_essentials(key: str, sizes: list[tuple[str, int]]) -> None:
    view = RESULTS[key]
    res = view.result
    assert res is not None
    draw_result(view, sample_names(view.players))
    drawn = [t for t, _ in sizes]
    labels = result.as_labels(None)
    if res.contract is not None:
        assert labels.headline(view.variant, res.contract, res.announcements) in drawn
    head = result.headline(res, view.variant, sample_names(view.players), labels)[0]
    assert any(head.startswith(t.rstrip(text.ELLIPSIS)) for t in drawn), (head, drawn)
    if res.declarer_points is not None and res.status == "finished":
        assert any(labels("declarer_points", n=res.declarer_points) in t for t in drawn)
    for value in res.payments:  # chips per seat
        assert result.chips_text(value)[0] in drawn
    if view.variant == "tapp1879":
        assert labels("pot", n=res.pot) in drawn


@pytest.mark.parametrize("key", sorted(RESULTS))
def test_the_hands_image_shows_every_dealt_card(key: str, monkeypatch: pytest.MonkeyPatch,
                                                sizes: list[tuple[str, int]]) -> None:
    view = RESULTS[key]
    pasted: list[int | None] = []
    real = Deck.paste

    def paste(self: Deck, img: Any, card: int | None, xy: tuple[int, int], width: int,
              *args: Any, **kwargs: Any) -> None:
        pasted.append(card)
        assert width == CARD_W
        real(self, img, card, xy, width, *args, **kwargs)

    monkeypatch.setattr(Deck, "paste", paste)
    img = draw_hands(view, sample_names(view.players), style="swiss")
    dealt = [c for h in view.dealt_hands or () for c in h] + list(view.dealt_talon or ())
    assert sorted(c for c in pasted if c is not None) == sorted(dealt)
    scale = PHONE / img.width  # two columns of Dapp's short hands: 576 px wide
    assert all(s * scale >= 13 for _, s in sizes), sizes
    capitals = text.ink("K", round(cards.index_size(CARD_W)), Weight.CONDENSED).height
    assert capitals * scale >= 12.5  # card indices on a phone


def test_show_hands_puts_the_hands_below_the_result() -> None:
    view = RESULTS["tapp1879-result"]
    names = sample_names(3)
    alone = draw_result(view, names)
    both = draw_result(view, names, show_hands=True)
    below = draw_hands(view, names, header=False, min_width=alone.width)
    assert both.width == alone.width and both.height == alone.height + below.height
    assert both.crop((0, 0, *alone.size)).tobytes() == alone.tobytes()
    assert both.crop((0, alone.height, both.width, both.height)).tobytes() == below.tobytes()


def test_render_hands_is_its_own_image() -> None:
    view = RESULTS["zuger-result"]
    image = render_hands(view, sample_names(4), style="french")
    assert image.filename == "hands.jpg" and image.content_type == "image/jpeg"
    assert image.description.startswith("Result: ") and "Anna: " in image.description
    assert "Talon: " in image.description
    assert render_hands(view, labels={"file.hands": "karten"}).filename == "karten.jpg"
    assert render_result(view).filename == "result.jpg"


def _lab(colour: str) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of a ``#rrggbb`` colour."""
    def lin(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (lin(int(colour[i:i + 2], 16)) for i in (1, 3, 5))
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


@pytest.mark.parametrize("style", [DeckStyle.GERMAN, DeckStyle.SWISS])
def test_german_and_swiss_suits_have_four_distinct_index_colours(style: DeckStyle) -> None:
    """Acorn and bell marks are both golden: their indices must differ clearly (they were
    dark brown and orange, 54 apart, which blur together at 7 px)."""
    colours = INDEX_COLOURS[style]
    for a in range(4):
        for b in range(a + 1, 4):
            la, lb = _lab(colours[a]), _lab(colours[b])
            distance = sum((p - q) ** 2 for p, q in zip(la, lb, strict=True)) ** 0.5
            assert distance >= 50, (style, a, b, distance)
    # lightness blurs away in thin strokes at small sizes, hue stays: acorn and bell
    # need different hues, or one grey and one coloured (brown and orange were 7° apart)
    (_, a1, b1), (_, a2, b2) = _lab(colours[0]), _lab(colours[3])
    chroma1, chroma2 = math.hypot(a1, b1), math.hypot(a2, b2)
    hue = abs(math.degrees(math.atan2(b1, a1) - math.atan2(b2, a2))) % 360
    hue = min(hue, 360 - hue)
    assert hue >= 45 or min(chroma1, chroma2) < 10 < 40 < max(chroma1, chroma2), (hue,)


def test_unfinished_deals_have_no_hands_image() -> None:
    view: SeatView = VIEWS["zuger-play"]
    with pytest.raises(ValueError):
        draw_hands(view)
