"""The message catalogue: every user-facing string goes through :func:`t`.

Strings live in gettext catalogues, ``bot/i18n/locale/<language>/LC_MESSAGES/tapp.po``
(:mod:`.pofiles`; ``docs/translations.md`` says how to add and translate them), read
with Babel once per language, at its first use, into a dict: a lookup is a dict lookup.
Keys are dotted (``table.lobby.title``), each entry's ``msgctxt``; values are
``str.format`` templates (``tests/i18n`` checks every key is translated in every
language with the same placeholders). A key missing or untranslated in a language falls
back to English; a key missing everywhere raises KeyError (a bug, caught by tests).

**Counts.** A text that counts something takes the count as the value ``n`` (it may show
it under another name too, or not at all: ``Ramsch: {names} pay.``). Its form for one
(for ``n`` of 1 or −1) is the key with :data:`ONE` appended, ``seat.tricks.1`` beside
``seat.tricks``; :func:`t` picks it by itself, so ``t("seat.tricks", lang, n=1)`` is
``1 trick`` and ``n=2`` is ``2 tricks``. Every other count (0 too) takes the plain key,
which is the plural in English, German and Swedish alike. A text whose count can never
be one (the players of a variant, a deck's cards) needs no ``.1`` form.
:func:`plural` says the same with the count first, for a count the text does not show
as ``{n}``.
"""

from __future__ import annotations

from functools import cache
from typing import Any

LANGUAGES = ("en", "de", "sv")
DEFAULT = "en"
#: appended to a count-dependent key for its form for one (see the module's doc)
ONE = ".1"


@cache
def strings(language: str) -> dict[str, str]:
    """All strings of one language, read from its .po file once."""
    from .pofiles import load  # (Babel: imported when a text is first needed)

    return load(language)


def language_of(locale: str | None) -> str:
    """Discord locale (``de``, ``sv-SE``, ``en-US``) → one of :data:`LANGUAGES`."""
    if not locale:
        return DEFAULT
    base = str(locale).split("-")[0].lower()
    return base if base in LANGUAGES else DEFAULT


def singular(key: str, count: object, language: str) -> str:
    """``key``'s form for ``count``: ``key + ONE`` when ``count`` is 1 or −1 and the
    catalogue has that form, else ``key``."""
    if isinstance(count, int) and not isinstance(count, bool) and abs(count) == 1:
        one = key + ONE
        if one in strings(language) or one in strings(DEFAULT):
            return one
    return key


def t(key: str, language: str | None = None, /, **values: Any) -> str:
    """The string for ``key`` in ``language`` (English fallback), formatted with ``values``;
    the form for one when ``values`` has ``n`` of 1 or −1 (see the module's doc)."""
    lang = language_of(language)
    if "n" in values:
        key = singular(key, values["n"], lang)
    text = strings(lang).get(key)
    if text is None:
        text = strings(DEFAULT)[key]
    return text.format(**values) if values else text


def signed(n: int) -> str:
    """A number of chips won or lost as every message and image shows it: ``+5``,
    ``−3`` (the minus sign, U+2212, not a hyphen), ``0``."""
    return f"+{n}" if n > 0 else f"\u2212{-n}" if n < 0 else "0"


def plural(key: str, n: int, language: str | None = None, /, **values: Any) -> str:
    """``key`` for ``n`` things: ``t(key, language, n=n, **values)``."""
    return t(key, language, n=n, **values)
