"""Discord's limits as the stand-in itself enforces them (OpenAPI checks off here, so
the answers are the stand-in's own Discord-shaped errors)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import discord
import pytest

from standin import Limits, Sandbox
from standin.harness import World

from .conftest import ProbeBot
from .rest import call


@pytest.fixture
async def sandbox() -> AsyncIterator[Sandbox]:
    async with Sandbox(openapi=False, limits=Limits(attachment_bytes=1024)) as stand_in:
        yield stand_in
        assert stand_in.problems == []


def button(n: int, **extra: Any) -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": f"B{n}", "custom_id": f"b{n}", **extra}


def row(*components: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(components)}


async def post(sandbox: Sandbox, world: World, body: dict[str, Any]) -> tuple[int, Any]:
    status, _, data = await call(sandbox, "POST", f"/channels/{world.channel.id}/messages", body)
    return status, data


def first_error(errors: dict[str, Any], *path: str) -> str:
    node = errors
    for key in path:
        node = node[key]
    return str(node["_errors"][0]["code"])


async def test_content_is_at_most_2000_characters(sandbox: Sandbox, world: World) -> None:
    assert (await post(sandbox, world, {"content": "x" * 2000}))[0] == 200
    status, body = await post(sandbox, world, {"content": "x" * 2001})
    assert (status, body["code"], body["message"]) == (400, 50035, "Invalid Form Body")
    assert first_error(body["errors"], "content") == "BASE_TYPE_MAX_LENGTH"
    assert len(sandbox.public_messages(world.channel)) == 1


async def test_an_empty_message_is_refused(sandbox: Sandbox, world: World) -> None:
    status, body = await post(sandbox, world, {"content": ""})
    assert (status, body["code"]) == (400, 50006)


async def test_five_rows_of_five_buttons(sandbox: Sandbox, world: World) -> None:
    rows = [row(*(button(5 * r + c) for c in range(5))) for r in range(5)]
    assert (await post(sandbox, world, {"components": rows}))[0] == 200
    status, body = await post(sandbox, world, {"components": [*rows, row(button(99))]})
    assert status == 400 and first_error(body["errors"], "components") == "BASE_TYPE_BAD_LENGTH"
    wide = [row(*(button(c) for c in range(6)))]
    status, body = await post(sandbox, world, {"components": wide})
    assert status == 400
    assert first_error(body["errors"], "components", "0", "components") == "BASE_TYPE_BAD_LENGTH"
    status, body = await post(sandbox, world, {"components": [button(1)]})
    assert status == 400 and "0" in body["errors"]["components"]


async def test_selects_hold_at_most_25_options(sandbox: Sandbox, world: World) -> None:
    def select(n: int) -> dict[str, Any]:
        options = [{"label": f"o{i}", "value": f"v{i}"} for i in range(n)]
        return row({"type": 3, "custom_id": "pick", "options": options})

    assert (await post(sandbox, world, {"components": [select(25)]}))[0] == 200
    status, body = await post(sandbox, world, {"components": [select(26)]})
    assert status == 400
    path = ("components", "0", "components", "0", "options")
    assert first_error(body["errors"], *path) == "BASE_TYPE_BAD_LENGTH"
    mixed = row(
        {"type": 3, "custom_id": "pick", "options": [{"label": "a", "value": "a"}]}, button(1)
    )
    assert (await post(sandbox, world, {"components": [mixed]}))[0] == 400


async def test_custom_ids_are_at_most_100_characters_and_unique(
    sandbox: Sandbox, world: World
) -> None:
    ok = row(button(1, custom_id="tapp:" + "x" * 95))
    assert (await post(sandbox, world, {"components": [ok]}))[0] == 200
    status, body = await post(sandbox, world, {"components": [row(button(1, custom_id="x" * 101))]})
    assert status == 400
    path = ("components", "0", "components", "0", "custom_id")
    assert first_error(body["errors"], *path) == "BASE_TYPE_BAD_LENGTH"
    twice = row(button(1, custom_id="same"), button(2, custom_id="same"))
    status, body = await post(sandbox, world, {"components": [twice]})
    assert status == 400
    assert first_error(body["errors"], "components") == "COMPONENT_CUSTOM_ID_DUPLICATED"


async def test_embed_limits(sandbox: Sandbox, world: World) -> None:
    status, body = await post(sandbox, world, {"embeds": [{"description": "d" * 4097}]})
    assert status == 400
    assert first_error(body["errors"], "embeds", "0", "description") == "BASE_TYPE_MAX_LENGTH"
    status, body = await post(sandbox, world, {"embeds": [{"title": "t"}] * 11})
    assert status == 400
    big = [{"description": "d" * 4000}, {"description": "d" * 2001}]
    status, body = await post(sandbox, world, {"embeds": big})
    assert status == 400 and first_error(body["errors"], "embeds") == "MAX_EMBED_SIZE_EXCEEDED"


async def test_attachment_count_and_size(sandbox: Sandbox, world: World, probe: ProbeBot) -> None:
    channel = probe.get_channel(world.channel.id)
    assert isinstance(channel, discord.TextChannel)
    files = [discord.File(_bytes(10), filename=f"f{i}.png") for i in range(10)]
    await channel.send(files=files)
    with pytest.raises(discord.HTTPException) as caught:
        await channel.send(file=discord.File(_bytes(1025), filename="big.png"))
    assert caught.value.code == 50035


async def test_ephemeral_flag_outside_interactions_is_ignored(
    sandbox: Sandbox, world: World
) -> None:
    status, body = await post(sandbox, world, {"content": "hi", "flags": 64})
    assert status == 200 and body["flags"] & 64 == 0
    assert sandbox.public_messages(world.channel)[0].content == "hi"


async def test_unknown_ids_and_bad_tokens(sandbox: Sandbox, world: World) -> None:
    assert (await call(sandbox, "GET", "/channels/1/messages/2"))[2]["code"] == 10003
    status, _, body = await call(sandbox, "GET", f"/channels/{world.channel.id}/messages/2")
    assert (status, body["code"], body["message"]) == (404, 10008, "Unknown Message")
    status, _, body = await call(
        sandbox, "POST", "/interactions/1/abc/callback", {"type": 6}, auth=False
    )
    assert (status, body["code"]) == (404, 10062)
    app = sandbox.state.application_id
    status, _, body = await call(
        sandbox, "POST", f"/webhooks/{app}/nope", {"content": "x"}, auth=False
    )
    assert (status, body["code"]) == (404, 10015)
    status, _, body = await call(sandbox, "GET", "/users/@me", auth=False)
    # as Discord answers a token it does not know (code 0, which discord.py's login
    # turns into LoginFailure)
    assert (status, body["code"], body["message"]) == (401, 0, "401: Unauthorized")


async def test_only_own_messages_can_be_edited(sandbox: Sandbox, world: World) -> None:
    said = await world.players[0].say(world.channel, "mine")
    path = f"/channels/{world.channel.id}/messages/{said.id}"
    status, _, body = await call(sandbox, "PATCH", path, {"content": "hacked"})
    assert (status, body["code"]) == (403, 50005)


async def test_interaction_response_limits(sandbox: Sandbox, world: World, probe: ProbeBot) -> None:
    async def ignore(interaction: discord.Interaction) -> None:
        return None

    probe.on_command = ignore
    ix = await world.players[0].slash(world.channel, "/probe", settle=False)
    callback = f"/interactions/{ix.id}/{ix.token}/callback"
    modal = {
        "custom_id": "m",
        "title": "t" * 46,
        "components": [row({"type": 4, "custom_id": "a", "style": 1, "label": "A"})],
    }
    status, _, body = await call(sandbox, "POST", callback, {"type": 9, "data": modal}, auth=False)
    assert status == 400 and first_error(body["errors"], "data", "title") == "BASE_TYPE_BAD_LENGTH"
    status, _, body = await call(
        sandbox, "POST", callback, {"type": 7, "data": {"content": "x"}}, auth=False
    )
    assert (status, body["code"]) == (400, 40043)  # no message to update for a slash command
    status, _, _ = await call(
        sandbox, "POST", callback, {"type": 4, "data": {"content": "ok", "flags": 64}}, auth=False
    )
    assert status == 204 and ix.response is not None and ix.response.ephemeral
    assert len(ix.errors) == 2


async def test_command_sync_is_validated(sandbox: Sandbox) -> None:
    app = sandbox.state.application_id
    bad = [{"name": "Tapp", "description": "upper case", "type": 1}]
    status, _, body = await call(sandbox, "PUT", f"/applications/{app}/commands", bad)
    assert status == 400 and first_error(body["errors"], "0", "name") == (
        "APPLICATION_COMMAND_INVALID_NAME"
    )


def _bytes(size: int) -> Any:
    import io

    return io.BytesIO(b"\0" * size)


async def sync(sandbox: Sandbox, command: dict[str, Any]) -> tuple[int, Any]:
    app = sandbox.state.application_id
    status, _, body = await call(sandbox, "PUT", f"/applications/{app}/commands", [command])
    return status, body


def slash(**extra: Any) -> dict[str, Any]:
    """``/tapp new variant:…`` with German and Swedish localizations (valid as it is)."""
    variant = {
        "type": 3, "name": "variant", "description": "Which game",
        "name_localizations": {"de": "variante", "sv-SE": "variant"},
        "description_localizations": {"de": "Welches Spiel", "sv-SE": "Vilket spel"},
        "choices": [{"name": "Zuger Tapp", "value": "zuger",
                     "name_localizations": {"de": "Zuger Tapp", "sv-SE": "Zuger Tapp"}}],
    }
    new = {"type": 1, "name": "new", "description": "Open a table",
           "name_localizations": {"de": "neu", "sv-SE": "ny"},
           "description_localizations": {"de": "Einen Tisch eröffnen"},
           "options": [variant]}
    return {"type": 1, "name": "tapp", "description": "Play Tapp", "options": [new], **extra}


async def test_command_localizations_are_checked(sandbox: Sandbox) -> None:
    assert (await sync(sandbox, slash()))[0] == 200
    # only Discord's locales may be keys ("en" and "sv" are not; "en-US" and "sv-SE" are)
    status, body = await sync(sandbox, slash(name_localizations={"en": "tapp", "sv": "tapp"}))
    assert (status, body["code"]) == (400, 50035)
    assert first_error(body["errors"], "0", "name_localizations", "en") == "ENUM_TYPE_COERCE"
    assert first_error(body["errors"], "0", "name_localizations", "sv") == "ENUM_TYPE_COERCE"
    assert (await sync(sandbox, slash(name_localizations={"en-US": "tapp"})))[0] == 200

    def broken(change: Any) -> dict[str, Any]:
        command = slash()
        change(command["options"][0])
        return command

    cases = [
        # a localized name follows the rules of names: lowercase, no spaces, 1-32
        (lambda new: new["name_localizations"].update(de="Neu"),
         ("options", "0", "name_localizations", "de"), "APPLICATION_COMMAND_INVALID_NAME"),
        (lambda new: new["name_localizations"].update(de="neuer tisch"),
         ("options", "0", "name_localizations", "de"), "APPLICATION_COMMAND_INVALID_NAME"),
        (lambda new: new["options"][0]["name_localizations"].update(de="v" * 33),
         ("options", "0", "options", "0", "name_localizations", "de"),
         "APPLICATION_COMMAND_INVALID_NAME"),
        # localized descriptions 1-100
        (lambda new: new["description_localizations"].update({"sv-SE": "x" * 101}),
         ("options", "0", "description_localizations", "sv-SE"), "BASE_TYPE_BAD_LENGTH"),
        (lambda new: new["options"][0]["description_localizations"].update(de=""),
         ("options", "0", "options", "0", "description_localizations", "de"),
         "BASE_TYPE_BAD_LENGTH"),
        # choice names and their localizations 1-100
        (lambda new: new["options"][0]["choices"][0]["name_localizations"].update(de="z" * 101),
         ("options", "0", "options", "0", "choices", "0", "name_localizations", "de"),
         "BASE_TYPE_BAD_LENGTH"),
        (lambda new: new["options"][0]["choices"][0].update(name=""),
         ("options", "0", "options", "0", "choices", "0", "name"), "BASE_TYPE_BAD_LENGTH"),
        (lambda new: new["options"][0]["description_localizations"].update(deutsch="Spiel"),
         ("options", "0", "options", "0", "description_localizations", "deutsch"),
         "ENUM_TYPE_COERCE"),
    ]
    for change, path, code in cases:
        status, body = await sync(sandbox, broken(change))
        assert (status, body["code"]) == (400, 50035), (path, body)
        assert first_error(body["errors"], "0", *path) == code, (path, body["errors"])
    assert [c.name for c in sandbox.commands()] == ["tapp"]  # the valid one stays


def sized(description_de: str | None = None) -> dict[str, Any]:
    """A command of 7970 characters as Discord counts them (each field by its longest
    localization), 3 options with 25 choices each."""
    options = [{"type": 3, "name": f"a{k}", "description": "x" * 100,
                "choices": [{"name": f"{j:02d}" + "c" * 50, "value": f"v{j:02d}" + "v" * 47}
                            for j in range(25)]}
               for k in range(3)]
    command: dict[str, Any] = {"type": 1, "name": "big", "description": "Big command",
                               "options": options}
    if description_de is not None:
        command["description_localizations"] = {"de": description_de}
    return command


async def test_a_command_is_at_most_8000_characters_counting_its_longest_localizations(
        sandbox: Sandbox) -> None:
    from standin.limits import command_size

    assert command_size(sized()) == 7970
    assert (await sync(sandbox, sized("g" * 41)))[0] == 200  # 8000: just fits
    status, body = await sync(sandbox, sized("g" * 42))  # the German description is longest
    assert (status, body["code"]) == (400, 50035)
    assert first_error(body["errors"], "0") == "APPLICATION_COMMAND_TOO_LARGE"
    assert body["errors"]["0"]["_errors"][0]["message"] == "Command exceeds maximum size (8000)"
