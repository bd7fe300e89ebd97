"""The table image on a phone: every text stays readable at 400 px wide (11 px or more)
and no mark (the declarer's star, the dealer's D) takes room from a seat's name. Both
are measured on the gallery's views with its names, the names in many scripts, and the
computer players' names, with every seat in turn declarer and dealer."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

import renderer.draw
import renderer.table
from bot.engine.view import SeatView
from renderer.samples import NAMES, sample_views
from renderer.table import NAME_FONT, PANEL_H, PANEL_W, draw_table, name_room
from renderer.text import ELLIPSIS, Weight, display_name, text_width
from renderer.world import WORLD_NAMES

PHONE = 400  # px: the width a phone shows the image at
SMALLEST = 11  # px: the smallest text readable there
COMPUTERS = tuple(f"Computer {n}" for n in range(1, 7))


@dataclasses.dataclass
class Drawn:
    text: str
    size: int
    xy: tuple[float, float]


@contextmanager
def recording() -> Iterator[list[Drawn]]:
    """Every text the table drawing draws (its own, its trick's and its marks')."""
    drawn: list[Drawn] = []
    modules = (renderer.table, renderer.draw)  # (the trick draws through renderer.draw)
    originals = [m.draw_text for m in modules]

    def record(original: Any) -> Any:
        def draw_text(draw: Any, xy: tuple[float, float], text: str, size: int,
                      *args: Any, **kwargs: Any) -> None:
            if text:
                drawn.append(Drawn(text, size, xy))
            original(draw, xy, text, size, *args, **kwargs)
        return draw_text

    for module, original in zip(modules, originals, strict=True):
        module.draw_text = record(original)  # type: ignore[attr-defined]
    renderer.draw.clear_cache()  # pills drawn before would be pasted, not drawn
    try:
        yield drawn
    finally:
        for module, original in zip(modules, originals, strict=True):
            module.draw_text = original  # type: ignore[attr-defined]


def name_sets(players: int) -> list[list[str]]:
    gallery = list(NAMES) * 2
    world = list(WORLD_NAMES)
    return [gallery[:players], world[:players], world[players:2 * players],
            list(COMPUTERS[:players])]


def marked_views() -> Iterator[tuple[str, SeatView]]:
    """The gallery's views, and each with every seat in turn declarer and dealer."""
    for key, view in sample_views().items():
        yield key, view
        for seat in range(view.players):
            yield f"{key} seat {seat}", dataclasses.replace(view, declarer=seat, dealer=seat)


VIEWS = list(marked_views())


@pytest.mark.parametrize(("key", "view"), VIEWS[::3], ids=[k for k, _ in VIEWS[::3]])
def test_no_text_below_11_px_on_a_phone(key: str, view: SeatView) -> None:
    for names in name_sets(view.players):
        with recording() as drawn:
            image = draw_table(view, names, chips=[-12, 3, 0, 25, -9, 1][:view.players])
        assert drawn
        smallest = min(drawn, key=lambda d: d.size)
        shown = smallest.size * PHONE / image.width
        assert shown >= SMALLEST, (key, smallest, image.width)


@pytest.mark.parametrize(("key", "view"), VIEWS, ids=[k for k, _ in VIEWS])
def test_marks_never_take_room_from_a_name(key: str, view: SeatView) -> None:
    for names in name_sets(view.players):
        with recording() as drawn:
            draw_table(view, names)
        for seat, name in enumerate(names):
            # what the panel shows is the name fitted to the whole row, marks or not
            unmarked = display_name(name, f"Seat {seat + 1}", NAME_FONT, Weight.BOLD,
                                    name_room())
            rows = [d for d in drawn if d.text == unmarked and d.size == NAME_FONT]
            assert rows, (key, seat, unmarked)
            if seat == view.dealer:  # its D on a row of its own, below the name
                [mark] = [d for d in drawn if d.text == "D"]
                [row] = [r for r in rows  # its own panel's: above the mark, at its left
                         if 0 < mark.xy[1] - r.xy[1] < PANEL_H
                         and 0 < mark.xy[0] - r.xy[0] < PANEL_W / 3]
                assert mark.xy[1] - row.xy[1] >= NAME_FONT, (key, seat)


def test_the_names_seen_at_tables_fit_whole() -> None:
    """Names as long as the gallery's, the computer players' and every script's show
    whole in a panel (only the gallery's 100-character ones are cut)."""
    for name in [*COMPUTERS, *WORLD_NAMES, "Bäschteli 🃏", "Anna", "山田 太郎"]:
        shown = display_name(name, "Seat 1", NAME_FONT, Weight.BOLD, name_room())
        assert not shown.endswith(ELLIPSIS), name
    longest = max(NAMES, key=len)
    assert display_name(longest, "Seat 1", NAME_FONT, Weight.BOLD, name_room()).endswith(
        ELLIPSIS)
    assert text_width("Computer 6", NAME_FONT, Weight.BOLD) <= name_room()
