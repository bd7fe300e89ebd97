"""The one format of every component's ``custom_id``: ``tapp:<kind>:<fields>``.

Each kind of component is a :class:`Key` subclass, a frozen dataclass that names in its
class line its ``kind`` (``t`` a table's component, ``d`` a deal-of-the-day run's, ``db``
a deal-of-the-day board's, ``lb`` a leaderboard page, ``hist`` a history page, ``replay``
a deal's replay, ``rules`` a rules page, ``rv`` a review menu), the event a click raises,
and its fields: as :class:`Part` objects, one a dataclass field, joined by ``:`` (or, for a
kind that writes its own, their regular expression with :meth:`Key.fields` and
:meth:`Key.from_match`). The id holds everything a click needs, so buttons keep working
after a restart; Discord allows 100 characters. A kind with a select names the format of
one value chosen in it (``choice``). Every field and value is read here, for every kind
at once: numbers are ASCII digits within the store's integer range (:data:`MAX_ID`), and an
id or a value that means nothing is answered with its kind's ``unreadable`` (or
``bad_choice``) text by :mod:`bot.ui.component`.

Buttons already posted carry the ids of before this format (``tapp:<table>:...``,
``tappd:...``, ``tappd-b:...``, ``tapp-rules:...``): a kind that had one names the
prefix it had before its fields as ``legacy_prefix``, and :func:`parse` still reads them.

Plain data, no Discord: :mod:`bot.ui.component` is the one ``DynamicItem`` that hands a
click with its parsed key to the bot.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Self

PREFIX = "tapp"
#: Discord's limits: the characters of a ``custom_id`` (and of a select option's value),
#: and the values chosen in one select
MAX_LENGTH = 100
MAX_VALUES = 25
#: the largest whole number a field may hold: the store's integer range (SQLite's
#: INTEGER, PostgreSQL's BIGINT), which every id of Discord's and of the store's is in
MAX_ID = 2**63 - 1
#: what discord.py's ``DynamicItem`` matches (``fullmatch``): anything that starts as an
#: id of this bot's (today's format and the legacy ones), so that every click on one,
#: broken or forged, is answered; :func:`read` tells them apart
TEMPLATE = r"tapp(?:d|d-b|-rules)?:[\s\S]*"
#: the answer to an id of a known kind (or a value chosen) that means nothing, unless
#: the kind names its own
UNREADABLE = "error.unknown_component"
_KIND = re.compile(r"tapp:(?P<kind>[a-z]{1,8}):(?P<fields>[!-~]*)")

KINDS: dict[str, type[Key]] = {}


@dataclass(frozen=True, slots=True)
class Part:
    """One field of an id: the dataclass field it fills (its group's name too), the
    regular expression of its text, how the text is read and written, and the text that
    stands for None in a field that may be None. ``read`` raises ValueError for a text
    that matches but means nothing (a day that is no date)."""

    name: str
    pattern: str
    read: Callable[[str], Any] = str
    write: Callable[[Any], str] = str
    none: str | None = None

    @property
    def regex(self) -> str:
        none = "" if self.none is None else "|" + re.escape(self.none)
        return f"(?P<{self.name}>{self.pattern}{none})"

    def text(self, value: Any) -> str:
        if value is None and self.none is not None:
            return self.none
        return self.write(value)

    def value(self, text: str) -> Any:
        return None if text == self.none else self.read(text)


def whole(text: str, maximum: int = MAX_ID) -> int:
    """The whole number ``text`` writes in ASCII digits, at most ``maximum``; ValueError
    for anything else (``int`` alone takes ``"²"``'s kin, ``"٣"``, signs and spaces)."""
    if not (text.isascii() and text.isdigit()):
        raise ValueError(f"not a whole number: {text!r}")
    value = int(text)
    if value > maximum:
        raise ValueError(f"{value} is past {maximum}")
    return value


def number(name: str, digits: int = 20) -> Part:
    """A field that is a whole number of up to ``digits`` digits and at most
    :data:`MAX_ID` (an id, a page)."""
    return Part(name, f"[0-9]{{1,{digits}}}", whole)


class Key:
    """What one component's ``custom_id`` says. Subclasses are frozen dataclasses that
    name their kind in the class line: ``class K(Key, kind=..., event=..., parts=...)``."""

    kind: ClassVar[str]
    #: the event a click raises: ``on_<event>(interaction, key, values)``
    event: ClassVar[str]
    #: the fields, written joined by ``:`` (empty for a kind that writes its own)
    parts: ClassVar[tuple[Part, ...]]
    #: the regular expression of the fields (after ``tapp:<kind>:``), named groups
    fields_pattern: ClassVar[str]
    _compiled: ClassVar[re.Pattern[str]]
    #: the id before this format: its prefix followed by the same fields
    _legacy: ClassVar[re.Pattern[str] | None]
    #: one value chosen in a select of this kind (None: the kind has no select)
    choice: ClassVar[Part | None]
    _choice: ClassVar[re.Pattern[str] | None]
    #: the catalogue key of the answer to an id of this kind whose fields mean nothing
    unreadable: ClassVar[str]
    #: the catalogue key of the answer to values of its select that do not read as
    #: :attr:`choice` (by default :attr:`unreadable`)
    bad_choice: ClassVar[str]

    def __init_subclass__(cls, *, kind: str | None = None, event: str = "",
                          parts: Sequence[Part] = (), fields_pattern: str | None = None,
                          legacy_prefix: str | None = None, choice: Part | None = None,
                          unreadable: str = UNREADABLE, bad_choice: str | None = None,
                          **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if kind is not None:
            cls.kind, cls.event, cls.parts = kind, event, tuple(parts)
            cls.choice, cls.unreadable = choice, unreadable
            cls._choice = None if choice is None else re.compile(choice.regex)
            cls.bad_choice = bad_choice or unreadable
            cls.fields_pattern = fields_pattern or ":".join(part.regex for part in parts)
            cls._compiled = re.compile(cls.fields_pattern)
            cls._legacy = (None if legacy_prefix is None
                           else re.compile(re.escape(legacy_prefix) + cls.fields_pattern))
        # ``dataclass(slots=True)`` makes the class anew (with the attributes set above,
        # no keywords): the new one takes the old one's place
        if "kind" not in cls.__dict__:
            return
        if cls.kind in KINDS and KINDS[cls.kind].__qualname__ != cls.__qualname__:
            raise ValueError(f"two kinds of custom_id named {cls.kind!r}")
        KINDS[cls.kind] = cls

    def fields(self) -> str:
        """The id's fields, as :attr:`fields_pattern` reads them."""
        return ":".join(part.text(getattr(self, part.name)) for part in self.parts)

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Self:
        """The key a match of :attr:`fields_pattern` (or the legacy one) names; raises
        ValueError for fields that match but mean nothing (a day that is no date)."""
        make: Callable[..., Self] = cls  # a dataclass: its fields are the parts'
        return make(**{part.name: part.value(match[part.name]) for part in cls.parts})

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

    @classmethod
    def read_values(cls, values: Sequence[str], *, select: bool) -> list[Any]:
        """The values chosen in a select of this kind (``select``: the component is one),
        each read as :attr:`choice`; none for a button. ValueError if they mean nothing:
        a select of a kind that has none, no value, more than Discord allows, or one that
        does not read."""
        if not select:
            if values:
                raise ValueError("a button sends no values")
            return []
        if cls.choice is None or cls._choice is None or not 0 < len(values) <= MAX_VALUES:
            raise ValueError(f"{len(values)} values for a {cls.__name__} select")
        if any(len(v) > MAX_LENGTH or cls._choice.fullmatch(v) is None for v in values):
            raise ValueError(f"not a value of a {cls.__name__} select")
        return [cls.choice.value(value) for value in values]


PICK = "pick."
#: the ``token`` field of a :class:`TokenKey`
TOKEN = Part("token", "[!-~]{1,80}")
#: one value chosen in a :class:`TokenKey`'s select: a card's name (``TH``); the engine
#: decides whether the action they make is legal
CARD = Part("card", "[0-9A-Z]{2}")


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
