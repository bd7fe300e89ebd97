"""Claims: a proven claim holds against every defence, a claim that some defence breaks
is not proven (but may be accepted if some continuation makes it true), and the line a
claim is played out along is legal and gives the claimed tricks."""

from __future__ import annotations

import random

import pytest

from bot.ai import make_player
from bot.engine import Deal
from bot.engine.cards import iter_bits
from bot.engine.claims import (
    ClaimKind,
    ClaimTooDeep,
    can_claim,
    claim_line,
    could_come_true,
    offered_claims,
)
from bot.engine.view import Phase

from .helpers import main_actor


def _endgame(variant: str, players: int, seed: int, tricks_left: int) -> Deal:
    """A legal deal (the baseline player's choices) played to ``tricks_left`` tricks before
    its end: the first seed from ``seed`` on whose deal gets there."""
    for attempt in range(seed, seed + 1000):
        deal = Deal.new(variant, players=players, rng=random.Random(attempt))
        seats = [make_player("easy", random.Random(attempt + s)) for s in range(players)]
        while not deal.is_over:
            if deal.phase is Phase.PLAY and not deal.trick and \
                    deal.hands[deal.turn].bit_count() == tricks_left:
                return deal
            seat = main_actor(deal)
            deal.apply(seat, seats[seat].choose(deal.view(seat)))
    raise AssertionError("no deal got to the end game")


Outcome = tuple[tuple[int, ...], int]


def _forced(deal: Deal, seat: int, kind: ClaimKind) -> set[Outcome]:
    """Plain minimax over sets: the payments (and pot) ``seat`` can force to come about
    with the claim true, whatever the others play (empty: the claim cannot be forced
    with every chip settled)."""
    if deal.is_over:
        result = deal.outcome()
        assert result is not None
        return {(result.payments, result.pot)}
    actor = deal.turn
    results = []
    for card in iter_bits(deal.legal_play_mask()):
        after = deal.copy()
        before = len(after.tricks)
        after.play_unchecked(card)
        ok = True
        if len(after.tricks) > before:
            ok = (after.tricks[-1].winner == seat) == (kind is ClaimKind.ALL)
        results.append(_forced(after, seat, kind) if ok else set())
    if actor == seat:
        return set().union(*results)
    return set.intersection(*results)


@pytest.mark.parametrize("seed", range(40))
def test_a_claim_is_proven_exactly_when_it_can_be_forced(seed: int) -> None:
    variant, players = [("zuger", 4), ("tapp1879", 3), ("dapp", 4), ("wuerttemberg", 3)][
        seed % 4]
    deal = _endgame(variant, players, seed, 3)
    for seat in range(deal.n):
        for kind in ClaimKind:
            line = claim_line(deal, seat, kind)
            forced = _forced(deal, seat, kind)
            if kind is ClaimKind.ALL:  # every chip follows from the tricks: exact
                assert (line is not None) == bool(forced), (seat, kind)
            else:  # sound: a proven claim can be forced with every chip settled
                assert line is None or forced, (seat, kind)
            if line is not None:
                copy = deal.copy()
                before = len(copy.tricks)
                for who, card in line:
                    assert who == copy.turn and copy.legal_play_mask() >> card & 1
                    copy.play_unchecked(card)
                assert copy.is_over
                won = [t.winner for t in copy.tricks[before:]]
                assert all((w == seat) == (kind is ClaimKind.ALL) for w in won)


@pytest.mark.parametrize("seed", range(20))
def test_a_proven_claim_holds_against_random_defences(seed: int) -> None:
    """Off the line, whatever the others play, the claim comes true and every chip moves
    as along the line."""
    variant, players = [("zuger", 4), ("tapp1879", 3), ("dapp", 4), ("wuerttemberg", 3)][
        seed % 4]
    deal = _endgame(variant, players, seed, 4)
    rng = random.Random(seed)
    for seat in range(deal.n):
        for kind in ClaimKind:
            line = claim_line(deal, seat, kind)
            if line is None:
                continue
            along = deal.copy()
            for _, card in line:
                along.play_unchecked(card)
            expected = along.outcome()
            assert expected is not None
            for _ in range(10):
                d = deal.copy()
                before = len(d.tricks)
                while not d.is_over:
                    if d.turn == seat:
                        proof = claim_line(d, seat, kind)
                        assert proof is not None
                        d.play_unchecked(proof[0][1])
                    else:
                        d.play_unchecked(rng.choice(list(iter_bits(d.legal_play_mask()))))
                assert all((t.winner == seat) == (kind is ClaimKind.ALL)
                           for t in d.tricks[before:])
                result = d.outcome()
                assert result is not None
                assert (result.payments, result.pot) == (expected.payments, expected.pot)


def test_an_unprovable_claim_may_still_be_accepted_and_nothing_changes() -> None:
    for seed in range(200):
        deal = _endgame("zuger", 4, seed, 3)
        record = deal.to_record()
        for seat in range(4):
            if claim_line(deal, seat, ClaimKind.ALL) is None:
                accepted = claim_line(deal, seat, ClaimKind.ALL, defended=False)
                if accepted is not None:
                    assert deal.to_record() == record  # the search changes nothing
                    return
    raise AssertionError("no claim that only an agreement could settle")


def test_no_claim_outside_play_and_a_budget_holds() -> None:
    deal = Deal.new("zuger", rng=random.Random(1))
    assert not can_claim(deal) and claim_line(deal, 0, ClaimKind.ALL) is None
    late = _endgame("zuger", 4, 3, 8)
    with pytest.raises(ClaimTooDeep):
        claim_line(late, late.turn, ClaimKind.ALL, defended=False, budget=10)


def _positions(variant: str, players: int, seeds: range) -> list[tuple[Deal, int, ClaimKind]]:
    """Every claim offered along legal deals (the baseline player's choices)."""
    out = []
    for seed in seeds:
        deal = Deal.new(variant, players=players, rng=random.Random(seed))
        seats = [make_player("easy", random.Random(seed + s)) for s in range(players)]
        while not deal.is_over:
            if deal.phase is Phase.PLAY:
                out += [(deal.copy(), deal.turn, k) for k in offered_claims(deal, deal.turn)]
            seat = main_actor(deal)
            deal.apply(seat, seats[seat].choose(deal.view(seat)))
    return out


def _relaid(deal: Deal, seat: int, rng: random.Random) -> Deal:
    """The same deal with the cards ``seat`` cannot see dealt anew among the others'
    hands and the talon (each keeps its size)."""
    other = [s for s in range(deal.n) if s != seat]
    cards = [c for s in other for c in iter_bits(deal.hands[s])] + list(iter_bits(deal.talon))
    rng.shuffle(cards)
    copy = deal.copy()
    for s in [*other, -1]:
        size = (deal.hands[s] if s >= 0 else deal.talon).bit_count()
        mask = sum(1 << c for c in cards[:size])
        cards = cards[size:]
        if s >= 0:
            copy.hands[s] = mask
        else:
            copy.talon = mask
    return copy


@pytest.mark.parametrize("variant,players", [("zuger", 4), ("tapp1879", 3), ("dapp", 4),
                                             ("wuerttemberg", 4)])
def test_whether_a_claim_could_come_true_is_told_from_the_claimers_view(
        variant: str, players: int) -> None:
    """The answer is the same however the hidden cards lie; it is False only where the
    claim is impossible whatever they are (for the true lay and for others); and it is
    False often enough to spare the others claims no lay makes true."""
    rng = random.Random(3)
    refused = put = 0
    for deal, seat, kind in _positions(variant, players, range(6)):
        could = could_come_true(deal, seat, kind)
        for _ in range(2):
            relaid = _relaid(deal, seat, rng)
            assert could_come_true(relaid, seat, kind) == could
            if not could:
                assert claim_line(relaid, seat, kind, defended=False) is None
        if not could:
            refused += 1
            assert claim_line(deal, seat, kind, defended=False) is None
        else:
            put += 1
    assert refused > 10 and put > 10


def test_a_claim_impossible_as_the_cards_lie_may_still_be_possible_for_the_claimer() -> None:
    """What the old refusal gave away: claims the true lay makes impossible, but another
    lay the claimer cannot rule out would make true."""
    found = [(d, s, k) for d, s, k in _positions("zuger", 4, range(6))
             if claim_line(d, s, k, defended=False) is None and could_come_true(d, s, k)]
    assert found
