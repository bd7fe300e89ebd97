"""Crafted input through the stand-in, for every command and every component at once: a
value outside an option's choices, a user who is no member for a member option, and ids
and select values that mean nothing (digits that are not ASCII, numbers past the store's
integer range, nothing at all, as long as Discord allows). Each is answered, to the
sender alone and in their language, and nothing is logged above INFO (no traceback: it
is the sender's doing)."""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from datetime import date
from typing import Any

import pytest

from bot.connection.client import TappBot
from bot.connection.custom_ids import KINDS, MAX_ID, Key
from bot.daily.ids import BoardId, RunId
from bot.display.rules_messages import RulesRef
from bot.i18n import t
from bot.review.ids import ReviewKey
from bot.series.ids import SeriesButtonId, SeriesRunId
from bot.series.review_ids import SeriesReviewKey
from bot.standings import BoardKey, HistoryKey, ReplayKey
from bot.store import Period
from bot.tables.ids import ComponentId, Stamp
from standin import Sandbox
from standin.actors import Actor
from standin.harness import World
from standin.invocations import SandboxError
from standin.models import InteractionRecord, Message

SUBCOMMAND, GROUP, USER = 1, 2, 6
#: an id of every kind that reads (the first and largest numbers of the store's range)
SAMPLES: list[Key] = [
    ComponentId(5, Stamp(1, 2), "play:TH"), RunId(MAX_ID, 4, "pick.discard"),
    BoardId("day", date(2031, 5, 14)), BoardKey(1, "dapp", Period.DAYS_7, 3),
    HistoryKey(1, 2, 0), ReplayKey(77), RulesRef("zuger", "en", 2), ReviewKey(1),
    SeriesRunId(MAX_ID, 3, "pick.discard"), SeriesButtonId(7, "play"),
    SeriesReviewKey(MAX_ID),
]
#: what stands in for a number: digits that are not ASCII (``str.isdigit`` takes them,
#: and ``int`` the last), the first number past the store's range, and nothing
NOT_NUMBERS = ["①②", "²", "٣", str(MAX_ID + 1), ""]
FAILED = (t("error.generic"), t("error.command"))


def registered_options(sandbox: Sandbox) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every option of the commands the bot synced to the stand-in, with the path of its
    (sub)command: ``("tapp stats leaderboard", option)``."""
    def walk(path: str, options: list[dict[str, Any]]) -> Iterator[tuple[str, dict[str, Any]]]:
        for option in options:
            if option["type"] in (SUBCOMMAND, GROUP):
                yield from walk(f"{path} {option['name']}", option.get("options") or [])
            else:
                yield path, option

    for command in sandbox.commands():
        yield from walk(command.name, command.data.get("options") or [])


def choice_options(sandbox: Sandbox) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every registered option with declared choices."""
    return ((path, o) for path, o in registered_options(sandbox) if o.get("choices"))


def outside(option: dict[str, Any]) -> Any:
    """A value of the option's type that is none of its choices."""
    values = [c["value"] for c in option["choices"]]
    if isinstance(values[0], str):
        return "not-" + "-".join(values)[:90]
    return max(values) + 1


def loud(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [f"{r.name} {r.levelname}: {r.getMessage()}" for r in caplog.records
            if r.levelno > logging.INFO]


def answered(ix: InteractionRecord, actor_id: int) -> str:
    assert ix.response is not None, ix.data
    assert ix.response.ephemeral_to == actor_id, ix.data
    return ix.response.content


async def test_every_option_outside_its_choices_is_answered_in_the_members_language(
        sandbox: Sandbox, world: World, tapp_bot: TappBot,
        caplog: pytest.LogCaptureFixture) -> None:
    alice = world.players[0]
    erika = sandbox.create_user("erika", world.guild, locale="de")
    options = list(choice_options(sandbox))
    assert len(options) >= 20  # the registered tree, not a list of this test's
    assert ("tapp stats leaderboard", "season") in {(p, o["name"]) for p, o in options}
    caplog.set_level(logging.INFO)
    for path, option in options:
        for actor, says in ((alice, "must be one of the choices"),
                            (erika, "muss eine der dafür angebotenen")):
            ix = await actor.slash(world.channel, f"/{path}",
                                   forged={option["name"]: outside(option)})
            assert ix.refused is None, (path, option["name"], ix.refused)
            text = answered(ix, actor.id)
            assert says in text, (path, option["name"], text)
    assert loud(caplog) == []
    # a choice offered is taken as before
    ix = await alice.slash(world.channel, "/tapp stats leaderboard", season="previous")
    assert ix.response is not None and "choices" not in ix.response.content


async def test_every_member_option_given_a_user_who_is_no_member_is_answered(
        sandbox: Sandbox, world: World, tapp_bot: TappBot,
        caplog: pytest.LogCaptureFixture) -> None:
    """A member who left, or a user pasted by id: Discord sends the user alone (no member
    in ``resolved``), which discord.py's member transformer refuses."""
    alice = world.players[0]
    erika = sandbox.create_user("erika", world.guild, locale="de")
    stranger = sandbox.create_user("stranger")  # of no server of the bot's
    options = [(p, o) for p, o in registered_options(sandbox) if o["type"] == USER]
    assert {p for p, _ in options} >= {"tapp stats player", "tapp stats history"}
    caplog.set_level(logging.INFO)
    for path, option in options:
        for actor in (alice, erika):
            ix = await actor.slash(world.channel, f"/{path}", **{option["name"]: stranger.user})
            text = answered(ix, actor.id)
            assert text == t("error.not_a_member", "de" if actor is erika else "en"), path
    assert loud(caplog) == []
    ix = await alice.slash(world.channel, "/tapp stats player", member=erika.user)  # a member
    assert ix.response is not None and ix.response.content != t("error.not_a_member")


def malformed_ids(key: Key) -> Iterator[str]:
    """The id of ``key`` with each of its numbers in turn made one of NOT_NUMBERS, its
    fields left out, and its first number as long as Discord lets an id be."""
    text = key.encode()
    head = f"tapp:{key.kind}:"
    fields = text[len(head):]
    runs = list(re.finditer("[0-9]+", fields))
    assert runs, key
    for run in runs:
        for bad in NOT_NUMBERS:
            yield head + fields[:run.start()] + bad + fields[run.end():]
    yield head
    first = runs[0]
    room = 100 - len(text)
    yield head + fields[:first.start()] + "9" * (room + len(first[0])) + fields[first.end():]


async def a_message(actor: Actor, world: World) -> Message:
    """A message of the bot's to ``actor`` for the crafted components to sit on."""
    ix = await actor.slash(world.channel, "/tapp ping")
    assert ix.response is not None
    return ix.response


async def test_every_component_kind_with_a_malformed_id_is_answered(
        sandbox: Sandbox, world: World, tapp_bot: TappBot,
        caplog: pytest.LogCaptureFixture) -> None:
    assert {key.kind for key in SAMPLES} == set(KINDS)  # a new kind is added here
    alice = world.players[0]
    erika = sandbox.create_user("erika", world.guild, locale="de")
    shown, theirs = await a_message(alice, world), await a_message(erika, world)
    caplog.set_level(logging.INFO)
    count = 0
    for key in SAMPLES:
        for custom_id in malformed_ids(key):
            assert len(custom_id) <= 100
            ix = await alice.forge_click(shown, custom_id)
            text = answered(ix, alice.id)
            assert text not in FAILED, (custom_id, text)
            count += 1
        # past the store's range: refused at the parse with the kind's own answer
        past = next(i for i in malformed_ids(key) if str(MAX_ID + 1) in i)
        ix = await erika.forge_click(theirs, past)
        assert answered(ix, erika.id) in {t(key.unreadable, "de"), t("error.unknown_component",
                                                                       "de")}, past
    assert count > 80
    assert loud(caplog) == []
    # the same numbers within the range are no refusal of the parse
    ix = await alice.forge_click(shown, ComponentId(MAX_ID, None, "hand").encode())
    assert answered(ix, alice.id) == t("error.table_gone")
    # the case: a deal's *Review* button of a table past the range reached SQLite
    for table_id in (MAX_ID + 1, 10**19 - 1):
        ix = await alice.forge_click(shown, f"tapp:t:{table_id}:1.0:review")
        assert answered(ix, alice.id) == t("error.table_gone")  # the table kind's answer
    assert loud(caplog) == []


async def test_every_select_with_values_that_mean_nothing_is_answered(
        sandbox: Sandbox, world: World, tapp_bot: TappBot,
        caplog: pytest.LogCaptureFixture) -> None:
    alice = world.players[0]
    shown = await a_message(alice, world)
    caplog.set_level(logging.INFO)
    selects = [k for k in SAMPLES if k.choice is not None]
    assert {k.kind for k in selects} == {"t", "d", "rules", "rv", "s", "sr"}
    bad_values: list[list[str]] = [[v] for v in NOT_NUMBERS if v] + [
        [], ["9" * 100], ["TH", "①"], ["th"], ["T"]]
    for key in SAMPLES:
        custom_id = key.encode()
        for values in (bad_values if key.choice is not None else [["1"], ["TH"]]):
            ix = await alice.forge_select(shown, custom_id, values)
            text = answered(ix, alice.id)
            assert text == t(key.bad_choice), (custom_id, values, text)
    assert loud(caplog) == []


async def test_the_history_menu_takes_ascii_digits_only(
        sandbox: Sandbox, world: World, tapp_bot: TappBot,
        caplog: pytest.LogCaptureFixture) -> None:
    """The issue's case: "²" and "①②" passed ``str.isdigit`` and failed in ``int``, the
    member never answered; a deal id past the range reached SQLite."""
    alice = world.players[0]
    shown = await a_message(alice, world)
    menu = ReviewKey(world.guild.id).encode()
    caplog.set_level(logging.INFO)
    for value in ("²", "①②", str(2**63), str(2**64)):
        ix = await alice.forge_select(shown, menu, [value])
        assert answered(ix, alice.id) == t("review.error.no_deal")
    ix = await alice.forge_select(shown, menu, [str(MAX_ID)])  # read, then not found
    assert answered(ix, alice.id) == t("review.error.no_deal")
    assert loud(caplog) == []


async def test_the_stand_in_refuses_a_component_discord_would_not_show(
        sandbox: Sandbox, world: World, tapp_bot: TappBot) -> None:
    alice = world.players[0]
    shown = await a_message(alice, world)
    with pytest.raises(SandboxError):
        await alice.forge_click(shown, "tapp:t:" + "9" * 94)  # 101 characters
    with pytest.raises(SandboxError):
        await alice.forge_select(shown, ReviewKey(1).encode(), [""])  # an empty value
    with pytest.raises(SandboxError):
        await alice.forge_select(shown, ReviewKey(1).encode(), ["1" * 101])
