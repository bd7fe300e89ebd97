"""One deal of each variant with members in every seat who steer the bidding, so every
kind of component is used through the stand-in: bids, the contract, discards (a
multi-select), trump, a called card (a select) and the exchange, "no call", tout,
kontra and rekontra from the table message."""

from __future__ import annotations

from collections.abc import Callable

from bot.connection.client import TappBot
from bot.engine import Action, Phase, SeatView
from bot.engine.cards import CARD_NAMES, iter_bits
from standin import Sandbox
from standin.harness import World

from .driver import Game, Watch, check_ledger_against_replay, open_table

Policy = Callable[[SeatView], Action | None]


def first_bids(word: str, *, contract: str | None = None, declare: str | None = None,
               announce: str | None = None, call: Callable[[SeatView], Action] | None = None,
               passing: str = "pass") -> Policy:
    """The first member to speak says ``word``, everyone else passes; the declarer then
    takes the given contract, declaration, announcement and call."""
    def policy(view: SeatView) -> Action | None:
        legal = {a.token for a in view.legal}
        if view.phase is Phase.AUCTION:
            spoken = [a for _, a in view.auction if a.value not in (passing, "weg", "pass")]
            if not spoken and f"bid:{word}" in legal:
                return Action.bid(word)
            return Action.bid(passing)
        if view.phase is Phase.DECLARE and declare is not None:
            return Action.declare(declare)
        if view.phase is Phase.CONTRACT and contract is not None:
            return Action.contract(contract)
        if view.phase is Phase.ANNOUNCE and announce is not None:
            return Action.announce(announce)
        if view.phase is Phase.CALL and call is not None:
            return call(view)
        return None
    return policy


async def play_one(game: Game, watch: Watch, bot: TappBot) -> set[str]:
    """Play the first deal; the action types in its record."""
    await game.play(until=lambda g: g.deals_settled() >= 1)
    assert bot.store is not None
    assert await check_ledger_against_replay(bot.store, game.table_id) == 1
    assert await watch.check(bot.store) > 0
    row = (await bot.store.deals.for_table(game.table_id))[0]
    record = await bot.store.deals.record(row.deal_id)
    return {a["type"] for a in record["actions"]}


async def test_zuger_tapp_with_discards(sandbox: Sandbox, world: World, table_bot: TappBot,
                                        watch: Watch) -> None:
    host, *others = world.players
    game = await open_table(sandbox, table_bot, world.channel, host, "zuger",
                            joiners=tuple(others))
    game.policy = first_bids("tapp")
    kinds = await play_one(game, watch, table_bot)
    assert {"bid", "discard", "trump", "play"} <= kinds


async def test_tapp1879_solo_and_tout(sandbox: Sandbox, world: World, table_bot: TappBot,
                                      watch: Watch) -> None:
    host, bob, _, _ = world.players
    game = await open_table(sandbox, table_bot, world.channel, host, "tapp1879",
                            joiners=(bob,), computers=1)
    game.policy = first_bids("solo", announce="none")
    game.slash_rate = 1.0  # every member action by slash command (autocomplete checked)
    kinds = await play_one(game, watch, table_bot)
    assert {"bid", "trump", "announce", "play"} <= kinds


async def test_dapp_rufer_with_exchange_kontra_and_rekontra(
        sandbox: Sandbox, world: World, table_bot: TappBot, watch: Watch) -> None:
    host, *others = world.players
    game = await open_table(sandbox, table_bot, world.channel, host, "dapp", players=4,
                            joiners=tuple(others))

    def call_from_an_opponent(view: SeatView) -> Action:
        """Call a card that an opponent holds (so the exchange happens)."""
        live = game.live
        assert live is not None and live.deal is not None and view.hand is not None
        hands = live.deal.hands
        held = [c for s in range(len(hands)) if s != view.seat for c in iter_bits(hands[s])]
        return Action.call(CARD_NAMES[max(held)])

    game.policy = first_bids("play", contract="rufer", call=call_from_an_opponent)
    game.kontra_rate = 1.0
    kinds = await play_one(game, watch, table_bot)
    assert {"bid", "contract", "trump", "call", "give", "kontra", "rekontra"} <= kinds


async def test_wuerttemberg_rufer_without_a_call(sandbox: Sandbox, world: World,
                                                 table_bot: TappBot, watch: Watch) -> None:
    host, bob, carol, _ = world.players
    game = await open_table(sandbox, table_bot, world.channel, host, "wuerttemberg",
                            players=3, joiners=(bob, carol))
    game.policy = first_bids("spiele", declare="rufer", passing="weg",
                             call=lambda view: Action.call(None))
    kinds = await play_one(game, watch, table_bot)
    assert {"bid", "declare", "trump", "call", "play"} <= kinds
