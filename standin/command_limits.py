"""Discord's limits on application commands (a bulk overwrite: names, descriptions,
localizations, options, choices, the total size) and on the autocomplete choices a bot
answers with.
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Literal

from .errors import MAX_APPLICATION_COMMANDS, DiscordError, FormErrors
from .form_checks import Path, check_count, check_length

if TYPE_CHECKING:
    from .limits import Limits

CHAT_INPUT, USER, MESSAGE = 1, 2, 3
SUBCOMMAND, GROUP = 1, 2
#: the Devanagari and Thai scripts (Unicode's Scripts.txt, ``sc=Deva`` and ``sc=Thai``):
#: their vowel signs and viramas are marks, not letters, and still allowed in names
NAME_SCRIPTS = ((0x0900, 0x0950), (0x0955, 0x0963), (0x0966, 0x097F), (0xA8E0, 0xA8FF),
                (0x11B00, 0x11B09), (0x0E01, 0x0E3A), (0x0E40, 0x0E5B))


def command_name_ok(name: Any) -> bool:
    """A CHAT_INPUT command's (or option's) name as Discord takes it: it matches
    ``^[-_'\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$`` and uses the lowercase form of
    every letter that has one (docs: interactions/application-commands, Application
    Command Naming; the apostrophe is in the pattern since 2024)."""
    if not isinstance(name, str) or not 1 <= len(name) <= 32 or name != name.lower():
        return False
    return all(
        c in "-_'"
        or unicodedata.category(c)[0] in "LN"
        or any(low <= ord(c) <= high for low, high in NAME_SCRIPTS)
        for c in name
    )


#: Discord's locales, the only keys a ``*_localizations`` dictionary may have
#: (https://discord.com/developers/docs/reference#locales)
LOCALES = frozenset({
    "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl",
    "no", "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi",
    "th", "zh-CN", "ja", "zh-TW", "ko",
})


def check_choices(data: dict[str, Any], limits: Limits, errors: FormErrors) -> None:
    """Autocomplete choices (callback type 8): at most 25, names and string values 1-100."""
    choices = check_count(
        errors, ("data", "choices"), data.get("choices"), 0, limits.autocomplete_choices
    )
    for i, choice in enumerate(choices):
        at: Path = ("data", "choices", i)
        check_length(errors, at + ("name",), choice.get("name"), 1, limits.option_text)
        if isinstance(choice.get("value"), str):
            check_length(errors, at + ("value",), choice["value"], 1, limits.option_text)


def check_commands(commands: Any, limits: Limits, errors: FormErrors) -> None:
    """A bulk overwrite of application commands."""
    if not isinstance(commands, list):
        errors.add((), "BASE_TYPE_LIST", "Must be a list.")
        return
    items = commands
    if len(items) > limits.command_list:  # as Discord words it for this list
        errors.add((), "BASE_TYPE_MAX_LENGTH",
                   f"Must be {limits.command_list} or fewer in length.")
    names: set[tuple[str, int]] = set()
    for i, command in enumerate(items):
        kind = command.get("type", CHAT_INPUT)
        name = command.get("name")
        if kind == 1:
            _name(errors, (i, "name"), name)
            check_length(
                errors,
                (i, "description"),
                command.get("description", ""),
                1,
                limits.command_description,
            )
            _check_texts(command, (i,), limits, errors)
            _check_options(command.get("options") or [], (i, "options"), limits, errors,
                           level="command")
            if command_size(command) > limits.command_total:
                errors.add(
                    (i,),
                    "APPLICATION_COMMAND_TOO_LARGE",
                    f"Command exceeds maximum size ({limits.command_total})",
                )
        else:
            check_length(errors, (i, "name"), name, 1, 32)
            _localizations(
                errors, (i,), command, "name", lambda path, v: check_length(errors, path, v, 1, 32)
            )
        if (name, kind) in names:
            errors.add(
                (i, "name"),
                "APPLICATION_COMMANDS_DUPLICATE_NAME",
                f"Application command names must be unique: {name}",
            )
        names.add((name, kind))


def check_command_counts(commands: Any, limits: Limits) -> None:
    """Per scope at most 100 CHAT_INPUT, 5 USER and 5 MESSAGE commands: past one of them
    the whole overwrite is refused, 400 with code 30032 (after the form checks)."""
    if not isinstance(commands, list):
        return
    counts = Counter(c.get("type", CHAT_INPUT) for c in commands if isinstance(c, dict))
    for kind, limit in ((CHAT_INPUT, limits.commands), (USER, limits.context_commands),
                        (MESSAGE, limits.context_commands)):
        if counts[kind] > limit:
            raise DiscordError(400, MAX_APPLICATION_COMMANDS,
                               f"Maximum number of application commands reached ({limit})")


def _name(errors: FormErrors, path: Path, name: Any) -> None:
    if not command_name_ok(name):
        errors.add(path, "APPLICATION_COMMAND_INVALID_NAME", f"Command name is invalid: {name!r}")


def _localizations(
    errors: FormErrors,
    path: Path,
    item: dict[str, Any],
    key: str,
    check: Callable[[Path, Any], None],
) -> dict[str, Any]:
    """``item[key + "_localizations"]``: null, or a dictionary whose keys are Discord
    locales and whose values (null or text) pass ``check``; the entries returned."""
    field = f"{key}_localizations"
    found = item.get(field)
    if found is None:
        return {}
    if not isinstance(found, dict):
        errors.add(
            path + (field,), "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType"
        )
        return {}
    for locale, value in found.items():
        if locale not in LOCALES:
            errors.add(
                path + (field, locale),
                "ENUM_TYPE_COERCE",
                f'Value "{locale}" is not a valid enum value.',
            )
        elif value is not None:
            check(path + (field, locale), value)
    return found


def _check_texts(item: dict[str, Any], path: Path, limits: Limits, errors: FormErrors) -> None:
    """The name and description localizations of a chat input command or an option:
    names as names are (1-32, lowercase, Discord's characters), descriptions 1-100."""
    _localizations(errors, path, item, "name", lambda here, v: _name(errors, here, v))
    _localizations(
        errors,
        path,
        item,
        "description",
        lambda here, v: check_length(errors, here, v, 1, limits.command_description),
    )


def command_size(item: dict[str, Any]) -> int:
    """The size Discord counts for a chat input command (or an option): its name and
    description, every option's, every choice's name and value; each name and
    description by its longest localization, the default included."""

    def longest(part: dict[str, Any], key: str) -> int:
        local = part.get(f"{key}_localizations")
        texts = [part.get(key), *(local.values() if isinstance(local, dict) else ())]
        return max((len(t) for t in texts if isinstance(t, str)), default=0)

    total = longest(item, "name") + longest(item, "description")
    for choice in item.get("choices") or []:
        if isinstance(choice, dict):
            total += longest(choice, "name") + len(str(choice.get("value", "")))
    for option in item.get("options") or []:
        if isinstance(option, dict):
            total += command_size(option)
    return total


def _check_options(
    options: list[Any], path: Path, limits: Limits, errors: FormErrors, *,
    level: Literal["command", "group", "subcommand"],
) -> None:
    """The options of a command, of a subcommand group or of a subcommand (``level``).
    Discord nests one level of groups: a command holds subcommands and groups or plain
    options, never both; a group holds subcommands only; a subcommand holds plain
    options only. At most 25 on each level."""
    check_count(errors, path, options, 0, limits.command_options)
    seen_optional = False
    names: set[str] = set()
    nesting = any(o.get("type") in (SUBCOMMAND, GROUP) for o in options if isinstance(o, dict))
    for o, option in enumerate(options):
        here = path + (o,)
        kind = option.get("type")
        _name(errors, here + ("name",), option.get("name"))
        check_length(
            errors,
            here + ("description",),
            option.get("description", ""),
            1,
            limits.command_description,
        )
        if option.get("name") in names:
            errors.add(
                here + ("name",),
                "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS",
                "Option names must be unique",
            )
        names.add(option.get("name"))
        _check_texts(option, here, limits, errors)
        allowed = {"command": (SUBCOMMAND, GROUP) if nesting else None,
                   "group": (SUBCOMMAND,), "subcommand": None}[level]
        if (kind in (SUBCOMMAND, GROUP)) != (allowed is not None) or (
                allowed is not None and kind not in allowed):
            errors.add(
                here + ("type",),
                "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
                "Subcommands and groups cannot be nested this deep"
                if kind in (SUBCOMMAND, GROUP) else
                "Subcommands and groups cannot be mixed with other options",
            )
        if kind in (SUBCOMMAND, GROUP):
            _check_options(
                option.get("options") or [], here + ("options",), limits, errors,
                level="group" if kind == GROUP else "subcommand",
            )
            continue
        if option.get("required"):
            if seen_optional:
                errors.add(
                    here + ("required",),
                    "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                    "Required options must be placed before non-required options",
                )
        else:
            seen_optional = True
        choices = option.get("choices") or []
        check_count(errors, here + ("choices",), choices, 0, 25)
        for c, choice in enumerate(choices if isinstance(choices, list) else []):
            if not isinstance(choice, dict):
                continue
            at = here + ("choices", c)
            check_length(errors, at + ("name",), choice.get("name"), 1, limits.choice_name)
            _localizations(
                errors,
                at,
                choice,
                "name",
                lambda path, v: check_length(errors, path, v, 1, limits.choice_name),
            )
        if choices and option.get("autocomplete"):
            errors.add(
                here + ("autocomplete",),
                "APPLICATION_COMMAND_OPTION_CHOICES_AND_AUTOCOMPLETE",
                "Autocomplete cannot be set with choices",
            )
