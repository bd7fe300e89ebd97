"""A member's own series page through the stand-in: their deals and matchpoints, and the
review of each deal they have finished, privately; the review of a deal they have not
played is refused with nothing of it told, whoever asks and however the menu is forged."""

from __future__ import annotations

import concurrent.futures

from bot.connection.client import TappBot
from bot.review.service import ReviewService
from bot.series.review_ids import review_menu_id
from standin import Sandbox
from standin.harness import World
from tests.e2e.tables.driver import CARD_TOKEN, cards_in_text
from tests.e2e.tables.test_review import answered, is_review

from .driver import joined_series, open_panel, play_next, press, store_of

NOT_PLAYED = "You have not finished that deal of the series"


async def test_a_members_page_reviews_the_deals_they_played_and_no_other(
        sandbox: Sandbox, world: World, series_bot: TappBot) -> None:
    alice, bob = world.players[:2]
    series_id = await joined_series(world.channel, (alice, bob))
    await play_next(series_bot, alice, world.channel, series_id)  # her deal 1
    await press(series_bot, alice, await open_panel(alice, world.channel, series_id),
                actions=2)  # her deal 2, begun
    cog = series_bot.get_cog("Review")
    assert cog is not None and series_bot.database is not None
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=1)
    cog._service = ReviewService(series_bot.database, executor=pool)  # type: ignore[attr-defined]
    try:
        ix = await alice.slash(world.channel, "/tapp series me", series=series_id)
        page = ix.response
        assert page is not None and page.ephemeral_to == alice.id, ix.errors
        assert "Deal 1" in page.text and "Deal 2" in page.text  # played, and in play
        [menu] = page.selects()
        assert [o["value"] for o in menu["options"]] == ["1"]  # the finished one alone
        # bob played nothing; deal 2 is alice's in play: no review of either, nothing told
        forged = [(bob, "1"), (bob, "2"), (alice, "2"), (alice, "6")]
        for member, deal in forged:
            mine = await member.slash(world.channel, "/tapp series me", series=series_id)
            assert mine.response is not None
            ix = await member.forge_select(mine.response, review_menu_id(series_id), [deal])
            assert ix.response is not None and ix.response.ephemeral_to == member.id
            assert NOT_PLAYED in ix.response.text, (member.name, deal, ix.response.text)
            assert not ix.response.attachments and not cards_in_text(ix.response.text)
            assert not CARD_TOKEN.search(ix.response.text)
        ix = await alice.select(page, ["1"], custom_id=menu["custom_id"])
        assert ix.response is not None and ix.response.ephemeral_to == alice.id, ix.errors
        review = await answered(sandbox, ix.response.id, is_review)
        assert "Review of deal 1" in review.text and not bob.can_see(review)
        run = next(r for r in await store_of(series_bot).series.runs_of(series_id, alice.id)
                   if r.deal == 1)
        assert run.finished
    finally:
        pool.shutdown()
