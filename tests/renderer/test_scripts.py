"""Names in any script are drawn with real glyphs: no "Seat n", no "?", no .notdef boxes.

Two kinds of checks. Per character: the glyph the chain's font draws is not that font's
.notdef box (compared with a character no font has) and has ink; every emoji cell has
colour. Per image: every ``draw_text`` call is recorded, the exotic names must be among
the texts drawn (not the placeholders), and the pixels where each name was drawn must
be exactly its glyphs: the fill colour wherever the glyph mask is full, the emoji's
own colours wherever its sprite is opaque.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from PIL import Image, ImageDraw, ImageFont

from renderer import chart, draw, hands, result, table, text
from renderer.chart import draw_chip_chart
from renderer.fontfiles import CHAIN, Weight, font
from renderer.hand import draw_hand
from renderer.hands import draw_hands
from renderer.result import draw_result
from renderer.shaping import EMOJI, clusters, runs
from renderer.table import draw_table
from renderer.trick import draw_trick
from renderer.world import WORLD_NAMES, world_names

from .conftest import VIEWS

MISSING = "\U0010fffd"  # private use: no font of the chain has it
Call = tuple[Image.Image, tuple[float, float], str, int, Any, Weight, str]


def _glyph(ch: str, face: int, weight: Weight, size: int = 32) -> bytes:
    f = font(size, weight, face)
    img = Image.new("L", (3 * size, 2 * size), 0)
    ImageDraw.Draw(img).text((size // 2, size // 2), ch, font=f, fill=255)
    return img.tobytes()


@pytest.mark.parametrize("weight", list(Weight))
@pytest.mark.parametrize("name", WORLD_NAMES)
def test_every_character_has_a_real_glyph(name: str, weight: Weight) -> None:
    cleaned = text.clean(name, weight)
    nfc = unicodedata.normalize("NFC", name)
    if not name.startswith("𝓐"):  # styled letters become plain ones
        assert cleaned == nfc
    for cluster in clusters(cleaned, weight):
        if cluster.face == EMOJI:
            from renderer import emoji

            sprite = emoji.sprite(cluster.cell, 32)
            assert sprite.getchannel("A").getextrema()[1] == 255, cluster
            continue
        for ch in cluster.text:
            if ch == " " or unicodedata.category(ch).startswith("M"):
                continue
            glyph = _glyph(ch, cluster.face, weight)
            assert glyph != _glyph(MISSING, cluster.face, weight), (ch, CHAIN[cluster.face])
            assert max(glyph) == 255, (ch, CHAIN[cluster.face])


def test_scripts_use_the_fonts_made_for_them() -> None:
    faces = {name: {c.face for c in clusters(name)} - {0} for name in WORLD_NAMES}
    names = [f.name for f in CHAIN]
    assert faces["山田 太郎"] == faces["김민준"] == {names.index("Droid Sans Fallback")}
    assert faces["अर्जुन शर्मा"] == {names.index("Noto Sans Devanagari")}
    assert faces["สมชาย ใจดี"] == {names.index("Noto Sans Thai")}
    assert faces["🔥🔥🔥"] == {EMOJI}
    assert faces["Иван Петров"] == faces["محمد علي"] == set()  # DejaVu has them
    # a word with one letter DejaVu lacks (Kashmiri yeh) is all in Noto Sans Arabic, so
    # that its letters still join
    word = "ب\u0620ر"
    assert {c.face for c in clusters(word)} == {names.index("Noto Sans Arabic")}
    assert {c.face for c in clusters("بر")} == {0}


def test_emoji_sequences_are_single_clusters() -> None:
    for seq in ("👨‍👩‍👧‍👦", "🇨🇭", "👍🏽", "1️⃣", "❤️", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "❤️‍🔥"):
        found = clusters(seq)
        assert [c.face for c in found] == [EMOJI], seq
    assert [c.face for c in clusters("♥ 1 #")] == [0] * 5  # text presentation stays text
    assert [c.face for c in clusters("⭐")] == [EMOJI]  # emoji presentation by default


def test_right_to_left_runs_are_in_visual_order() -> None:
    raqm = text.fontfiles.LAYOUT == ImageFont.Layout.RAQM
    visual = [r.text if r.face != EMOJI else "E" for r in runs("علي 🔥 123")]
    assert visual == ["123", " ", "E", " ", "علي" if raqm else "يلع"]
    if raqm:  # one font: Raqm orders it all
        assert [r.text for r in runs("Ali (علي)")] == ["Ali (علي)"]


def test_without_raqm_right_to_left_text_is_reversed_here() -> None:
    text.set_layout(ImageFont.Layout.BASIC)
    try:
        assert "".join(r.text for r in runs("علي")) == "يلع"
        assert [r.text for r in runs("Ali علي")] == ["Ali", " ", "يلع"]
        mask, colour, _, _ = text._rendered("محمد علي 🔥", 24, Weight.BOLD, "la")
        assert mask.getbbox() is not None and colour is not None
    finally:
        text.set_layout(ImageFont.Layout.RAQM if text.fontfiles.features.check_feature("raqm")
                        else ImageFont.Layout.BASIC)


def test_truncation_never_splits_an_emoji_sequence() -> None:
    family = "👨‍👩‍👧‍👦"
    for width in range(20, 200, 7):
        shown = text.fit(family * 6, 24, Weight.BOLD, width)
        assert shown.rstrip(text.ELLIPSIS) == family * shown.count(family)


# -- the images ---------------------------------------------------------------------

@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Call]]:
    """Every ``draw_text`` call of the layouts, recorded."""
    seen: list[Call] = []
    real = text.draw_text

    def record(dr: ImageDraw.ImageDraw, xy: tuple[float, float], txt: str, size: int,
               fill: Any, weight: Weight = Weight.REGULAR, anchor: str = "la") -> None:
        seen.append((dr._image, xy, txt, size, fill, weight, anchor))  # type: ignore[attr-defined]
        real(dr, xy, txt, size, fill, weight, anchor)

    for module in (draw, table, result, chart, hands):
        monkeypatch.setattr(module, "draw_text", record)
    draw.clear_cache()  # pills drawn before would be pasted, not drawn
    yield seen


def _rgb(fill: Any) -> tuple[int, ...]:
    return tuple(Image.new("RGB", (1, 1), fill).getpixel((0, 0)))  # type: ignore[arg-type]


def assert_drawn(img: Image.Image, call: Call) -> None:
    """The pixels where ``call`` drew are its glyphs: fill where the mask is full, the
    emoji's colours where they are opaque. (On the surface it drew on: the image, or a
    pill drawn once and pasted into it.)"""
    surface, (x, y), txt, size, fill, weight, anchor = call
    img = img if surface is img else surface
    mask, colour, left, top = text._rendered(txt, size, weight, anchor)
    at = (round(x) + left, round(y) + top)
    big = Image.new("RGB", mask.size, (1, 2, 3))
    ImageDraw.Draw(big).bitmap((0, 0), mask, fill=fill)
    if colour is not None:
        big.paste(colour, (0, 0), colour)
    solid = [i for i, v in enumerate(mask.tobytes()) if v == 255]
    opaque = ([i for i, v in enumerate(colour.getchannel("A").tobytes()) if v == 255]
              if colour is not None else [])
    assert len(solid) + len(opaque) > 20, txt
    region = img.crop((*at, at[0] + mask.width, at[1] + mask.height)).load()
    want = big.load()
    for i in solid + opaque:
        p = (i % mask.width, i // mask.width)
        assert region[p] == want[p], (txt, p)


def _names_drawn(calls: list[Call], names: list[str]) -> dict[str, Call]:
    """The call that drew each name (cleaned, maybe cut with an ellipsis)."""
    found: dict[str, Call] = {}
    for name in names:
        want = text.clean(name)
        for call in calls:
            drawn = call[2].rstrip(text.ELLIPSIS).removeprefix("★ ").removeprefix(
                "Waiting for ")
            if drawn and len(drawn) >= 2 and want.startswith(drawn):
                found[name] = call
                break
    return found


KINDS: dict[str, Callable[[Any, list[str]], Image.Image]] = {
    "table": lambda v, n: draw_table(v, n, chips=[5] * v.players),
    "trick": lambda v, n: draw_trick(v, names=n),
    "hand": lambda v, n: draw_hand(v, names=n),
    "result": lambda v, n: draw_result(v, n),
    "hands": lambda v, n: draw_hands(v, n),
}


@pytest.mark.parametrize("start", range(0, len(WORLD_NAMES), 4))
@pytest.mark.parametrize("kind", list(KINDS))
def test_images_draw_names_in_any_script(kind: str, start: int, calls: list[Call]) -> None:
    view = {"hand": VIEWS["dapp-rufer"], "trick": VIEWS["dapp-6-durch"],
            "table": VIEWS["dapp-6-durch"]}.get(kind, VIEWS["tapp1879-result"])
    names = world_names(view.players, start)
    img = KINDS[kind](view, names)
    texts = [c[2] for c in calls]
    for seat in range(view.players):
        assert f"Seat {seat + 1}" not in texts, texts
    assert "?" not in texts
    if kind == "hand":  # the hand shows one name: whose turn it is
        names = [names[3]]
        assert any(t.startswith("Waiting for") for t in texts), texts
    drawn = _names_drawn(calls, names)
    assert set(drawn) == set(names), (set(names) - set(drawn), texts)
    for call in drawn.values():
        assert_drawn(img, call)


def test_the_chip_chart_draws_names_in_any_script(calls: list[Call]) -> None:
    series = {name: [(0, 0), (1, 3 * i - 10), (2, 5 - i)] for i, name in
              enumerate(WORLD_NAMES[:10])}
    img = draw_chip_chart(series, reduce=False)  # the drawing before it is halved
    texts = [c[2] for c in calls]
    assert "?" not in texts
    drawn = _names_drawn(calls, list(series))
    assert set(drawn) == set(series), texts
    for call in drawn.values():
        assert_drawn(img, call)


def test_names_survive_the_basic_layout(calls: list[Call]) -> None:
    """A Pillow without Raqm (no FriBiDi on the system) still draws every name."""
    text.set_layout(ImageFont.Layout.BASIC)
    try:
        view = VIEWS["dapp-6-durch"]
        names = world_names(view.players, 0)
        img = draw_table(view, names)
        drawn = _names_drawn(calls, names)
        assert set(drawn) == set(names)
        for call in drawn.values():
            assert_drawn(img, call)
    finally:
        text.set_layout(ImageFont.Layout.RAQM if text.fontfiles.features.check_feature("raqm")
                        else ImageFont.Layout.BASIC)
