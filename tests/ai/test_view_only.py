"""The player reads only the view it is given."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from bot.ai import main_actions, make_player
from bot.engine import Action, Deal, Phase, SeatView, TrickView, deal_from_record
from bot.engine.cards import SUIT_OF, Card, CardSet

from .helpers import assert_legal, main_seat

TWIN_SETTINGS: list[tuple[str, int, dict[str, Any]]] = [
    ("zuger", 4, {}), ("tapp1879", 3, {}), ("dapp", 4, {}), ("dapp", 6, {}),
    ("wuerttemberg", 3, {}), ("wuerttemberg", 4, {"deck": 32}),
]


def _advance(deal: Deal, steps: int, seed: int) -> list[tuple[int, Action]]:
    seats = [make_player("easy", random.Random(seed + s)) for s in range(deal.n)]
    log = []
    for _ in range(steps):
        if deal.is_over:
            break
        seat = main_seat(deal)
        action = seats[seat].choose(deal.view(seat))
        deal.apply(seat, action)
        log.append((seat, action))
    return log


def _twin(deal: Deal, me: int) -> Deal | None:
    """The same deal with two unseen cards of one suit swapped between two other
    seats (no open hand, no Rufer card), replayed to the same point."""
    record = deal.to_record()
    hands = [list(h) for h in record["hands"]]
    current = [set(deal.view(s).hand or CardSet()) for s in range(deal.n)]
    banned = {deal.called_card, deal.exchange_card}
    opened = deal.view(me).open_hands
    others = [s for s in range(deal.n) if s != me and s not in opened]
    for a in others:
        for b in others:
            if a >= b:
                continue
            for x in current[a]:
                for y in current[b]:
                    if SUIT_OF[x] != SUIT_OF[y] or {x, y} & banned:
                        continue
                    if str(x) not in hands[a] or str(y) not in hands[b]:
                        continue
                    hands[a][hands[a].index(str(x))] = str(y)
                    hands[b][hands[b].index(str(y))] = str(x)
                    return deal_from_record({**record, "hands": hands})
    return None


@pytest.mark.parametrize(("variant", "n", "options"), TWIN_SETTINGS)
def test_hidden_cards_do_not_change_the_decision(variant: str, n: int,
                                                 options: dict[str, Any]) -> None:
    checked = 0
    for seed in range(12):
        rng = random.Random(seed)
        deal = Deal.new(variant, players=n, dealer=seed % n, rng=rng, **options)
        _advance(deal, rng.randrange(5, 40), seed)
        if deal.is_over:
            continue
        me = main_seat(deal)
        twin = _twin(deal, me)
        if twin is None:
            continue
        assert twin.view(me) == deal.view(me)
        a = make_player("easy", random.Random(7)).choose(deal.view(me))
        b = make_player("easy", random.Random(7)).choose(twin.view(me))
        assert a == b
        checked += 1
    assert checked >= 4


def test_same_view_same_decision() -> None:
    for seed in range(20):
        deal = Deal.new("dapp", players=3, dealer=seed % 3, rng=random.Random(seed))
        _advance(deal, seed, seed)
        if deal.is_over:
            continue
        view = deal.view(main_seat(deal))
        p = make_player("easy", random.Random(3))
        first = p.choose(view)
        assert p.choose(view) == first  # no state carried between decisions
        assert make_player("easy", random.Random(3)).choose(view) == first


def _hand_built_view(**changes: Any) -> SeatView:
    """A SeatView made by hand, without any Deal: zuger, seat 2 to follow a trick."""
    hand = CardSet.parse("6C KC 9S JS QS 9D JD QD")
    trick = TrickView(leader=0, cards=(Card.parse("AC"), Card.parse("7C")), winner=None)
    fields: dict[str, Any] = dict(
        variant="zuger", options={"players": 4, "stake": 1, "tapp_threshold": 61},
        players=4, seat=2, dealer=3, forehand=0, phase=Phase.PLAY, to_act=(2,), hand=hand,
        hand_sizes=(7, 7, 8, 8), legal=(Action.play("6C"), Action.play("KC")),
        auction=((0, Action.bid("solo")), (1, Action.bid("pass")), (2, Action.bid("pass")),
                 (3, Action.bid("pass"))),
        contract="solo", declarer=0, trump=2, called_card=None, called_from=None,
        called_in_talon=False, exchange_card=None, talon=None, discards=None, open_hands={},
        current_trick=trick, tricks=(), tricks_won=(0, 0, 0, 0), points_taken=(0, 0, 0, 0),
        announcements=(), kontra_by=None, rekontra_by=None, pot=0, result=None,
    )
    fields.update(changes)
    return SeatView(**fields)


def test_accepts_a_hand_built_view_for_one_seat() -> None:
    view = _hand_built_view()
    action = make_player("easy", random.Random(0)).choose(view)
    assert action == Action.play("6C")
    assert_legal(view, action)
    lead = dataclasses.replace(view, current_trick=None, to_act=(2,),
                               legal=tuple(Action.play(c) for c in view.hand or ()))
    assert_legal(lead, make_player("easy", random.Random(0)).choose(lead))


def test_refuses_views_it_cannot_act_on() -> None:
    player = make_player("easy", random.Random(0))
    with pytest.raises(ValueError):
        player.choose(_hand_built_view(legal=(Action.kontra(),)))
    deal = Deal.new("zuger", dealer=3, rng=random.Random(1))
    with pytest.raises(ValueError):
        player.choose(deal.public_view())
    assert not main_actions(deal.view(1))
    with pytest.raises(ValueError):
        player.choose(deal.view(1))  # not its turn
