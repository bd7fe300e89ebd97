"""Durations as members type them, and refusals in their language."""

from __future__ import annotations

import pytest

from bot.settings import TimeoutPolicy
from bot.settings.inputs import SettingError, check, parse_duration
from bot.settings.messages import format_duration


@pytest.mark.parametrize(("text", "seconds"), [
    ("30m", 1800), ("2h", 7200), ("1h30m", 5400), ("1h 30 min", 5400), ("1d", 86400),
    ("1,5h", 5400), ("1.5 hours", 5400), ("2 Std.", 7200), ("3 Tage", 259200),
    ("2 timmar", 7200), ("1 dag 2 tim", 93600), ("off", 0), ("AUS", 0), ("av", 0), ("0", 0),
])
def test_durations_read_in_any_language(text: str, seconds: int) -> None:
    assert parse_duration(text) == seconds


@pytest.mark.parametrize(("text", "shown"), [
    ("", ""), ("90", "90"), ("1h30", "1h30"), ("soon", "soon"), ("h2", "h2"),
    ("2 weeks", "2 weeks"), ("1h-30m", r"1h\-30m"), ("**1d**", r"\*\*1d\*\*")])
def test_what_is_no_duration_is_refused_with_the_text(text: str, shown: str) -> None:
    """The text is quoted back as typed (markdown escaped, so it shows as typed)."""
    with pytest.raises(SettingError) as info:
        parse_duration(text)
    assert info.value.key == "settings.error.duration"
    assert f"“{shown}”" in info.value.text("en")


@pytest.mark.parametrize(("seconds", "language", "shown"), [
    (0, "en", "off"), (60, "en", "1 min"), (5400, "de", "1 Std 30 Min"),
    (93600, "sv", "1 d 2 tim"), (14 * 86400, "de", "14 Tg"),
])
def test_durations_are_shown_in_the_language(seconds: int, language: str, shown: str) -> None:
    assert format_duration(seconds, language) == shown


def test_check_reads_durations_and_types_values() -> None:
    assert check({"reminder_delay": "2h", "timeout_policy": "abandon"}, "en") == {
        "reminder_delay": 7200, "timeout_policy": TimeoutPolicy.ABANDON}


@pytest.mark.parametrize(("values", "language", "message"), [
    ({"turn_timeout": "2m"}, "de", "Bedenkzeit ist aus oder liegt zwischen 5 Min und 14 Tg."),
    ({"stake": 0}, "en", "Stake must be a whole number from 1 to 1000."),
    ({"deck_style": "tarot"}, "sv",
     "Kortbild: välj en av Variantens egen, Franska färger, Tyska färger, Schweiziska färger."),
    ({"default_variant": "dapp"}, "en", "That value does not fit Default variant."),
])
def test_a_bad_value_is_explained_in_the_language(values: dict, language: str,
                                                  message: str) -> None:
    with pytest.raises(SettingError) as info:
        check(values, language, table="default_variant" in values)
    assert info.value.text(language) == message
