"""Deal reviews: the strong player's verdicts agree with its own play, and each verdict
is reached from the member's view alone (the hidden-card guard)."""

from __future__ import annotations

import random

import pytest

from bot.ai import make_player, play_deal
from bot.ai.judge import judge
from bot.engine import Action, Deal, Phase, deal_from_record
from bot.engine.cards import iter_bits
from bot.review import REVIEW_SEED, moments, review_deal, review_player
from bot.review.core import DealReview

SETTINGS = [("zuger", 4), ("tapp1879", 3), ("dapp", 4), ("wuerttemberg", 4)]


def _played(variant: str, players: int, seed: int, level: str = "easy") -> Deal:
    deal = Deal.new(variant, players=players, rng=random.Random(seed))
    play_deal(deal, [make_player(level, random.Random(seed * 10 + s)) for s in range(players)])
    return deal


@pytest.mark.parametrize("variant,players", SETTINGS)
def test_the_review_finds_no_mistake_in_the_strong_players_own_moves(
        variant: str, players: int) -> None:
    """Seat 0 played by strong (clock off, the review's seed), the others by easy: the
    review gives no loss at strong's card plays and counts none of its moves a mistake."""
    judged = 0
    for seed in range(2):
        deal = Deal.new(variant, players=players, rng=random.Random(100 + seed))
        seats = [review_player(REVIEW_SEED)] + [make_player("easy", random.Random(s))
                                               for s in range(1, players)]
        play_deal(deal, seats)
        review = review_deal(deal.to_record(), 0)
        assert review.items, "seat 0 decided nothing"
        for item in review.items:
            j = item.judgement
            assert not j.mistake, (item.moment.taken, j)
            if item.moment.view.phase is Phase.PLAY:
                assert j.loss == 0.0 and j.best == j.taken
            judged += j.judged
    assert judged >= 6


def test_the_review_finds_the_easy_players_mistakes() -> None:
    """Not a review that never finds anything: the baseline player's deals have some."""
    reviews = [review_deal(_played(v, n, s).to_record(), 0)
               for v, n in SETTINGS for s in range(3)]
    mistakes = [r for review in reviews for r in review.costliest()]
    assert len(mistakes) >= 4
    for item in mistakes:
        j = item.judgement
        assert j.loss > j.allowance > 0
        assert j.value_of(j.best) == pytest.approx(j.value_of(j.taken) + j.loss)  # type: ignore[operator]


def _relaid(deal: Deal, seat: int, rng: random.Random) -> Deal:
    """The same moment with the cards ``seat`` cannot see dealt anew among the others'
    hands and the talon (each keeps its size)."""
    view = deal.view(seat)
    seen = view.visible_cards().mask
    other = [s for s in range(deal.n) if s != seat]
    held_by = {s: deal.hands[s] & ~seen for s in other}
    in_hands = sum(deal.hands)
    held_by[-1] = deal.talon & ~seen & ~in_hands  # (a talon taken up is in a hand)
    hidden = [c for mask in held_by.values() for c in iter_bits(mask)]
    rng.shuffle(hidden)
    copy = deal.copy()
    for s in [*other, -1]:
        held = deal.hands[s] if s >= 0 else deal.talon
        size = held_by[s].bit_count()
        mask = (held & ~held_by[s]) | sum(1 << c for c in hidden[:size])
        hidden = hidden[size:]
        if s >= 0:
            copy.hands[s] = mask
        else:
            copy.talon = mask
    return copy


@pytest.mark.parametrize("variant,players", SETTINGS)
def test_each_verdict_is_the_same_however_the_hidden_cards_lie(variant: str,
                                                             players: int) -> None:
    """At every moment the review judges, the deal with the other players' hidden cards
    (and the talon's) dealt anew gives the member the same view, and the same verdict:
    the review's input is that view and nothing else."""
    rng = random.Random(7)
    player = review_player()
    changed = total = 0
    for seed in range(3):
        deal = _played(variant, players, seed)
        record = deal.to_record()
        review = review_deal(record, 0, player=player)
        for item in review.items:
            before = deal_from_record(record, stop_at=item.moment.ply)
            relaid = _relaid(before, 0, rng)
            changed += relaid.hands != before.hands or relaid.talon != before.talon
            total += 1
            assert relaid.view(0) == item.moment.view
            again = judge(player, relaid.view(0), item.moment.taken)
            assert again == item.judgement
    assert changed >= 2 and 2 * changed >= total  # the relaying did move hidden cards


def test_the_review_skips_what_the_member_did_not_decide() -> None:
    """A computer's moves for the seat, kontra and a claim's play-out are not judged."""
    deal = _played("zuger", 4, 3)
    record = deal.to_record()
    mine = [i for i, e in enumerate(record["actions"]) if e["seat"] == 0]
    everything = moments(record, 0)
    assert [m.ply for m in everything] == [
        i for i in mine if Action.from_record(record["actions"][i])[1].type.value
        not in ("kontra", "rekontra")]
    skipped = moments(record, 0, skip={mine[0]}, until=mine[-1])
    assert [m.ply for m in skipped] == [m.ply for m in everything][1:-1]


def test_a_review_reports_the_costliest_mistakes_first() -> None:
    review = DealReview(0, ())
    assert review.costliest() == () and review.total_loss == 0.0
    found = review_deal(_played("tapp1879", 3, 2).to_record(), 0)
    costs = [r.judgement.loss for r in found.costliest()]
    assert costs == sorted(costs, reverse=True) and len(costs) <= 3
