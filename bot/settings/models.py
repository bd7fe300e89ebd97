"""The server settings: their values, defaults and checks (no SQL, no Discord).

Each key is one value, so a new setting needs no migration: add a field to
:class:`Settings` (its default) and a :class:`Spec` (its check) below. Effective settings
of a table = defaults, then the server's values, then the table's overrides (except that
a table may forbid computer players but not allow what its server forbids); the store
(:class:`bot.store.SettingsStore`) keeps them.

A refusal is a :class:`SettingRejected`: an English message, and for a catalogue its
``reason`` and values (see there).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from bot.engine import VARIANTS, DeckStyle, TappError, rules_of
from bot.ratings.seasons import SeasonLength

__all__ = ["AUTO_DECK", "DECK_CHOICES", "LANGUAGES", "MAX_STAKE", "SPECS", "DeckStyle",
           "InvalidSetting", "SeriesHosts", "SettingRejected", "Settings", "Spec", "TableMode",
           "TimeoutPolicy", "WebAccess", "known", "merged", "plain", "validate"]


class TimeoutPolicy(StrEnum):
    COMPUTER = "computer"  # a computer player takes the absent player's turn
    ABANDON = "abandon"  # the deal is abandoned with no chips moved


class WebAccess(StrEnum):
    """Who may see a server's pages on the web (``python -m bot web``)."""

    OFF = "off"  # nobody: the pages answer as for an unknown server
    PUBLIC = "public"  # anyone with the address
    MEMBERS = "members"  # members of the server, signed in with Discord


class TableMode(StrEnum):
    THREAD = "thread"  # each table in its own thread
    CHANNEL = "channel"  # in the channel itself


class SeriesHosts(StrEnum):
    """Who may open a series (``/tapp series open``)."""

    MANAGERS = "managers"  # members with the Manage Server permission
    EVERYONE = "everyone"


#: the ``deck_style`` value that names no style: each variant's home deck (``None``)
AUTO_DECK = "auto"
#: the deck styles a server or table may choose
DECK_CHOICES = (AUTO_DECK, *(d.value for d in DeckStyle))

LANGUAGES = ("auto", "en", "de", "sv")  # auto: each user's Discord locale


@dataclass(frozen=True, slots=True)
class Settings:
    reminder_delay: int = 3600  # seconds until the player to act is pinged again; 0: never
    turn_timeout: int = 86400  # seconds until the timeout policy applies; 0: never
    timeout_policy: TimeoutPolicy = TimeoutPolicy.COMPUTER
    computers_allowed: bool = True
    default_variant: str = "zuger"
    stake: int = 1
    deck_style: DeckStyle | None = None  # None (``auto``): each variant's home deck
    table_mode: TableMode = TableMode.THREAD
    language: str = "auto"
    season: SeasonLength = SeasonLength.OFF  # the server's seasons (off, month, quarter)
    web: WebAccess = WebAccess.OFF  # who may see the server's pages on the web
    series_hosts: SeriesHosts = SeriesHosts.MANAGERS  # who may open a series

    def deck_for(self, variant: str) -> DeckStyle:
        """The deck style in effect for a deal of ``variant``: the chosen one, or the
        variant's home deck where none is chosen (``auto``)."""
        return self.deck_style or rules_of(variant).home_deck

    def to_json(self) -> dict[str, Any]:
        return {k: plain(v) for k, v in dataclasses.asdict(self).items()}


class InvalidSetting(TappError):
    """An unknown setting or a value out of range (the message names which)."""


class SettingRejected(InvalidSetting):
    """An :class:`InvalidSetting` that says why in parts: ``reason`` is one of
    ``unknown``, ``server_only``, ``seconds``, ``range``, ``choice``, ``bool``; ``setting``
    names the key; ``low``/``high`` (seconds or numbers) or ``choices`` where they apply."""

    def __init__(self, message: str, *, reason: str, setting: str, **values: Any) -> None:
        super().__init__(message)
        self.reason = reason
        self.setting = setting
        self.values = values


@dataclass(frozen=True, slots=True)
class Spec:
    parse: Callable[[str, Any], Any]  # (key, raw value) -> value; raises InvalidSetting
    per_table: bool  # may a table override it?


def plain(value: Any) -> Any:
    """A checked value as stored and shown: an enum's value, ``auto`` for no deck style
    (the only setting whose value may be None)."""
    if value is None:
        return AUTO_DECK
    return value.value if isinstance(value, StrEnum) else value


def _seconds(low: int, high: int) -> Callable[[str, Any], int]:
    def parse(key: str, value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise SettingRejected(f"{key} is a number of seconds.", reason="seconds",
                                  setting=key, low=low, high=high)
        if value != 0 and not low <= value <= high:
            raise SettingRejected(f"{key} is 0 (off) or from {low} to {high} seconds.",
                                  reason="seconds", setting=key, low=low, high=high)
        return value
    return parse


def _int(low: int, high: int) -> Callable[[str, Any], int]:
    def parse(key: str, value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise SettingRejected(f"{key} is a whole number from {low} to {high}.",
                                  reason="range", setting=key, low=low, high=high)
        return value
    return parse


def _choice(choices: Iterable[str], kind: Callable[[str], Any] = str) -> Callable[[str, Any], Any]:
    allowed = tuple(choices)

    def parse(key: str, value: Any) -> Any:
        if not isinstance(value, str) or value not in allowed:
            raise SettingRejected(f"{key} is one of: {', '.join(allowed)}.", reason="choice",
                                  setting=key, choices=allowed)
        return kind(value)
    return parse


_deck_choice = _choice(DECK_CHOICES)


def _deck(key: str, value: Any) -> DeckStyle | None:
    if value is None:  # as :class:`Settings` holds ``auto``
        return None
    chosen = _deck_choice(key, value)
    return None if chosen == AUTO_DECK else DeckStyle(chosen)


def _bool(key: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise SettingRejected(f"{key} is true or false.", reason="bool", setting=key)
    return value


#: the most chips a point may be worth (the server default and a table's own)
MAX_STAKE = 1000

SPECS: dict[str, Spec] = {
    "reminder_delay": Spec(_seconds(60, 7 * 86400), per_table=True),
    "turn_timeout": Spec(_seconds(300, 14 * 86400), per_table=True),
    "timeout_policy": Spec(_choice([p.value for p in TimeoutPolicy], TimeoutPolicy), True),
    "computers_allowed": Spec(_bool, per_table=True),  # a table may only forbid them
    "default_variant": Spec(_choice(sorted(VARIANTS)), per_table=False),
    "stake": Spec(_int(1, MAX_STAKE), per_table=False),
    "deck_style": Spec(_deck, per_table=True),
    "table_mode": Spec(_choice([m.value for m in TableMode], TableMode), per_table=True),
    "language": Spec(_choice(LANGUAGES), per_table=True),
    "season": Spec(_choice([s.value for s in SeasonLength], SeasonLength), per_table=False),
    "web": Spec(_choice([w.value for w in WebAccess], WebAccess), per_table=False),
    "series_hosts": Spec(_choice([h.value for h in SeriesHosts], SeriesHosts), per_table=False),
}
assert set(SPECS) == {f.name for f in dataclasses.fields(Settings)}


def validate(values: Mapping[str, Any], *, table: bool = False) -> dict[str, Any]:
    """Checked and typed values; :class:`InvalidSetting` names the first bad one."""
    out = {}
    for key, value in values.items():
        spec = SPECS.get(key)
        if spec is None:
            raise SettingRejected(f"There is no setting called {key!r}.", reason="unknown",
                                  setting=key)
        if table and not spec.per_table:
            raise SettingRejected(f"{key} is a server setting; a table cannot override it.",
                                  reason="server_only", setting=key)
        out[key] = spec.parse(key, value.value if isinstance(value, StrEnum) else value)
    return out


def known(stored: Iterable[tuple[str, Any]], *, table: bool = False) -> dict[str, Any]:
    """Stored values still known and valid (a value out of today's range is ignored; of a
    table's, those a table may not override)."""
    out = {}
    for key, value in stored:
        spec = SPECS.get(key)
        if spec is None or (table and not spec.per_table):
            continue
        try:
            out[key] = spec.parse(key, value)
        except InvalidSetting:
            continue
    return out


def merged(guild: Mapping[str, Any], table: Mapping[str, Any]) -> Settings:
    """A table's settings: defaults, then its server's values, then its own (checked by
    :func:`known` with ``table=True``; a table may forbid computer players, not allow what
    its server forbids)."""
    values = dict(guild) | dict(table)
    if guild.get("computers_allowed") is False:
        values["computers_allowed"] = False
    return Settings(**values)
