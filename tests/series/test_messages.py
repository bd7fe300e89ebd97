"""The series' messages: the table and a member's page name no card and no deal's
result of anyone else; a member's panel is their own seat's view; the closed series
shows its seed with a whole verify command; in every language."""

from __future__ import annotations

import pytest

from bot.i18n import LANGUAGES
from bot.i18n.words import Words
from bot.series.messages import (
    info_message,
    list_message,
    page_message,
    run_message,
    standings_message,
)
from bot.series.service import SeriesService
from tests.e2e.tables.driver import CARD_TOKEN, cards_in_text

from .helpers import GUILD, play_deal, spec


def _text(message) -> str:  # type: ignore[no-untyped-def]
    parts = []
    for e in message.embeds:
        parts += [e.title or "", e.description, e.footer or ""]
    parts += [getattr(c, "label", "") or "" for c in message.components]
    return "\n".join(parts)


async def _series(service: SeriesService) -> int:
    info = await service.open(guild_id=GUILD, channel_id=5, host_id=7, title="Cup",
                              spec=spec())
    for user in (10, 11):
        await service.join(GUILD, info.series_id, user)
    await play_deal(service, info.series_id, 10)
    await play_deal(service, info.series_id, 11)
    await play_deal(service, info.series_id, 10)
    return info.series_id


@pytest.mark.parametrize("language", LANGUAGES)
async def test_the_table_and_pages_name_no_card(service: SeriesService, language: str):
    sid = await _series(service)
    board = await service.standings(GUILD, sid, 11)
    messages = [standings_message(board, language),
                page_message(await service.page(GUILD, sid, 11), language),
                info_message(await service.info(GUILD, sid), language),
                list_message(await service.of_guild(GUILD), language)]
    for message in messages:
        text = _text(message)
        assert cards_in_text(text) == set(), text
        assert not any(CARD_TOKEN.search(c.custom_id) for c in message.components)
        assert all(e.image is None for e in message.embeds)  # no card picture
    table = messages[0]
    assert table.table is not None and [line.user_id for line in table.table] == [
        line.user_id for line in board.lines]
    assert [line.mine for line in table.table].count(True) == 1
    page = _text(messages[1])
    assert page.count("\n") >= 1 and "<@10>" not in page  # only the member's own deals


async def test_a_panel_shows_the_members_own_seat_only(service: SeriesService):
    info = await service.open(guild_id=GUILD, channel_id=5, host_id=7, title="Cup",
                              spec=spec())
    await service.join(GUILD, info.series_id, 10)
    run = await service.play(GUILD, info.series_id, 10)
    message = run_message(run, Words("en", "tapp1879"), "alice")
    assert message.views == (run.view,) and run.view.seat == run.seat
    played = {c for t in run.view.tricks for c in t.cards}
    if run.view.current_trick is not None:
        played |= set(run.view.current_trick.cards)
    view = run.view
    visible = set(view.hand or ()) | played | set(view.talon or ()) | set(view.discards or ())
    assert message.shown <= visible


async def test_a_closed_series_shows_its_seed_and_the_command_to_check_it(
        service: SeriesService):
    sid = await _series(service)
    info = await service.close(GUILD, sid, 7)
    text = _text(info_message(info, "en"))
    assert info.seed is not None and f"--seed {info.seed}" in text
    assert "--series-deal 1" in text and f"--commitment {info.commitment}" in text
    assert "Final standings." in _text(standings_message(
        await service.standings(GUILD, sid, 10), "en"))
