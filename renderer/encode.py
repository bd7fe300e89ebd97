"""Encoding finished images, and the small value the public functions return.

The choice of format and settings is measured by ``python -m bot bench render``
(see the module docstring of :mod:`bot.bench.render`); ``PNG_LEVEL`` records it.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from enum import StrEnum

from PIL import Image


class ImageFormat(StrEnum):
    PNG = "png"
    WEBP = "webp"  # lossless


#: zlib level for PNG: 1 is several times faster than 6/9 on these flat images and
#: costs only a few per cent in size (figures in bot/bench/render.py and the README).
PNG_LEVEL = 1
WEBP_METHOD = 0  # fastest lossless WebP

DEFAULT_FORMAT = ImageFormat.PNG

_MIME = {ImageFormat.PNG: "image/png", ImageFormat.WEBP: "image/webp"}


@dataclass(frozen=True, slots=True)
class RenderedImage:
    """Encoded image bytes plus what a Discord attachment needs."""

    data: bytes
    filename: str  # e.g. "hand.png"
    content_type: str
    width: int
    height: int
    description: str = ""  # alt text for screen readers (``discord.File(description=…)``)

    def __bytes__(self) -> bytes:
        return self.data

    def __len__(self) -> int:
        return len(self.data)


def encode_bytes(img: Image.Image, fmt: ImageFormat | str = DEFAULT_FORMAT) -> bytes:
    """Encode ``img`` with the project's settings (blocking, a few ms)."""
    fmt = ImageFormat(fmt)
    buf = io.BytesIO()
    if fmt is ImageFormat.WEBP:
        img.save(buf, "WEBP", lossless=True, method=WEBP_METHOD, quality=0)
    else:
        img.save(buf, "PNG", compress_level=PNG_LEVEL)
    return buf.getvalue()


def encode(img: Image.Image, name: str, fmt: ImageFormat | str = DEFAULT_FORMAT,
           description: str = "") -> RenderedImage:
    fmt = ImageFormat(fmt)
    return RenderedImage(encode_bytes(img, fmt), f"{name}.{fmt.value}", _MIME[fmt],
                         img.width, img.height, description[:1000])
