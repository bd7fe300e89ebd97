"""The perfect-information solver: the engine's rules, exact values, forced wins."""

from __future__ import annotations

import itertools
import random

from bot.ai.rollout import policy_card, rollout
from bot.ai.solver import Solver
from bot.ai.world import LOSE_ALL, POINTS, TRICK_SCALE, WIN_ALL, World, legal_mask, trick_winner
from bot.engine.cards import POINTS_OF, SUIT_MASKS, SUIT_OF, mask_of
from tests.engine.helpers import PLAY_SETTINGS, to_play


def _brute(world: World) -> int:
    """Plain minimax of the side's 16 * points + tricks: no pruning, no table."""
    n, tm, side = world.n, world.trump_mask, world.side

    def go(hands: list[int], leader: int, trick: list[int]) -> int:
        turn = (leader + len(trick)) % n
        if not hands[turn]:
            return 0
        led = SUIT_MASKS[SUIT_OF[trick[0]]] if trick else 0
        legal = legal_mask(hands[turn], led, tm)
        vals = []
        for c in range(36):
            if not legal >> c & 1:
                continue
            hs = hands[:]
            hs[turn] &= ~(1 << c)
            t = [*trick, c]
            if len(t) == n:
                w = trick_winner(leader, t, n, tm)
                tv = sum(POINTS_OF[x] for x in t) * TRICK_SCALE + 1 if side >> w & 1 else 0
                vals.append(tv + go(hs, w, []))
            else:
                vals.append(go(hs, leader, t))
        return max(vals) if side >> turn & 1 else min(vals)

    return go(world.hands[:], world.leader, world.trick[:])


def test_exact_values_match_plain_minimax_in_small_endings() -> None:
    rng = random.Random(11)
    for n, tricks in ((3, 3), (4, 2), (3, 2), (5, 2)):
        for _ in range(25):
            cards = rng.sample(range(36), n * tricks)
            hands = [mask_of(cards[i * tricks:(i + 1) * tricks]) for i in range(n)]
            trump = rng.choice([None, 0, 1, 2, 3])
            world = World(n, hands, SUIT_MASKS[trump] if trump is not None else 0,
                          rng.randrange(n), [], 1 << rng.randrange(n))
            assert Solver(world, POINTS).value() == _brute(world)
            values = Solver(world, POINTS).move_values()
            assert max(values.values()) == _brute(world) or not world.side >> world.leader & 1


def test_finds_the_only_forced_win_all() -> None:
    # three players, hearts trump, the declarer (seat 0) leads with AH 7H AC and must
    # draw the last trump first: leading the club lets seat 1 ruff with 9H
    hands = [mask_of(["AH", "7H", "AC"]), mask_of(["9H", "6S", "7S"]),
             mask_of(["6C", "7C", "8C"])]
    world = World(3, hands, SUIT_MASKS[2], 0, [], 1, must_win_all=True)
    values = Solver(world, WIN_ALL).move_values()
    assert values[mask_of(["AH"]).bit_length() - 1] == 1
    assert values[mask_of(["AC"]).bit_length() - 1] == 0


def test_finds_the_only_safe_bettel_card() -> None:
    # no trump; seat 1 led 9S, seat 2 followed with TS; the declarer (seat 0) stays
    # under only with the 8 (the ace would take the trick)
    hands = [mask_of(["8S", "AS"]), mask_of(["8C"]), mask_of(["7C"])]
    world = World(3, hands, 0, 1, [_c("9S"), _c("TS")], 1, must_lose_all=True)
    values = Solver(world, LOSE_ALL).move_values()
    assert values == {_c("8S"): 1, _c("AS"): 0}
    world = World(3, [mask_of(["TS", "AS"]), mask_of(["9S", "6C"]),
                      mask_of(["7S", "8S"])], 0, 1, [], 1, must_lose_all=True)
    assert Solver(world, LOSE_ALL).value() == 0


def _c(name: str) -> int:
    return mask_of([name]).bit_length() - 1


def test_points_ending_takes_the_ten_home() -> None:
    # zuger-like, four players, spades trump; seat 0 (declarer) must cash TC before
    # the defenders discard their clubs
    hands = [mask_of(["TC", "AS"]), mask_of(["6C", "6D"]), mask_of(["7D", "8D"]),
             mask_of(["9D", "7C"])]
    world = World(4, hands, SUIT_MASKS[1], 0, [], 1)
    values = Solver(world, POINTS).move_values()
    ten, ace = mask_of(["TC"]).bit_length() - 1, mask_of(["AS"]).bit_length() - 1
    assert values[ten] >= values[ace]
    assert values[ten] // TRICK_SCALE == 21  # TC + AS, both tricks


def test_rollouts_play_legal_cards_to_the_end() -> None:
    rng = random.Random(3)
    for variant, n, options in PLAY_SETTINGS:
        for aim in ("points", "win_all", "lose_all", "ramsch"):
            deal = to_play(variant, n, options, rng)
            world = World(n, deal.hands[:], deal.trump_mask, deal.leader, deal.trick[:], 1)
            out = rollout(world.copy(), aim, rng)
            assert sum(out.tricks) == max(h.bit_count() for h in deal.hands)
            for hands in itertools.islice(itertools.repeat(deal.hands), 1):
                legal = deal.legal_play_mask()
                card = policy_card(hands[:], deal.turn, deal.leader, deal.trick[:], legal, n,
                                   deal.trump_mask, 1, aim)
                assert legal >> card & 1
