"""Deal reviews through the stand-in: the *Review my play* button of a result and the
menu of ``/tapp stats history``; a progress line, then the review, privately; only for the
deal's players; one review per member at a time."""

from __future__ import annotations

import asyncio
import concurrent.futures
import threading
from collections.abc import Callable
from typing import Any

from bot.connection.client import TappBot
from bot.review import review_deal
from bot.review.service import ReviewService
from standin import Actor, Message, Sandbox
from standin.harness import World

from .driver import Game, open_table

REVIEW_LABEL = "Review my play"


async def finished(game: Game) -> Message:
    """Play the table's first deal; its result message."""
    await game.play(until=lambda g: g.deals_settled() >= 1)
    return next(m for m in game.sandbox.public_messages(game.thread)
                if "Deal 1: result" in m.text)


async def answered(sandbox: Sandbox, message_id: int, done: Callable[[Message], bool],
                   seconds: float = 120.0) -> Message:
    """The message once ``done`` holds (the review runs in a worker process)."""
    for _ in range(int(seconds / 0.05)):
        await sandbox.settle()
        message = sandbox.message(message_id)
        if done(message):
            return message
        await asyncio.sleep(0.05)
    raise AssertionError(f"no answer: {sandbox.message(message_id).text}")


def is_review(message: Message) -> bool:
    return bool(message.embeds) and "Review of deal" in message.text


async def test_a_player_reviews_their_deal_from_its_result(
        sandbox: Sandbox, world: World, table_bot: TappBot) -> None:
    alice, bob = world.players[:2]
    game = await open_table(sandbox, table_bot, world.channel, alice, "zuger", computers=3)
    result = await finished(game)
    assert REVIEW_LABEL in result.button_labels()

    ix = await bob.click(result, label=REVIEW_LABEL)  # not a player of that deal
    assert ix.response is not None and ix.response.ephemeral_to == bob.id
    assert "for the players of that deal" in ix.response.text

    ix = await alice.click(result, label=REVIEW_LABEL)
    first = ix.response
    assert first is not None and first.ephemeral_to == alice.id
    assert "Reviewing your play" in first.text  # the progress line
    review = await answered(sandbox, first.id, is_review)
    assert review.ephemeral_to == alice.id and not bob.can_see(review)
    assert "Every decision" in review.text and "from what you knew" in review.text
    # the same verdicts as the review run here, from the stored record
    store = table_bot.database
    assert store is not None
    [deal] = [d for d in await store.deals.for_table(game.table_id) if d.number == 0]
    expected = review_deal(await store.deals.record(deal.deal_id), 0)
    lines = [line for line in review.text.splitlines() if line.startswith("· ")]
    assert len(lines) == len(expected.items) > 0
    mistakes = [r for r in expected.items if r.judgement.mistake]
    assert sum("✗" in line for line in lines) == len(mistakes)
    assert len(review.attachments) == min(3, len(mistakes))
    await review_from_history(sandbox, world, alice, deal.deal_id)


async def review_from_history(sandbox: Sandbox, world: World, alice: Actor,
                              deal_id: int) -> None:
    ix = await alice.slash(world.channel, "/tapp stats history")
    history = ix.response
    assert history is not None
    [menu] = [s for s in history.selects() if s["custom_id"].startswith("tapp:rv:")]
    assert str(deal_id) in {o["value"] for o in menu["options"]}
    ix = await alice.select(history, [str(deal_id)], custom_id=menu["custom_id"])
    assert ix.response is not None and ix.response.ephemeral_to == alice.id, ix.errors
    review = await answered(sandbox, ix.response.id, is_review)
    assert "Review of deal 1" in review.text


class Gate(concurrent.futures.ThreadPoolExecutor):
    """A one-thread executor whose jobs wait until the test opens the gate."""

    def __init__(self) -> None:
        super().__init__(max_workers=1)
        self.open = threading.Event()

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any
               ) -> concurrent.futures.Future[Any]:
        def gated() -> Any:
            self.open.wait(60)
            return fn(*args, **kwargs)
        return super().submit(gated)


async def test_one_review_at_a_time_per_member(
        sandbox: Sandbox, world: World, table_bot: TappBot) -> None:
    alice, carol = world.players[0], world.players[2]
    game = await open_table(sandbox, table_bot, world.channel, alice, "zuger",
                            joiners=(carol,), computers=2)
    result = await finished(game)
    cog = table_bot.get_cog("Review")  # (the extension's module: not this one's import)
    assert cog is not None and type(cog).__name__ == "Review" and table_bot.database
    gate = Gate()
    cog._service = ReviewService(table_bot.database, executor=gate)  # type: ignore[attr-defined]
    try:
        ix = await alice.click(result, label=REVIEW_LABEL)
        first = ix.response
        assert first is not None and "Reviewing your play" in first.text
        ix = await alice.click(result, label=REVIEW_LABEL)  # while the first runs
        assert ix.response is not None and "running already" in ix.response.text
        ix = await carol.click(result, label=REVIEW_LABEL)  # another member: queued
        second = ix.response
        assert second is not None and "Reviewing your play" in second.text
        gate.open.set()
        await answered(sandbox, first.id, is_review)
        await answered(sandbox, second.id, is_review)
        ix = await alice.click(result, label=REVIEW_LABEL)  # done: she may ask again
        assert ix.response is not None and "Reviewing your play" in ix.response.text
        await answered(sandbox, ix.response.id, is_review)
    finally:
        gate.open.set()
        gate.shutdown()
