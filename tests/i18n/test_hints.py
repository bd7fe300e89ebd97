"""A one-line hint for every word the engine can offer a player, in every variant and
every language, short, in the language's own words, and true to the engine's values."""

from __future__ import annotations

import re

import pytest

from bot.engine import VARIANTS, Action
from bot.engine.variants import dapp, wuerttemberg, zuger
from bot.i18n import LANGUAGES, strings
from bot.i18n.words import Words, hint, hint_word

from .offered import offered

#: the longest a hint may be (a line under a button or in the table message)
HINT_MAX = 80
VALUE = re.compile(r"\((?:value|Wert|värde) (\d+)\)")
#: the value in units of each contract the engine scores with a fixed value
VALUES: dict[str, dict[str, int]] = {
    "zuger": {str(c): v for c, v in zuger.BASE.items()},
    "dapp": {str(c): v for c, v in dapp.VALUE.items()},
    "wuerttemberg": {str(g): v for g, v in wuerttemberg.VALUE.items()},
    "tapp1879": {},
}


def hinted(variant: str) -> list[Action | str]:
    actions, contracts = offered(variant)
    return [*sorted(actions, key=lambda a: a.token), *sorted(contracts)]


def key_of(words: Words, what: Action | str) -> str:
    word = hint_word(what)
    assert word is not None, what
    specific = f"hint.{words.variant}.{word}"
    return specific if specific in strings("en") else f"hint.{word}"


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_every_offered_word_has_a_hint(variant: str, language: str) -> None:
    words = Words(language, variant)
    own = strings(language)
    missing, foreign, long = [], [], []
    for what in hinted(variant):
        text = hint(words, what)
        if text is None:
            missing.append(what)
            continue
        if key_of(words, what) not in own:
            foreign.append(what)  # an English fallback
        if len(text) > HINT_MAX or "\n" in text:
            long.append((what, text))
    assert (missing, foreign, long) == ([], [], [])


def test_the_words_found_are_the_variants_words() -> None:
    """The enumeration reaches every word the rules name (so the test above means it)."""
    tokens = {v: {a.token for a in offered(v)[0]} for v in VARIANTS}
    assert {"bid:pass", "bid:tapp", "bid:solo", "bid:super", "bid:vice"} <= tokens["zuger"]
    assert {"bid:coeurfrage", "bid:solo", "bid:coeursolo", "bid:hold", "announce:tout",
            "announce:none"} <= tokens["tapp1879"]
    assert {"bid:play", "bid:self", "bid:hold", "kontra", "rekontra"} <= tokens["dapp"]
    assert {f"contract:{c}" for c in dapp.VALUE if c != "ramsch"} <= tokens["dapp"]
    assert {f"declare:{g}" for g in wuerttemberg.RANK} <= tokens["wuerttemberg"]
    assert {"bid:spiele", "bid:weg"} <= tokens["wuerttemberg"]
    assert "ramsch" in offered("dapp")[1] and "ramsch" in offered("wuerttemberg")[1]


def test_every_hint_is_used() -> None:
    """No hint key that no variant reaches (a stale word)."""
    used = {key_of(Words("en", v), what) for v in VARIANTS for what in hinted(v)}
    assert sorted(k for k in strings("en") if k.startswith("hint.")) == sorted(used)


@pytest.mark.parametrize("language", LANGUAGES)
def test_values_in_hints_are_the_engines(language: str) -> None:
    checked = 0
    for variant in VARIANTS:
        words = Words(language, variant)
        for what in hinted(variant):
            word = hint_word(what)
            text = hint(words, what) or ""
            for value in VALUE.findall(text):
                assert VALUES[variant][str(word)] == int(value), (variant, word, text)
                checked += 1
    assert checked >= 15


def test_no_hint_for_cards_and_choices() -> None:
    words = Words("de", "dapp")
    assert hint(words, Action.play("AH")) is None
    assert hint(words, Action.trump("H")) is None
    assert hint(words, Action.call(None)) is None
    assert hint(words, Action.discard(["AH", "KH"])) is None
    assert hint(words, None) is None and hint(words, "") is None
    assert hint(words, "no_such_contract") is None


def test_a_word_explained_per_variant() -> None:
    """The same word, told apart where the variants differ."""
    assert "65" in (hint(Words("en", "zuger"), Action.bid("solo")) or "")
    assert "pot" in (hint(Words("en", "tapp1879"), Action.bid("solo")) or "")
    assert "Farbspiel" in (hint(Words("de", "wuerttemberg"), "herz") or "")
    assert hint(Words("sv", "dapp"), Action.contract("herz")) != hint(
        Words("sv", "wuerttemberg"), Action.declare("herz"))
    assert Words("en", "dapp").hint(Action.kontra()) == hint(Words("en", "dapp"),
                                                             Action.kontra())


# -- a contract as the other players read it ----------------------------------------------
#: the second person, which a text for the declarer's opponents never uses
SECOND_PERSON = re.compile(r"\b(?:you|your|du|dein\w*|dir|dich|din|ditt|dina|dig)\b",
                           re.IGNORECASE)


def declared_contracts(variant: str) -> list[str]:
    """The contracts a deal of ``variant`` ends with that someone declared."""
    return sorted(offered(variant)[1] - {"ramsch"})


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_every_declared_contract_is_told_to_the_others(variant: str, language: str) -> None:
    """The others read "Computer 4 names trump and needs 65", not the declarer's "you
    name trump": in the language's own words, naming the declarer, never "you"."""
    words = Words(language, variant)
    own = strings(language)
    for contract in declared_contracts(variant):
        text = words.declared(contract, "Computer 4")
        assert text is not None, contract
        assert "Computer 4" in text and not SECOND_PERSON.search(text), (contract, text)
        bare = words.declared(contract, "")  # (the hint's length, and the name's)
        assert bare is not None and len(bare) <= HINT_MAX and "\n" not in text, text
        key = f"declared.{variant}.{contract}"
        assert (key if key in own else f"declared.{contract}") in own, contract
        for value in VALUE.findall(text):
            assert VALUES[variant][contract] == int(value), (variant, contract, text)
    assert words.declared("ramsch", "Computer 4") is None  # nobody declares a Ramsch
    assert words.declared(None, "Computer 4") is None


def test_the_declarers_hint_says_you() -> None:
    """(So that the test above means something: the declarer's own hint is second person.)"""
    assert SECOND_PERSON.search(hint(Words("en", "zuger"), "solo") or "")
    assert SECOND_PERSON.search(hint(Words("de", "dapp"), "durch") or "")
    assert SECOND_PERSON.search(hint(Words("sv", "zuger"), "super") or "")


def test_every_declared_text_is_used() -> None:
    used = set()
    for variant in VARIANTS:
        for contract in declared_contracts(variant):
            key = f"declared.{variant}.{contract}"
            used.add(key if key in strings("en") else f"declared.{contract}")
    assert sorted(k for k in strings("en") if k.startswith("declared.")) == sorted(used)


def test_declared_examples() -> None:
    assert Words("en", "zuger").declared("solo", "Computer 4") == (
        "No talon: Computer 4 names trump and needs 65 points (value 2).")
    assert Words("de", "zuger").declared("tapp", "Anna", {"tapp_threshold": 65}) == (
        "Anna nimmt den Tapp auf, drückt 4 und bestimmt Trumpf; 65 Augen gewinnen.")
