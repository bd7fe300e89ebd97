"""The series table's image: a line per member as the caller words it, the reader's own
line kept under the first twenty, the same bytes for the same table."""

from __future__ import annotations

import io

from PIL import Image

from renderer.series_table import MAX_ROWS, ROW, SeriesLine, render_series_table

HEADERS = ("Rank", "Member", "Total", "Deals")


def lines(n: int, mine: int | None = None) -> list[SeriesLine]:
    return [SeriesLine(k + 1, f"member {k}", f"{100 - k}%", f"{k % 6 + 1} deals", k == mine)
            for k in range(n)]


def test_a_table_is_an_image_with_a_line_per_member():
    image = render_series_table(lines(4), title="Series 1: Autumn", headers=HEADERS)
    picture = Image.open(io.BytesIO(image.data))
    assert picture.size == (image.width, image.height)
    assert image.filename.startswith("series.") and image.description == "Series 1: Autumn"
    taller = render_series_table(lines(5), title="Series 1: Autumn", headers=HEADERS)
    assert taller.height == image.height + ROW


def test_at_most_twenty_lines_and_the_readers_own_below_them():
    many = render_series_table(lines(40), title="t", headers=HEADERS)
    twenty = render_series_table(lines(MAX_ROWS), title="t", headers=HEADERS)
    assert many.height == twenty.height
    mine = render_series_table(lines(40, mine=33), title="t", headers=HEADERS)
    assert mine.height == twenty.height + ROW


def test_the_same_table_gives_the_same_bytes_and_an_empty_one_draws():
    first = render_series_table(lines(3, mine=1), title="t", headers=HEADERS, footer="f")
    assert render_series_table(lines(3, mine=1), title="t", headers=HEADERS,
                               footer="f").data == first.data
    assert render_series_table([], title="t", headers=HEADERS).height > 0
