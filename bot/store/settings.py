"""Per-server settings and per-table overrides.

Each key is stored as one JSON value, so a new setting needs no migration: add a field
to :class:`Settings` (its default) and a :class:`Spec` (its check) below. Effective
settings of a table = defaults, then the server's values, then the table's overrides
(except that a table may forbid computer players but not allow what its server forbids).

A refusal is a :class:`SettingRejected`: an English message, and for a catalogue its
``reason`` and values (see there).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Literal

from bot.engine import VARIANTS
from bot.ratings.seasons import SeasonLength

from .backend import Database
from .db import dumps, loads
from .errors import InvalidSetting
from .rows import fetch_table
from .sql import Conn, Row


class TimeoutPolicy(StrEnum):
    COMPUTER = "computer"  # a computer player takes the absent player's turn
    ABANDON = "abandon"  # the deal is abandoned with no chips moved


class TableMode(StrEnum):
    THREAD = "thread"  # each table in its own thread
    CHANNEL = "channel"  # in the channel itself


class DeckStyle(StrEnum):
    AUTO = "auto"  # the variant's own
    FRENCH = "french"
    GERMAN = "german"
    SWISS = "swiss"


LANGUAGES = ("auto", "en", "de", "sv")  # auto: each user's Discord locale


@dataclass(frozen=True, slots=True)
class Settings:
    reminder_delay: int = 3600  # seconds until the player to act is pinged again; 0: never
    turn_timeout: int = 86400  # seconds until the timeout policy applies; 0: never
    timeout_policy: TimeoutPolicy = TimeoutPolicy.COMPUTER
    computers_allowed: bool = True
    default_variant: str = "zuger"
    stake: int = 1
    deck_style: DeckStyle = DeckStyle.AUTO
    table_mode: TableMode = TableMode.THREAD
    language: str = "auto"
    season: SeasonLength = SeasonLength.OFF  # the server's seasons (off, month, quarter)

    def to_json(self) -> dict[str, Any]:
        return {k: _plain(v) for k, v in dataclasses.asdict(self).items()}


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


def _plain(value: Any) -> Any:
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
    "deck_style": Spec(_choice([d.value for d in DeckStyle], DeckStyle), per_table=True),
    "table_mode": Spec(_choice([m.value for m in TableMode], TableMode), per_table=True),
    "language": Spec(_choice(LANGUAGES), per_table=True),
    "season": Spec(_choice([s.value for s in SeasonLength], SeasonLength), per_table=False),
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
        out[key] = spec.parse(key, _plain(value))
    return out


def _stored(rows: Iterable[Row]) -> dict[str, Any]:
    """Stored values still known and valid (a value out of today's range is ignored)."""
    out = {}
    for r in rows:
        spec = SPECS.get(r["key"])
        if spec is None:
            continue
        try:
            out[r["key"]] = spec.parse(r["key"], loads(r["value"]))
        except InvalidSetting:
            continue
    return out


def _guild(conn: Conn, guild_id: int) -> dict[str, Any]:
    return _stored(conn.execute("SELECT key, value FROM guild_settings WHERE guild_id = ?",
                                (guild_id,)))


def _table(conn: Conn, table_id: int) -> dict[str, Any]:
    rows = conn.execute("SELECT key, value FROM table_settings WHERE table_id = ?", (table_id,))
    return {k: v for k, v in _stored(rows).items() if SPECS[k].per_table}


def _for_table(conn: Conn, table_id: int) -> Settings:
    guild = _guild(conn, fetch_table(conn, table_id).guild_id)
    merged = guild | _table(conn, table_id)
    if guild.get("computers_allowed") is False:
        merged["computers_allowed"] = False
    return Settings(**merged)


def _forget(conn: Conn, owner: Literal["guild", "table"], owner_id: int,
            keys: list[str] | None) -> None:
    """Delete a server's or a table's own values (of ``keys``, or all)."""
    if keys is None:
        conn.execute(f"DELETE FROM {owner}_settings WHERE {owner}_id = ?", (owner_id,))
    else:
        conn.executemany(f"DELETE FROM {owner}_settings WHERE {owner}_id = ? AND key = ?",
                         [(owner_id, k) for k in keys])


def insert_table_settings(conn: Conn, table_id: int,
                          checked: Mapping[str, Any], now: float) -> None:
    """Store a table's overrides (checked by :func:`validate` with ``table=True``) in the
    caller's transaction."""
    conn.executemany(
        "INSERT INTO table_settings (table_id, key, value, updated_at)"
        " VALUES (?, ?, ?, ?) ON CONFLICT (table_id, key) DO UPDATE SET"
        " value = excluded.value, updated_at = excluded.updated_at",
        [(table_id, k, dumps(_plain(v)), now) for k, v in checked.items()])


class SettingsStore:
    def __init__(self, db: Database) -> None:
        self._db = db

    async def for_guild(self, guild_id: int) -> Settings:
        """A server's settings (defaults where it set nothing)."""
        return Settings(**await self._db.read(_guild, guild_id))

    async def guild_overrides(self, guild_id: int) -> dict[str, Any]:
        """Only what the server set."""
        return await self._db.read(_guild, guild_id)

    async def set_guild(self, guild_id: int, values: Mapping[str, Any], *,
                        updated_by: int | None = None) -> Settings:
        checked = validate(values)
        now = self._db.now()

        def run(conn: Conn) -> Settings:
            conn.executemany(
                "INSERT INTO guild_settings (guild_id, key, value, updated_at, updated_by)"
                " VALUES (?, ?, ?, ?, ?) ON CONFLICT (guild_id, key) DO UPDATE SET"
                " value = excluded.value, updated_at = excluded.updated_at,"
                " updated_by = excluded.updated_by",
                [(guild_id, k, dumps(_plain(v)), now, updated_by) for k, v in checked.items()])
            return Settings(**_guild(conn, guild_id))
        return await self._db.write(run)

    async def reset_guild(self, guild_id: int, keys: Iterable[str] | None = None) -> Settings:
        """Back to the defaults (the given keys, or all)."""
        names = None if keys is None else list(keys)

        def run(conn: Conn) -> Settings:
            _forget(conn, "guild", guild_id, names)
            return Settings(**_guild(conn, guild_id))
        return await self._db.write(run)

    async def for_table(self, table_id: int) -> Settings:
        """A table's settings: defaults, then its server's, then its own overrides."""
        return await self._db.read(_for_table, table_id)
