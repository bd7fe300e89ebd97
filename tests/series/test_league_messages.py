"""The league's messages: the table shows each division's totals and deals played, who
would go up and down, and who waits, never a card nor a deal's result; a season's news
says who moved; in every language (no key left unfilled)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from bot.i18n import LANGUAGES
from bot.series.ids import SeriesButtonId
from bot.series.league_messages import info_message, joined_text, news_message, table_message
from bot.series.league_models import (
    DivisionTable,
    Joined,
    LeagueInfo,
    LeagueTable,
    OpenedDivision,
    SeasonInfo,
    SeasonNews,
)
from bot.series.league_spec import LeagueSpec
from bot.series.scoring import StandingLine
from renderer.league_table import Mark
from tests.e2e.tables.driver import CARD_TOKEN, cards_in_text

SPEC = LeagueSpec.build("tapp1879", deals=6, level="easy", cadence="weekly", size=4)
SEASON = SeasonInfo(3, 1_700_000_000.0, 1_700_604_800.0, True)
INFO = LeagueInfo(1, 2, 3, 4, "Ladder", SPEC, True, 9, SEASON, SEASON.ends_at)


def text_of(message) -> str:  # type: ignore[no-untyped-def]
    parts = []
    for e in message.embeds:
        parts += [e.title or "", e.description, e.footer or ""]
    parts += [getattr(c, "label", "") or "" for c in message.components]
    return "\n".join(parts)


def table() -> LeagueTable:
    top = DivisionTable(0, 11, (1, 2, 3, 4), {
        1: StandingLine(1, 1, Fraction(150), 2, 5.0), 2: StandingLine(2, 2, Fraction(50), 2, 6.0)},
        frozenset(), frozenset({3, 4}), True)
    bottom = DivisionTable(1, 12, (5, 6, 7, 8), {5: StandingLine(5, 1, Fraction(100), 1, 5.0)},
                           frozenset({5, 6}), frozenset(), True)
    return LeagueTable(INFO, (top, bottom), (9,), 6, {1: "Ada", 5: "Eve"})


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_table_shows_totals_marks_and_who_waits(language: str):
    message = table_message(table(), language)
    text = text_of(message)
    assert "{" not in text and not cards_in_text(text) and not CARD_TOKEN.search(text)
    assert "<@9>" in text  # waits for the next season
    lines = text.splitlines()
    assert any("<@1>" in li and "150" in li for li in lines)
    assert any("<@3>" in li and li.endswith("↓") for li in lines)
    assert any("<@5>" in li and li.endswith("↑") for li in lines)
    ids = [SeriesButtonId.parse(c.custom_id) for c in message.components]  # type: ignore[union-attr]
    assert [(i.series_id, i.view) for i in ids if i] == [(11, "play"), (12, "play")]
    assert message.divisions is not None
    top, bottom = message.divisions
    assert [line.name for line in top.lines] == ["Ada", "2", "3", "4"]
    assert [line.mark for line in bottom.lines][:2] == [Mark.UP, Mark.UP]
    assert [line.mine for line in bottom.lines] == [False, True, False, False]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_league_and_its_news_in_every_language(language: str):
    texts = [text_of(info_message(INFO, language)),
             joined_text(Joined(INFO, 12, 1), language),
             joined_text(Joined(INFO, None, None), language)]
    opened = news_message(SeasonNews(INFO, SEASON, divisions=(
        OpenedDivision(11, (1, 2), "ab" * 32), OpenedDivision(12, (3,), "cd" * 32))), language)
    closed = SeasonNews(INFO, SeasonInfo(3, SEASON.starts_at, SEASON.ends_at, False),
                        moves=((5, 1, 0), (3, 0, 1), (9, None, 1)))
    texts += [text_of(opened), text_of(news_message(closed, language))]
    assert all("{" not in t for t in texts)
    assert len(opened.components) == 2
    assert "ab" * 32 in text_of(opened) and "cd" * 32 in text_of(opened)  # the commitments
    said = news_message(closed, language).embeds[0].description.splitlines()
    assert len(said) == 3 and "<@5>" in said[1] and "<@3>" in said[2]
    assert "<@9>" not in "".join(said)  # a newcomer goes neither up nor down


def test_a_season_of_many_divisions_fits_discords_embed():
    divisions = tuple(OpenedDivision(100 + d, tuple(range(4)), f"{d:02x}" * 32)
                      for d in range(60))  # 240 members in divisions of four
    said = news_message(SeasonNews(INFO, SEASON, divisions=divisions), "de")
    description = said.embeds[0].description
    assert len(description) <= 4096 and description.endswith("…")
    assert len(said.components) <= 25  # Discord's most buttons a message
