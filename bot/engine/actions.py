"""Actions: value objects with a short, stable text token and a record form.

Tokens travel in Discord ``custom_id``s and logs: ``bid:solo``, ``declare:rufer``,
``contract:herz``, ``discard:6H.AS.9C.QS``, ``trump:H``, ``call:7C`` (``call:-`` for no
call), ``give:8D``, ``announce:tout``, ``kontra``, ``rekontra``, ``play:TH``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from .cards import CARD_NAMES, SUITS, Card, iter_bits, mask_of
from .errors import InvalidRecord


class ActionType(StrEnum):
    BID = "bid"
    DECLARE = "declare"
    CONTRACT = "contract"
    DISCARD = "discard"
    TRUMP = "trump"
    CALL = "call"
    GIVE = "give"
    ANNOUNCE = "announce"
    KONTRA = "kontra"
    REKONTRA = "rekontra"
    PLAY = "play"


#: announcements that block nobody: legal off turn, never needed to move the deal on
OPTIONAL = frozenset({ActionType.KONTRA, ActionType.REKONTRA})

_VALUE_TYPES = frozenset({ActionType.BID, ActionType.DECLARE, ActionType.CONTRACT,
                          ActionType.ANNOUNCE})
_CARD_TYPES = frozenset({ActionType.PLAY, ActionType.GIVE, ActionType.CALL})


def _worded(kind: ActionType) -> Callable[[str], Action]:
    """The constructor of the ``kind`` actions, which carry a word (``bid:solo``)."""
    def make(value: str) -> Action:
        return _interned(kind, str(value))
    make.__name__, make.__qualname__ = kind.value, f"Action.{kind.value}"
    return make


@dataclass(frozen=True, slots=True)
class Action:
    """One action. Exactly the fields its type uses are set.

    ``value``: bid/declare/contract/announce word; ``card``: play/give/call (``None`` is
    "no call"); ``suit``: trump suit index; ``cards``: discard mask; ``count``: only on the
    discard *template* that :meth:`Deal.legal_actions` returns ("any ``count`` cards").
    """

    type: ActionType
    value: str | None = None
    card: int | None = None
    suit: int | None = None
    cards: int | None = None
    count: int | None = None

    # -- constructors (interned: actions are immutable, so equal ones are shared) ----------
    bid = staticmethod(_worded(ActionType.BID))
    declare = staticmethod(_worded(ActionType.DECLARE))
    contract = staticmethod(_worded(ActionType.CONTRACT))
    announce = staticmethod(_worded(ActionType.ANNOUNCE))

    @staticmethod
    def play(card: int | str) -> Action:
        return _PLAYS[_card(card)]

    @staticmethod
    def give(card: int | str) -> Action:
        return _GIVES[_card(card)]

    @staticmethod
    def call(card: int | str | None) -> Action:
        return _NO_CALL if card is None else _CALLS[_card(card)]

    @staticmethod
    def trump(suit: int | str) -> Action:
        return _TRUMPS[SUITS.index(suit) if isinstance(suit, str) else suit]

    @staticmethod
    def discard(cards: int | list[int] | list[str] | tuple[Any, ...]) -> Action:
        return Action(ActionType.DISCARD, cards=cards if isinstance(cards, int) else mask_of(cards))

    @staticmethod
    def kontra() -> Action:
        return _KONTRA

    @staticmethod
    def rekontra() -> Action:
        return _REKONTRA

    # -- text ------------------------------------------------------------------------
    @property
    def argument(self) -> str | None:
        """The argument as text (``'solo'``, ``'TH'``, ``'H'``, ``'6H.AS'``), ``None`` if none."""
        t = self.type
        if t in _VALUE_TYPES:
            return self.value
        if t in _CARD_TYPES:
            return None if self.card is None else CARD_NAMES[self.card]
        if t is ActionType.TRUMP:
            return None if self.suit is None else SUITS[self.suit]
        if t is ActionType.DISCARD and self.cards is not None:
            return ".".join(CARD_NAMES[c] for c in iter_bits(self.cards))
        return None

    @property
    def token(self) -> str:
        t = self.type
        if t is ActionType.KONTRA or t is ActionType.REKONTRA:
            return t.value
        if t is ActionType.CALL and self.card is None:
            return "call:-"
        if t is ActionType.DISCARD and self.cards is None:
            return f"discard:{self.count}"
        return f"{t.value}:{self.argument}"

    @staticmethod
    def parse(token: str) -> Action:
        """Inverse of :attr:`token`; raises ValueError on anything else."""
        kind, _, arg = token.partition(":")
        try:
            t = ActionType(kind)
        except ValueError:
            raise ValueError(f"unknown action {token!r}") from None
        if t in (ActionType.KONTRA, ActionType.REKONTRA):
            if arg:
                raise ValueError(f"unknown action {token!r}")
            return _KONTRA if t is ActionType.KONTRA else _REKONTRA
        if not arg:
            raise ValueError(f"action {token!r} lacks its argument")
        if t in _VALUE_TYPES:
            return _interned(t, arg)
        if t is ActionType.CALL and arg == "-":
            return Action.call(None)
        if t in _CARD_TYPES:
            return _BY_CARD[t][Card.parse(arg)]
        if t is ActionType.TRUMP:
            if len(arg) != 1 or arg not in SUITS:
                raise ValueError(f"unknown suit in {token!r}")
            return Action.trump(arg)
        if arg.isdigit():
            return Action(ActionType.DISCARD, count=int(arg))
        return Action.discard(arg.split("."))

    def __str__(self) -> str:
        return self.token

    # -- records -----------------------------------------------------------------
    def to_record(self, seat: int) -> dict[str, Any]:
        """The action as a record entry (``records.md``)."""
        out: dict[str, Any] = {"seat": seat, "type": self.type.value}
        t = self.type
        if t in _VALUE_TYPES:
            out["value"] = self.value
        elif t in _CARD_TYPES:
            out["card"] = None if self.card is None else CARD_NAMES[self.card]
        elif t is ActionType.TRUMP:
            out["suit"] = SUITS[self.suit] if self.suit is not None else None
        elif t is ActionType.DISCARD:
            if self.cards is None:
                out["count"] = self.count
            else:
                out["cards"] = [CARD_NAMES[c] for c in iter_bits(self.cards)]
        return out

    @staticmethod
    def from_record(entry: Any) -> tuple[int, Action]:
        """``(seat, action)`` from a record entry; raises InvalidRecord."""
        if not isinstance(entry, dict):
            raise InvalidRecord("is not an object")
        seat = entry.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise InvalidRecord("has no integer 'seat'")
        kind = entry.get("type")
        try:
            t = ActionType(str(kind))
        except ValueError:
            raise InvalidRecord(f"has unknown type {kind!r}") from None
        allowed = {"seat", "type"}
        try:
            if t in _VALUE_TYPES:
                allowed.add("value")
                value = entry.get("value")
                if not isinstance(value, str):
                    raise InvalidRecord(f"{t.value} needs a string 'value'")
                action = Action(t, value=value)
            elif t in _CARD_TYPES:
                allowed.add("card")
                if "card" not in entry:
                    raise InvalidRecord(f"{t.value} needs 'card'")
                card = entry["card"]
                if card is None and t is ActionType.CALL:
                    action = Action.call(None)
                else:
                    action = Action(t, card=Card.parse(card))
            elif t is ActionType.TRUMP:
                allowed.add("suit")
                suit = entry.get("suit")
                if not isinstance(suit, str) or len(suit) != 1 or suit not in SUITS:
                    raise InvalidRecord(f"trump needs 'suit' C, S, H or D, not {suit!r}")
                action = Action.trump(suit)
            elif t is ActionType.DISCARD:
                allowed.add("cards")
                cards = entry.get("cards")
                if not isinstance(cards, list):
                    raise InvalidRecord("discard needs a list 'cards'")
                parsed = [Card.parse(c) for c in cards]
                mask = mask_of(parsed)
                if mask.bit_count() != len(parsed):
                    raise InvalidRecord("discard names a card twice")
                action = Action(ActionType.DISCARD, cards=mask)
            else:
                action = Action(t)
        except ValueError as exc:
            raise InvalidRecord(str(exc)) from None
        extra = set(entry) - allowed
        if extra:
            raise InvalidRecord(f"has unknown keys {sorted(extra)}")
        return seat, action


def _card(card: int | str) -> int:
    return Card.parse(card) if isinstance(card, str) else card


_PLAYS = tuple(Action(ActionType.PLAY, card=c) for c in range(36))
_GIVES = tuple(Action(ActionType.GIVE, card=c) for c in range(36))
_CALLS = tuple(Action(ActionType.CALL, card=c) for c in range(36))
_BY_CARD = {ActionType.PLAY: _PLAYS, ActionType.GIVE: _GIVES, ActionType.CALL: _CALLS}
_NO_CALL = Action(ActionType.CALL)
_TRUMPS = tuple(Action(ActionType.TRUMP, suit=s) for s in range(4))
_KONTRA = Action(ActionType.KONTRA)
_REKONTRA = Action(ActionType.REKONTRA)
_VALUES: dict[tuple[ActionType, str], Action] = {}


def _interned(kind: ActionType, value: str) -> Action:
    key = (kind, value)
    action = _VALUES.get(key)
    if action is None:
        action = Action(kind, value=value)
        if len(_VALUES) < 256:  # the vocabulary is small; never grow without bound
            _VALUES[key] = action
    return action
