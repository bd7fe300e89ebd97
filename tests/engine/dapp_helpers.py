"""Shared by the Dapp tests (test_dapp_*.py): a seeded Dapp deal, a deal with a fixed
contract, playing out with the first legal card, and the Durch hands."""

from __future__ import annotations

from .helpers import main_actor, result_json, run, seeded


def dapp(players=4, dealer=None, seed=0, **options):
    return seeded("dapp", seed, players=players,
                  dealer=players - 1 if dealer is None else dealer, **options)


def fixed(contract, players=4, seed=0):
    """A deal where seat 0 declares ``contract`` (from the open Normal level)."""
    deal = dapp(players, seed=seed)
    run(deal, "bid:play " + "bid:pass " * (players - 1) + f"contract:{contract}")
    return deal


def play_first_legal(deal):
    while not deal.is_over:
        seat = main_actor(deal)
        deal.apply(seat, deal.legal_actions(seat)[0])
    return result_json(deal)


# three players, dealer 2, forehand 0; seat 0 holds every heart and the black aces
DURCH_HERZ_HANDS = [
    "7H 8H 9H JH QH KH TH AH AC AS",
    "7C 8C 9C JC QC KC TC 7S 8S 9S",
    "JS QS KS TS 7D 8D 9D JD QD KD",
]
DURCH_HANDS = [  # the same with clubs and hearts swapped
    "7C 8C 9C JC QC KC TC AC AH AS",
    "7H 8H 9H JH QH KH TH 7S 8S 9S",
    "JS QS KS TS 7D 8D 9D JD QD KD",
]
TALON = "TD AD"
