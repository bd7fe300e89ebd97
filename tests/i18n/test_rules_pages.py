"""``/tapp rules`` pages: every variant in every language, within Discord's limits, in the
game's own words, and faithful to the rules (the numbers are checked against the engine
where it has them, else against the rules contract)."""

from __future__ import annotations

import re

import pytest

from bot.display.rules_messages import (
    CUSTOM_ID,
    EMBED_DESCRIPTION,
    EMBED_TITLE,
    FOOTER,
    LABEL,
    OPTION_LABEL,
    PAGES,
    RulesRef,
    rules_page,
    sections,
    text_key,
)
from bot.engine import VARIANTS
from bot.engine.variants import dapp, wuerttemberg, zuger
from bot.i18n import LANGUAGES, strings, t

#: pages short enough to read at a glance (far below Discord's 4096)
READABLE = 1600
EMBED_TOTAL = 6000


def pages(variant: str, language: str) -> list[str]:
    return [rules_page(variant, n, language).description for n in range(len(PAGES[variant]))]


def whole(variant: str, language: str) -> str:
    return "\n".join(pages(variant, language))


def flat(text: str) -> str:
    return " ".join(text.split())


def test_every_variant_has_pages() -> None:
    assert set(PAGES) == set(VARIANTS)
    for variant in VARIANTS:
        assert len(sections(variant)) >= 2
        assert sections(variant)[0] == "overview"


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_each_page_is_in_the_language_and_within_limits(variant: str, language: str) -> None:
    own = strings(language)
    count = len(sections(variant))
    for n, section in enumerate(sections(variant)):
        assert text_key(variant, section) in own  # no fallback to English
        assert f"rules.section.{section}" in own
        page = rules_page(variant, n, language)
        assert (page.page, page.pages, page.language) == (n, count, language)
        assert 200 < len(page.description) <= min(READABLE, EMBED_DESCRIPTION)
        assert page.description.count("```") % 2 == 0
        assert len(page.title) <= EMBED_TITLE and len(page.footer) <= FOOTER
        assert len(page.title) + len(page.description) + len(page.footer) <= EMBED_TOTAL
        assert str(n + 1) in page.footer and str(count) in page.footer
        assert len(page.buttons) == 2 and page.select is not None
        ids = [b.custom_id for b in page.buttons] + [page.select.custom_id]
        assert len(set(ids)) == len(ids)
        assert all(len(i) <= CUSTOM_ID for i in ids)
        assert all(len(b.label) <= LABEL for b in page.buttons)
        assert [b.disabled for b in page.buttons] == [n == 0, n == count - 1]
        assert len(page.select.options) == count <= 25
        assert page.select.chosen == {str(n)}
        assert all(len(label) <= OPTION_LABEL for label, _ in page.select.options)


def test_pages_are_translated() -> None:
    for variant in VARIANTS:
        english = pages(variant, "en")
        for language in ("de", "sv"):
            assert all(a != b for a, b in zip(english, pages(variant, language), strict=True))


def test_navigation_ids_lead_to_the_neighbours() -> None:
    page = rules_page("dapp", 2, "de")
    back, forward = (RulesRef.parse(b.custom_id) for b in page.buttons)
    assert back == RulesRef("dapp", "de", 1) and forward == RulesRef("dapp", "de", 3)
    assert page.select is not None
    assert RulesRef.parse(page.select.custom_id) == RulesRef("dapp", "de", None)
    assert RulesRef.parse("tapp:1:-:rules") is None
    assert RulesRef.parse("tapp-rules:dapp:de:3") == RulesRef("dapp", "de", 3)  # posted before
    assert rules_page("dapp", 99, "de").page == len(PAGES["dapp"]) - 1  # clamped
    assert rules_page("zuger", 0, "sv-SE").language == "sv"
    assert rules_page("zuger", 0, "fr").language == "en"


# -- the game's own words -------------------------------------------------------------
KEPT = {
    "zuger": ("Tapp", "Solo", "Super", "Vice"),
    "tapp1879": ("Coeurfrage", "Solo", "Coeursolo", "Tout"),
    "dapp": ("Normales Spiel", "Herz-Spiel", "Rufer", "Bettel", "Durch", "Ramsch", "Kontra",
             "Rekontra", "Jungfrau", "Schneider", "Vorhand"),
    "wuerttemberg": ("Farbspiel", "Rufer", "Bettel", "Bettel ouvert", "Durch", "Ramsch",
                     "Jungfrau", "Tapp"),
}
CARD_NAMES = {
    "en": ("ace", "ten", "king", "queen", "jack"),
    "de": ("Ass", "Zehner", "König", "Dame", "Bube"),
    "sv": ("ess", "tia", "kung", "dam", "knekt"),
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_games_own_words(language: str) -> None:
    for variant, words in KEPT.items():
        text = whole(variant, language)
        for word in words:
            assert word in text, (variant, language, word)


@pytest.mark.parametrize("language", LANGUAGES)
def test_card_names_and_points(language: str) -> None:
    for variant in VARIANTS:
        overview = rules_page(variant, 0, language).description
        names = CARD_NAMES[language]
        for name in names:
            assert re.search(rf"\b{name}\b", overview), (variant, language, name)
        for name, points in zip(names, (11, 10, 4, 3, 2), strict=True):
            assert f"{name} {points}" in overview, (variant, language, name)
        assert "120" in overview
        if language != "en":
            english = r"\b(ace|king|queen|jack|trick|trump|declarer|talon)\b"
            assert not re.search(english, whole(variant, language)), (variant, language)


def test_german_words_for_the_german_reader() -> None:
    text = whole("dapp", "de")
    for word in ("Rufer", "Bettel", "Durch", "Ramsch", "Alleinspieler", "Stich", "Trumpf",
                 "Vorhand", "Augen", "Dapp"):
        assert word in text
    assert "Stichzwang" in whole("wuerttemberg", "de")
    assert "Kasse" in whole("tapp1879", "de")
    assert "spelförare" in whole("zuger", "sv") and "potten" in whole("tapp1879", "sv")


# -- faithful numbers -----------------------------------------------------------------
@pytest.mark.parametrize("language", LANGUAGES)
def test_zuger_values_and_thresholds(language: str) -> None:
    scoring = flat(rules_page("zuger", sections("zuger").index("scoring"), language)
                   .description)
    for contract in zuger.LADDER:
        name = t(f"contract.{contract.value}", language)
        row = rf"{name} {zuger.BASE[contract]} ≥ {zuger.WIN_AT[contract]} ≤ "
        assert re.search(row, scoring), (language, row)
    assert "≤ 59 (60" in scoring and "≤ 64" in scoring
    assert "×3" in scoring and "×2" in scoring and " 21 " in scoring
    assert " 65 " in scoring  # the table option
    overview = flat(rules_page("zuger", 0, language).description)
    assert "4 " in overview and "36" in overview and "8 " in overview
    assert "Tapp < Solo < Super < Vice" in flat(whole("zuger", language)).replace("*", "")


@pytest.mark.parametrize("language", LANGUAGES)
def test_dapp_deal_and_values(language: str) -> None:
    overview = rules_page("dapp", 0, language).description
    rows = {tuple(int(x) for x in line.split()) for line in overview.splitlines()
            if re.fullmatch(r"[\d ]+", line.strip() or "x")}
    expected = set()
    for players in range(3, 7):
        variant = VARIANTS["dapp"](players, {})
        assert variant.deck == 32
        expected.add((players, variant.hand_size, variant.talon_size))
    assert rows == expected
    contracts = rules_page("dapp", sections("dapp").index("contracts"), language).description
    for contract, value in dapp.VALUE.items():
        name = t(f"contract.{contract.value}", language)
        assert re.search(rf"\*\*{re.escape(name)}\*\* \({value}\)", contracts), (name, value)
    scoring = flat(rules_page("dapp", sections("dapp").index("scoring"), language).description)
    assert "61" in scoring and "60" in scoring and "40" in scoring
    assert "1 ×2 ×2 = 4" in scoring and "+6" in scoring and "−8" in scoring
    ramsch = flat(rules_page("dapp", sections("dapp").index("ramsch"), language).description)
    assert "2V" in ramsch and "1, 1" in ramsch and "Durch Herz" in ramsch


@pytest.mark.parametrize("language", LANGUAGES)
def test_wuerttemberg_deal_and_values(language: str) -> None:
    overview = rules_page("wuerttemberg", 0, language).description
    rows = {tuple(int(x) for x in line.split()) for line in overview.splitlines()
            if re.fullmatch(r"[\d ]+", line.strip() or "x")}
    expected = set()
    for players in (3, 4):
        for deck in (36, 32):
            variant = VARIANTS["wuerttemberg"](players, {"deck": deck})
            expected.add((players, deck, variant.hand_size, variant.talon_size))
    assert rows == expected
    contracts = rules_page("wuerttemberg", sections("wuerttemberg").index("contracts"),
                           language).description
    for game, value in wuerttemberg.VALUE.items():
        if game is wuerttemberg.Game.HERZ_AUFNEHMEN:
            continue
        key = "contract.wuerttemberg.herz" if game is wuerttemberg.Game.HERZ else \
            f"contract.{game.value}"
        name = t(key, language)
        assert re.search(rf"\*\*{re.escape(name)}\*\*[^(\n]*\({value}\b", contracts), (name, value)
    scoring = flat(rules_page("wuerttemberg", sections("wuerttemberg").index("scoring"),
                              language).description)
    assert "61" in scoring and "+3" in scoring and "−6" in scoring and "+36" in scoring
    options = whole("wuerttemberg", language)
    assert "Herz aufnehmen" in options and "1909" in options


@pytest.mark.parametrize("language", LANGUAGES)
def test_tapp1879_numbers(language: str) -> None:
    text = flat(whole("tapp1879", language))
    overview = flat(rules_page("tapp1879", 0, language).description)
    variant = VARIANTS["tapp1879"](3, {})
    assert (variant.deck, variant.hand_size, variant.talon_size) == (36, 11, 3)
    assert "36" in overview and "11" in overview and "3 " in overview
    assert f" {variant.extra['ante']} " in overview  # the default ante
    for word in ("d = P − 60", "d/4", "d/2", "3¼", " 4.", "60 (Solo)", "120 (Coeursolo)",
                 "61"):
        assert word in text, (language, word)
    assert re.search(r"Coeurfrage\*\*[^<]*< \*\*Solo\*\*[^<]*< \*\*Coeursolo",
                     whole("tapp1879", language))
