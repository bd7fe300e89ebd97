"""Replay images and steps of deals played through the engine and stored."""

from __future__ import annotations

import dataclasses

import pytest

from bot.engine import Phase, deal_from_record
from bot.standings import BrokenRecord, StandingsService
from bot.standings.models import DealReplay
from bot.standings.replay import auction_end, auction_view, render_replay, steps
from bot.store import Store
from renderer import Labels
from tests.store.helpers import log_actions, new_game, play_deal, start_deal

JPEG = b"\xff\xd8\xff"


async def played(store: Store, variant: str, users: list[int | None], seed: int) -> DealReplay:
    game = await new_game(store, variant, guild_id=1, channel_id=seed, users=users, seed=seed)
    deal_id = (await play_deal(store, game)).deal.deal_id
    return await StandingsService(store).replay(1, deal_id)


@pytest.mark.parametrize(("variant", "users"), [
    ("zuger", [11, 12, None, 14]), ("tapp1879", [11, None, 13]), ("dapp", [11, 12, None]),
    ("wuerttemberg", [None, 12, 13]),
])
async def test_every_trick_and_the_deal_as_dealt(store: Store, variant: str,
                                                 users: list[int | None]) -> None:
    replay = await played(store, variant, users, seed=21)
    images = render_replay(replay)
    d = replay.deal_id
    assert [p.filename for p in images.overview] == [f"deal-{d}-hands.jpg",
                                                     f"deal-{d}-auction.jpg"]
    assert all(p.image.data.startswith(JPEG) for p in images.overview)
    assert len(images.tricks) == len(replay.result["tricks"])
    assert [p.filename for p in images.tricks] == [
        f"deal-{d}-trick-{i:02d}.jpg" for i in range(1, len(images.tricks) + 1)]
    assert all(p.image.data.startswith(JPEG) for p in images.tricks)
    first = replay.result["tricks"][0]["cards"] if replay.result["tricks"] else []
    assert not first or images.tricks[0].image.description.startswith("Trick: ")


async def test_the_auction_is_drawn_as_it_ended(store: Store) -> None:
    replay = await played(store, "zuger", [11, 12, None, 14], seed=7)
    end = auction_end(replay.record)
    bids = replay.record["actions"][:end]
    assert bids and all(e["type"] == "bid" for e in bids)
    view = auction_view(deal_from_record(replay.record, stop_at=end))
    assert view.phase is Phase.AUCTION and view.contract is None and view.to_act == ()
    assert view.auction == deal_from_record(replay.record).public_view().auction

    def who(seat: int) -> str:
        user = replay.user_ids[seat]
        return replay.names[seat] if user is None else f"<@{user}>"

    assert steps(replay, "en")[:end] == [
        f"{who(e['seat'])}: {Labels().bid('zuger', e['value'])}" for e in bids]


@pytest.mark.parametrize("variant", ["zuger", "tapp1879", "dapp", "wuerttemberg"])
async def test_steps_are_every_action_but_card_play(store: Store, variant: str) -> None:
    for seed in range(3):
        seats = 4 if variant == "zuger" else 3
        replay = await played(store, variant, [11, 12, 13, 14][:seats], seed=40 + seed)
        lines = steps(replay, "en")
        others = [e for e in replay.record["actions"] if e["type"] != "play"]
        assert len(lines) == len(others)
        for line, e in zip(lines, others, strict=True):
            assert line.startswith(f"<@{11 + e['seat']}>")
            if e["type"] == "trump":
                assert " names trump: " in line
            if e["type"] == "discard":
                assert " discards " in line and " of " in line


async def test_a_thrown_in_deal_has_no_tricks(store: Store) -> None:
    game = await new_game(store, "zuger", guild_id=1, users=[11, 12, 13, 14], seed=3)
    row, deal = await start_deal(store, game)
    entries, copy = [], deal.copy()
    while not copy.is_over:
        seat = copy.to_act()[0]
        action = next(a for a in copy.legal_actions(seat) if a.value in ("pass", "weg"))
        entries.append(action.to_record(seat))
        copy.apply(seat, action)
    await log_actions(store, row, deal, entries)
    game.session.finish_deal()
    await store.deals.settle(row.deal_id, deal, game.session)
    replay = await StandingsService(store).replay(1, row.deal_id)
    assert replay.result["status"] == "thrown_in" and replay.chips == (0, 0, 0, 0)
    images = render_replay(replay)
    assert images.tricks == () and len(images.overview) == 2
    lines = steps(replay, "en")
    assert len(lines) == 4 and all(line.endswith(": pass") for line in lines)


async def test_a_record_that_does_not_replay_is_refused(store: Store) -> None:
    replay = await played(store, "zuger", [11, 12, None, 14], seed=5)
    broken = DealReplay(**{**{f: getattr(replay, f) for f in replay.__dataclass_fields__},
                           "record": {"variant": "zuger", "actions": []}})
    with pytest.raises(BrokenRecord):
        render_replay(broken)
    cut = dict(replay.record, actions=replay.record["actions"][:3])
    with pytest.raises(BrokenRecord):  # stops before the end
        render_replay(DealReplay(**{**{f: getattr(replay, f)
                                       for f in replay.__dataclass_fields__}, "record": cut}))


async def test_plain_steps_name_the_players_as_typed(store: Store) -> None:
    """For a web page (which escapes text itself): the names they played under, not
    mentions, and nothing escaped for Discord's markdown."""
    replay = await played(store, "zuger", [11, 12, None, 14], seed=7)
    replay = dataclasses.replace(replay, names=("a*b*", "c_d", "Computer 2", "<e>"))
    lines = steps(replay, "en", plain=True)
    others = [e for e in replay.record["actions"] if e["type"] != "play"]
    for line, e in zip(lines, others, strict=True):
        assert line.startswith(f"{replay.names[e['seat']]}:") or \
            line.startswith(f"{replay.names[e['seat']]} ")
    assert not any("<@" in line or "\\" in line for line in lines)
