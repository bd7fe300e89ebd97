"""Slash command localizations, as the bot syncs them to the stand-in, keep Discord's
limits: names 1-32 characters, lowercase, letters/digits/``-``/``_``; descriptions and
choice names 1-100."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from typing import Any

from discord.app_commands import TranslationContextLocation as Where

from bot.connection.client import TappBot
from bot.i18n.translator import NAMES, localize
from standin import Sandbox

LOCALES = {"de", "sv-SE"}


def _name_ok(name: str) -> bool:
    """Discord's ``^[-_\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$``, lowercase."""
    return (1 <= len(name) <= 32 and name == name.lower()
            and all(c in "-_" or unicodedata.category(c)[0] in "LN" for c in name))


def _walk(item: dict[str, Any]) -> Iterator[dict[str, Any]]:
    yield item
    for option in item.get("options") or []:
        yield from _walk(option)


async def test_synced_localizations_keep_discords_limits(sandbox: Sandbox,
                                                         tapp_bot: TappBot) -> None:
    commands = sandbox.commands()
    assert sorted(c.name for c in commands) == ["league", "tapp"]
    seen, bad = 0, []
    for item in (item for command in commands for item in _walk(command.data)):
        names = item.get("name_localizations") or {}
        descriptions = item.get("description_localizations") or {}
        seen += len(descriptions)
        bad += [(item["name"], n) for n in names.values() if not _name_ok(n)]
        bad += [(item["name"], d) for d in descriptions.values() if not 1 <= len(d) <= 100]
        for choice in item.get("choices") or []:
            for text in (choice.get("name_localizations") or {}).values():
                seen += 1
                if not 1 <= len(text) <= 100:
                    bad.append((choice["name"], text))
        siblings = [o.get("name_localizations") or {} for o in item.get("options") or []]
        for locale in LOCALES:
            local = [s[locale] for s in siblings if locale in s]
            assert len(local) == len(set(local)), (item["name"], locale)
    assert bad == []
    assert seen > 50  # German and Swedish were synced
    # no English left in the command picker: every description and every worded choice
    untranslated = []
    for item in (item for command in commands for item in _walk(command.data)):
        missing = LOCALES - set(item.get("description_localizations") or {})
        untranslated += [(item["name"], sorted(missing))] if missing else []
        for choice in item.get("choices") or []:
            if not str(choice["name"]).isdigit():
                missing = LOCALES - set(choice.get("name_localizations") or {})
                untranslated += [(choice["name"], sorted(missing))] if missing else []
    assert untranslated == []
    tapp = next(c for c in commands if c.name == "tapp")
    table = next(o for o in tapp.data["options"] if o["name"] == "table")
    new = next(o for o in table["options"] if o["name"] == "new")
    assert new["name_localizations"]["de"] == "neu"
    assert new["description_localizations"]["sv-SE"] == "Öppna ett bord i denna kanal"
    league = next(c for c in commands if c.name == "league")
    assert league.data["name_localizations"]["de"] == "liga"


def test_names_are_valid_and_game_words_stay() -> None:
    for names in NAMES.values():
        assert [n for n in names.values() if not _name_ok(n)] == []
    assert localize("Say Kontra (or Rekontra)", "de") == "Kontra (oder Rekontra) sagen"
    assert localize("Zuger Tapp", "sv", Where.choice_name) == "Zuger Tapp"
    assert localize("4 players", "de", Where.choice_name) == "4 Spieler"
    assert localize("new", "de", Where.command_name) == "neu"
    assert localize("new", "en", Where.command_name) is None
