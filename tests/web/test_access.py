"""Who may see a server's pages, by its ``web`` setting and what the bot knows."""

from __future__ import annotations

import pytest

from bot.settings import WebAccess
from bot.store import Store
from bot.web.access import admit, known_id
from bot.web.errors import MembersOnly, NotFound, SignInNeeded
from tests.store.helpers import Seat, book, utc


async def test_each_setting(store: Store) -> None:
    await book(store, guild_id=1, variant="zuger", at=utc(2024, 5, 1),
               seats=[Seat(11, 1), Seat(12, -1), Seat(13, 0), Seat(None, 0)])
    with pytest.raises(NotFound):  # off, the default
        await admit(store, 1, 11)
    await store.settings.set_guild(1, {"web": "public"})
    seen = await admit(store, 1, None)
    assert (seen.access, seen.visitor) == (WebAccess.PUBLIC, None)
    await store.settings.set_guild(1, {"web": "members"})
    with pytest.raises(SignInNeeded):
        await admit(store, 1, None)
    with pytest.raises(MembersOnly):
        await admit(store, 1, 99)
    assert (await admit(store, 1, 12)).visitor == 12
    await store.settings.set_guild(1, {"web": "off"})
    with pytest.raises(NotFound):
        await admit(store, 1, 12)


@pytest.mark.parametrize("text", ["", "0", "-1", "abc", "1.5", "١٢", "²",
                                  "9223372036854775808", "00000000000000000001"])
def test_a_forged_id_is_unknown(text: str) -> None:
    with pytest.raises(NotFound):
        known_id(text)


def test_an_id_is_read() -> None:
    assert known_id("9223372036854775807") == 2**63 - 1
    assert known_id("1") == 1
