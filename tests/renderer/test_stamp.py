"""Stamps and prepared parts paste the pixels ``Image.paste`` pastes."""

from __future__ import annotations

import random

import pytest
from PIL import Image, ImageDraw

from renderer.cards import CardState, face, face_sprite
from renderer.stamp import Stamp
from renderer.suits import DeckStyle


def noisy(size: tuple[int, int], seed: int) -> Image.Image:
    """A canvas whose every pixel differs from its neighbours (nothing hides a wrong one)."""
    rng = random.Random(seed)
    return Image.frombytes("RGB", size, rng.randbytes(3 * size[0] * size[1]))


def pill_shape(w: int, h: int, width: int) -> Image.Image:
    shape = Image.new("L", (w + 1, h + 1), 0)
    ImageDraw.Draw(shape).rounded_rectangle((0, 0, w, h), h // 2, fill=255, outline=255,
                                            width=width)
    return shape


def test_a_stamp_pastes_what_a_masked_paste_pastes():
    for seed, (w, h, width) in enumerate([(120, 30, 1), (40, 30, 3), (31, 30, 1), (8, 30, 1),
                                          (200, 18, 3)]):
        face = noisy((w + 1, h + 1), seed + 100)
        shape = pill_shape(w, h, width)
        for x, y in ((0, 0), (5, 7), (-3, 2), (250 - w, 60 - h)):
            want, got = noisy((250, 60), seed), noisy((250, 60), seed)
            want.paste(face, (x, y), shape)
            Stamp(face, shape, h // 2 + 1).paste(got, x, y)
            assert got.tobytes() == want.tobytes(), (w, h, x, y)


def test_a_shape_not_opaque_in_its_middle_is_pasted_through_its_mask():
    face = noisy((60, 20), 1)
    shape = Image.new("L", face.size, 255)
    shape.putpixel((30, 10), 128)  # a hole in the middle: no plain part
    want, got = noisy((80, 40), 2), noisy((80, 40), 2)
    want.paste(face, (4, 6), shape)
    stamp = Stamp(face, shape, 5)
    assert all(p[7] is not None for p in stamp.parts)  # every part through its mask
    stamp.paste(got, 4, 6)
    assert got.tobytes() == want.tobytes()


@pytest.mark.parametrize("state", list(CardState))
def test_card_sprites_paste_what_an_alpha_paste_of_the_face_pastes(state: CardState):
    rgba = face(DeckStyle.FRENCH, 12, 104, state)
    sprite = face_sprite(DeckStyle.FRENCH, 12, 104, state)
    w, h = sprite.size
    for x, y in ((0, 0), (13, 9), (-5, 4)):
        want, got = noisy((w + 30, h + 20), 3), noisy((w + 30, h + 20), 3)
        want.paste(rgba, (x, y), rgba)
        sprite.paste(got, (x, y))
        assert got.tobytes() == want.tobytes()
        # a canvas not RGB goes through Image.paste: the same pixels there too
        want_rgba, got_rgba = (noisy((w + 30, h + 20), 4).convert("RGBA") for _ in "ab")
        want_rgba.paste(rgba, (x, y), rgba)
        sprite.paste(got_rgba, (x, y))
        assert got_rgba.tobytes() == want_rgba.tobytes()
