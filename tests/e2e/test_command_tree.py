"""The command tree as the bot registers it with the stand-in: within Discord's limits
(the stand-in took the sync, refusing what Discord refuses, and the same checks pass on
it here), with room to grow: at least 5 free places in every group and under ``/tapp``
and ``/league``, each within the 8000 characters of a command, and the top level far
from Discord's 100 (docs/commands.md, issue 48)."""

from __future__ import annotations

from typing import Any

from bot.connection.client import TappBot
from standin import Sandbox
from standin.errors import FormErrors
from standin.limits import check_command_counts, check_commands, command_size

SUBCOMMAND, GROUP = 1, 2
#: Discord's places on each level of a command, and of top-level chat input commands
PLACES, TOP_LEVEL = 25, 100
#: the places every level keeps free for commands to come
ROOM = 5

#: the tree docs/commands.md shows
LAYOUT = {
    "table": {"new", "leave", "end", "show", "list"},
    "play": {"hand", "bid", "card", "trump", "discard", "call", "give", "announce", "kontra"},
    "stats": {"leaderboard", "player", "history", "web"},
    "daily": {"play", "standings"},
    "series": {"open", "list", "info", "join", "play", "leave", "standings", "me", "close",
               "delete"},
    "settings": {"show", "set", "reset"},
    "quiet": {"set", "off", "show"},
    "away": {"set", "off"},
}
ROOT_COMMANDS = {"rules", "about", "ping"}
#: the league's own top-level command (it does not fit in /tapp's 8000 characters)
LEAGUE = {"create", "join", "leave", "table", "end"}


def room_problems(tree: dict[str, Any]) -> list[str]:
    """What leaves a level of ``tree`` (a chat input command) with fewer than ``ROOM``
    free places, or nests deeper than Discord allows."""
    found = []
    options = tree.get("options") or []
    if PLACES - len(options) < ROOM:
        found.append(f"/{tree['name']}: {len(options)} of {PLACES}")
    for option in options:
        if option["type"] == GROUP:
            inner = option.get("options") or []
            if PLACES - len(inner) < ROOM:
                found.append(f"/{tree['name']} {option['name']}: {len(inner)} of {PLACES}")
            found += [f"/{tree['name']} {option['name']} {o['name']}: nested"
                      for o in inner if o["type"] != SUBCOMMAND]
        elif option["type"] != SUBCOMMAND:
            found.append(f"/{tree['name']} {option['name']}: an option beside subcommands")
    return found


async def test_the_registered_tree_fits_discord_with_room_in_every_group(
        sandbox: Sandbox, tapp_bot: TappBot) -> None:
    commands = sandbox.commands()
    data = [c.data for c in commands]
    errors = FormErrors()
    check_commands(data, sandbox.limits, errors)
    assert not errors, errors.tree
    check_command_counts(data, sandbox.limits)  # raises past Discord's counts
    chat_input = {c.name: c for c in commands if c.type == 1}
    assert len(chat_input) <= TOP_LEVEL - ROOM
    assert set(chat_input) == {"tapp", "league"}
    for command in chat_input.values():
        assert command_size(command.data) <= sandbox.limits.command_total, command.name
        assert room_problems(command.data) == []
    tapp, league = chat_input["tapp"], chat_input["league"]
    assert {o["name"] for o in league.data["options"] if o["type"] == SUBCOMMAND} == LEAGUE
    groups = {o["name"]: {s["name"] for s in o["options"]}
              for o in tapp.data["options"] if o["type"] == GROUP}
    assert groups == LAYOUT
    assert {o["name"] for o in tapp.data["options"] if o["type"] == SUBCOMMAND} == ROOT_COMMANDS


def test_a_full_group_or_a_crowded_root_is_found() -> None:
    """The check above fails where a group has fewer than 5 free places."""
    def sub(name: str) -> dict[str, Any]:
        return {"type": SUBCOMMAND, "name": name, "description": name}

    roomy = {"name": "tapp", "options": [
        {"type": GROUP, "name": "play", "options": [sub(f"s{k}") for k in range(20)]}]}
    assert room_problems(roomy) == []
    full = {"name": "tapp", "options": [
        {"type": GROUP, "name": "play", "options": [sub(f"s{k}") for k in range(21)]}]}
    assert room_problems(full) == ["/tapp play: 21 of 25"]
    crowded = {"name": "tapp", "options": [sub(f"c{k}") for k in range(21)]}
    assert room_problems(crowded) == ["/tapp: 21 of 25"]
