"""What a member typed, made into checked setting values (or a refusal in their language)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from bot.i18n.errors import LocalizedError
from bot.usertext import safe

from .messages import DURATIONS, format_duration, setting_name, value_text
from .models import SettingRejected, validate

#: unit words (English, German, Swedish) → seconds
UNITS: dict[str, int] = {
    **dict.fromkeys(("d", "day", "days", "dag", "dagar", "tag", "tage", "tg"), 86400),
    **dict.fromkeys(("h", "hr", "hrs", "hour", "hours", "std", "stunde", "stunden", "tim",
                     "timme", "timmar"), 3600),
    **dict.fromkeys(("m", "min", "mins", "minute", "minutes", "minuten", "minut", "minuter"),
                    60),
}
OFF = frozenset({"0", "off", "never", "aus", "nie", "av", "aldrig"})
_PART = re.compile(r"(\d+(?:[.,]\d+)?)\s*([^\W\d_]+)\.?")


class SettingError(LocalizedError):
    """A value a member typed that does not fit (its values already in their language)."""

    key = "settings.error.invalid"


def parse_duration(text: str) -> int:
    """``"1h30m"``, ``"2 Std"``, ``"1,5h"``, ``"off"`` → seconds (0: off)."""
    cleaned = text.strip().lower()
    if cleaned in OFF:
        return 0
    total, pos = 0.0, 0
    for match in _PART.finditer(cleaned):
        unit = UNITS.get(match.group(2))
        if unit is None or cleaned[pos:match.start()].strip():
            raise SettingError("settings.error.duration", text=safe(text, limit=24, empty=""))
        total += float(match.group(1).replace(",", ".")) * unit
        pos = match.end()
    if pos == 0 or cleaned[pos:].strip():
        raise SettingError("settings.error.duration", text=safe(text, limit=24, empty=""))
    return round(total)


def check(values: Mapping[str, Any], language: str, *, table: bool = False) -> dict[str, Any]:
    """The values checked and typed (a duration may be text, see :func:`parse_duration`);
    a bad one raises :class:`SettingError` with its reason in ``language``."""
    read = {k: parse_duration(v) if k in DURATIONS and isinstance(v, str) else v
            for k, v in values.items()}
    try:
        return validate(read, table=table)
    except SettingRejected as error:
        raise _explained(error, language) from None


def _explained(error: SettingRejected, language: str) -> SettingError:
    name = setting_name(error.setting, language)
    if error.reason == "seconds":
        return SettingError("settings.error.seconds", setting=name,
                            low=format_duration(error.values["low"], language),
                            high=format_duration(error.values["high"], language))
    if error.reason == "range":
        return SettingError("settings.error.range", setting=name, **error.values)
    if error.reason == "choice":
        shown = ", ".join(value_text(error.setting, c, language)
                          for c in error.values["choices"])
        return SettingError("settings.error.choice", setting=name, choices=shown)
    return SettingError("settings.error.invalid", setting=name)
