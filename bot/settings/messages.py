"""Settings in a member's words: names, values, the ``/tapp settings show`` embed."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

import discord

from bot.i18n import t
from bot.usertext import safe

from .models import Settings
from .models import plain as stored_form

COLOUR = discord.Colour(0x2E7D32)  # the felt's green
DURATIONS = frozenset({"reminder_delay", "turn_timeout"})
#: setting → catalogue prefix of its values (``<prefix>.<value>``)
_VALUE_KEYS = {"timeout_policy": "settings.policy", "computers_allowed": "settings.computers",
               "default_variant": "variant", "deck_style": "settings.deck",
               "table_mode": "settings.mode", "language": "settings.language",
               "season": "settings.season", "web": "settings.web",
               "series_hosts": "settings.series_hosts"}


def setting_name(key: str, language: str | None) -> str:
    return t(f"settings.name.{key}", language)


def format_duration(seconds: int, language: str | None) -> str:
    """``5400`` → ``1 h 30 min`` (``off`` for 0), in ``language``."""
    if seconds <= 0:
        return t("settings.off", language)
    days, rest = divmod(round(seconds), 86400)
    hours, rest = divmod(rest, 3600)
    minutes = round(rest / 60)
    parts = [t(f"settings.unit.{unit}", language, n=n)
             for unit, n in (("d", days), ("h", hours), ("min", minutes)) if n]
    return " ".join(parts) or t("settings.unit.min", language, n=1)


def value_text(key: str, value: Any, language: str | None) -> str:
    """One setting's value in ``language``."""
    plain = stored_form(value)
    if key in DURATIONS:
        return format_duration(int(plain), language)
    if key == "stake":
        return t("settings.stake.1", language) if plain == 1 else t("settings.stake", language,
                                                                     n=plain)
    if key == "computers_allowed":
        plain = str(bool(plain)).lower()
    return t(f"{_VALUE_KEYS[key]}.{plain}", language)


def _line(key: str, value: Any, language: str | None) -> str:
    return t("settings.line", language, name=setting_name(key, language),
             value=value_text(key, value, language))


def changes_text(values: Mapping[str, Any], now: Settings, language: str | None) -> str:
    """The answer to a change: each changed setting with its new value (and a note when
    the reminder would never come: the timeout comes first)."""
    lines = "\n".join(_line(k, v, language) for k, v in values.items())
    text = t("settings.saved", language, changes=lines)
    if now.reminder_delay and now.turn_timeout and now.reminder_delay >= now.turn_timeout:
        text += "\n" + t("settings.note.reminder_late", language)
    return text


def settings_embed(overrides: Mapping[str, Any], server: str,
                   language: str | None) -> discord.Embed:
    """A server's effective settings; those it did not set are marked as defaults."""
    settings = Settings(**overrides)
    embed = discord.Embed(title=t("settings.show.title", language, server=safe(server, limit=100)),
                          colour=COLOUR)
    for field in dataclasses.fields(settings):
        text = value_text(field.name, getattr(settings, field.name), language)
        if field.name not in overrides:
            text = t("settings.show.default", language, value=text)
        embed.add_field(name=setting_name(field.name, language), value=text, inline=True)
    embed.set_footer(text=t("settings.show.footer", language))
    return embed
