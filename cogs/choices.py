"""The option choices and descriptions that more than one command offers (``/tapp table new``,
``/tapp settings set``, ``/tapp rules``, ``/tapp stats leaderboard`` ...): one list each, so
that every command names a variant, a deck style or a duration the same way. Not a cog:
the shared kit the cogs import (a cog imports no other cog)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from discord.app_commands import Choice, Range

from bot.engine import VARIANTS
from bot.i18n import t
from bot.settings import DECK_CHOICES, LANGUAGES, TableMode, TimeoutPolicy

#: a duration as typed: ``30m``, ``2h``, ``1h30m``, ``1d``, ``off`` (see bot.settings)
Duration = Range[str, 1, 24]
POLICY_CHOICES = [Choice(name=t(f"settings.policy.{p.value}"), value=p.value)
                  for p in TimeoutPolicy]
DECK_STYLE_CHOICES = [Choice(name=t(f"settings.deck.{d}"), value=d) for d in DECK_CHOICES]
MODE_CHOICES = [Choice(name=t(f"settings.mode.{m.value}"), value=m.value) for m in TableMode]
LANGUAGE_CHOICES = [Choice(name=t(f"settings.language.{code}"), value=code)
                    for code in LANGUAGES]
VARIANT_CHOICES = [Choice(name=t(f"variant.{v}"), value=v) for v in VARIANTS]


def described(prefix: str, *options: str) -> dict[str, str]:
    """The descriptions of a command's ``options`` for ``app_commands.describe``: the
    catalogue's ``PREFIX.OPTION`` each."""
    return {option: t(f"{prefix}.{option}") for option in options}


def given(values: Mapping[str, Any]) -> dict[str, Any]:
    """The options the member filled in."""
    return {k: v for k, v in values.items() if v is not None}
