"""The league table's image: a section a division, a line a member, the same bytes for
the same table, at most twelve lines a division (the reader's own kept below them)."""

from __future__ import annotations

import io

from PIL import Image

from renderer.league_table import (
    HEADING,
    MAX_ROWS,
    ROW,
    Division,
    LeagueLine,
    Mark,
    render_league_table,
)

HEADERS = ("Rank", "Member", "Total", "Deals")


def division(n: int, mine: int | None = None) -> Division:
    return Division(f"Division {n}", tuple(
        LeagueLine(str(k + 1), f"member {k}", f"{100 - k}%", "1 deal",
                   Mark.UP if k == 0 else Mark.DOWN if k == n - 1 else Mark.NONE, k == mine)
        for k in range(n)))


def test_a_table_draws_each_division_under_its_heading():
    one = render_league_table([division(4)], title="Ladder: season 1", headers=HEADERS)
    picture = Image.open(io.BytesIO(one.data))
    assert picture.size == (one.width, one.height)
    assert one.filename.startswith("league.") and one.description == "Ladder: season 1"
    two = render_league_table([division(4), division(5)], title="t", headers=HEADERS)
    assert two.height == one.height + HEADING + 5 * ROW


def test_long_divisions_keep_the_readers_line_and_the_same_table_the_same_bytes():
    full = render_league_table([division(MAX_ROWS)], title="t", headers=HEADERS)
    assert render_league_table([division(30)], title="t", headers=HEADERS).height == full.height
    mine = render_league_table([division(30, mine=25)], title="t", headers=HEADERS)
    assert mine.height == full.height + ROW
    again = render_league_table([division(30, mine=25)], title="t", headers=HEADERS)
    assert again.data == mine.data
    assert render_league_table([Division("Division 1")], title="t", headers=HEADERS).height
