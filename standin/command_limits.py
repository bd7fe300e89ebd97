"""Discord's limits on application commands (a bulk overwrite: names, descriptions,
localizations, options, choices, the total size) and on the autocomplete choices a bot
answers with.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .errors import FormErrors
from .form_checks import Path, check_count, check_length

if TYPE_CHECKING:
    from .limits import Limits

COMMAND_NAME = re.compile(r"^[-_'\w]{1,32}$")
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
    items = check_count(errors, (), commands, 0, limits.commands)
    names: set[tuple[str, int]] = set()
    for i, command in enumerate(items):
        kind = command.get("type", 1)
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
            _check_options(command.get("options") or [], (i, "options"), limits, errors, depth=0)
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


def _name(errors: FormErrors, path: Path, name: Any) -> None:
    if not isinstance(name, str) or not COMMAND_NAME.match(name) or name != name.lower():
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
    options: list[Any], path: Path, limits: Limits, errors: FormErrors, *, depth: int
) -> None:
    check_count(errors, path, options, 0, limits.command_options)
    seen_optional = False
    names: set[str] = set()
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
        if kind in (1, 2):
            if depth >= (1 if kind == 2 else 2):
                errors.add(
                    here + ("type",),
                    "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
                    "Subcommands and groups cannot be nested this deep",
                )
            _check_options(
                option.get("options") or [], here + ("options",), limits, errors, depth=depth + 1
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
