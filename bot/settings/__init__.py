"""Server settings: the values and their checks (:mod:`.models`, no Discord, no SQL), what
a member types made into values (:mod:`.inputs`) and the answers of ``/tapp settings``
(:mod:`.messages`).

The values are kept by :class:`bot.store.SettingsStore`. This package's top exports the
domain only, so the store and the table service import it without Discord.
"""

from .models import (
    AUTO_DECK,
    DECK_CHOICES,
    LANGUAGES,
    MAX_STAKE,
    SPECS,
    DeckStyle,
    InvalidSetting,
    SeriesHosts,
    SettingRejected,
    Settings,
    TableMode,
    TimeoutPolicy,
    WebAccess,
    validate,
)

__all__ = ["AUTO_DECK", "DECK_CHOICES", "LANGUAGES", "MAX_STAKE", "SPECS", "DeckStyle",
           "InvalidSetting", "SeriesHosts", "SettingRejected", "Settings", "TableMode",
           "TimeoutPolicy", "WebAccess", "validate"]
