"""Images drawn once and pasted often (pills, card sprites), with the least work per paste.

Pasting through a mask blends every pixel in C, several times the cost of a plain copy;
a pill's shape is opaque except at its two rounded ends. A :class:`Stamp` pastes the
opaque middle as a plain copy and only the ends through the mask: the same pixels (a
mask value of 255 takes the face's pixel exactly), in a fraction of the time.

:func:`paste_parts` pastes prepared parts straight into the canvas's pixel core, the
call ``Image.paste`` ends in: its checks, box arithmetic and loads are Python work of
several microseconds per part, more than the copying of a small part itself. Parts
are prepared once (:func:`part`): their core and size.
"""

from __future__ import annotations

from typing import Any

from PIL import Image

#: a part ready to paste: (dx, dy, width, height, image, mask or None, their cores)
Part = tuple[int, int, int, int, Image.Image, Image.Image | None, Any, Any]


def part(dx: int, dy: int, image: Image.Image, mask: Image.Image | None = None) -> Part:
    """``image`` (and ``mask``) prepared to paste at offset (``dx``, ``dy``)."""
    image.load()
    if mask is not None:
        mask.load()
    return (dx, dy, image.width, image.height, image, mask, image.im,
            None if mask is None else mask.im)


def paste_parts(canvas: Image.Image, parts: list[Part], x: int, y: int) -> None:
    """Paste ``parts`` with their offsets from (``x``, ``y``), as ``Image.paste`` would
    (into an RGB canvas: parts RGB or RGBA, masks "L")."""
    if canvas.readonly or canvas.mode != "RGB":  # Image.paste copies or converts first
        for dx, dy, _, _, image, mask, _, _ in parts:
            canvas.paste(image, (x + dx, y + dy), mask)
        return
    im = canvas.im
    for dx, dy, w, h, _, _, core, mask_core in parts:
        x0, y0 = x + dx, y + dy
        if mask_core is None:
            im.paste(core, (x0, y0, x0 + w, y0 + h))
        else:
            im.paste(core, (x0, y0, x0 + w, y0 + h), mask_core)


class Stamp:
    """An RGB ``face`` with its ``shape`` ("L", 0 outside, 255 inside), split for pasting:
    columns ``inset`` to ``width - inset`` are pasted plain if the shape is opaque over
    all of them (checked, not assumed), the columns either side through the mask."""

    __slots__ = ("parts", "size")

    def __init__(self, face: Image.Image, shape: Image.Image, inset: int) -> None:
        w, h = self.size = face.size
        lo, hi = inset, w - inset
        if lo >= hi or shape.crop((lo, 0, hi, h)).getextrema() != (255, 255):
            lo = hi = w  # no opaque middle: the whole face through the mask
        self.parts = [part(x0, 0, face.crop((x0, 0, x1, h)), shape.crop((x0, 0, x1, h)))
                      for x0, x1 in ((0, lo), (hi, w)) if x0 < x1]
        if lo < hi:
            self.parts.append(part(lo, 0, face.crop((lo, 0, hi, h))))

    def paste(self, canvas: Image.Image, x: int, y: int) -> None:
        """Paste with the top-left corner at (``x``, ``y``)."""
        paste_parts(canvas, self.parts, x, y)
