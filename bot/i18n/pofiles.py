"""The gettext catalogues: ``locale/<language>/LC_MESSAGES/tapp.po`` and their template
``locale/tapp.pot``, read and written with Babel.

Each entry is one catalogue key: ``msgctxt`` is the key (``seat.tricks``), ``msgid`` the
English text, ``msgstr`` the translation (empty in English, whose text is the
``msgid``). Translators' tools show the English beside the translation; an entry whose
English changed is marked fuzzy by ``pybabel update`` and read as untranslated until a
translator has looked at it. Comments for translators are made from the key: the form
for one of a count, and the image words kept in English on purpose.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

LOCALE = Path(__file__).resolve().parent / "locale"
DOMAIN = "tapp"
TEMPLATE = LOCALE / f"{DOMAIN}.pot"
ONE = ".1"  # (bot.i18n.ONE: the key of a count's form for one)
#: the dates in the headers: fixed, so that writing the same entries gives the same file
DATE = datetime(2026, 11, 27, tzinfo=UTC)
KEPT = "kept in English on purpose: a game word or a format"
FOR_ONE = "the form for one: {n} is 1 or -1"
FOR_OTHERS = "the form for every other count ({n} is 0, 2, 3, ...)"
PLACEHOLDER = re.compile(r"\{[a-z_0-9]*\}")


@dataclass(frozen=True, slots=True)
class Entry:
    key: str
    english: str
    translation: str = ""
    kept: bool = False  # an image word kept in English on purpose
    fuzzy: bool = False  # its English changed since it was translated


def po_path(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def _read(path: Path) -> Catalog:
    with path.open("rb") as file:
        return read_po(file, abort_invalid=True)


def read_entries(language: str, path: Path | None = None) -> list[Entry]:
    """The entries of a language's .po file (none if it does not exist yet)."""
    path = path or po_path(language)
    if not path.exists():
        return []
    return [Entry(str(m.context), str(m.id), str(m.string or ""),
                  KEPT in " ".join(m.auto_comments), m.fuzzy)
            for m in _read(path) if m.id and m.context]


def load(language: str) -> dict[str, str]:
    """key -> text of a language, as the bot shows it: English's own text, another
    language's translations (an empty or fuzzy one is left out: English stands in)."""
    catalog = _read(po_path(language))
    if language == "en":
        return {str(m.context): str(m.id) for m in catalog if m.id and m.context}
    return {str(m.context): str(m.string) for m in catalog
            if m.id and m.context and m.string and not m.fuzzy}


def placeholders(text: str) -> list[str]:
    return sorted(PLACEHOLDER.findall(text))


def _catalog(language: str | None, entries: Iterable[Entry]) -> Catalog:
    what = f"{language} messages" if language else "template of the messages"
    catalog = Catalog(locale=language, domain=DOMAIN, project="Tapp bot", version="1",
                      header_comment=f"# The Tapp bot: {what}.\n"
                                     "# How to translate: docs/translations.md.",
                      msgid_bugs_address="the Tapp bot issue tracker", creation_date=DATE,
                      revision_date=DATE, last_translator="Tapp bot translators",
                      language_team="Tapp bot translators", fuzzy=False)
    items = sorted(entries, key=lambda e: e.key)
    keys = {e.key for e in items}
    for entry in items:
        comments = []
        if entry.kept:
            comments.append(KEPT)
        if entry.key.endswith(ONE) and entry.key[:-len(ONE)] in keys:
            comments.append(FOR_ONE)
        elif entry.key + ONE in keys:
            comments.append(FOR_OTHERS)
        flags = ["python-brace-format"] if PLACEHOLDER.search(entry.english) else []
        if entry.fuzzy:
            flags.append("fuzzy")
        catalog.add(entry.english, entry.translation, context=entry.key,
                    auto_comments=comments, flags=flags)
    return catalog


def _write(path: Path, catalog: Catalog) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as file:
        write_po(file, catalog, width=76)  # (as pybabel update writes them)


def write_language(language: str, entries: Iterable[Entry]) -> int:
    """Write a language's .po file; the number of entries."""
    catalog = _catalog(language, entries)
    _write(po_path(language), catalog)
    return len(catalog)


def write_template(entries: Iterable[Entry]) -> int:
    """Write the template (English, no translations); the number of entries."""
    catalog = _catalog(None, (Entry(e.key, e.english, "", e.kept) for e in entries))
    _write(TEMPLATE, catalog)
    return len(catalog)
