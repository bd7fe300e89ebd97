"""Server settings and table overrides."""

from __future__ import annotations

import pytest

from bot.engine import TappError
from bot.settings import (
    DeckStyle,
    InvalidSetting,
    SettingRejected,
    Settings,
    TableMode,
    TimeoutPolicy,
)
from bot.store import Store


async def test_a_new_server_has_the_defaults(store: Store) -> None:
    settings = await store.settings.for_guild(1)
    assert settings == Settings()
    assert (settings.reminder_delay, settings.turn_timeout) == (3600, 86400)
    assert settings.timeout_policy is TimeoutPolicy.COMPUTER
    assert settings.table_mode is TableMode.THREAD and settings.language == "auto"
    assert settings.to_json()["deck_style"] == "auto"


async def test_server_values_override_defaults_per_server(store: Store) -> None:
    updated = await store.settings.set_guild(
        1, {"stake": 5, "timeout_policy": "abandon", "deck_style": DeckStyle.SWISS,
            "computers_allowed": False}, updated_by=99)
    assert updated == Settings(stake=5, timeout_policy=TimeoutPolicy.ABANDON,
                               deck_style=DeckStyle.SWISS, computers_allowed=False)
    assert await store.settings.for_guild(1) == updated
    assert await store.settings.for_guild(2) == Settings()
    assert await store.settings.guild_overrides(1) == {
        "stake": 5, "timeout_policy": TimeoutPolicy.ABANDON, "deck_style": DeckStyle.SWISS,
        "computers_allowed": False}
    again = await store.settings.set_guild(1, {"stake": 6})
    assert again.stake == 6 and again.deck_style is DeckStyle.SWISS
    reset = await store.settings.reset_guild(1, ["stake"])
    assert reset.stake == 1 and reset.timeout_policy is TimeoutPolicy.ABANDON
    assert await store.settings.reset_guild(1) == Settings()


async def test_a_table_overrides_its_server(store: Store) -> None:
    await store.settings.set_guild(1, {"turn_timeout": 7200, "language": "de"})
    table = await store.tables.create(guild_id=1, channel_id=2, host_id=3, variant="zuger",
                                      settings={"turn_timeout": 600, "reminder_delay": 0})
    other = await store.tables.create(guild_id=1, channel_id=4, host_id=3, variant="zuger")
    effective = await store.settings.for_table(table.table_id)
    assert (effective.turn_timeout, effective.reminder_delay, effective.language) == (
        600, 0, "de")
    assert (await store.settings.for_table(other.table_id)).turn_timeout == 7200
    # the server still shows through where the table set nothing
    await store.settings.set_guild(1, {"language": "sv", "turn_timeout": 3600})
    after = await store.settings.for_table(table.table_id)
    assert (after.turn_timeout, after.language) == (600, "sv")
    assert (await store.settings.for_table(other.table_id)).turn_timeout == 3600


@pytest.mark.parametrize(("values", "message"), [
    ({"colour": "red"}, "no setting called 'colour'"),
    ({"stake": 0}, "stake is a whole number from 1 to 1000"),
    ({"stake": True}, "stake is a whole number"),
    ({"turn_timeout": 10}, "turn_timeout is 0 (off) or from 300"),
    ({"timeout_policy": "shrug"}, "timeout_policy is one of: computer, abandon"),
    ({"default_variant": "skat"}, "default_variant is one of"),
    ({"language": "fr"}, "language is one of"),
    ({"computers_allowed": "yes"}, "computers_allowed is true or false"),
])
async def test_bad_values_are_refused_with_a_message(store: Store, values: dict,
                                                     message: str) -> None:
    with pytest.raises(InvalidSetting) as info:
        await store.settings.set_guild(1, values)
    assert isinstance(info.value, TappError) and message in str(info.value)
    assert await store.settings.guild_overrides(1) == {}


async def test_server_only_settings_cannot_be_overridden_by_a_table(store: Store) -> None:
    with pytest.raises(InvalidSetting, match="server setting"):
        await store.tables.create(guild_id=1, channel_id=2, host_id=3, variant="zuger",
                                  settings={"default_variant": "dapp"})
    assert await store.tables.find_open(guild_id=1) == []


async def test_a_stored_value_out_of_range_falls_back_to_the_default(store: Store) -> None:
    await store.db.write(lambda conn: conn.execute(
        "INSERT INTO guild_settings VALUES (1, 'stake', '-3', 0, NULL),"
        " (1, 'retired_key', '1', 0, NULL)"))
    assert await store.settings.for_guild(1) == Settings()


async def test_a_table_may_forbid_computers_but_not_allow_what_its_server_forbids(
        store: Store) -> None:
    forbids = await store.tables.create(guild_id=1, channel_id=2, host_id=3, variant="zuger",
                                        settings={"computers_allowed": False})
    assert (await store.settings.for_table(forbids.table_id)).computers_allowed is False
    table = await store.tables.create(guild_id=1, channel_id=4, host_id=3, variant="zuger",
                                      settings={"computers_allowed": True})
    await store.settings.set_guild(1, {"computers_allowed": False})
    assert (await store.settings.for_table(table.table_id)).computers_allowed is False
    await store.settings.set_guild(1, {"computers_allowed": True})
    assert (await store.settings.for_table(table.table_id)).computers_allowed is True
    assert (await store.settings.for_table(forbids.table_id)).computers_allowed is False


async def test_a_new_table_stores_its_own_settings_with_it(store: Store) -> None:
    await store.settings.set_guild(1, {"table_mode": "thread", "stake": 4})
    table = await store.tables.create(guild_id=1, channel_id=2, host_id=3, variant="zuger",
                                      settings={"table_mode": "channel", "language": "sv"})
    effective = await store.settings.for_table(table.table_id)
    assert (effective.table_mode, effective.language, effective.stake) == (
        TableMode.CHANNEL, "sv", 4)
    await store.settings.set_guild(1, {"table_mode": "thread", "language": "de", "stake": 5})
    effective = await store.settings.for_table(table.table_id)  # its own values stay
    assert (effective.table_mode, effective.language, effective.stake) == (
        TableMode.CHANNEL, "sv", 5)


@pytest.mark.parametrize("settings", [{"stake": 3}, {"language": "fr"}])
async def test_a_table_with_a_bad_setting_is_not_created(store: Store, settings: dict) -> None:
    with pytest.raises(InvalidSetting):
        await store.tables.create(guild_id=1, channel_id=2, host_id=3, variant="zuger",
                                  settings=settings)
    assert await store.tables.find_open(channel_id=2) == []


@pytest.mark.parametrize(("values", "reason", "parts"), [
    ({"colour": "red"}, "unknown", {}),
    ({"turn_timeout": 10}, "seconds", {"low": 300, "high": 14 * 86400}),
    ({"stake": 0}, "range", {"low": 1, "high": 1000}),
    ({"timeout_policy": "shrug"}, "choice", {"choices": ("computer", "abandon")}),
    ({"computers_allowed": 1}, "bool", {}),
])
async def test_a_refusal_says_why_in_parts(store: Store, values: dict, reason: str,
                                           parts: dict) -> None:
    with pytest.raises(SettingRejected) as info:
        await store.settings.set_guild(1, values)
    [key] = values
    assert (info.value.reason, info.value.setting, info.value.values) == (reason, key, parts)
