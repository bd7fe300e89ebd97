"""Names: any Discord display name is cleaned, truncated, and never crashes."""

from __future__ import annotations

import pytest

from renderer import render_hand, render_result, render_table, render_trick
from renderer.labels import Labels
from renderer.samples import LONG_NAME
from renderer.text import ELLIPSIS, Weight, clean, display_name, fit, has_glyph, text_width

from .conftest import VIEWS

AWKWARD = [
    "",
    "   ",
    LONG_NAME,
    "🔥🔥🔥",
    "👨‍👩‍👧‍👦 family",
    "山田 太郎",
    "محمد علي",
    "Zoë\u200b\u200dMüller\u0007\n\ttab",
    "e\u0301clair",  # combining accent
    "𝕬𝖓𝖓𝖆 ✨",
    "A" * 100,
    "\U0010fffd private use",
]


def test_len_of_the_long_name_is_100() -> None:
    assert len(LONG_NAME) == 100


def test_clean_drops_what_no_font_can_draw() -> None:
    assert clean("Anna 🔥") == "Anna 🔥"
    assert clean("🔥🔥🔥") == "🔥🔥🔥"
    assert clean("\U0010fffd \x07") == ""
    assert clean("Zoë\u200b Müller\n") == "Zoë Müller"
    assert clean("e\u0301clair") == "éclair"
    assert clean("𝕬𝖓𝖓𝖆") == "Anna"  # styled letters no font has: the plain letters
    assert has_glyph("ä") and has_glyph("🔥") and has_glyph("山")
    assert not has_glyph("\U0010fffd")


@pytest.mark.parametrize("name", AWKWARD)
def test_display_names_fit_their_width(name: str) -> None:
    for width in (40, 120, 300):
        shown = display_name(name, "Seat 1", 24, Weight.BOLD, width)
        assert shown
        assert text_width(shown, 24, Weight.BOLD) <= width or shown == ELLIPSIS


def test_fit_truncates_with_an_ellipsis() -> None:
    text = fit("W" * 100, 20, Weight.REGULAR, 200)
    assert text.endswith(ELLIPSIS) and text_width(text, 20) <= 200
    assert fit("Anna", 20, Weight.REGULAR, 200) == "Anna"


def test_empty_names_fall_back_to_the_seat_label() -> None:
    assert display_name("\u200b\U0010fffd", "Seat 2", 20, Weight.BOLD, 200) == "Seat 2"
    labels = Labels({"seat": "Platz {n}"})
    assert labels.seat(1) == "Platz 2"


@pytest.mark.parametrize("start", range(0, len(AWKWARD), 3))
def test_every_image_survives_awkward_names(start: int) -> None:
    for key in ("zuger-play", "dapp-6-durch", "tapp1879-result", "dapp-bettel-public"):
        view = VIEWS[key]
        names = [AWKWARD[(start + i) % len(AWKWARD)] for i in range(view.players)]
        if view.seat is not None:
            render_hand(view, names=names)
        render_trick(view, names=names)
        render_table(view, names, chips=[10**9, -(10**9)] + [0] * (view.players - 2))
        if view.result is not None:
            render_result(view, names, show_hands=True)
    # names as a mapping, partial, or missing
    view = VIEWS["zuger-play"]
    render_table(view, {0: "Anna"})
    render_table(view, None)
    render_trick(view, names=["Anna"])


def test_fonts_come_from_the_package_not_the_system() -> None:
    from renderer.fontfiles import CHAIN, FONT_DIR, font

    for weight in Weight:
        for face in range(len(CHAIN)):
            path = getattr(font(20, weight, face), "path", "")
            assert str(path).startswith(str(FONT_DIR))
    for licence in ("DejaVu", "DroidSansFallback", "Noto", "NotoColorEmoji"):
        assert (FONT_DIR / f"LICENSE-{licence}.txt").is_file()
