"""Every image kind renders for every variant and deck style, with sane sizes."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.engine.view import SeatView
from renderer import (
    DeckStyle,
    ImageFormat,
    RenderedImage,
    render_chip_chart,
    render_hand,
    render_result,
    render_table,
    render_trick,
)
from renderer.samples import LONG_NAME, sample_chips, sample_names

from .conftest import ALL_VIEWS

VARIANTS = {"zuger", "tapp1879", "dapp", "wuerttemberg"}


def _decode(image: RenderedImage) -> Image.Image:
    img = Image.open(io.BytesIO(image.data))
    img.load()
    assert (img.width, img.height) == (image.width, image.height)
    return img


def test_samples_cover_every_variant_and_situation() -> None:
    variants = {v.variant for v in ALL_VIEWS.values()}
    assert variants == VARIANTS
    assert {v.players for v in ALL_VIEWS.values()} >= {3, 4, 5, 6}
    assert any(v.open_hands for v in ALL_VIEWS.values())  # Bettel
    assert any(v.called_card is not None for v in ALL_VIEWS.values())  # Rufer
    assert any(v.variant == "tapp1879" and v.pot for v in ALL_VIEWS.values())
    assert any(v.result and v.result.declarer is None and v.contract == "ramsch"
               for v in ALL_VIEWS.values())
    assert any(v.hand is not None and len(v.hand) == 14 for v in ALL_VIEWS.values())


@pytest.mark.parametrize("style", list(DeckStyle))
def test_every_image_kind_renders(named_view: tuple[str, SeatView], style: DeckStyle) -> None:
    _, view = named_view
    names = sample_names(view.players)
    if view.seat is not None:
        hand = _decode(render_hand(view, style=style, names=names))
        assert hand.width <= 1000
    trick = _decode(render_trick(view, style=style, names=names))
    assert trick.width <= 1000 and trick.height <= 800
    table = _decode(render_table(view, names, style=style, chips=[3] * view.players))
    assert table.width <= 1100
    if view.result is not None:
        assert _decode(render_result(view, names, style=style)).width <= 600
        assert _decode(render_result(view, names, style=style, show_hands=True)).width <= 1000
    else:
        with pytest.raises(ValueError):
            render_result(view, names, style=style)


def test_images_are_rgb_png_with_alt_text() -> None:
    view = ALL_VIEWS["engine:zuger-play"]
    image = render_hand(view, names=sample_names(4))
    assert image.filename == "hand.png" and image.content_type == "image/png"
    assert image.data.startswith(b"\x89PNG") and bytes(image) == image.data
    assert _decode(image).mode == "RGB"
    assert image.description.startswith("Hand: ") and len(image.description) <= 1000


def test_trick_defaults_to_webp_and_any_kind_can_be_forced() -> None:
    view = ALL_VIEWS["engine:zuger-trick-done"]
    image = render_trick(view)
    assert image.filename == "trick.webp" and image.content_type == "image/webp"
    assert _decode(image).format == "WEBP"
    png = render_trick(view, fmt=ImageFormat.PNG)
    assert png.filename == "trick.png" and _decode(png).format == "PNG"
    assert render_table(view, fmt="webp").filename == "table.webp"
    # lossless: the same pixels either way
    assert _decode(image).convert("RGB").tobytes() == _decode(png).convert("RGB").tobytes()


def test_file_names_come_from_the_labels() -> None:
    view = ALL_VIEWS["engine:zuger-trick-done"]
    assert render_trick(view, labels={"file.trick": "stich"}).filename == "stich.webp"
    assert render_table(view, labels={"file.table": "tisch"}).filename == "tisch.png"


def test_chip_chart_renders_ints_dates_single_points_and_nothing() -> None:
    from datetime import datetime, timedelta

    series = sample_chips()
    assert _decode(render_chip_chart(series)).size == (900, 480)
    start = datetime(2025, 1, 1)
    dated = {name: [(start + timedelta(hours=5 * x), y) for x, y in pts]
             for name, pts in series.items()}
    _decode(render_chip_chart(dated))
    _decode(render_chip_chart({"only": [(1, 5)]}))
    _decode(render_chip_chart({"flat": [(1, 0), (2, 0)]}))
    _decode(render_chip_chart({}))
    many = {f"{LONG_NAME} {i}": [(0, 0), (1, i)] for i in range(30)}
    _decode(render_chip_chart(many))
