"""Names of cards, suits, contracts and actions from the message catalogue.

A :class:`Words` speaks one language for one variant and remembers every card it
named: what a message shows is checked against what its viewer may see.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from bot.engine import Action, ActionType, Phase, rules_of
from bot.engine.cards import RANKS, SUITS, iter_bits
from bot.i18n import DEFAULT, language_of, strings, t

#: catalogue keys with this prefix override the renderer's words (``renderer.Labels``)
RENDER_PREFIX = "render."


def has_key(key: str, language: str | None = None) -> bool:
    return key in strings(language_of(language)) or key in strings(DEFAULT)


def render_labels(language: str | None) -> dict[str, str]:
    """The renderer's words for ``language``: catalogue keys ``render.<label key>``."""
    merged = {k: v for k, v in strings(DEFAULT).items() if k.startswith(RENDER_PREFIX)}
    merged.update({k: v for k, v in strings(language_of(language)).items()
                   if k.startswith(RENDER_PREFIX)})
    return {k[len(RENDER_PREFIX):]: v for k, v in merged.items()}


class Words:
    """Catalogue text in ``language`` for a table of ``variant`` played with the deck
    ``style`` (``french``, ``german``, ``swiss``: the marks and ranks its cards show)."""

    def __init__(self, language: str | None, variant: str, style: str = "french") -> None:
        self.language = language
        self.variant = variant
        self.style = style
        self.named: set[int] = set()  # cards named so far

    def __call__(self, key: str, **values: Any) -> str:
        return t(key, self.language, **values)

    def first(self, *keys: str, **values: Any) -> str:
        """The first of ``keys`` the catalogue has (the last is required)."""
        for key in keys[:-1]:
            if has_key(key, self.language):
                return self(key, **values)
        return self(keys[-1], **values)

    # -- cards ---------------------------------------------------------------------------
    def card(self, card: int, *, reveals: bool = True) -> str:
        """A card's short name (``A♥``). ``reveals=False`` for a card named without
        saying where it is (a card one may call is any card not in one's hand)."""
        if reveals:
            self.named.add(int(card))
        rank, suit, style = RANKS[card % 9], SUITS[card // 9], self.style
        return self("card", rank=self.first(f"rank.{style}.{rank}", f"rank.{rank}"),
                    suit=self.first(f"suit.symbol.{style}.{suit}", f"suit.symbol.{suit}"))

    def cards(self, cards: Iterable[int]) -> str:
        return " ".join(self.card(c) for c in cards) or self("none")

    def suit(self, suit: int) -> str:
        return self.first(f"suit.{self.style}.{SUITS[suit]}", f"suit.{SUITS[suit]}")

    # -- the game's words ----------------------------------------------------------------
    def variant_name(self) -> str:
        return self(f"variant.{self.variant}")

    def contract(self, contract: str | None) -> str:
        if contract is None:
            return self("contract.none")
        return self.first(f"contract.{self.variant}.{contract}", f"contract.{contract}",
                          "contract.other", name=contract)

    def bid(self, value: str | None) -> str:
        if value is None:
            return ""
        if has_key(f"bid.{self.variant}.{value}", self.language) or has_key(f"bid.{value}"):
            return self.first(f"bid.{self.variant}.{value}", f"bid.{value}")
        return self.contract(value)

    def action(self, action: Action) -> str:
        """The label of a component that takes ``action``."""
        kind = action.type
        if kind in (ActionType.BID, ActionType.DECLARE):
            return self.bid(action.value)
        if kind is ActionType.CONTRACT:
            return self.contract(action.value)
        if kind is ActionType.TRUMP:
            assert action.suit is not None
            return self.suit(action.suit)
        if kind is ActionType.CALL:
            if action.card is None:
                return self("action.no_call")
            return self.card(action.card, reveals=False)
        if kind in (ActionType.PLAY, ActionType.GIVE):
            assert action.card is not None
            return self.card(action.card)
        if kind is ActionType.ANNOUNCE:
            return self(f"action.announce.{action.value}")
        if kind is ActionType.DISCARD:
            if action.cards is None:
                return self("action.discard_n", n=action.count)
            return self.cards(iter_bits(action.cards))
        return self(f"action.{kind.value}")

    def done(self, action: Action) -> str:
        """``You bid Solo.``, ``You played A♥.``: what the player just did."""
        kind = action.type.value
        return self(f"done.{kind}", what=self.action(action))

    def task(self, phase: Phase) -> str:
        """What the seat to act is asked to do in ``phase`` (``play a card``)."""
        return self(f"task.{phase.value}")

    def hint(self, what: Action | str | None,
             options: Mapping[str, Any] | None = None) -> str | None:
        """A one-line explanation of a word a player can be offered: a bid, declaration,
        contract or announcement :class:`Action`, Kontra or Rekontra, or a contract's id
        (``"rufer"``). ``hint.<variant>.<word>`` where the word means something else in
        this variant, else ``hint.<word>``; announcements are ``announce.<value>``. None
        for anything else (cards, trump, discards) and for a word with no hint. A hint
        says the deal's own ``options`` (``{tapp_threshold}``), the variant's defaults
        where not given."""
        word = hint_word(what)
        if word is None:
            return None
        values = {**rules_of(self.variant).option_defaults, **(options or {})}
        values.pop("n", None)  # (the plural selector of the catalogue)
        for key in (f"hint.{self.variant}.{word}", f"hint.{word}"):
            if has_key(key, self.language):
                return self(key, **values)
        return None

    def declared(self, contract: str | None, declarer: str,
                 options: Mapping[str, Any] | None = None) -> str | None:
        """The contract ``contract`` as the other players read it once ``declarer`` (a
        name) plays it: ``Computer 4 names trump and needs 65 points``, where the
        declarer's own :meth:`hint` says ``you``. ``declared.<variant>.<contract>``, else
        ``declared.<contract>``; None for a contract with no such text."""
        if not contract:
            return None
        values = {**rules_of(self.variant).option_defaults, **(options or {})}
        values.pop("n", None)
        for key in (f"declared.{self.variant}.{contract}", f"declared.{contract}"):
            if has_key(key, self.language):
                return self(key, **values, name=declarer)
        return None


#: the action types whose word has a hint (:meth:`Words.hint`)
HINTED = frozenset({ActionType.BID, ActionType.DECLARE, ActionType.CONTRACT,
                    ActionType.ANNOUNCE, ActionType.KONTRA, ActionType.REKONTRA})


def hint_word(what: Action | str | None) -> str | None:
    """The word whose hint explains ``what`` (``solo``, ``announce.tout``, ``kontra``),
    or None when it has none."""
    if what is None or isinstance(what, str):
        return what or None
    kind = what.type
    if kind not in HINTED:
        return None
    if kind in (ActionType.KONTRA, ActionType.REKONTRA):
        return kind.value
    if what.value is None:
        return None
    return f"announce.{what.value}" if kind is ActionType.ANNOUNCE else what.value


def hint(words: Words, what: Action | str | None) -> str | None:
    """:meth:`Words.hint`: the one-line explanation of a bid, declaration, contract or
    announcement (an :class:`Action` or a contract's id) in ``words``' language and
    variant, or None."""
    return words.hint(what)
