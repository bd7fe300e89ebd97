"""Bidding and the steps before play, in hand-built positions."""

from __future__ import annotations

import random

from bot.ai import make_player
from bot.ai.selfplay import measure
from bot.engine import Action, ActionType
from bot.engine.cards import CardSet

from .helpers import choose, position

# -- bidding ---------------------------------------------------------------------------

def test_zuger_weak_hand_passes_and_strong_hand_bids() -> None:
    weak = position("zuger", ["6C 7C 6S 7S 6H 7H 6D 7D", "AC TC KC QC JC 9C 8C AS",
                              "TS KS QS JS 9S 8S 8H 9H", "AH TH KH QH JH AD TD KD"],
                    "8D 9D JD QD", dealer=3)
    assert choose(weak) == Action.bid("pass")
    strong = position("zuger", ["AH TH KH QH JH AC AS AD", "6C 7C 6S 7S 6H 7H 6D 7D",
                                "8C 9C JC QC KC TC 8S 9S", "JS QS KS TS 8H 9H 8D 9D"],
                      "JD QD KD TD", dealer=3)
    assert choose(strong).value in ("tapp", "solo")


DURCH_HERZ = ["AH TH KH QH JH AC AS", "7C 8C 9C JC QC KC TC", "7S 8S 9S JS QS KS TS",
              "7H 8H 9H 7D 8D 9D JD"]
DAPP_TALON = "QD KD TD AD"


def test_dapp_solid_hand_plays_durch_herz() -> None:
    deal = position("dapp", DURCH_HERZ, DAPP_TALON, dealer=3)
    assert choose(deal) == Action.bid("play")
    deal = position("dapp", DURCH_HERZ, DAPP_TALON,
                    "bid:play bid:pass bid:pass bid:pass", dealer=3)
    assert choose(deal) == Action.contract("durch_herz")


def test_dapp_rufer_herz_calls_the_missing_ace_and_gives_its_lowest_card() -> None:
    hands = ["TH KH QH JH 9H AC AS", "7C 8C 9C JC QC KC AH", "TC 7S 8S 9S JS QS KS",
             "TS 8H 7H 7D 8D 9D JD"]
    deal = position("dapp", hands, DAPP_TALON, "bid:play bid:pass bid:pass bid:pass",
                    dealer=3)
    assert choose(deal) == Action.contract("rufer_herz")
    deal.apply(0, Action.contract("rufer_herz"))
    assert choose(deal) == Action.call("AH")
    deal.apply(0, Action.call("AH"))
    assert choose(deal) == Action.give("9H")


def test_wuerttemberg_declares_durch_and_calls_nothing_in_a_safe_rufer() -> None:
    hands = ["AC TC KC QC JC 9C AS AD", "6C 7C 8C 6S 7S 8S 9S JS",
             "QS KS TS 6H 7H 8H 9H JH", "QH KH TH AH 6D 7D 8D 9D"]
    talon = "JD QD KD TD"
    deal = position("wuerttemberg", hands, talon, "bid:weg bid:weg bid:weg", dealer=3)
    assert choose(deal) == Action.bid("spiele")
    deal.apply(0, Action.bid("spiele"))
    assert choose(deal) == Action.declare("durch")
    deal = position("wuerttemberg", hands, talon,
                    "bid:weg bid:weg bid:weg bid:spiele declare:rufer trump:C", dealer=3)
    assert choose(deal) == Action.call(None)


# -- talon, trump, tout ----------------------------------------------------------------

def test_zuger_tapp_discard_keeps_trumps_and_aces_and_banks_a_loose_ten() -> None:
    hands = ["AH KH QH JH 9H AC TS TD", "6C 8C 9C JC QC KC TC 6S",
             "7S 8S 9S JS QS KS 6H 7H", "TH 7D 8D 9D JD QD KD AD"]
    deal = position("zuger", hands, "8H AS 7C 6D", "bid:tapp bid:pass bid:pass bid:pass",
                    dealer=3)
    action = choose(deal)
    assert action.type is ActionType.DISCARD and action.cards is not None
    laid = set(CardSet(action.cards).names())
    assert "TD" in laid  # the ace of diamonds is out: bank the ten
    assert not laid & {"AH", "KH", "QH", "JH", "9H", "8H", "AC"}
    # of AS and TS one is banked; the other is then the top spade and still wins
    assert len(laid & {"AS", "TS"}) == 1
    deal.apply(0, action)
    assert choose(deal) == Action.trump("H")


TOUT_REST = ["7H 8H 9H JH QH KH 6D 7D 8D 9D JD"]


def test_tapp1879_announces_tout_only_with_an_overwhelming_hand() -> None:
    big = position("tapp1879", ["AC TC KC QC JC 9C 8C AS AD AH TH",
                                "6C 7C 6S 7S 8S 9S JS QS KS TS 6H", *TOUT_REST],
                   "QD KD TD", "bid:solo bid:pass bid:pass", dealer=2)
    assert choose(big) == Action.trump("C")
    big.apply(0, Action.trump("C"))
    assert choose(big) == Action.announce("tout")
    good = position("tapp1879", ["AC TC KC JC 9C 8C 6S AS AD AH TH",
                                 "6C 7C QC 7S 8S 9S JS QS KS TS 6H", *TOUT_REST],
                    "QD KD TD", "bid:solo bid:pass bid:pass trump:C", dealer=2)
    assert choose(good) == Action.announce("none")


# -- kontra ----------------------------------------------------------------------------

def test_never_says_kontra_even_when_it_is_offered_on_turn() -> None:
    hands = ["7C 8C JC AC 7D 7S 8S 7H 8H 9H", "8D TD QD KD 9S TS JS QS KS AS",
             "9C TC QC KC 9D JD AD JH QH KH"]
    deal = position("dapp", hands, "TH AH",
                    "bid:pass bid:play bid:pass contract:normal trump:S", dealer=2)
    view = deal.view(0)
    assert Action.kontra() in view.legal
    player = make_player("easy", random.Random(1))
    assert player.choose(view).type is ActionType.PLAY
    assert player.announcement(view) is None
    assert player.announcement(deal.view(2)) is None


def test_declarer_answers_kontra_on_a_safe_durch_with_rekontra() -> None:
    hands = ["AC TC KC QC JC AS AD", "7C 8C 7S 8S 9S 7H 8H", "9C TS JS QS 9H JH QH",
             "KS 7D 8D 9D TD JD QD"]
    deal = position("dapp", hands, "KH TH AH KD",
                    "bid:play bid:pass bid:pass bid:pass contract:durch trump:C kontra@1",
                    dealer=3)
    assert choose(deal) == Action.rekontra()


# -- no constant overbidding -----------------------------------------------------------

def test_baseline_mostly_plays_point_games_and_wins_a_fair_share() -> None:
    m = measure("dapp", 4, {}, deals=120, seed=3)
    contracts, decided = m["contracts"], sum(m["decided"].values())
    all_or_nothing = sum(v for k, v in contracts.items()
                         if k.startswith(("durch", "rufer", "bettel")))
    assert all_or_nothing <= 12
    assert contracts["normal"] + contracts["herz"] >= 3 * all_or_nothing
    assert sum(m["won"].values()) >= 0.6 * decided
    z = measure("zuger", 4, {}, deals=120, seed=3)
    assert z["contracts"]["tapp"] + z["contracts"]["solo"] >= 0.7 * 120
    assert sum(z["won"].values()) >= 0.6 * sum(z["decided"].values())
