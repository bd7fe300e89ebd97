"""An uploaded file as the stand-in keeps it (its bytes), and the width and height
Discord reports for an image, read from its header.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from typing import Any

from PIL import Image


@dataclass
class Attachment:
    """An uploaded file; ``data`` holds its bytes."""

    id: int
    filename: str
    data: bytes
    content_type: str | None = None
    description: str | None = None
    #: width and height, read once (every message payload names them)
    _dimensions: tuple[int, int] | None = field(default=None, init=False, repr=False,
                                                compare=False)

    @property
    def size(self) -> int:
        return len(self.data)

    @property
    def dimensions(self) -> tuple[int, int]:
        """Width and height of an image (``(0, 0)`` for anything else)."""
        if self._dimensions is None:
            self._dimensions = _image_size(self.data)
        return self._dimensions

    def payload(self, base_url: str, channel_id: int) -> dict[str, Any]:
        url = f"{base_url}/attachments/{channel_id}/{self.id}/{self.filename}"
        data: dict[str, Any] = {
            "id": str(self.id),
            "filename": self.filename,
            "size": self.size,
            "url": url,
            "proxy_url": url,
        }
        if self.content_type:
            data["content_type"] = self.content_type
        if self.description:
            data["description"] = self.description
        if self.content_type and self.content_type.startswith("image/"):
            width, height = self.dimensions
            if width:
                data.update(width=width, height=height)
        return data



def _image_size(data: bytes) -> tuple[int, int]:
    """Width and height of an image Pillow reads (from its header only); (0, 0) for
    anything else, as Discord gives none for files that are not images."""
    if data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) >= 24:  # its header says it
        return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    if data[:2] == b"\xff\xd8":
        size = _jpeg_size(data)
        if size is not None:
            return size
    try:
        with Image.open(io.BytesIO(data)) as image:
            return image.size
    except (OSError, ValueError, Image.DecompressionBombError):
        return 0, 0


#: JPEG start-of-frame markers (they carry the size): C0-CF but DHT, JPG and DAC
_SOF = frozenset(range(0xC0, 0xD0)) - {0xC4, 0xC8, 0xCC}


def _jpeg_size(data: bytes) -> tuple[int, int] | None:
    """Width and height from a JPEG's frame header, walking its marker segments (Pillow
    opening the file cost half a millisecond an attachment); None if not found."""
    at = 2
    while at + 9 <= len(data):
        if data[at] != 0xFF:
            return None
        marker = data[at + 1]
        if marker == 0xFF:  # fill byte
            at += 1
            continue
        if marker in _SOF:
            return (int.from_bytes(data[at + 7:at + 9], "big"),
                    int.from_bytes(data[at + 5:at + 7], "big"))
        if marker == 0x01 or 0xD0 <= marker <= 0xD7:  # segments without a length
            at += 2
            continue
        at += 2 + int.from_bytes(data[at + 2:at + 4], "big")
    return None
