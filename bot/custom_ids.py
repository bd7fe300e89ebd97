"""The one format of every component's ``custom_id``: ``tapp:<kind>:<fields>``.

Each kind of component is a :class:`Key` subclass: its ``kind`` (``t`` a table's
component, ``d`` a deal-of-the-day run's, ``db`` a deal-of-the-day board's, ``lb`` a
leaderboard page, ``hist`` a history page, ``replay`` a deal's replay, ``rules`` a rules
page), the regular expression of its fields (named groups), how to read a match and how
to write its fields back. The id holds everything a click needs, so buttons keep working
after a restart; Discord allows 100 characters.

Buttons already posted carry the ids of before this format (``tapp:<table>:...``,
``tappd:...``, ``tappd-b:...``, ``tapp-rules:...``): a kind that had one names it as
``legacy`` (a regular expression with the same groups), and :func:`parse` still reads
them.

Plain data, no Discord: :mod:`bot.ui.component` is the one ``DynamicItem`` that hands a
click with its parsed key to the bot.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from typing import ClassVar, Self

PREFIX = "tapp"
MAX_LENGTH = 100
#: what discord.py's ``DynamicItem`` matches (``fullmatch``): every id of this bot, of
#: today's format and the legacy ones; :func:`parse` tells them apart
TEMPLATE = r"tapp(?:d|d-b|-rules)?:[!-~]{1,95}"
_KIND = re.compile(r"tapp:(?P<kind>[a-z]{1,8}):(?P<fields>[!-~]*)")

KINDS: dict[str, type[Key]] = {}


class Key(ABC):
    """What one component's ``custom_id`` says. Subclasses are frozen dataclasses."""

    kind: ClassVar[str]
    #: the regular expression of the fields (after ``tapp:<kind>:``), named groups
    fields_pattern: ClassVar[str]
    #: the event a click raises: ``on_<event>(interaction, key, values)``
    event: ClassVar[str]
    #: the regular expression of the id before this format, with the same groups
    legacy: ClassVar[str | None] = None
    _compiled: ClassVar[re.Pattern[str]]
    _legacy: ClassVar[re.Pattern[str] | None]

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        if "kind" not in cls.__dict__:
            return
        if cls.kind in KINDS and KINDS[cls.kind].__qualname__ != cls.__qualname__:
            raise ValueError(f"two kinds of custom_id named {cls.kind!r}")
        cls._compiled = re.compile(cls.fields_pattern)
        cls._legacy = None if cls.legacy is None else re.compile(cls.legacy)
        KINDS[cls.kind] = cls

    @abstractmethod
    def fields(self) -> str:
        """The id's fields, as :attr:`fields_pattern` reads them."""

    @classmethod
    @abstractmethod
    def from_match(cls, match: re.Match[str]) -> Self:
        """The key a match of :attr:`fields_pattern` (or :attr:`legacy`) names; raises
        ValueError for fields that match but mean nothing (a day that is no date)."""

    def encode(self) -> str:
        text = f"{PREFIX}:{self.kind}:{self.fields()}"
        if len(text) > MAX_LENGTH or not self._compiled.fullmatch(text, len(self.kind) + 6):
            raise ValueError(f"not a valid {type(self).__name__} custom_id: {text!r}")
        return text

    @classmethod
    def parse(cls, text: str) -> Self | None:
        """The key of this kind ``text`` names, or None."""
        key = parse(text)
        return key if isinstance(key, cls) else None


PICK = "pick."


class TokenKey(Key):
    """A key whose ``token`` is an action's (``play:TH``), a verb, or ``pick.<kind>`` for
    a select whose chosen values make the action."""

    token: str

    @property
    def pick_kind(self) -> str | None:
        """``discard`` for ``pick.discard``, ``call`` for ``pick.call.2``; else None."""
        if not self.token.startswith(PICK):
            return None
        return self.token[len(PICK):].split(".")[0]


class Unreadable(ValueError):
    """An id of a known kind whose fields mean nothing (a forged or broken id)."""

    def __init__(self, kind: type[Key]) -> None:
        super().__init__(kind.kind)
        self.key_class = kind


def read(text: str) -> Key | None:
    """The key ``text`` names; None if it is no id of this bot's. Raises
    :class:`Unreadable` for an id of a known kind whose fields mean nothing."""
    if len(text) > MAX_LENGTH:
        return None
    match = _KIND.fullmatch(text)
    if match is not None and match["kind"] in KINDS:
        cls = KINDS[match["kind"]]
        fields = cls._compiled.fullmatch(match["fields"])
        return None if fields is None else _from(cls, fields)
    for cls in KINDS.values():
        old = cls._legacy.fullmatch(text) if cls._legacy is not None else None
        if old is not None:
            return _from(cls, old)
    return None


def parse(text: str) -> Key | None:
    """The key ``text`` names, or None (no id of this bot's, or one that means nothing)."""
    try:
        return read(text)
    except Unreadable:
        return None


def _from(cls: type[Key], match: re.Match[str]) -> Key:
    try:
        return cls.from_match(match)
    except ValueError as error:
        raise Unreadable(cls) from error
