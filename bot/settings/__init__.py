"""Server settings as members see and type them: reading durations and choices, checking
values with a message in the member's language, and the answers of ``/tapp settings``.

The values themselves are kept by :class:`bot.store.SettingsStore`.
"""

from .inputs import SettingError, check, parse_duration
from .present import changes_text, format_duration, setting_name, settings_embed, value_text

__all__ = ["SettingError", "changes_text", "check", "format_duration", "parse_duration",
           "setting_name", "settings_embed", "value_text"]
