"""The catalogue is complete in every language: the same keys, the same placeholders."""

from __future__ import annotations

import re
import string

import pytest

from bot.i18n import LANGUAGES, strings, t


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


@pytest.mark.parametrize("language", [lang for lang in LANGUAGES if lang != "en"])
def test_same_keys_as_english(language: str) -> None:
    english, other = strings("en"), strings(language)
    assert sorted(set(english) - set(other)) == [], "missing"
    assert sorted(set(other) - set(english)) == [], "extra"


@pytest.mark.parametrize("language", [lang for lang in LANGUAGES if lang != "en"])
def test_same_placeholders_as_english(language: str) -> None:
    english, other = strings("en"), strings(language)
    wrong = [key for key in english
             if key in other and _fields(english[key]) != _fields(other[key])]
    assert wrong == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_empty_strings(language: str) -> None:
    assert [key for key, text in strings(language).items() if not text.strip()] == []


def test_game_words_are_kept() -> None:
    for language in LANGUAGES:
        for key in ("contract.farbe", "contract.rufer", "contract.durch", "contract.bettel",
                    "contract.ramsch", "contract.tapp", "contract.solo", "contract.super",
                    "contract.vice", "action.kontra"):
            assert t(key, language) == t(key, "en"), (key, language)


def test_locale_picks_the_language() -> None:
    assert t("button.join", "de") != t("button.join", "en-US")
    assert t("button.join", "sv-SE") == strings("sv")["button.join"]


def test_images_speak_the_language() -> None:
    from bot.i18n.words import render_labels
    from renderer.labels import DEFAULT_LABELS

    assert render_labels("en") == dict(DEFAULT_LABELS)
    assert render_labels("de")["trump"] == "Trumpf"
    assert render_labels("sv-SE")["rank.A"] == "ess"
    assert render_labels("de")["contract.farbe"] == "Farbspiel"


@pytest.mark.parametrize("language", ["de", "sv"])
def test_every_image_word_is_translated_or_kept_on_purpose(language: str) -> None:
    """Each renderer label is in the language's own words or marked in the .po files as
    kept in English (game words, formats): never merely inherited. English is the
    renderer's own words."""
    from bot.i18n.pofiles import read_entries
    from renderer.labels import DEFAULT_LABELS

    english = {e.key: e for e in read_entries("en") if e.key.startswith("render.")}
    assert {k[len("render."):]: e.english for k, e in english.items()} == dict(DEFAULT_LABELS)
    for entry in read_entries(language):
        if entry.key.startswith("render."):
            kept = english[entry.key].kept
            assert entry.kept == kept, entry.key
            assert entry.translation, entry.key  # (written for this language)
            if kept:
                assert entry.translation == entry.english, entry.key


@pytest.mark.parametrize("language", LANGUAGES)
def test_image_file_names_are_plain(language: str) -> None:
    """File names of images: lowercase ASCII letters, digits and dashes, in every language."""
    from bot.i18n.words import render_labels

    names = {k: v for k, v in render_labels(language).items() if k.startswith("file.")}
    assert len(names) >= 5
    assert [v for v in names.values() if not re.fullmatch(r"[a-z0-9-]+", v)] == []
