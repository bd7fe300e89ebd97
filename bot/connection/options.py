"""Slash options whose value is the sender's doing, for every command at once.

Discord's clients offer only an option's declared choices, but an interaction may carry
any value (a modified client, a forged request): discord.py passes it on as it is to a
plain parameter, and raises ``TransformerError`` for a ``Choice`` one. The command tree
asks :func:`check_choices` first (its ``interaction_check``); a value outside the
choices raises :class:`NotAChoice`. A member option may also carry a user who is no
member of the server (one who left, or pasted by id: Discord sends a user alone), which
discord.py's member transformer refuses. The tree's error handler answers both with
:func:`refusal`, in the member's language (no traceback: it is the sender's doing).
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.i18n import t
from bot.i18n.translator import localize

SUBCOMMAND, GROUP = 1, 2


class NotAChoice(app_commands.CheckFailure):
    """An option's value that is none of its declared choices."""

    def __init__(self, option: str) -> None:
        super().__init__(f"a value of {option!r} outside its choices")
        #: the option's name as Discord sent it (the English one)
        self.option = option


def check_choices(interaction: discord.Interaction) -> None:
    """Raise :class:`NotAChoice` if a slash command's option with declared choices
    carries another value. Nothing to check for other interactions, nor for a command the
    tree does not know (discord.py answers that itself)."""
    command = interaction.command
    if (interaction.type is not discord.InteractionType.application_command
            or not isinstance(command, app_commands.Command)):
        return
    choices = {p.display_name: {c.value for c in p.choices}
               for p in command.parameters if p.choices}
    for name, value in _values(interaction.data or {}).items():
        allowed = choices.get(name)
        if allowed is not None and not any(_same(value, c) for c in allowed):
            raise NotAChoice(name)


def _values(data: Any) -> dict[str, Any]:
    """The options of the innermost subcommand, by name."""
    options = data.get("options") or []
    while options and isinstance(options[0], dict) and options[0].get("type") in (SUBCOMMAND,
                                                                                    GROUP):
        options = options[0].get("options") or []
    return {o["name"]: o.get("value") for o in options
            if isinstance(o, dict) and isinstance(o.get("name"), str)}


def _same(value: Any, choice: Any) -> bool:
    """Equal and of the same kind (``True`` is no 1, ``"1"`` no 1; a number choice's
    2.0 is the 2 JSON may write)."""
    if (isinstance(choice, float) and isinstance(value, int | float)
            and not isinstance(value, bool)):
        return value == choice
    return type(value) is type(choice) and value == choice


def refusal(error: app_commands.AppCommandError, language: str) -> str | None:
    """The answer, in ``language``, to an option's value that is the sender's doing (one
    outside its choices, a user who is no member where a member is asked for); None for
    any other error."""
    if isinstance(error, NotAChoice):
        shown = localize(error.option, language, Where.parameter_name) or error.option
        return t("error.not_a_choice", language, option=shown)
    if (isinstance(error, app_commands.TransformerError) and error.__cause__ is None
            and error.type is discord.AppCommandOptionType.user):
        return t("error.not_a_member", language)
    return None
