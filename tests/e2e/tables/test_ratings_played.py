"""Skill ratings of deals played through the stand-in: members clicking, computer players
of the table's level in the other seats. Each settled deal rated its players (the
computer players as one player per level) in the transaction of its chips; the ratings
rebuilt from the ledger are the stored ones, and ``/tapp stats leaderboard order:rating``
shows them. On both store backends (SQLite, PostgreSQL)."""

from __future__ import annotations

import pytest

from bot.connection.client import TappBot
from bot.ratings import MIN_RATED_DEALS
from bot.store import Store
from bot.store.check_ledger import check
from standin import Sandbox
from standin.harness import World
from tests.conftest import BACKENDS

from .driver import open_table

pytestmark = pytest.mark.parametrize("database", BACKENDS, indirect=True)


async def test_played_deals_are_rated_and_replay_to_the_same_ratings(
        sandbox: Sandbox, world: World, table_bot: TappBot) -> None:
    alice, bob = world.players[:2]
    game = await open_table(sandbox, table_bot, world.channel, alice, "zuger",
                            joiners=(bob,), computers=2)
    await game.play(until=lambda g: g.deals_settled() >= 3)
    store = table_bot.store
    assert isinstance(store, Store)
    ledger = await store.ledger.for_table(game.table_id)
    assert {r.level for r in ledger if r.is_computer} == {"easy"}  # the table's level
    assert {r.level for r in ledger if not r.is_computer} == {None}
    rated = {r.deal_id for r in ledger if r.contract is not None}
    assert len(rated) >= 1
    stored = await store.ratings.stored()
    guild = world.guild.id
    players = {k[4] for k in stored if k[:4] == (guild, "zuger", "all", 0)}
    assert players == {str(alice.id), str(bob.id), "computer:easy"}
    alltime = {k[4]: s for k, s in stored.items() if k[2] == "all"}
    assert alltime[str(alice.id)].deals == len(rated)
    assert alltime["computer:easy"].deals == len(rated)  # one player in two seats
    assert stored == await store.ratings.replayed()
    count, problems = await check(store)
    assert problems == [] and count >= 3

    ix = await bob.slash(world.channel, "/tapp stats leaderboard", order="rating")
    board = ix.response
    assert board is not None and not board.ephemeral
    [embed] = board.embeds
    assert embed["title"] == "Rating · Zuger Tapp · all time"
    assert embed["description"] == (
        f"Nobody has {MIN_RATED_DEALS} rated deals in this span yet.")  # a few deals only
    mine = next(f["value"] for f in embed["fields"] if f["name"] == "Your rank")
    r = alltime[str(bob.id)].rating
    assert mine.startswith(f"**{r.mu:.1f} ± {2 * r.sigma:.1f}** · ")
    assert mine.endswith(f": ranked from {MIN_RATED_DEALS} deals")
