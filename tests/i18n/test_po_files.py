"""The catalogues as translators' tools see them, the gettext .po files: every key is
translated in every language, with the English one's placeholders; the template is up
to date; a fuzzy or empty entry is shown in English; the files are as the tools write
them; and the tool that merges dict catalogues of older branches into them works."""

from __future__ import annotations

import shutil
import string
import subprocess
import sys
from pathlib import Path

import pytest

from bot.i18n import LANGUAGES, pofiles
from bot.i18n.from_dicts import merge
from bot.i18n.pofiles import Entry, read_entries

OTHERS = [language for language in LANGUAGES if language != "en"]


def fields(text: str) -> list[str]:
    """The placeholders of a text (one may be used more than once, in any order)."""
    return sorted({name for _, name, _, _ in string.Formatter().parse(text)
                   if name is not None})


def test_english_is_the_source() -> None:
    english = read_entries("en")
    assert len(english) > 800
    assert len({e.key for e in english}) == len(english)
    assert all(e.english.strip() and not e.translation and not e.fuzzy for e in english)


@pytest.mark.parametrize("language", OTHERS)
def test_every_key_is_translated(language: str) -> None:
    english = {e.key: e.english for e in read_entries("en")}
    own = {e.key: e for e in read_entries(language)}
    assert sorted(set(english) - set(own)) == [], "missing"
    assert sorted(set(own) - set(english)) == [], "extra"
    assert [k for k, e in own.items() if e.english != english[k]] == [], "stale English"
    assert [k for k, e in own.items() if not e.translation.strip()] == [], "untranslated"
    assert [k for k, e in own.items() if e.fuzzy] == [], "fuzzy: to check"


@pytest.mark.parametrize("language", OTHERS)
def test_placeholders_match_the_english(language: str) -> None:
    wrong = [(e.key, fields(e.english), fields(e.translation)) for e in read_entries(language)
             if fields(e.english) != fields(e.translation)]
    assert wrong == []


def test_the_template_is_up_to_date(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``python -m bot.i18n.extract`` was run after the last change of the English."""
    monkeypatch.setattr(pofiles, "TEMPLATE", tmp_path / "tapp.pot")
    pofiles.write_template(read_entries("en"))
    assert (tmp_path / "tapp.pot").read_bytes() == (pofiles.LOCALE / "tapp.pot").read_bytes()


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_files_are_as_written(language: str, tmp_path: Path,
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Each file is as the catalogue writes it (and ``pybabel update`` too, see
    docs/translations.md): a placeholder in the English is flagged for the tools."""
    path = pofiles.po_path(language)
    entries = read_entries(language)
    monkeypatch.setattr(pofiles, "LOCALE", tmp_path)
    pofiles.write_language(language, entries)
    assert pofiles.po_path(language).read_bytes() == path.read_bytes()
    text = path.read_text(encoding="utf-8")
    assert text.count("#, python-brace-format") == sum("{" in e.english for e in entries)


def test_pybabel_update_changes_nothing_when_nothing_changed(tmp_path: Path) -> None:
    copy = tmp_path / "locale"
    shutil.copytree(pofiles.LOCALE, copy)
    pybabel = Path(sys.executable).with_name("pybabel")
    for language in LANGUAGES:
        subprocess.run([str(pybabel), "-q", "update", "-i", str(copy / "tapp.pot"), "-d",
                        str(copy), "-D", "tapp", "-l", language], check=True, timeout=120)
        assert (copy / language / "LC_MESSAGES" / "tapp.po").read_bytes() == \
            pofiles.po_path(language).read_bytes()


def test_a_fuzzy_or_empty_translation_is_shown_in_english(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pofiles, "LOCALE", tmp_path)
    pofiles.write_language("en", [Entry("a", "Apple"), Entry("b", "Bean"), Entry("c", "{n}")])
    pofiles.write_language("de", [Entry("a", "Apple", "Apfel"),
                                  Entry("b", "Bean", "Bohne", fuzzy=True),
                                  Entry("c", "{n}", "")])
    assert pofiles.load("en") == {"a": "Apple", "b": "Bean", "c": "{n}"}
    assert pofiles.load("de") == {"a": "Apfel"}


def test_dict_catalogues_of_older_branches_merge_in(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    locale = tmp_path / "locale"
    shutil.copytree(pofiles.LOCALE, locale)
    monkeypatch.setattr(pofiles, "LOCALE", locale)
    before = {language: read_entries(language) for language in LANGUAGES}
    old = tmp_path / "catalog"
    old.mkdir()
    (old / "suspension.py").write_text(  # a new key, and an old text of a key changed since
        'EN = {"table.suspended": "The table is suspended.", "button.hand": "My cards"}\n'
        'DE = {"table.suspended": "Der Tisch ruht.", "button.hand": "Meine Karten"}\n'
        'SV = {"table.suspended": "Bordet vilar.", "button.hand": "Mina kort"}\n',
        encoding="utf-8")
    merged = merge(old)
    assert (merged.added, merged.differing) == (["table.suspended"], ["button.hand"])
    for language in LANGUAGES:
        entries = {e.key: e for e in read_entries(language)}
        assert len(entries) == len(before[language]) + 1  # one new key, the rest kept
        assert entries["table.suspended"].english == "The table is suspended."
        assert entries["button.hand"].english == "My hand"  # the .po files' text stays
    de = {e.key: e.translation for e in read_entries("de")}
    assert (de["table.suspended"], de["button.hand"]) == ("Der Tisch ruht.", "Mein Blatt")
    first = pofiles.po_path("sv").read_bytes()
    assert merge(old).added == []  # again: the same files
    assert pofiles.po_path("sv").read_bytes() == first
    merge(old, replace=True)  # the dicts' texts, on request
    de = {e.key: e.translation for e in read_entries("de")}
    assert de["button.hand"] == "Meine Karten"
