"""Development tool: merge Python dict catalogues into the gettext catalogues.

Until issue 33 the strings lived in ``bot/i18n/catalog/<area>.py`` modules, a dict per
language (``EN``, ``DE``, ``SV``). A branch begun before then may still add keys there:
``python -m bot.i18n.from_dicts [--replace] [FOLDER]`` reads every such module in
``FOLDER`` (default ``bot/i18n/catalog``) and merges its strings into
``bot/i18n/locale``: the keys the .po files lack are added, in every language; a key
they have keeps its .po texts (a branch's whole old dict modules also hold texts changed
since in the .po files), and the keys whose dict texts differ are listed, for a person
to look at (``--replace``: the dicts' texts replace them). The result is deterministic
(entries sorted by key); run ``python -m bot.i18n.extract`` afterwards, then delete the
dict modules.
"""

from __future__ import annotations

import importlib.util
import sys
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

from . import LANGUAGES
from .pofiles import Entry, read_entries, write_language

FOLDER = Path(__file__).resolve().parent / "catalog"


def load_module(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"_tapp_catalog_{path.stem}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def dict_strings(folder: Path) -> tuple[dict[str, dict[str, str]], frozenset[str]]:
    """language -> key -> text over the folder's modules, and the render keys kept in
    English on purpose (``render.SAME_EVERYWHERE``)."""
    found: dict[str, dict[str, str]] = {language: {} for language in LANGUAGES}
    kept: frozenset[str] = frozenset()
    for path in sorted(folder.glob("*.py")):
        if path.name == "__init__.py":
            continue
        module = load_module(path)
        for language in LANGUAGES:
            found[language].update(getattr(module, language.upper(), {}))
        kept |= {f"render.{k}" for k in getattr(module, "SAME_EVERYWHERE", ())}
    return found, kept


@dataclass(frozen=True)
class Merged:
    counts: dict[str, int]  # entries written per language
    added: list[str]  # keys taken from the dicts
    differing: list[str]  # keys kept as the .po files have them, the dicts differing


def po_texts(language: str) -> dict[str, str]:
    """key -> the text a language's .po file has (English's own, else its translation)."""
    return {e.key: e.english if language == "en" else e.translation
            for e in read_entries(language)}


def merge(folder: Path, *, replace: bool = False) -> Merged:
    """Merge ``folder``'s dicts into the .po files: the keys they lack (with ``replace``,
    every key of the dicts, their texts replacing the .po files')."""
    strings, kept = dict_strings(folder)
    texts = {language: po_texts(language) for language in LANGUAGES}
    english = {e.key: e for e in read_entries("en")}
    added, differing = [], []
    for key, text in strings["en"].items():
        old = english.get(key)
        if old is not None and not replace:
            if any(strings[lang].get(key, texts[lang].get(key)) != texts[lang].get(key)
                   for lang in LANGUAGES):
                differing.append(key)
            continue
        english[key] = Entry(key, text, kept=key in kept or (old is not None and old.kept))
        added.append(key)
    counts = {"en": write_language("en", english.values())}
    for language in LANGUAGES[1:]:
        own = {e.key: e for e in read_entries(language)}
        entries = []
        for key, source in sorted(english.items()):
            old = own.get(key)
            translation = strings[language].get(key) if key in added else None
            if translation is None and old is not None and old.english == source.english:
                translation = old.translation
            fuzzy = bool(old and old.fuzzy and translation == old.translation)
            entries.append(Entry(key, source.english, translation or "", source.kept, fuzzy))
        counts[language] = write_language(language, entries)
    return Merged(counts, sorted(added), sorted(differing))


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    replace = "--replace" in args
    args = [a for a in args if a != "--replace"]
    folder = Path(args[0]) if args else FOLDER
    if not folder.is_dir():
        print(f"no folder {folder}", file=sys.stderr)
        return 2
    merged = merge(folder, replace=replace)
    for language, count in merged.counts.items():
        print(f"{language}: {count} entries")
    print(f"taken from the dicts: {len(merged.added)} keys")
    if merged.differing:
        print(f"kept as the .po files have them, the dicts differing (--replace takes the "
              f"dicts'): {', '.join(merged.differing)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
