"""Sensible card play in hand-built positions."""

from __future__ import annotations

from bot.engine import Action

from .helpers import choose, position

# zuger, dealer 3: seat 0 is forehand and plays a solo in hearts (declarer leads)
ZUGER_FOLLOW = [
    "AC AH KH QH JH AS AD TD",
    "KC 7C 6S 7S 8S 6D 7D 8D",
    "6C 8C 9C 9S JS QS 9D JD",
    "JC QC TC KS TS 6H 7H 8H",
]
ZUGER_FOLLOW_TALON = "9H TH QD KD"
SOLO_HEARTS = "bid:solo bid:pass bid:pass bid:pass trump:H"


def test_follows_with_the_cheapest_card_when_the_trick_is_lost() -> None:
    deal = position("zuger", ZUGER_FOLLOW, ZUGER_FOLLOW_TALON, SOLO_HEARTS + " AC", dealer=3)
    assert choose(deal) == Action.play("7C")  # not the king: the ace takes the trick
    deal.apply(1, Action.play("7C"))
    assert choose(deal) == Action.play("6C")


def test_smears_a_ten_onto_a_trick_its_side_has_won_as_last_player() -> None:
    hands = [
        "6C AH KH QH JH AS AD TD",  # declarer, hearts trump
        "AC 7C 8C 6S 7S 8S 6D 7D",
        "9C JC QC KC TC 9S JS 6H",
        "TS KS QS 8D 9D JD QD KD",  # no clubs, no trumps
    ]
    deal = position("zuger", hands, "7H 8H 9H TH", SOLO_HEARTS + " 6C AC 9C", dealer=3)
    assert choose(deal) == Action.play("TS")


def test_overtrumps_a_high_point_trick_cheaply_when_void() -> None:
    # tapp1879, dealer 2: seat 2 plays a coeursolo; forehand leads the ace of spades,
    # seat 1 (void) trumps low; the declarer, void too, overtrumps as cheaply as it can
    hands = [
        "AS KS QS JS TS 9S 6C 7C 8C 9C JC",
        "8H AH QC KC TC AC 6D 7D 8D 9D JD",
        "6H 7H 9H JH QH KH TH QD KD TD AD",
    ]
    deal = position("tapp1879", hands, "6S 7S 8S",
                    "bid:pass bid:pass bid:coeursolo announce:none AS 8H", dealer=2)
    assert choose(deal) == Action.play("9H")


def test_defender_trumps_a_ten_when_void() -> None:
    # zuger: the declarer leads the ten of diamonds; seat 1 has no diamonds but trumps
    hands = [
        "TD AH KH QH JH AS AD 6C",
        "7H 8H AC 7C 8C 6S 7S 8S",
        "JC QC KC TC 9S JS 6H 6D",
        "TS KS QS 7D 8D 9D JD QD",
    ]
    deal = position("zuger", hands, "9C 9H TH KD", SOLO_HEARTS + " TD", dealer=3)
    assert choose(deal) == Action.play("7H")  # the cheaper of its trumps


# dapp, 3 players, dealer 2: seat 0 plays a Bettel and leads
BETTEL = [
    "7C 8C JC AC 7D 7S 8S 7H 8H 9H",
    "8D TD QD KD 9S TS JS QS KS AS",
    "9C TC QC KC 9D JD AD JH QH KH",
]
BETTEL_TALON = "TH AH"
BETTEL_SCRIPT = "bid:play bid:pass bid:pass contract:bettel"


def test_bettel_declarer_leads_a_card_nobody_can_go_under() -> None:
    deal = position("dapp", BETTEL, BETTEL_TALON, BETTEL_SCRIPT, dealer=2)
    action = choose(deal)
    assert action.card is not None and str(action.argument)[0] == "7"


def test_bettel_declarer_stays_under_the_trick() -> None:
    deal = position("dapp", BETTEL, BETTEL_TALON, BETTEL_SCRIPT + " 7D 8D 9D 9C", dealer=2)
    assert choose(deal) == Action.play("8C")  # the highest card that still loses


def test_bettel_defender_keeps_the_declarer_on_top() -> None:
    # seat 2 leads 9C, the declarer stays under with 8C; seat 1 (void) sheds its highest
    deal = position("dapp", BETTEL, BETTEL_TALON, BETTEL_SCRIPT + " 7D 8D 9D 9C 8C", dealer=2)
    assert choose(deal) == Action.play("AS")


def test_durch_declarer_draws_trumps_with_its_master_trump() -> None:
    # dapp, 4 players, dealer 3: seat 0 (forehand) plays durch in clubs
    hands = [
        "AC TC KC QC JC AS AD",
        "7C 8C 7S 8S 9S 7H 8H",
        "9C TS JS QS 9H JH QH",
        "KS 7D 8D 9D TD JD QD",
    ]
    deal = position("dapp", hands, "KH TH AH KD",
                    "bid:play bid:pass bid:pass bid:pass contract:durch trump:C", dealer=3)
    assert choose(deal) == Action.play("AC")


def test_ramsch_player_ducks_and_sheds_points() -> None:
    # wuerttemberg forced Ramsch, 4 players, dealer 3: seat 0 leads the ace of clubs
    hands = [
        "AC 6S 7S 8S 6H 7H 8H 6D",
        "9C TC 9S JS 9H JH 7D 8D",
        "6C 7C QS KS QH KH 9D JD",
        "8C JC TS AS TH AH QD KD",
    ]
    deal = position("wuerttemberg", hands, "QC KC TD AD", "AC", dealer=3, forced_ramsch=True)
    assert choose(deal) == Action.play("TC")  # under the ace, and rid of 10 points
