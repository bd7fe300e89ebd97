"""Shared by the Württemberg tests (test_wuerttemberg_*.py): the games from low to high, a
seeded deal, forehand declaring a game alone, and playing out with the first legal card."""

from __future__ import annotations

from .helpers import main_actor, result_json, run, seeded

GAMES = ["farbe", "herz", "bettel", "rufer", "rufer_herz", "bettel_ouvert", "durch",
         "durch_herz"]  # low to high


def wue(players=4, dealer=None, seed=0, **options):
    return seeded("wuerttemberg", seed, players=players,
                  dealer=players - 1 if dealer is None else dealer, **options)


def only_forehand_plays(deal, game):
    """Announce with forehand alone saying spiele, then forehand declares ``game``."""
    n, fh = deal.n, deal.forehand
    order = [(fh + 1 + i) % n for i in range(n)]
    run(deal, " ".join("bid:spiele" if s == fh else "bid:weg" for s in order))
    run(deal, f"declare:{game}")
    return deal


def play_first_legal(deal):
    while not deal.is_over:
        seat = main_actor(deal)
        deal.apply(seat, deal.legal_actions(seat)[0])
    return result_json(deal)
