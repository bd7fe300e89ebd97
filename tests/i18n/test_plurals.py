"""Counts read right for one and for many in every language: a count-dependent text
``K`` has its form for one at ``K.1``, which :func:`bot.i18n.t` (and the renderer's
:class:`~renderer.Labels`) pick for a count ``n`` of 1 or −1; no text hedges with
"player(s)", "Stich(e)" or "Platz/Plätze"."""

from __future__ import annotations

import re
import string

import pytest

from bot.i18n import LANGUAGES, ONE, plural, strings, t
from bot.tables.errors import TableFull
from renderer import Labels

#: every count-dependent text (each has a form for one)
COUNTED = frozenset({
    "action.discard_n", "task.discard_n", "lobby.waiting", "table.ending.closing",
    "table.ending.forced_ramsch", "seat.chips", "seat.tricks", "result.ramsch",
    "hand.discard_placeholder", "error.seats_free", "error.discard_count",
    "standings.chips", "standings.deals", "standings.games", "standings.board.footer",
    "standings.replay.tricks", "settings.stake", "render.tricks_won", "render.cards_left",
    "render.discard_n", "daily.board.hidden", "daily.board.week.today", "daily.days",
    "review.summary",
})
#: texts with a count before a noun whose count is never one, and why
NEVER_ONE = {
    "option.players": "a variant has 3 to 6 players",
    "choice.players": "the choices are 2 to 8 players",
    "choice.deck": "a deck has 32 or 36 cards",
    "table.end_votes": "shown while fewer votes than needed: needed is 2 or more, and"
                      " '1 of 2 votes' is right",
    "settings.unit.d": "an abbreviation, the same for one",
    "settings.unit.h": "an abbreviation, the same for one",
    "settings.unit.min": "an abbreviation, the same for one",
    "render.declarer_points": "no card is worth one point: a declarer never has exactly 1",
    "standings.history.replay": "a deal's number, not a count",
}
#: a count followed by a word: "{n} chips", "{players} players", "{n} more player"
COUNT_THEN_WORD = re.compile(r"\{(?:n|players|chips)\}\s+(?:more\s+)?[^\W\d_]")
#: an either-or form: "(s)", "Stich(e)", "giv(ar)", "Platz/Plätze", "zahlt/zahlen"
HEDGE = re.compile(r"[^\W\d_]\((?:s|e|n|en|er|ar|or|r)\)|[^\W\d_]/[^\W\d_]")
#: a time zone key given as an example ("Europe/Zurich"): a name, not an either-or form
ZONE_KEY = re.compile(r"\b(?:Africa|America|Asia|Atlantic|Australia|Europe|Pacific)/\w+")


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def _values(key: str, language: str, n: int) -> dict[str, object]:
    texts = strings(language)
    names = _fields(texts[key]) | _fields(texts[key + ONE])
    return {**{name: "X" for name in names}, "n": n}


def test_each_form_for_one_belongs_to_a_counted_text() -> None:
    for language in LANGUAGES:
        texts = strings(language)
        ones = {k[:-len(ONE)] for k in texts if k.endswith(ONE)}
        assert ones == COUNTED, language
        assert all(k in texts for k in ones)


def test_every_count_before_a_word_is_counted() -> None:
    found = {k for language in LANGUAGES for k, text in strings(language).items()
             if COUNT_THEN_WORD.search(text) and not k.endswith(ONE)}
    assert sorted(found - COUNTED - set(NEVER_ONE)) == []
    assert sorted(set(NEVER_ONE) - found) == []  # the list stays true


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_hedged_plurals(language: str) -> None:
    texts = strings(language)
    assert sorted(k for k, text in texts.items() if HEDGE.search(ZONE_KEY.sub("", text))) == []


def test_a_zone_key_hides_no_hedged_form() -> None:
    assert not HEDGE.search(ZONE_KEY.sub("", "e.g. Europe/Zurich or America/New_York"))
    assert HEDGE.search(ZONE_KEY.sub("", "Europe/Zurich, 2 Platz/Plätze"))


@pytest.mark.parametrize("language", LANGUAGES)
def test_t_picks_the_form_for_one(language: str) -> None:
    texts = strings(language)
    for key in sorted(COUNTED):
        for n, form in ((1, key + ONE), (-1, key + ONE), (0, key), (2, key), (11, key)):
            values = _values(key, language, n)
            assert t(key, language, **values) == texts[form].format(**values), (key, n)
            assert plural(key, n, language, **{k: v for k, v in values.items() if k != "n"}
                          ) == t(key, language, **values)


def test_one_and_many_differ_in_english() -> None:
    for key in sorted(COUNTED):
        one = t(key, "en", **_values(key, "en", 1))
        many = t(key, "en", **_values(key, "en", 2)).replace("2", "1")
        assert one != many, key


def test_examples() -> None:
    assert t("seat.tricks", "en", n=1) == "1 trick"
    assert t("seat.tricks", "en", n=3) == "3 tricks"
    assert t("seat.tricks", "de", n=1) == "1 Stich" and t("seat.tricks", "de", n=0) == "0 Stiche"
    assert t("seat.chips", "en", n=-1, chips="\u22121") == "\u22121 chip"
    assert t("seat.chips", "sv", n=5, chips="+5") == "+5 marker"
    assert t("lobby.waiting", "de", n=1) == "Es fehlt noch 1 Spieler."
    assert t("lobby.waiting", "en", n=2) == "Waiting for 2 more players."
    assert t("result.ramsch", "de", names="Anna", n=1) == "Ramsch: Anna zahlt."
    assert t("result.ramsch", "en", names="Anna, Bob", n=2) == "Ramsch: Anna, Bob pay."
    assert t("table.ending.closing", "sv", n=1) == "Avslutande runda: 1 Ramsch-giv kvar."
    assert t("standings.replay.tricks", "en", first=11, last=11, deal=4, n=1) == \
        "Trick 11 of deal 4"
    assert TableFull("error.seats_free", n=1).text("de") == "1 Platz ist noch frei."
    assert TableFull("error.seats_free", n=2).text("sv") == "2 platser är fortfarande lediga."


def test_the_renderer_counts_the_same_way() -> None:
    labels = Labels()
    assert labels("tricks_won", n=1) == "1 trick" and labels("tricks_won", n=0) == "0 tricks"
    assert labels("cards_left", n=1) == "1 card" and labels("cards_left", n=7) == "7 cards"
    german = Labels({k[len("render."):]: v for k, v in strings("de").items()
                     if k.startswith("render.")})
    assert german("tricks_won", n=1) == "1 Stich" and german("discard_n", n=1) == \
        "1 Karte drücken"
    assert labels("chips", n="+1") == "+1"  # a shown amount, not a count
