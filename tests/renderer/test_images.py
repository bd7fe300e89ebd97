"""Every image kind renders for every variant and deck style, with sane sizes."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops, ImageStat, JpegImagePlugin

from bot.engine.view import SeatView
from renderer import (
    DeckStyle,
    ImageFormat,
    RenderedImage,
    render_chip_chart,
    render_hand,
    render_hands,
    render_result,
    render_table,
    render_trick,
)
from renderer.chart import draw_chip_chart
from renderer.encode import KIND_FORMATS, encode_bytes, opaque
from renderer.hand import draw_hand
from renderer.hands import draw_hands
from renderer.result import draw_result
from renderer.samples import LONG_NAME, sample_chips, sample_names
from renderer.table import draw_table
from renderer.trick import draw_trick

from .conftest import VIEWS

VARIANTS = {"zuger", "tapp1879", "dapp", "wuerttemberg"}


def _decode(image: RenderedImage) -> Image.Image:
    img = Image.open(io.BytesIO(image.data))
    img.load()
    assert (img.width, img.height) == (image.width, image.height)
    return img


def test_samples_cover_every_variant_and_situation() -> None:
    variants = {v.variant for v in VIEWS.values()}
    assert variants == VARIANTS
    assert {v.players for v in VIEWS.values()} >= {3, 4, 5, 6}
    assert any(v.open_hands for v in VIEWS.values())  # Bettel
    assert any(v.called_card is not None for v in VIEWS.values())  # Rufer
    assert any(v.variant == "tapp1879" and v.pot for v in VIEWS.values())
    assert any(v.result and v.result.declarer is None and v.contract == "ramsch"
               for v in VIEWS.values())
    assert any(v.hand is not None and len(v.hand) == 14 for v in VIEWS.values())


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
        assert _decode(render_result(view, names, style=style)).size[0] == 540
        assert _decode(render_result(view, names, style=style, show_hands=True)).width <= 600
        assert _decode(render_hands(view, names, style=style)).width <= 600
    else:
        with pytest.raises(ValueError):
            render_result(view, names, style=style)
        with pytest.raises(ValueError):
            render_hands(view, names, style=style)


JPEG_MAGIC, PNG_MAGIC = b"\xff\xd8\xff", b"\x89PNG\r\n\x1a\n"


def _card_images(view: SeatView) -> dict[str, RenderedImage]:
    """Every card image kind, as the bot renders it, for a finished deal's view."""
    names = sample_names(view.players)
    return {"hand": render_hand(view, names=names),
            "trick": render_trick(view, names=names),
            "table": render_table(view, names),
            "result": render_result(view, names),
            "result+hands": render_result(view, names, show_hands=True),
            "hands": render_hands(view, names)}


def _error(drawn: Image.Image, image: RenderedImage) -> tuple[float, int, float]:
    """Mean and largest absolute channel difference (0-255) of the decoded ``image``
    from the ``drawn`` one, and the share of channel values off by more than 16."""
    diff = ImageChops.difference(drawn, _decode(image).convert("RGB"))
    hist = diff.histogram()  # 3 × 256 counts
    counts = [hist[v] + hist[256 + v] + hist[512 + v] for v in range(256)]
    return (sum(ImageStat.Stat(diff).mean) / 3, max(high for _, high in diff.getextrema()),
            sum(counts[17:]) / sum(counts))


def test_images_are_rgb_jpeg_with_alt_text() -> None:
    view = VIEWS["zuger-play"]
    image = render_hand(view, names=sample_names(4))
    assert image.filename == "hand.jpg" and image.content_type == "image/jpeg"
    assert image.data.startswith(JPEG_MAGIC) and bytes(image) == image.data
    assert _decode(image).mode == "RGB"
    assert image.description.startswith("Hand: ") and len(image.description) <= 1000


def test_every_card_image_kind_is_jpeg_and_the_chart_png() -> None:
    view = VIEWS["zuger-result"]  # over: every kind renders
    assert view.seat is not None and view.result is not None
    for kind, image in _card_images(view).items():
        decoded = _decode(image)
        assert image.filename == f"{kind.split('+')[0]}.jpg", kind
        assert image.content_type == "image/jpeg", kind
        assert image.data.startswith(JPEG_MAGIC) and decoded.format == "JPEG", kind
        assert decoded.mode == "RGB", kind
        assert JpegImagePlugin.get_sampling(decoded) == 0, kind  # 4:4:4
        assert not decoded.info.get("progressive"), kind
    chart = render_chip_chart(sample_chips())
    assert chart.filename == "chart.png" and chart.content_type == "image/png"
    assert chart.data.startswith(PNG_MAGIC) and _decode(chart).format == "PNG"
    assert {k: f.value for k, f in KIND_FORMATS.items()} == {
        "hand": "jpeg", "trick": "jpeg", "table": "jpeg", "result": "jpeg", "hands": "jpeg",
        "chart": "png"}


def test_every_kind_draws_rgb() -> None:
    """JPEG has no alpha: every kind is drawn opaque (``opaque`` is then a no-op)."""
    view = VIEWS["zuger-result"]
    names = sample_names(4)
    for img in (draw_hand(view, names=names), draw_trick(view, names=names),
                draw_table(view, names), draw_result(view, names),
                draw_result(view, names, show_hands=True), draw_hands(view, names),
                draw_chip_chart(sample_chips())):
        assert img.mode == "RGB" and opaque(img) is img


@pytest.mark.parametrize("key", ["tapp1879-discard", "zuger-trick-done",
                                 "dapp-6-durch", "zuger-result",
                                 "wuerttemberg-bettel-ouvert"])
def test_jpeg_is_close_to_the_drawn_image(key: str) -> None:
    """Measured over every sample view and deck style (``renderer/README.md``): mean
    difference at most 0.97, largest 51, at most 0.27 % of the values off by more than
    16. The bounds leave room for another libjpeg build, not for a worse setting: at
    q80, or with 4:2:0 chroma, every case here fails."""
    view = VIEWS[key]
    names = sample_names(view.players)
    pairs = [(draw_trick(view, style="swiss", names=names),
              render_trick(view, style="swiss", names=names)),
             (draw_table(view, names, style="german"),
              render_table(view, names, style="german"))]
    if view.seat is not None:
        pairs.append((draw_hand(view, style="swiss", names=names),
                      render_hand(view, style="swiss", names=names)))
    if view.result is not None:
        pairs.append((draw_result(view, names), render_result(view, names)))
        pairs.append((draw_result(view, names, show_hands=True),
                      render_result(view, names, show_hands=True)))
        pairs.append((draw_hands(view, names), render_hands(view, names)))
    for drawn, image in pairs:
        assert image.content_type == "image/jpeg"
        assert image.data == encode_bytes(drawn, "jpeg")  # the render is the drawn image
        mean, largest, off = _error(drawn, image)
        assert mean < 1.5, (image.filename, mean)
        assert largest <= 64, (image.filename, largest)
        assert off < 0.005, (image.filename, off)


def test_any_format_can_be_forced() -> None:
    view = VIEWS["zuger-trick-done"]
    png = render_trick(view, fmt=ImageFormat.PNG)
    assert png.filename == "trick.png" and png.content_type == "image/png"
    assert _decode(png).format == "PNG"
    webp = render_table(view, fmt="webp")
    assert webp.filename == "table.webp" and webp.content_type == "image/webp"
    assert _decode(webp).format == "WEBP"
    chart = render_chip_chart(sample_chips(), fmt=ImageFormat.JPEG)
    assert chart.filename == "chart.jpg" and chart.content_type == "image/jpeg"
    assert _decode(chart).format == "JPEG"
    assert ImageFormat("jpg") is ImageFormat("JPEG") is ImageFormat.JPEG
    # PNG and WebP stay lossless: the same pixels either way
    lossless = render_trick(view, fmt="webp")
    assert _decode(lossless).convert("RGB").tobytes() == _decode(png).convert("RGB").tobytes()


def test_transparency_is_laid_onto_the_background_before_jpeg() -> None:
    from renderer.draw import BG

    img = Image.new("RGBA", (64, 32), (0, 0, 0, 0))  # transparent: the background
    img.paste((200, 30, 40, 255), (0, 0, 32, 32))  # opaque red
    img.paste((255, 255, 255, 128), (48, 0, 64, 32))  # half-transparent white
    flat = opaque(img)
    bg = Image.new("RGB", (1, 1), BG).getpixel((0, 0))
    assert flat.mode == "RGB"
    assert flat.getpixel((8, 8)) == (200, 30, 40)
    assert flat.getpixel((40, 8)) == bg
    half = flat.getpixel((56, 8))
    assert all(abs(h - (b + 255) / 2) <= 1 for h, b in zip(half, bg, strict=True))
    data = encode_bytes(img, ImageFormat.JPEG)
    assert data == encode_bytes(img, ImageFormat.JPEG)  # deterministic
    decoded = Image.open(io.BytesIO(data))
    assert decoded.mode == "RGB"
    diff = ImageChops.difference(flat, decoded)
    assert sum(ImageStat.Stat(diff).mean) / 3 < 2.0
    assert opaque(Image.new("L", (2, 2), 9)).getpixel((0, 0)) == (9, 9, 9)


def test_file_names_come_from_the_labels() -> None:
    view = VIEWS["zuger-trick-done"]
    assert render_trick(view, labels={"file.trick": "stich"}).filename == "stich.jpg"
    assert render_table(view, labels={"file.table": "tisch"}).filename == "tisch.jpg"
    assert render_hand(view, labels={"file.hand": "blatt"}).filename == "blatt.jpg"
    assert render_chip_chart(sample_chips(),
                             labels={"file.chart": "chipverlauf"}).filename == "chipverlauf.png"


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
