"""The claims store: a claim is put at the deal's current ply only, once per ply; votes
count only while it is pending at that ply; a claim's line is appended in one
transaction with its status (and the table's deadlines go), or not at all."""

from __future__ import annotations

import random

import pytest

from bot.engine import Action, Deal
from bot.engine.playout import random_action
from bot.engine.view import Phase
from bot.store import ClaimStatus, DeadlineKind, DeadlineSpec, StaleAction, Store, StoreError

from .helpers import log_actions, new_game, start_deal


async def in_card_play(store: Store) -> tuple[int, Deal]:
    """A stored zuger deal played (each action stored) to its first card."""
    game = await new_game(store)
    row, deal = await start_deal(store, game)
    rng = random.Random(3)
    while deal.phase is not Phase.PLAY:
        copy = deal.copy()
        seat, action = random_action(copy, rng)
        await log_actions(store, row, deal, [action.to_record(seat)])
    return row.deal_id, deal


def rest(deal: Deal) -> list[tuple[int, Action, bool]]:
    """A legal continuation to the end (the deal itself untouched)."""
    copy, plays, rng = deal.copy(), [], random.Random(5)
    while not copy.is_over:
        seat, action = random_action(copy, rng)
        copy.apply(seat, action)
        plays.append((seat, action, False))
    return plays


async def test_a_claim_is_put_at_the_current_ply_once(store: Store) -> None:
    deal_id, deal = await in_card_play(store)
    with pytest.raises(StaleAction):
        await store.claims.put(deal_id, deal.ply - 1, deal.turn, "all")
    claim = await store.claims.put(deal_id, deal.ply, deal.turn, "all")
    assert (claim.status, claim.accepted, claim.seat) == (ClaimStatus.PENDING, (), deal.turn)
    with pytest.raises(StaleAction):  # one claim per ply
        await store.claims.put(deal_id, deal.ply, deal.turn, "none")
    assert await store.claims.latest(deal_id) == claim


async def test_votes_count_only_while_pending_at_its_ply(store: Store) -> None:
    deal_id, deal = await in_card_play(store)
    claim = await store.claims.put(deal_id, deal.ply, deal.turn, "all")
    accepted = await store.claims.accept(claim.claim_id, deal.ply, 2)
    accepted = await store.claims.accept(claim.claim_id, deal.ply, 1)
    assert accepted.accepted == (1, 2) and accepted.status is ClaimStatus.PENDING
    refused = await store.claims.refuse(claim.claim_id, deal.ply, 3)
    assert (refused.status, refused.refused_by) == (ClaimStatus.REFUSED, 3)
    assert refused.closed_at is not None
    with pytest.raises(StaleAction):
        await store.claims.accept(claim.claim_id, deal.ply, 1)
    with pytest.raises(StaleAction):
        await store.claims.refuse(claim.claim_id, deal.ply, 1)


async def test_a_card_played_leaves_a_claim_behind(store: Store) -> None:
    deal_id, deal = await in_card_play(store)
    claim = await store.claims.put(deal_id, deal.ply, deal.turn, "all")
    seat, action, _ = rest(deal)[0]
    ply = deal.ply
    deal.apply(seat, action)
    await store.deals.append_action(deal_id, ply, seat, action)
    with pytest.raises(StaleAction):
        await store.claims.accept(claim.claim_id, ply, 1)
    with pytest.raises(StaleAction):  # not at the new ply either
        await store.claims.accept(claim.claim_id, deal.ply, 1)


async def test_a_line_is_played_out_with_its_claim_or_not_at_all(store: Store) -> None:
    deal_id, deal = await in_card_play(store)
    plays = rest(deal)
    with pytest.raises(StoreError):  # from a ply already taken: the claim goes too
        await store.claims.play_out(deal_id, deal.ply - 1, deal.turn, "all", plays)
    assert await store.claims.for_deal(deal_id) == []  # nothing written
    assert len((await store.deals.record(deal_id))["actions"]) == deal.ply
    done = await store.claims.play_out(deal_id, deal.ply, deal.turn, "all", plays)
    assert done.status is ClaimStatus.PROVEN and done.ply == deal.ply
    record = await store.deals.record(deal_id)
    assert len(record["actions"]) == deal.ply + len(plays)


async def test_an_accepted_claim_is_played_out_and_its_deadlines_go(store: Store) -> None:
    deal_id, deal = await in_card_play(store)
    [table] = await store.tables.find_open(channel_id=100)
    await store.deadlines.arm(table.table_id, [DeadlineSpec(DeadlineKind.TIMEOUT, 9e9,
                                                            deal.turn)],
                              deal_id=deal_id, ply=deal.ply)
    assert len(await store.deadlines.pending(table.table_id)) == 1
    claim = await store.claims.put(deal_id, deal.ply, deal.turn, "all")
    done = await store.claims.play_out(deal_id, deal.ply, deal.turn, "all", rest(deal),
                                       claim_id=claim.claim_id)
    assert done.claim_id == claim.claim_id and done.status is ClaimStatus.ACCEPTED
    assert await store.deadlines.pending(table.table_id) == []
