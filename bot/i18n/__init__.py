"""The message catalogue: every user-facing string goes through :func:`t`.

Strings live in ``bot/i18n/catalog/<area>.py`` modules, each with a dict per language
(``EN`` now; ``DE`` and ``SV`` come with the languages issue). Keys are dotted
(``table.lobby.title``); values are ``str.format`` templates. A key missing in a language
falls back to English; a key missing everywhere raises KeyError (a bug, caught by tests).
"""

from __future__ import annotations

import importlib
from functools import cache
from typing import Any

#: catalogue modules, one per area of the bot
AREAS = ("core", "tables", "standings", "settings", "render", "rules")
LANGUAGES = ("en", "de", "sv")
DEFAULT = "en"


@cache
def strings(language: str) -> dict[str, str]:
    """All strings of one language (merged over the areas)."""
    merged: dict[str, str] = {}
    for area in AREAS:
        module = importlib.import_module(f"bot.i18n.catalog.{area}")
        merged.update(getattr(module, language.upper(), {}))
    return merged


def language_of(locale: str | None) -> str:
    """Discord locale (``de``, ``sv-SE``, ``en-US``) → one of :data:`LANGUAGES`."""
    if not locale:
        return DEFAULT
    base = str(locale).split("-")[0].lower()
    return base if base in LANGUAGES else DEFAULT


def t(key: str, language: str | None = None, /, **values: Any) -> str:
    """The string for ``key`` in ``language`` (English fallback), formatted with ``values``."""
    lang = language_of(language)
    text = strings(lang).get(key)
    if text is None:
        text = strings(DEFAULT)[key]
    return text.format(**values) if values else text
