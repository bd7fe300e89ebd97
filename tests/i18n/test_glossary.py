"""The *Words* page of ``/tapp rules``: every word the bot can offer in a variant,
named as the bot names it in each language and explained in one short line; the
game's own words are the same in every language."""

from __future__ import annotations

import re

import pytest

from bot.display.rules_messages import PAGES, rules_page
from bot.engine import VARIANTS, Action, ActionType
from bot.i18n import LANGUAGES, t
from bot.i18n.words import Words

from .offered import offered

BOLD = re.compile(r"\*\*([^*]+)\*\*")
LINE = 125  # one short line


def glossary(variant: str, language: str) -> str:
    return rules_page(variant, PAGES[variant].index("words"), language).description


def label(words: Words, action: Action) -> str | None:
    """The word as the bot shows it on a button (None: no word of the game)."""
    if action.type is ActionType.ANNOUNCE:
        return None if action.value == "none" else words(f"announce.{action.value}")
    return words.action(action)


def labels(variant: str, language: str) -> set[str]:
    words = Words(language, variant)
    actions, contracts = offered(variant)
    named = {label(words, a) for a in actions} | {words.contract(c) for c in contracts}
    return {n for n in named if n is not None}


def test_every_variant_ends_with_its_words() -> None:
    assert all(PAGES[v][-1] == "words" for v in VARIANTS)
    assert [rules_page("zuger", len(PAGES["zuger"]) - 1, lang).title for lang in LANGUAGES] \
        == ["Zuger Tapp · Words", "Zuger Tapp · Begriffe", "Zuger Tapp · Ordlista"]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_every_offered_word_is_explained(variant: str, language: str) -> None:
    bold = set(BOLD.findall(glossary(variant, language)))
    assert sorted(labels(variant, language) - bold) == []


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_one_short_line_each(variant: str, language: str) -> None:
    lines = glossary(variant, language).split("\n")
    assert lines[0].endswith(":") and len(lines) >= 8
    for line in lines[1:]:
        assert line.startswith("• **") and len(line) <= LINE, line
        assert re.match(r"• \*\*[^*]+\*\*( \([^)]+\))?: \S", line), line


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_the_games_own_words_stay(variant: str) -> None:
    """Beside the bot's labels (Pass, Hold, I play: in the reader's language), a page
    names the same game words in every language (Tapp, Schneider, Jungfrau, Kontra...)."""
    others = {lang: set(BOLD.findall(glossary(variant, lang))) - labels(variant, lang)
              for lang in LANGUAGES}
    assert others["de"] == others["en"] == others["sv"]
    assert {t("contract.ramsch", lang) for lang in LANGUAGES} == {"Ramsch"}


def test_words_only_where_the_variant_has_them() -> None:
    """No variant's page explains another's contracts."""
    assert "**Vice**" not in glossary("dapp", "en")
    assert "**Rufer**" not in glossary("zuger", "de")
    assert "**Coeurfrage**" not in glossary("wuerttemberg", "sv")
    assert "**Bettel ouvert**" not in glossary("dapp", "en")
    assert "**Herz aufnehmen**" in glossary("wuerttemberg", "de")
