"""The interaction context: whose language, the server's language, and how an answer or
a refusal reaches the member whatever was answered before (a deferred answer is filled
by editing it, never by a follow-up)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any, cast

import discord
import pytest

from bot.connection.context import Context, member_language, server_language
from bot.connection.replies import Reply
from bot.daily.errors import NotYet
from bot.engine import IllegalAction
from bot.i18n import t
from bot.standings import NoStore
from bot.ui.outgoing import Outgoing
from bot.ui.specs import EmbedModel

Call = tuple[str, tuple[Any, ...], dict[str, Any]]


@dataclass
class FakeResponse:
    calls: list[Call]
    type: discord.InteractionResponseType | None = None

    def is_done(self) -> bool:
        return self.type is not None

    async def send_message(self, *args: Any, **kwargs: Any) -> None:
        assert not self.is_done(), "a second first answer"
        self.calls.append(("send_message", args, kwargs))
        self.type = discord.InteractionResponseType.channel_message

    async def edit_message(self, *args: Any, **kwargs: Any) -> None:
        assert not self.is_done()
        self.calls.append(("edit_message", args, kwargs))
        self.type = discord.InteractionResponseType.message_update

    async def defer(self, **kwargs: Any) -> None:
        assert not self.is_done()
        self.calls.append(("defer", (), kwargs))
        self.type = (discord.InteractionResponseType.deferred_channel_message
                     if kwargs.get("thinking") else
                     discord.InteractionResponseType.deferred_message_update)


@dataclass
class FakeInteraction:
    """What the context reads of a ``discord.Interaction``, recording the answers."""

    locale: str = "en-US"
    guild_locale: str | None = "en-US"
    user_id: int = 7
    asker_id: int | None = None  # whom the clicked message answered
    ephemeral_message: bool = False
    calls: list[Call] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.response = FakeResponse(self.calls)
        self.user = SimpleNamespace(id=self.user_id)
        self.guild_id = 1
        self.followup = SimpleNamespace(send=self._followup)
        self.message = None if self.asker_id is None and not self.ephemeral_message else \
            SimpleNamespace(
                interaction_metadata=(None if self.asker_id is None
                                      else SimpleNamespace(user=SimpleNamespace(
                                          id=self.asker_id))),
                flags=SimpleNamespace(ephemeral=self.ephemeral_message))

    async def edit_original_response(self, **kwargs: Any) -> None:
        assert self.response.is_done(), "no answer to edit yet"
        self.calls.append(("edit_original_response", (), kwargs))

    async def _followup(self, *args: Any, **kwargs: Any) -> None:
        assert self.response.is_done()
        self.calls.append(("followup", args, kwargs))

    def names(self) -> list[str]:
        return [name for name, _, _ in self.calls]


def context(**fake: Any) -> tuple[Context, FakeInteraction]:
    interaction = FakeInteraction(**fake)
    return Context(cast(discord.Interaction, interaction)), interaction


# -- languages ---------------------------------------------------------------------------
@pytest.mark.parametrize(("locale", "language"), [
    ("sv-SE", "sv"), ("de", "de"), ("en-GB", "en"), ("ja", "en")])
def test_the_members_language_is_their_discord_locale_in_the_catalogue(
        locale: str, language: str) -> None:
    ctx, interaction = context(locale=locale)
    assert ctx.language == language
    assert member_language(cast(discord.Interaction, interaction)) == language
    assert ctx.text("error.generic") == t("error.generic", language)


def test_the_public_language_is_the_servers_setting_else_its_locale() -> None:
    ctx, interaction = context(locale="sv-SE", guild_locale="de")
    assert ctx.public_language("en") == "en"  # the setting names one
    assert ctx.public_language("auto") == "de"  # the server's Discord locale
    assert ctx.public_language() == "de"
    assert server_language(cast(discord.Interaction, interaction), "sv") == "sv"
    ctx, _ = context(locale="sv-SE", guild_locale=None)
    assert ctx.public_language() == "en"  # not the member's: never their Swedish


def test_the_games_words_are_in_the_members_language() -> None:
    ctx, _ = context(locale="de")
    words = ctx.words("zuger", "french")
    assert words.language == "de"


def test_asked_is_the_member_the_clicked_message_answered() -> None:
    assert context(user_id=7, asker_id=7)[0].asked
    assert not context(user_id=7, asker_id=8)[0].asked
    assert not context(user_id=7)[0].asked  # a command: no message clicked
    assert context(ephemeral_message=True)[0].on_private
    assert not context(asker_id=7)[0].on_private


# -- refusals ----------------------------------------------------------------------------
def test_a_refusal_is_said_in_the_members_language() -> None:
    ctx, _ = context(locale="de")
    assert ctx.refusal(NoStore()) == t("standings.error.no_store", "de")
    assert ctx.refusal(NotYet()) == NotYet().text("de")  # a deal-of-the-day refusal
    assert ctx.refusal(IllegalAction("AH is not in hand")) == t("error.not_allowed_plain",
                                                                "de")


def test_an_unknown_errors_own_text_is_never_shown() -> None:
    ctx, _ = context()
    said = ctx.refusal(ValueError("AH is not in your hand"))
    assert said == t("error.generic", "en") and "AH" not in said


async def test_refuse_answers_ephemerally_at_first() -> None:
    ctx, interaction = context(locale="de")
    await ctx.refuse(NoStore())
    assert interaction.calls == [("send_message", (t("standings.error.no_store", "de"),),
                                  {"ephemeral": True})]


# -- answers, whatever was answered before -------------------------------------------------
async def test_tell_after_thinking_fills_the_loading_message() -> None:
    ctx, interaction = context()
    await ctx.defer(ephemeral=True)
    await ctx.tell("no")
    assert interaction.calls == [
        ("defer", (), {"ephemeral": True, "thinking": True}),
        ("edit_original_response", (), {"content": "no"})]


async def test_tell_after_an_answer_is_a_follow_up() -> None:
    ctx, interaction = context()
    await ctx.send(ephemeral=False, content="the board")
    await ctx.tell("no")
    assert interaction.names() == ["send_message", "followup"]
    assert interaction.calls[1][2] == {"ephemeral": True}


async def test_tell_takes_the_place_of_a_held_progress_line() -> None:
    ctx, interaction = context()
    await ctx.hold("working: 0/12")
    await ctx.tell("no")
    assert interaction.calls == [
        ("send_message", ("working: 0/12",), {"ephemeral": True}),
        ("edit_original_response", (), {"content": "no", "embed": None, "attachments": []})]


async def test_send_fills_a_deferred_answer_with_its_files() -> None:
    ctx, interaction = context()
    await ctx.defer()
    file = discord.File(__file__)
    await ctx.send(ephemeral=False, content="chart", file=file)
    assert interaction.calls[1] == ("edit_original_response", (),
                                    {"content": "chart", "attachments": [file]})
    await ctx.send(ephemeral=True, content="more")  # still the loading message, filled
    assert interaction.names()[-1] == "edit_original_response"


async def test_send_answers_first_then_follows_up() -> None:
    ctx, interaction = context()
    await ctx.send(ephemeral=True, content="a")
    await ctx.send(ephemeral=True, content="b")
    assert interaction.calls == [("send_message", (), {"ephemeral": True, "content": "a"}),
                                 ("followup", (), {"ephemeral": True, "content": "b"})]


# -- the deferring reply -------------------------------------------------------------------
def _out(text: str) -> Outgoing:
    return Outgoing((EmbedModel(text),))


async def test_a_reply_in_time_is_the_first_answer() -> None:
    ctx, interaction = context()
    async with ctx.reply(ephemeral=False) as reply:
        await reply.send(_out("board"))
    assert interaction.names() == ["send_message"]
    assert interaction.calls[0][2]["ephemeral"] is False


async def test_a_slow_reply_is_deferred_then_filled_by_editing() -> None:
    ctx, interaction = context()
    async with ctx.reply(grace=0.0) as reply:
        await asyncio.sleep(0.01)  # past the grace: "thinking..."
        assert reply.deferred and interaction.names() == ["defer"]
        await reply.send(_out("panel"))
    assert interaction.names() == ["defer", "edit_original_response"]
    assert interaction.calls[0][2] == {"ephemeral": True, "thinking": True}


async def test_a_slow_refusal_fills_the_loading_message() -> None:
    ctx, interaction = context()
    async with ctx.reply(grace=0.0) as reply:
        await asyncio.sleep(0.01)
        await reply.text("no")
    assert interaction.calls[1] == ("edit_original_response", (), {"content": "no"})


async def test_a_slow_update_is_deferred_silently_and_edits_the_panel() -> None:
    ctx, interaction = context(ephemeral_message=True)
    reply = Reply(cast(discord.Interaction, interaction), update=True, grace=0.0)
    async with reply:
        await asyncio.sleep(0.01)
        await reply.send(_out("next"))
    assert interaction.calls[0] == ("defer", (), {})
    assert interaction.names() == ["defer", "edit_original_response"]
    await reply.text("later")  # beside the panel, never over it
    assert interaction.names()[-1] == "followup"


async def test_a_page_turned_replaces_the_clicked_message() -> None:
    ctx, interaction = context(asker_id=7)
    await ctx.update(content="page 2")
    assert interaction.calls == [("edit_message", (), {"content": "page 2"})]


async def test_a_held_line_is_edited_and_more_messages_follow_it() -> None:
    ctx, interaction = context()
    await ctx.hold("0/12")
    await ctx.edit(content="6/12")
    await ctx.follow_up(ephemeral=True, content="tricks 1-10")
    assert interaction.calls[1:] == [
        ("edit_original_response", (), {"content": "6/12"}),
        ("followup", (), {"ephemeral": True, "content": "tricks 1-10"})]


async def test_a_published_answer_is_public_and_a_slow_one_follows_a_private_note() -> None:
    ctx, interaction = context()
    async with ctx.reply() as reply:
        await reply.publish(_out("series 4 is open"), "posted")
    assert interaction.names() == ["send_message"]
    assert interaction.calls[0][2]["ephemeral"] is False
    ctx, interaction = context()
    async with ctx.reply(grace=0.0) as reply:
        await asyncio.sleep(0.01)  # past the grace: a private "thinking..."
        await reply.publish(_out("series 4 is open"), "posted")
    assert interaction.names() == ["defer", "edit_original_response", "followup"]
    assert interaction.calls[0][2] == {"ephemeral": True, "thinking": True}
    assert interaction.calls[1][2] == {"content": "posted"}
    assert interaction.calls[2][2]["ephemeral"] is False


async def test_a_slow_refusal_of_a_public_command_stays_private() -> None:
    """What publishes on success (``/tapp series open``) defers privately: a refusal
    after the deferral fills a private loading message, never a public one."""
    ctx, interaction = context()
    async with ctx.reply(grace=0.0) as reply:
        await asyncio.sleep(0.01)
        await reply.text("Only members with Manage Server may open a series.")
    assert interaction.calls[0][2] == {"ephemeral": True, "thinking": True}
    assert interaction.names() == ["defer", "edit_original_response"]
