"""The stand-in refuses the command trees Discord refuses (docs:
interactions/application-commands: Application Command Naming, Subcommands and
Subcommand Groups, Registering a Command): names, one level of groups, 25 options on
each level, 100 chat input commands (5 user, 5 message) per scope, descriptions 1-100.
OpenAPI checks are off, so the answers are the stand-in's own."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from standin import Sandbox
from standin.limits import command_name_ok

from .rest import call

SUBCOMMAND, GROUP, STRING = 1, 2, 3


@pytest.fixture
async def sandbox() -> AsyncIterator[Sandbox]:
    async with Sandbox(openapi=False) as stand_in:
        yield stand_in
        assert stand_in.problems == []


async def put(sandbox: Sandbox, commands: list[dict[str, Any]]) -> tuple[int, Any]:
    app = sandbox.state.application_id
    status, _, body = await call(sandbox, "PUT", f"/applications/{app}/commands", commands)
    return status, body


def first_error(body: dict[str, Any], *path: str | int) -> str:
    node = body["errors"]
    for key in path:
        node = node[str(key)]
    return str(node["_errors"][0]["code"])


def option(name: str, kind: int = STRING, *children: dict[str, Any],
           description: str = "Something") -> dict[str, Any]:
    found: dict[str, Any] = {"type": kind, "name": name, "description": description}
    if children:
        found["options"] = list(children)
    return found


def slash(name: str, *options: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"type": 1, "name": name, "description": "A command", "options": list(options),
            **extra}


def test_names_follow_discords_pattern() -> None:
    """``^[-_'\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$``, lowercase where a letter has
    a lowercase form: Devanagari and Thai vowel signs (marks, not letters) are allowed."""
    good = ["tapp", "daily-standings", "lägg_bort", "ändern", "x" * 32, "9", "don't",
            "नमस्ते", "สวัสดี", "ставка", "日本語", "ß"]
    bad = ["", "x" * 33, "Tapp", "two words", "tapp!", "ta/pp", "😀", "ÄNDERN", "a.b",
           "e\u0301"]  # a combining mark outside Devanagari and Thai
    assert [n for n in good if not command_name_ok(n)] == []
    assert [n for n in bad if command_name_ok(n)] == []


async def test_names_are_checked_on_every_level(sandbox: Sandbox) -> None:
    assert (await put(sandbox, [slash("नमस्ते", option("สวัสดี"))]))[0] == 200
    status, body = await put(sandbox, [slash("tapp", option("Card"))])
    assert (status, first_error(body, 0, "options", 0, "name")) == (
        400, "APPLICATION_COMMAND_INVALID_NAME")
    nested = slash("tapp", option("play", GROUP, option("two words", SUBCOMMAND)))
    status, body = await put(sandbox, [nested])
    assert (status, first_error(body, 0, "options", 0, "options", 0, "name")) == (
        400, "APPLICATION_COMMAND_INVALID_NAME")


async def test_groups_nest_one_level_only(sandbox: Sandbox) -> None:
    """command > group > subcommand is the deepest; a group holds subcommands only, a
    subcommand plain options only, and a command never mixes the two kinds."""
    fine = slash("tapp", option("play", GROUP, option("card", SUBCOMMAND, option("card"))),
                 option("rules", SUBCOMMAND, option("variant")))
    assert (await put(sandbox, [fine]))[0] == 200
    cases = [
        # a group inside a group
        (slash("tapp", option("me", GROUP, option("quiet", GROUP, option("set", SUBCOMMAND)))),
         (0, "options", 0, "options", 0, "type")),
        # a subcommand inside a subcommand
        (slash("tapp", option("table", SUBCOMMAND, option("new", SUBCOMMAND))),
         (0, "options", 0, "options", 0, "type")),
        # a group inside a subcommand
        (slash("tapp", option("table", SUBCOMMAND, option("new", GROUP))),
         (0, "options", 0, "options", 0, "type")),
        # a plain option directly in a group
        (slash("tapp", option("play", GROUP, option("card"))),
         (0, "options", 0, "options", 0, "type")),
        # subcommands beside a plain option
        (slash("tapp", option("rules", SUBCOMMAND), option("variant")),
         (0, "options", 1, "type")),
    ]
    for command, path in cases:
        status, body = await put(sandbox, [command])
        assert (status, body["code"]) == (400, 50035), path
        assert first_error(body, *path) == "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID", path
    assert [c.data for c in sandbox.commands()] == [fine]  # the valid tree stays


async def test_at_most_25_options_on_each_level(sandbox: Sandbox) -> None:
    def subcommands(n: int) -> list[dict[str, Any]]:
        return [option(f"s{k}", SUBCOMMAND) for k in range(n)]

    assert (await put(sandbox, [slash("tapp", *[
        option(f"g{k}", GROUP, *subcommands(25)) for k in range(25)])]))[0] == 200
    cases = [
        (slash("tapp", *subcommands(26)), (0, "options")),
        (slash("tapp", option("play", GROUP, *subcommands(26))), (0, "options", 0, "options")),
        (slash("tapp", option("new", SUBCOMMAND, *[option(f"o{k}") for k in range(26)])),
         (0, "options", 0, "options")),
    ]
    for command, path in cases:
        status, body = await put(sandbox, [command])
        assert (status, first_error(body, *path)) == (400, "BASE_TYPE_BAD_LENGTH"), path


async def test_descriptions_are_1_to_100_on_every_level(sandbox: Sandbox) -> None:
    for description in ("", "x" * 101):
        group = option("play", GROUP, option("card", SUBCOMMAND, description=description))
        status, body = await put(sandbox, [slash("tapp", group)])
        path = (0, "options", 0, "options", 0, "description")
        assert (status, first_error(body, *path)) == (400, "BASE_TYPE_BAD_LENGTH")
    status, body = await put(sandbox, [slash("tapp", option("play", GROUP, description=""))])
    assert first_error(body, 0, "options", 0, "description") == "BASE_TYPE_BAD_LENGTH"
    assert (await put(sandbox, [slash("tapp", option(
        "play", GROUP, option("card", SUBCOMMAND, description="x" * 100)))]))[0] == 200


async def test_100_chat_input_commands_per_scope(sandbox: Sandbox) -> None:
    chat = [slash(f"c{k}") for k in range(100)]
    context = ([{"type": 2, "name": f"User {k}", "description": ""} for k in range(5)]
               + [{"type": 3, "name": f"Message {k}", "description": ""} for k in range(5)])
    assert (await put(sandbox, chat))[0] == 200
    status, body = await put(sandbox, [*chat, slash("c100")])
    assert (status, body["code"]) == (400, 30032)
    assert body["message"] == "Maximum number of application commands reached (100)"
    assert len(sandbox.commands()) == 100  # nothing of the refused overwrite is kept
    assert (await put(sandbox, chat + context))[0] == 200  # context menus count apart
    extra_user = {"type": 2, "name": "User 5", "description": ""}
    status, body = await put(sandbox, [*chat, *context, extra_user])
    assert (status, body["code"]) == (400, 30032)
    assert body["message"] == "Maximum number of application commands reached (5)"
    status, body = await put(sandbox, [slash(f"c{k}") for k in range(131)])
    assert (status, body["code"]) == (400, 50035)  # the list itself: 130 at most
    assert body["errors"]["_errors"][0] == {"code": "BASE_TYPE_MAX_LENGTH",
                                            "message": "Must be 130 or fewer in length."}
