"""Encoding finished images, and the small value the public functions return.

The settings are measured with ``python -m bot bench render --compare`` (figures in
``renderer/README.md``). On these flat images PNG's time goes mostly to row filtering,
not to zlib: level 1 is as fast as levels 0-3 and 10-20 % larger than level 6, while
``optimize=True`` costs 4-6x the time of level 1 for 2-4 % fewer bytes than level 6;
so PNG is written at level 1. Lossless WebP at method 0 is both faster and smaller
than that for the trick image (the one posted at every trick); for the other kinds it
is faster but larger, or slower. So the trick is WebP and everything else PNG
(:data:`KIND_FORMATS`; a caller may force either).
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from enum import StrEnum

from PIL import Image


class ImageFormat(StrEnum):
    PNG = "png"
    WEBP = "webp"  # lossless


PNG_LEVEL = 1
WEBP_METHOD = 0  # fastest lossless WebP

DEFAULT_FORMAT = ImageFormat.PNG
#: image kinds whose measured best format is not the default
KIND_FORMATS: dict[str, ImageFormat] = {"trick": ImageFormat.WEBP}

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


def encode_bytes(img: Image.Image, fmt: ImageFormat | str | None = DEFAULT_FORMAT) -> bytes:
    """Encode ``img`` with the project's settings (blocking, a few ms)."""
    fmt = ImageFormat(fmt or DEFAULT_FORMAT)
    buf = io.BytesIO()
    if fmt is ImageFormat.WEBP:
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
    return RenderedImage(encode_bytes(img, fmt), f"{stem or name}.{fmt.value}", _MIME[fmt],
                         img.width, img.height, description[:1000])
