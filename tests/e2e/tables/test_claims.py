"""Claims through the stand-in: a member on turn near the end of a deal claims the rest.
A claim the bot proves settles the deal at once; one it cannot prove is put to the
others, who see the claimer's cards in their own panels and may refuse it, and it can
never be forced on computer players."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.connection.client import TappBot
from bot.engine import CardSet, Deal
from bot.engine.claims import ClaimKind, claim_line, offered_claims
from bot.i18n import t
from bot.store import ClaimStatus, DealStatus
from standin import Actor, Sandbox
from standin.harness import World

from .driver import Game, Watch, cards_in_text, check_ledger_against_replay, open_table


def proven(deal: Deal, seat: int) -> ClaimKind | None:
    return next((k for k in offered_claims(deal, seat)
                 if claim_line(deal, seat, k) is not None), None)


def unproven_but_possible(deal: Deal, seat: int) -> ClaimKind | None:
    return next((k for k in offered_claims(deal, seat)
                 if claim_line(deal, seat, k) is None
                 and claim_line(deal, seat, k, defended=False) is not None), None)


Wanted = Callable[[Deal, int], ClaimKind | None]


@dataclass
class Moment:
    seat: int
    actor: Actor
    kind: ClaimKind
    deal_id: int
    hand: CardSet


async def play_until_a_claim(game: Game, wanted: Wanted) -> Moment:
    """Members play on until the member on turn has a claim ``wanted`` picks."""
    found: list[Moment] = []

    def ready(g: Game) -> bool:
        live = g.live
        deal = live.deal if live is not None else None
        if live is None or deal is None or live.deal_id is None:
            return False
        seat = deal.view(0).actor
        members = g.member_seats()
        if seat is None or seat not in members:
            return False
        kind = wanted(deal, seat)
        hand = deal.view(seat).hand
        if kind is None or hand is None:
            return False
        found.append(Moment(seat, members[seat], kind, live.deal_id, hand))
        return True

    await game.play(until=ready)
    return found[0]


async def claim(game: Game, moment: Moment, watch: Watch) -> str:
    """The claimer opens *My hand* and clicks the claim's button; what they were told
    since (the answer, and their live panel moving on with the game)."""
    live = game.live
    assert live is not None and live.deal is not None
    panel = await game.open_hand(moment.actor, live.deal.view(moment.seat))
    seen = len(watch.seen)
    ix = await moment.actor.click(panel, label=t(f"button.claim.{moment.kind.value}", None))
    assert ix.response is not None and ix.response.ephemeral_to == moment.actor.id, ix.errors
    await game.quiet()
    return "\n".join(d.model.description for d in watch.seen[seen:]
                     if d.audience == moment.actor.id)


async def test_a_correct_claim_settles_at_once(sandbox: Sandbox, world: World,
                                               table_bot: TappBot, watch: Watch) -> None:
    alice, bob, carol, dave = world.players[:4]
    store = table_bot.database
    assert store is not None
    game = await open_table(sandbox, table_bot, world.channel, alice, "zuger",
                            joiners=(bob, carol, dave))
    moment = await play_until_a_claim(game, proven)
    answer = await claim(game, moment, watch)
    assert "The bot proved your claim" in answer
    deal = next(d for d in await store.deals.for_table(game.table_id)
                if d.deal_id == moment.deal_id)
    assert deal.status is DealStatus.SETTLED  # at once: nobody played another card
    [stored] = await store.claims.for_deal(moment.deal_id)
    assert (stored.seat, stored.status) == (moment.seat, ClaimStatus.PROVEN)
    name = moment.actor.name
    results = [m for m in sandbox.public_messages(game.thread)
               if f"{name} claimed" in m.text and "the bot proved it" in m.text]
    assert len(results) == 1
    assert await check_ledger_against_replay(store, game.table_id) >= 1
    assert await watch.check(store) > 0


async def test_an_incorrect_claim_cannot_be_forced(sandbox: Sandbox, world: World,
                                                   table_bot: TappBot, watch: Watch) -> None:
    alice, bob, carol, dave = world.players[:4]
    store = table_bot.database
    assert store is not None
    game = await open_table(sandbox, table_bot, world.channel, alice, "zuger",
                            joiners=(bob, carol, dave))
    moment = await play_until_a_claim(game, unproven_but_possible)
    live = game.live
    assert live is not None
    stamp = live.stamp
    answer = await claim(game, moment, watch)
    assert "put to the other players" in answer
    assert live.stamp == stamp  # nothing was played
    table = game.table_message()
    assert f"{moment.actor.name} claims" in table.text
    assert not cards_in_text(table.text) & set(moment.hand)  # the table shows no card of it
    others = [a for s, a in game.member_seats().items() if s != moment.seat]
    assert live.deal is not None
    for other in others:  # each decider's own panel shows the claimer's cards
        seat = live.seat_of(other.id)
        assert seat is not None
        hand = await game.open_hand(other, live.deal.view(seat))
        assert set(moment.hand) <= cards_in_text(hand.text)
        assert {b["label"] for b in hand.buttons()} >= {"Accept the claim", "Refuse the claim"}
    refuser = others[0]
    ix = await refuser.click(game.table_message(), label="Refuse the claim")
    assert ix.response is not None and "You refused the claim" in ix.response.text
    await game.quiet()
    assert f"{refuser.name} refused {moment.actor.name}'s claim" in game.table_message().text
    assert live.stamp == stamp
    # no second claim at this moment, even by a crafted click
    assert stamp is not None
    ix = await moment.actor.forge_click(game.table_message(),
                                        f"tapp:{game.table_id}:{stamp}:claim.{moment.kind}")
    assert ix.response is not None and "already" in ix.response.text
    [stored] = await store.claims.for_deal(moment.deal_id)
    assert (stored.status, stored.refused_by) == (ClaimStatus.REFUSED,
                                                   live.seat_of(refuser.id))
    await game.play(until=lambda g: g.live is not None and g.live.deal_id != moment.deal_id)
    assert await check_ledger_against_replay(store, game.table_id) >= 1
    assert await watch.check(store) > 0


async def test_computers_never_accept_an_unproven_claim(
        sandbox: Sandbox, world: World, table_bot: TappBot, watch: Watch) -> None:
    alice = world.players[0]
    store = table_bot.database
    assert store is not None
    game = await open_table(sandbox, table_bot, world.channel, alice, "zuger", computers=3)
    moment = await play_until_a_claim(game, unproven_but_possible)
    live = game.live
    assert live is not None
    stamp = live.stamp
    answer = await claim(game, moment, watch)
    assert "computer players accept only claims it proves" in answer
    assert live.stamp == stamp and await store.claims.for_deal(moment.deal_id) == []
    await game.play(until=lambda g: g.live is not None and g.live.deal_id != moment.deal_id)
    assert await watch.check(store) > 0
