"""Claims at a table, through the service: a claim the engine proves ends the deal at
once (played out along legal plays, stored with the claim, settled as any deal); one it
cannot prove is put to the other members, who see the claimer's cards (and nobody
else does), and is played out only if every one of them accepts; computers never accept
an unproven claim; one claim per turn; a card played withdraws it."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bot.engine import Deal, deal_from_record
from bot.engine.claims import ClaimKind, claim_line, could_come_true, offered_claims
from bot.store import ClaimStatus, DealStatus, Store
from bot.tables import DealOver, TableService
from bot.tables.errors import Refused, StaleClick

from .test_service import act_as_ai, service, started, store  # noqa: F401 (fixture)

Moment = Callable[[Deal, int], ClaimKind | None]


async def until(svc: TableService, table_id: int, wanted: Moment) -> tuple[int, ClaimKind]:
    """Play (each member as the baseline player) until the seat on turn has a claim
    ``wanted`` picks; returns (seat, kind)."""
    for _ in range(2000):
        live = await svc.table(table_id)
        deal = live.deal
        assert deal is not None
        seat = deal.view(0).actor
        assert seat is not None
        kind = wanted(deal, seat)
        if kind is not None:
            return seat, kind
        await act_as_ai(svc, table_id)
    raise AssertionError("no such moment")


def proven(deal: Deal, seat: int) -> ClaimKind | None:
    return next((k for k in offered_claims(deal, seat)
                 if claim_line(deal, seat, k) is not None), None)


def unproven_but_possible(deal: Deal, seat: int) -> ClaimKind | None:
    return next((k for k in offered_claims(deal, seat)
                 if claim_line(deal, seat, k) is None
                 and claim_line(deal, seat, k, defended=False) is not None), None)


def user(seat: int) -> int:
    return 100 + seat


async def test_a_proven_claim_ends_the_deal_at_once(store: Store) -> None:  # noqa: F811
    svc, display = service(store)
    table_id = await started(svc)
    seat, kind = await until(svc, table_id, proven)
    live = await svc.table(table_id)
    deal_id, ply = live.deal_id, live.stamp
    assert deal_id is not None and ply is not None and live.deal is not None
    before = len(live.deal.tricks)
    key, panel = await svc.claims.claim(await svc.table(table_id), user(seat), kind.value, ply)
    assert key == "claim.proven"
    assert panel.view.is_over  # the claimer's answer shows the finished deal
    row = next(d for d in await store.deals.for_table(table_id) if d.deal_id == deal_id)
    assert row.status is DealStatus.SETTLED
    record = await store.deals.record(deal_id)
    replayed = deal_from_record(record)  # real legal plays, to the same result
    assert replayed.is_over and replayed.outcome() == panel.view.result
    assert all((t.winner == seat) == (kind is ClaimKind.ALL)
               for t in replayed.tricks[before:])
    claims = await store.claims.for_deal(deal_id)
    assert [(c.seat, c.kind, c.status, c.ply) for c in claims] == [
        (seat, kind.value, ClaimStatus.PROVEN, ply.ply)]
    over = [e for e in display.events if isinstance(e, DealOver) and e.deal_id == deal_id]
    assert over and over[0].claim is not None and over[0].claim.seat == seat


async def test_an_unproven_claim_is_decided_by_the_others(store: Store) -> None:  # noqa: F811
    svc, display = service(store)
    table_id = await started(svc)
    seat, kind = await until(svc, table_id, unproven_but_possible)
    live = await svc.table(table_id)
    stamp, deal = live.stamp, live.deal
    assert stamp is not None and deal is not None and live.deal_id is not None
    claimer_hand = deal.view(seat).hand
    key, _ = await svc.claims.claim(await svc.table(table_id), user(seat), kind.value, stamp)
    assert key == "claim.put"
    assert live.stamp == stamp  # nothing played yet
    # the others see the claimer's cards in their panel; the table does not
    others = [s for s in range(4) if s != seat]
    for other in others:
        hand = await svc.play.hand(live, user(other))
        assert hand.claim is not None and hand.claim.pending
        assert hand.view.open_hands.get(seat) == claimer_hand
    state = display.states[-1]
    assert state.claim is not None and state.claim.waiting == tuple(others)
    assert state.view is not None and seat not in state.view.open_hands
    own = await svc.play.hand(live, user(seat))
    assert own.claim is not None and seat not in own.view.open_hands
    with pytest.raises(Refused):  # one claim per turn
        await svc.claims.claim(await svc.table(table_id), user(seat), kind.value, stamp)
    with pytest.raises(Refused):  # the claimer does not decide
        await svc.claims.decide(await svc.table(table_id), user(seat), True, stamp)
    # all but one accept: still pending; the last accepts: played out
    for other in others[:-1]:
        key, _ = await svc.claims.decide(await svc.table(table_id), user(other), True, stamp)
        assert key == "claim.accepted"
    assert live.stamp == stamp
    key, panel = await svc.claims.decide(await svc.table(table_id), user(others[-1]), True, stamp)
    assert key == "claim.agreed" and panel.view.is_over
    claims = await store.claims.for_deal(panel_deal_id := (await store.deals.for_table(
        table_id))[stamp.deal].deal_id)
    assert claims[0].status is ClaimStatus.ACCEPTED
    assert sorted(claims[0].accepted) == others
    record = await store.deals.record(panel_deal_id)
    replayed = deal_from_record(record)
    tricks = replayed.tricks[len(deal.tricks):]
    assert all((t.winner == seat) == (kind is ClaimKind.ALL) for t in tricks)


async def test_a_refused_claim_changes_nothing_and_play_goes_on(
        store: Store) -> None:  # noqa: F811
    svc, display = service(store)
    table_id = await started(svc)
    seat, kind = await until(svc, table_id, unproven_but_possible)
    live = await svc.table(table_id)
    stamp = live.stamp
    assert stamp is not None and live.deal is not None
    record_before = live.deal.to_record()
    await svc.claims.claim(await svc.table(table_id), user(seat), kind.value, stamp)
    other = (seat + 1) % 4
    key, _ = await svc.claims.decide(await svc.table(table_id), user(other), False, stamp)
    assert key == "claim.refused"
    assert live.deal.to_record() == record_before and live.stamp == stamp
    state = display.states[-1]
    assert state.claim is not None and state.claim.refused_by == other
    with pytest.raises(Refused):  # not again at this moment
        await svc.claims.claim(await svc.table(table_id), user(seat), kind.value, stamp)
    with pytest.raises(StaleClick):  # the claim is over: its buttons are stale
        await svc.claims.decide(await svc.table(table_id), user((seat + 2) % 4), True, stamp)
    await act_as_ai(svc, table_id)  # the claimer plays a card: play goes on
    assert (await svc.table(table_id)).stamp != stamp


async def test_a_played_card_withdraws_a_pending_claim(store: Store) -> None:  # noqa: F811
    svc, _ = service(store)
    table_id = await started(svc)
    seat, kind = await until(svc, table_id, unproven_but_possible)
    live = await svc.table(table_id)
    stamp = live.stamp
    assert stamp is not None
    await svc.claims.claim(await svc.table(table_id), user(seat), kind.value, stamp)
    await act_as_ai(svc, table_id)
    with pytest.raises(StaleClick):
        await svc.claims.decide(await svc.table(table_id), user((seat + 1) % 4), True, stamp)
    with pytest.raises(StaleClick):
        await svc.claims.decide(await svc.table(table_id), user((seat + 1) % 4), True, None)


async def test_computers_accept_only_proven_claims(store: Store) -> None:  # noqa: F811
    svc, _ = service(store)
    table_id = await started(svc, members=1)  # the host and three computers
    seat, kind = await until(svc, table_id, unproven_but_possible)
    assert seat == 0
    live = await svc.table(table_id)
    stamp = live.stamp
    assert stamp is not None and live.deal_id is not None
    with pytest.raises(Refused) as refused:
        await svc.claims.claim(await svc.table(table_id), user(seat), kind.value, stamp)
    assert refused.value.key == "error.claim_computers"
    assert live.stamp == stamp
    assert await store.claims.for_deal(live.deal_id) == []


async def test_a_claim_off_turn_or_unknown_is_refused(store: Store) -> None:  # noqa: F811
    svc, _ = service(store)
    table_id = await started(svc)
    live = await svc.table(table_id)
    stamp = live.stamp
    assert stamp is not None and live.deal is not None
    actor = live.deal.view(0).actor
    assert actor is not None
    with pytest.raises(Refused):  # the auction: nothing to claim yet
        await svc.claims.claim(await svc.table(table_id), user(actor), "all", stamp)
    with pytest.raises(Refused):
        await svc.claims.claim(await svc.table(table_id), user((actor + 1) % 4), "all", stamp)
    with pytest.raises(Refused) as unknown:
        await svc.claims.claim(await svc.table(table_id), user(actor), "most", stamp)
    assert unknown.value.key == "error.unknown_action"


async def test_a_pending_claim_survives_a_restart(store: Store) -> None:  # noqa: F811
    svc, _ = service(store)
    table_id = await started(svc)
    seat, kind = await until(svc, table_id, unproven_but_possible)
    stamp = (await svc.table(table_id)).stamp
    await svc.claims.claim(await svc.table(table_id), user(seat), kind.value, stamp)
    again, _ = service(store)
    await again.restart.resume()
    live = await again.table(table_id)
    hand = await again.play.hand(live, user((seat + 1) % 4))
    assert hand.claim is not None and hand.claim.pending and hand.claim.seat == seat
    for other in range(4):
        if other != seat:
            await again.claims.decide(await again.table(table_id), user(other), True, stamp)
    assert (await store.deals.for_table(table_id))[0].status is DealStatus.SETTLED


def impossible(deal: Deal, seat: int) -> ClaimKind | None:
    """A claim no lay of the cards the claimer cannot see makes true."""
    return next((k for k in offered_claims(deal, seat)
                 if not could_come_true(deal, seat, k)), None)


def impossible_only_as_the_cards_lie(deal: Deal, seat: int) -> ClaimKind | None:
    """A claim the true lay makes impossible, another the claimer cannot rule out not."""
    return next((k for k in offered_claims(deal, seat)
                 if claim_line(deal, seat, k, defended=False) is None
                 and could_come_true(deal, seat, k)), None)


async def test_a_claim_no_play_can_make_true_is_refused(store: Store) -> None:  # noqa: F811
    svc, _ = service(store)
    table_id = await started(svc)
    seat, kind = await until(svc, table_id, impossible)
    live = await svc.table(table_id)
    stamp = live.stamp
    assert stamp is not None and live.deal_id is not None
    with pytest.raises(Refused) as refused:
        await svc.claims.claim(await svc.table(table_id), user(seat), kind.value, stamp)
    assert refused.value.key == "error.claim_impossible"
    assert live.stamp == stamp and await store.claims.for_deal(live.deal_id) == []


async def all_but_one_accept(svc: TableService, table_id: int,
                             wanted: Moment) -> tuple[int, ClaimKind, int]:
    """Play to a claim ``wanted`` picks, make it, and have every other player but the
    last accept it; returns (claimer, kind, the last to decide)."""
    seat, kind = await until(svc, table_id, wanted)
    stamp = (await svc.table(table_id)).stamp
    live = await svc.table(table_id)
    assert (await svc.claims.claim(live, user(seat), kind.value, stamp))[0] == "claim.put"
    others = [s for s in range(4) if s != seat]
    for other in others[:-1]:
        assert (await svc.claims.decide(live, user(other), True, stamp))[0] == \
            "claim.accepted"
    return seat, kind, others[-1]


async def test_a_refusal_tells_nothing_of_the_hidden_cards(store: Store) -> None:  # noqa: F811
    """A claim some lay of the unseen cards would make true is put to the others, even
    where the cards as they lie make it impossible (a refusal would tell the claimer
    so). If every one of them accepts it, it falls through: refused by no one, nothing
    played, play goes on."""
    svc, display = service(store)
    table_id = await started(svc)
    seat, kind, last = await all_but_one_accept(svc, table_id,
                                                impossible_only_as_the_cards_lie)
    live = await svc.table(table_id)
    stamp = live.stamp
    assert stamp is not None and live.deal is not None and live.deal_id is not None
    record_before = live.deal.to_record()
    key, panel = await svc.claims.decide(await svc.table(table_id), user(last), True, stamp)
    assert key == "claim.failed" and not panel.view.is_over
    assert live.deal.to_record() == record_before and live.stamp == stamp
    [row] = await store.claims.for_deal(live.deal_id)
    assert row.status is ClaimStatus.REFUSED and row.refused_by is None
    assert sorted(row.accepted) == [s for s in range(4) if s != seat]  # all of them
    state = display.states[-1]
    assert state.claim is not None and not state.claim.pending
    with pytest.raises(Refused):  # not again at this moment
        await svc.claims.claim(await svc.table(table_id), user(seat), kind.value, stamp)
    await act_as_ai(svc, table_id)  # the claimer plays on
    assert (await svc.table(table_id)).stamp != stamp


def early(deal: Deal, seat: int) -> ClaimKind | None:
    """The first card of play: a hand of more than five cards, no claim offered."""
    return ClaimKind.ALL if deal.view(seat).phase.value == "play" and not deal.tricks \
        and not deal.trick else None


async def test_a_crafted_claim_is_refused_and_shows_no_card(store: Store) -> None:  # noqa: F811
    """The panel offers a claim only from five cards on, and *no more tricks* only to a
    Bettel's declarer or in a Ramsch; a crafted button gets no further: nothing stored,
    nobody shown the claimer's hand."""
    svc, display = service(store)
    table_id = await started(svc)
    seat, _ = await until(svc, table_id, early)
    live = await svc.table(table_id)
    stamp, deal = live.stamp, live.deal
    assert stamp is not None and deal is not None and live.deal_id is not None
    assert deal.hands[seat].bit_count() > 5
    shown = len(display.states)
    for kind in ("all", "none"):
        with pytest.raises(Refused) as refused:
            await svc.claims.claim(await svc.table(table_id), user(seat), kind, stamp)
        assert refused.value.key == "error.claim_not_now"
    # later, with five cards: a defender (or a declarer not in a Bettel) may not claim
    # no more tricks
    def wrong_kind(d: Deal, s: int) -> ClaimKind | None:
        offered = offered_claims(d, s)
        return ClaimKind.NONE if offered and ClaimKind.NONE not in offered else None

    seat, kind = await until(svc, table_id, wrong_kind)
    live = await svc.table(table_id)
    with pytest.raises(Refused) as refused:
        await svc.claims.claim(await svc.table(table_id), user(seat), kind.value, live.stamp)
    assert refused.value.key == "error.claim_kind"
    assert await store.claims.for_deal(live.deal_id) == []  # type: ignore[arg-type]
    for other in range(4):
        hand = await svc.play.hand(live, user(other))
        assert hand.claim is None and seat not in hand.view.open_hands or other == seat
    assert all(s.claim is None for s in display.states[shown:])


async def test_a_claim_too_deep_to_play_out_when_all_accept_ends_there(
        store: Store) -> None:  # noqa: F811
    """If the continuation cannot be searched within the budget when the last player
    accepts, the member is told so and the claim is over: nothing is left pending."""
    svc, _ = service(store)
    table_id = await started(svc)
    _, _, last = await all_but_one_accept(svc, table_id, unproven_but_possible)
    live = await svc.table(table_id)
    stamp = live.stamp
    assert stamp is not None and live.deal_id is not None
    svc.claims.budget = 1  # the search gives up at once
    with pytest.raises(Refused) as refused:
        await svc.claims.decide(await svc.table(table_id), user(last), True, stamp)
    assert refused.value.key == "error.claim_too_deep"
    [row] = await store.claims.for_deal(live.deal_id)
    assert row.status is ClaimStatus.REFUSED and row.refused_by is None
    assert last in row.accepted
    assert live.stamp == stamp
    await act_as_ai(svc, table_id)  # the claimer plays on


class Stop(Exception):
    """The bot stops here (killed while it works)."""


async def test_a_stop_while_the_last_acceptance_is_played_out_leaves_it_to_answer(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811
    """The bot stops while it searches the line after the last member accepted: after
    the restart that member is still the one the claim waits for (with their timers),
    and their acceptance plays it out."""
    svc, _ = service(store)
    table_id = await started(svc)
    seat, _, last = await all_but_one_accept(svc, table_id, unproven_but_possible)
    live = await svc.table(table_id)
    stamp, deal_id = live.stamp, live.deal_id
    assert stamp is not None and deal_id is not None

    def stop(*args: object, **kwargs: object) -> None:
        raise Stop()

    with monkeypatch.context() as patch:
        patch.setattr("bot.tables.claims.claim_line", stop)
        with pytest.raises(Stop):
            await svc.claims.decide(await svc.table(table_id), user(last), True, stamp)
    await svc.shutdown()

    again, _ = service(store)
    await again.restart.resume()
    live = await again.table(table_id)
    hand = await again.play.hand(live, user(last))
    assert hand.claim is not None and hand.claim.pending and hand.claim.waiting == (last,)
    assert {d.seat for d in await store.deadlines.pending(table_id)} == {last}
    key, panel = await again.claims.decide(await again.table(table_id), user(last), True, stamp)
    assert key == "claim.agreed" and panel.view.is_over
    [row] = await store.claims.for_deal(deal_id)
    assert row.status is ClaimStatus.ACCEPTED
    assert sorted(row.accepted) == sorted(s for s in range(4) if s != seat)
    await again.shutdown()
