"""Chips from exact search agree with plain minimax over the engine's own payments."""

from __future__ import annotations

import random

import pytest

from bot.ai.payoff import Scorer
from bot.ai.rollout import rollout
from bot.ai.valuation import Valuer
from bot.ai.world import POINTS, World, legal_mask, trick_winner
from bot.engine import make_variant
from bot.engine.cards import POINTS_OF, SUIT_MASKS, SUIT_OF, mask_of

CASES = [("zuger", 4, "tapp"), ("zuger", 4, "vice"), ("tapp1879", 3, "coeurfrage"),
         ("tapp1879", 3, "coeursolo"), ("dapp", 4, "herz"), ("wuerttemberg", 3, "farbe")]


def _brute(world: World, v: Valuer, pile: int, decl: int) -> dict[int, float]:
    """Per move of the seat to play: plain minimax of the declarer's chips (the
    declarer maximises them, everyone else minimises them), then ``v.me``'s chips."""
    n, tm = world.n, world.trump_mask

    def chips(pts: list[int], trk: list[int], last: int) -> tuple[float, float]:
        full_p = [a + b for a, b in zip(v.base_points, pts, strict=True)]
        full_t = [a + b for a, b in zip(v.base_tricks, trk, strict=True)]
        pay = v.scorer.payments(full_p, full_t, pile, last)
        return float(pay[v.me]), float(pay[decl])

    def step(hands: list[int], leader: int, trick: list[int], pts: list[int],
             trk: list[int], turn: int, c: int) -> tuple[float, float]:
        hs = hands[:]
        hs[turn] &= ~(1 << c)
        t = [*trick, c]
        if len(t) < n:
            return go(hs, leader, t, pts, trk)
        w = trick_winner(leader, t, n, tm)
        p2, t2 = pts[:], trk[:]
        p2[w] += sum(POINTS_OF[x] for x in t)
        t2[w] += 1
        return go(hs, w, [], p2, t2)

    def go(hands: list[int], leader: int, trick: list[int], pts: list[int],
           trk: list[int]) -> tuple[float, float]:
        turn = (leader + len(trick)) % n
        if not hands[turn]:
            return chips(pts, trk, leader)
        led = SUIT_MASKS[SUIT_OF[trick[0]]] if trick else 0
        legal = legal_mask(hands[turn], led, tm)
        options = [step(hands, leader, trick, pts, trk, turn, c)
                   for c in range(36) if legal >> c & 1]
        pick = max if turn == decl else min
        return pick(options, key=lambda o: o[1])

    turn = world.turn
    zero = [0] * n
    legal = legal_mask(world.hands[turn], 0, tm)
    return {c: step(world.hands, world.leader, [], zero, zero, turn, c)[0]
            for c in range(36) if legal >> c & 1}


@pytest.mark.parametrize(("variant", "n", "contract"), CASES)
def test_exact_chips_match_minimax(variant: str, n: int, contract: str) -> None:
    rules = make_variant(variant, n)
    rng = random.Random(f"{variant}{contract}")
    checked = 0
    for _ in range(30):
        tricks = rng.choice([2, 3])
        cards = rng.sample([c for c in range(36) if rules.deck == 36 or c % 9], n * tricks)
        hands = [mask_of(cards[i * tricks:(i + 1) * tricks]) for i in range(n)]
        trump = rng.choice([0, 1, 2, 3])
        decl = rng.randrange(n)
        me = rng.randrange(n)
        played = 120 - sum(POINTS_OF[c] for c in cards)
        pile = rng.randrange(0, min(played, 30) + 1)
        base_points = [0] * n
        base_points[decl] = rng.randrange(0, played - pile + 1)
        base_points[(decl + 1) % n] = played - pile - base_points[decl]
        base_tricks = [1] * n
        pot = rng.choice([0, 4])
        scorer = Scorer(rules, contract, decl, pot=pot)
        v = Valuer(scorer, me, n, POINTS, base_points, base_tricks)
        world = World(n, hands, SUIT_MASKS[trump], rng.randrange(n), [], 1 << decl)
        moves = [c for c in range(36) if legal_mask(hands[world.turn], 0, 0) >> c & 1]
        got = v.exact(world, moves, pile, 10**7)
        want = _brute(world, v, pile, decl)
        assert got == want, (hands, trump, decl, me, base_points, pile)
        checked += 1
    assert checked == 30


def test_shape_adds_the_sides_points_to_the_chips() -> None:
    """With ``shape`` a rollout's value is its chips plus ``shape`` per card point the
    seat's side took; without it, the chips alone."""
    rules = make_variant("zuger", 4)
    changed = 0
    for seed in range(10):
        rng = random.Random(seed)
        cards = rng.sample(range(36), 12)
        hands = [mask_of(cards[i * 3:(i + 1) * 3]) for i in range(4)]
        world = World(4, hands, SUIT_MASKS[0], 0, [], 1 << 0)
        moves = [c for c in range(36) if hands[0] >> c & 1]
        for me, sign in ((0, 1), (1, -1)):  # the declarer, a defender
            v = Valuer(Scorer(rules, "tapp", 0), me, 4, POINTS, [0] * 4, [0] * 4)
            plain = v.rollouts(world, moves, 0, random.Random(1))
            shaped = v.rollouts(world, moves, 0, random.Random(1), shape=0.01)
            again = random.Random(1)  # the same rollouts, in the same order
            for c in moves:
                o = rollout(world.copy(), POINTS, again, first=c)
                assert shaped[c] - plain[c] == pytest.approx(0.01 * sign * o.points[0])
                changed += o.points[0] > 0
    assert changed  # the declarer took points in some rollouts: the check had teeth
