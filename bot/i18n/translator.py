"""Slash command localizations: a discord.py :class:`~discord.app_commands.Translator`.

Descriptions and choice names are written in English through :func:`bot.i18n.t`; the
translator finds the catalogue key of that English text and answers with the German or
Swedish string. Command and option names come from :data:`NAMES` (lowercase, no spaces,
as Discord requires); the game's own words stay as they are.
"""

from __future__ import annotations

from functools import cache

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from . import DEFAULT, language_of, strings
from .names import NAMES

#: formatted choice names: (key, values) pairs whose English text is looked up
FORMATTED = [("choice.players", {"n": n}) for n in range(2, 9)] + [
    ("choice.deck", {"n": n}) for n in (32, 36)]


@cache
def _english_index() -> dict[str, tuple[str, tuple[tuple[str, int], ...]]]:
    """English text → (catalogue key, format values)."""
    index: dict[str, tuple[str, tuple[tuple[str, int], ...]]] = {}
    for key, text in strings(DEFAULT).items():
        index.setdefault(text, (key, ()))
    for key, values in FORMATTED:
        index.setdefault(strings(DEFAULT)[key].format(**values), (key, tuple(values.items())))
    return index


def localize(english: str, language: str, where: Where | None = None) -> str | None:
    """The ``language`` form of a command's English name, description or choice name,
    or None when there is none."""
    if language == DEFAULT:
        return None
    if where in (Where.command_name, Where.group_name, Where.parameter_name):
        return NAMES.get(language, {}).get(english)
    found = _english_index().get(english)
    if found is None:
        return None
    key, values = found
    text = strings(language).get(key)
    if text is None:
        return None
    return text.format(**dict(values)) if values else text


class Translator(app_commands.Translator):
    """German and Swedish localizations of the slash commands."""

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        base = str(locale.value).split("-")[0].lower()
        if base not in ("de", "sv"):
            return None
        return localize(string.message, language_of(base), context.location)
