"""Encoding finished images, and the small value the public functions return.

Drawing an image takes 1.5-4 ms; encoding it losslessly took 3-6x that (PNG level 1:
hand 8.6 ms, table 23.8 ms; lossless WebP for the trick 10.9 ms), so under load most of
the image time went to the encoder. The card images (``hand``, ``trick``, ``table``,
``result``; the replay's images are these kinds too) are therefore JPEG at quality 90
with 4:4:4 chroma (``subsampling=0``: no colour bleeding at red suit marks, gold edges
and small text, which 4:2:0 smears: largest error 103-139 against 35-43) and no Huffman
optimisation (``optimize`` saves 8-13 % of the bytes for ~60 % more time). That
encodes 4-5.5x faster than before (hand 1.6 ms, trick 2.2, table 4.7, result 1.6) for
1.1-1.5x the bytes (40-81 KiB), and the decoded image is within 0.56-0.79 of 255 of
the drawn one on average (``python -m bot bench render --compare``; figures in
``renderer/README.md``). The chip chart, thin lines and posted rarely, stays PNG at
level 1: on these flat images PNG's time goes to row filtering more than to zlib, so
level 1 is the fastest level, while ``optimize`` costs 4.5-7x that for at most 4 %
fewer bytes than level 6. Lossless WebP stays available. Each kind's format is in
:data:`KIND_FORMATS`; a caller may force any (``fmt``).

Every encoder here is deterministic: the same image gives the same bytes (no
timestamps or other metadata are written). JPEG has no alpha: an image with
transparency is first laid onto :data:`renderer.draw.BG`, the colour every image is
drawn on (the images drawn here are all RGB already).
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from enum import StrEnum

from PIL import Image

from .draw import BG


class ImageFormat(StrEnum):
    PNG = "png"
    WEBP = "webp"  # lossless
    JPEG = "jpeg"  # quality JPEG_QUALITY, 4:4:4; file extension .jpg

    @classmethod
    def _missing_(cls, value: object) -> ImageFormat | None:
        if isinstance(value, str):  # "JPG", "jpg", "PNG", ...
            value = value.lower()
            return cls.JPEG if value == "jpg" else cls.__members__.get(value.upper())
        return None

    @property
    def extension(self) -> str:
        return _EXTENSIONS[self]

    @property
    def mime(self) -> str:
        return _MIME[self]


PNG_LEVEL = 1
WEBP_METHOD = 0  # fastest lossless WebP
JPEG_QUALITY = 90
JPEG_SUBSAMPLING = 0  # 4:4:4: full-resolution colour
JPEG_OPTIMIZE = False  # an extra Huffman pass: 8-13 % fewer bytes, ~60 % more time

#: the format of a kind not in :data:`KIND_FORMATS` (lossless, the safe choice)
DEFAULT_FORMAT = ImageFormat.PNG
#: each image kind's measured best format
KIND_FORMATS: dict[str, ImageFormat] = {
    "hand": ImageFormat.JPEG,
    "trick": ImageFormat.JPEG,
    "table": ImageFormat.JPEG,
    "result": ImageFormat.JPEG,
    "hands": ImageFormat.JPEG,
    "chart": ImageFormat.PNG,
}

_MIME = {ImageFormat.PNG: "image/png", ImageFormat.WEBP: "image/webp",
         ImageFormat.JPEG: "image/jpeg"}
_EXTENSIONS = {ImageFormat.PNG: "png", ImageFormat.WEBP: "webp", ImageFormat.JPEG: "jpg"}


@dataclass(frozen=True, slots=True)
class RenderedImage:
    """Encoded image bytes plus what a Discord attachment needs."""

    data: bytes
    filename: str  # e.g. "hand.jpg"
    content_type: str
    width: int
    height: int
    description: str = ""  # alt text for screen readers (``discord.File(description=…)``)

    def __bytes__(self) -> bytes:
        return self.data

    def __len__(self) -> int:
        return len(self.data)


def opaque(img: Image.Image, background: str | tuple[int, int, int] = BG) -> Image.Image:
    """``img`` as RGB: transparency (RGBA, LA, PA, P with a transparent index) laid
    onto ``background``; other modes converted; an RGB image returned as it is."""
    if img.mode == "RGB":
        return img
    if img.mode in ("RGBA", "LA", "PA", "RGBa", "La") or "transparency" in img.info:
        base = Image.new("RGBA", img.size, background)
        base.alpha_composite(img.convert("RGBA"))
        return base.convert("RGB")
    return img.convert("RGB")


def encode_bytes(img: Image.Image, fmt: ImageFormat | str | None = DEFAULT_FORMAT) -> bytes:
    """Encode ``img`` with the project's settings (blocking, a few ms)."""
    fmt = ImageFormat(fmt or DEFAULT_FORMAT)
    buf = io.BytesIO()
    if fmt is ImageFormat.JPEG:
        opaque(img).save(buf, "JPEG", quality=JPEG_QUALITY, subsampling=JPEG_SUBSAMPLING,
                         optimize=JPEG_OPTIMIZE)
    elif fmt is ImageFormat.WEBP:
        img.save(buf, "WEBP", lossless=True, method=WEBP_METHOD, quality=0)
    else:
        img.save(buf, "PNG", compress_level=PNG_LEVEL)
    return buf.getvalue()


def format_for(kind: str, fmt: ImageFormat | str | None = None) -> ImageFormat:
    """``fmt`` if given, else the measured best format of this image kind."""
    return ImageFormat(fmt) if fmt is not None else KIND_FORMATS.get(kind, DEFAULT_FORMAT)


def encode(img: Image.Image, name: str, fmt: ImageFormat | str | None = None,
           description: str = "", stem: str | None = None) -> RenderedImage:
    """Encode the image of kind ``name`` as ``<stem>.<ext>`` (``stem`` defaults to
    ``name``; blocking); ``fmt=None``: the kind's format."""
    fmt = format_for(name, fmt)
    return RenderedImage(encode_bytes(img, fmt), f"{stem or name}.{fmt.extension}", fmt.mime,
                         img.width, img.height, description[:1000])
