"""The one order of computer decisions (tables and the deal of the day): at a position,
every computer seat that may announce is asked once, in seat order, before the main
actor moves; a seat that is not a computer's is never asked."""

from __future__ import annotations

import random

from bot.ai.turns import Turn, next_turn
from bot.engine import OPTIONAL, Deal
from bot.engine.playout import random_action


def _positions_with_announcements(count: int) -> list[Deal]:
    """Positions of random deals where someone besides the main actor may announce."""
    rng, out = random.Random(11), []
    for variant, players in (("zuger", 4), ("dapp", 4), ("wuerttemberg", 4), ("tapp1879", 3)):
        for _ in range(40):
            deal = Deal.new(variant, players=players, rng=rng)
            while not deal.is_over and len(out) < count:
                actor = deal.main_actor()
                if any(s != actor and any(a.type in OPTIONAL for a in deal.legal_actions(s))
                       for s in deal.to_act()):
                    out.append(deal)
                    break
                seat, action = random_action(deal, rng)
                deal.apply(seat, action)
    return out


def test_announcements_are_asked_first_then_the_main_actor_moves() -> None:
    positions = _positions_with_announcements(20)
    assert positions, "no position with an open announcement was found"
    for deal in positions:
        actor = deal.main_actor()
        announcers = [s for s in deal.to_act()
                      if any(a.type in OPTIONAL for a in deal.legal_actions(s))]
        asked: set[int] = set()
        order = []
        while (turn := next_turn(deal, lambda s: True, asked.__contains__)) is not None \
                and not turn.main:
            order.append(turn.seat)
            asked.add(turn.seat)
        assert order == announcers  # each once, in seat order
        assert turn == Turn(actor, True)


def test_a_members_seat_is_never_asked() -> None:
    for deal in _positions_with_announcements(10):
        actor = deal.main_actor()
        turn = next_turn(deal, actor.__ne__, lambda s: True)  # all others asked
        assert turn is None  # the member (main actor) is to move: no computer decision
        turn = next_turn(deal, actor.__eq__, lambda s: False)
        assert turn is not None and turn.seat == actor
