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
    "review.summary", "series.points", "series.deals", "series.info.members",
    "league.info.members",
    # what the command-line tools print (check-ledger, rebuild-ratings, demo)
    "cli.problems", "cli.checked", "cli.rebuilt", "cli.pot_left", "cli.pot_differs",
    "cli.history_drift", "cli.stored_rating", "cli.demo.played", "cli.demo.table",
    "cli.demo.leaderboard", "cli.demo.rating",
    # the logs
    "log.resumed", "log.synced", "log.ready", "log.workers_ready", "store.missing_seats",
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
    "series.info.what": "a series' tables have 3 to 6 seats and 6 to 48 deals",
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


def test_the_command_line_counts_through_the_catalogue() -> None:
    """check-ledger, rebuild-ratings and the demo say "1 problem", "1 rated deal": no
    "problem(s)", no "1 rated deals"."""
    from bot.store.check_ledger import checked_line

    assert checked_line(8, []) == "checked 8 settled deals: OK"
    assert checked_line(1, ["x"]) == "checked 1 settled deal: 1 problem"
    assert checked_line(3, ["x", "y"]) == "checked 3 settled deals: 2 problems"
    assert plural("cli.demo.rating", 1, variant="dapp", rank=1, who="alice",
                  rating="25.0 ± 8.3") == "rating in dapp #1: alice 25.0 ± 8.3 after 1 rated deal"
    assert plural("cli.demo.table", 1, table=3, variant="zuger", status="closed",
                  chips="alice +1") == "table 3 (zuger, 1 deal, closed): alice +1"
    one_chip = plural("standings.chips", -1, chips="-1")
    assert plural("cli.demo.leaderboard", 1, rank=1, name="alice", amount=one_chip) == (
        "server leaderboard #1: alice -1 chip in 1 deal (computers are not ranked)")
    assert plural("cli.rebuilt", 1, problems=plural("cli.problems", 0)) == (
        "rebuilt 1 rating from the ledger (0 problems before)")
    assert plural("cli.problems", 1, "de") == "1 Problem"
    assert plural("cli.stored_rating", 1, "sv", rating="25") == "25 efter 1 giv"


#: where the command-line tools, the logs and the messages are written
SOURCES = ("bot", "cogs", "renderer")
#: "(s)" that is no plural: the scheme of a URL
NOT_A_PLURAL = re.compile(r"https?\(s\)|http\(s\)")


def test_no_hedged_plural_in_the_code() -> None:
    """What the code itself prints or logs counts through the catalogue too: no string
    in it says "problem(s)" or "guild(s)"."""
    import io
    import tokenize
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    found = []
    for folder in SOURCES:
        for path in sorted((root / folder).rglob("*.py")):
            tokens = tokenize.generate_tokens(io.StringIO(path.read_text("utf-8")).readline)
            for token in tokens:
                if token.type == tokenize.STRING and re.search(  # (not "def f(s):")
                        r"[^\W\d_]\(s\)(?![:)])", NOT_A_PLURAL.sub("", token.string)):
                    text = token.string.lstrip("rbfRBF")
                    if not text.startswith(('"""', "'''")):  # (docstrings may explain)
                        found.append(f"{path.relative_to(root)}:{token.start[0]}")
    assert found == []
