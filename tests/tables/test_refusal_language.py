"""Refusals are read in the reader's language, whatever the table's: the suits, actions,
variants and options they name too (an English member at a German table, and back)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.i18n.errors import LocalizedError
from bot.i18n.words import Words
from bot.store import Store
from bot.tables import TableService
from bot.tables.errors import BadOptions, Refused

from .test_service import service, until_a_card_is_refusable


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    s = await Store.open(tmp_path / "t.sqlite3")
    yield s
    await s.close()


def test_a_value_in_language_is_said_in_the_readers_language() -> None:
    error = LocalizedError("error.must_follow",
                           suit=lambda lang: Words(lang, "zuger", "french").suit(2))
    assert "Hearts" in error.text("en-US") and "Herz" in error.text("de")
    assert "Hjärter" in error.text("sv-SE") and str(error) == error.text(None)


async def _german_table(svc: TableService) -> int:
    created = await svc.lobby.create_table(
        guild_id=1, channel_id=2, host_id=100, host_name="host", variant="zuger",
        options={}, settings={"language": "de", "deck_style": "french"}, in_thread=False)
    for i in range(1, 4):
        await svc.lobby.join(await svc.table(created.table_id), 100 + i, f"m{i}")
    await svc.lobby.start(await svc.table(created.table_id), 100)
    return created.table_id


async def test_an_off_suit_card_is_refused_in_the_readers_words(store: Store) -> None:
    svc, _ = service(store)
    tid = await _german_table(svc)
    live = await svc.table(tid)
    seat, wrong = await until_a_card_is_refusable(svc, tid)
    with pytest.raises(Refused) as info:
        await svc.play.act(await svc.table(tid), live.seats[seat].user_id or 0, f"play:{wrong}")
    error = info.value
    english, german = error.text("en-GB"), error.text("de")
    assert english != german
    assert any(w in english for w in ("Clubs", "Spades", "Hearts", "Diamonds"))
    assert not any(w in english for w in ("Kreuz", "Pik", "Herz", "Karo"))
    assert any(w in german for w in ("Kreuz", "Pik", "Herz", "Karo"))


async def test_a_wrong_bid_lists_the_allowed_ones_in_the_readers_words(store: Store) -> None:
    svc, _ = service(store)
    tid = await _german_table(svc)
    live = await svc.table(tid)
    deal = live.deal
    assert deal is not None and deal.view(0).actor is not None
    with pytest.raises(Refused) as info:
        await svc.play.act(await svc.table(tid), live.seats[deal.view(0).actor or 0].user_id or 0,
                           "bid:vice")
    assert "Pass" in info.value.text("en") and "Passe" in info.value.text("de")


@pytest.mark.parametrize(("options", "english", "german", "swedish"), [
    ({"players": 5}, "Zuger Tapp", "Zuger Tapp", "Zuger Tapp"),
    ({"ante": 1}, "ante", "einlage", "pottinsats"),
    ({"computer_level": "grandmaster"}, "strong", "stark", "stark"),
])
async def test_bad_table_options_are_refused_in_the_readers_words(
        store: Store, options: dict[str, object], english: str, german: str,
        swedish: str) -> None:
    svc, _ = service(store)
    with pytest.raises(BadOptions) as info:
        await svc.lobby.create_table(guild_id=1, channel_id=2, host_id=100, host_name="host",
                               variant="zuger", options=options, in_thread=False)
    error = info.value
    assert english in error.text("en-US")
    assert german in error.text("de") and english not in error.text("de").split()
    assert swedish in error.text("sv-SE")


async def test_a_wuerttemberg_count_is_refused_with_the_readers_variant_name(
        store: Store) -> None:
    svc, _ = service(store)
    with pytest.raises(BadOptions) as info:
        await svc.lobby.create_table(guild_id=1, channel_id=2, host_id=100, host_name="host",
                               variant="wuerttemberg", options={"players": 6}, in_thread=False)
    assert "Württemberg Tapp" in info.value.text("en")
    assert "Württemberger Tapp" in info.value.text("de")
    assert "Württembergsk tapp" in info.value.text("sv")
