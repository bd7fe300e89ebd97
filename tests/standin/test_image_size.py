"""Attachment sizes as Discord gives them: read from the image's header."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from standin.attachments import _image_size, _jpeg_size


def jpeg(size: tuple[int, int], **options: object) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, "red").save(out, format="JPEG", **options)
    return out.getvalue()


@pytest.mark.parametrize("options", [
    {}, {"quality": 90, "subsampling": 0}, {"progressive": True},
    {"icc_profile": bytes(3000)}, {"exif": Image.Exif().tobytes() + bytes(40)},
    {"optimize": True, "subsampling": 2},
])
@pytest.mark.parametrize("size", [(1, 1), (980, 696), (65500, 3), (300, 257)])
def test_jpeg_size_agrees_with_pillow(size: tuple[int, int], options: dict[str, object]) -> None:
    data = jpeg(size, **options)
    with Image.open(io.BytesIO(data)) as image:
        assert _jpeg_size(data) == image.size == size
    assert _image_size(data) == size


def test_a_truncated_jpeg_or_other_bytes_have_no_size() -> None:
    data = jpeg((30, 20))
    assert _jpeg_size(data[:4]) is None
    assert _image_size(data[:4]) == (0, 0)
    assert _image_size(b"\xff\xd8 not a jpeg at all") == (0, 0)
    assert _image_size(b"hello") == (0, 0)
