"""Discord's size limits on what a bot sends, checked with Discord-shaped form errors.

The numbers live in :class:`Limits` so a test can tighten one; the checks add to a
:class:`~standin.errors.FormErrors` and the caller raises it (400, code 50035).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from .errors import FormErrors

Path = tuple[str | int, ...]

FLAG_EPHEMERAL = 64
FLAG_LOADING = 128
FLAG_COMPONENTS_V2 = 1 << 15

ACTION_ROW, BUTTON, STRING_SELECT, TEXT_INPUT = 1, 2, 3, 4
USER_SELECT, ROLE_SELECT, MENTIONABLE_SELECT, CHANNEL_SELECT = 5, 6, 7, 8
SECTION, TEXT_DISPLAY, THUMBNAIL, MEDIA_GALLERY, FILE, SEPARATOR = 9, 10, 11, 12, 13, 14
CONTAINER, LABEL = 17, 18
SELECTS = frozenset({STRING_SELECT, USER_SELECT, ROLE_SELECT, MENTIONABLE_SELECT, CHANNEL_SELECT})
LINK_STYLE, PREMIUM_STYLE = 5, 6

COMMAND_NAME = re.compile(r"^[-_'\w]{1,32}$")
#: Discord's locales, the only keys a ``*_localizations`` dictionary may have
#: (https://discord.com/developers/docs/reference#locales)
LOCALES = frozenset({
    "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl",
    "no", "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi",
    "th", "zh-CN", "ja", "zh-TW", "ko",
})


@dataclass
class Limits:
    """Discord's numbers (as documented in 2024-2025); adjustable per stand-in."""

    content: int = 2000
    embeds: int = 10
    embed_total: int = 6000
    embed_title: int = 256
    embed_description: int = 4096
    embed_fields: int = 25
    embed_field_name: int = 256
    embed_field_value: int = 1024
    embed_footer: int = 2048
    embed_author: int = 256
    attachments: int = 10
    attachment_bytes: int = 10 * 1024 * 1024
    action_rows: int = 5
    buttons_per_row: int = 5
    v2_components: int = 40
    select_options: int = 25
    custom_id: int = 100
    button_label: int = 80
    select_placeholder: int = 150
    option_text: int = 100
    modal_title: int = 45
    modal_components: int = 5
    text_input_label: int = 45
    text_input_value: int = 4000
    autocomplete_choices: int = 25
    commands: int = 100
    command_options: int = 25
    command_description: int = 100
    choice_name: int = 100
    # A chat input command's names, descriptions and choice names and values together,
    # each field counted by its longest localization (the default included).
    command_total: int = 8000
    # Edits of messages older than an hour: at most this many per channel per rolling hour
    # (Discord does not publish the number; error 30046 when exceeded).
    old_message_edits_per_hour: int = 3
    old_message_age_s: float = 3600.0
    # Interaction windows.
    initial_response_s: float = 3.0
    token_lifetime_s: float = 15 * 60.0


def _length(errors: FormErrors, path: Path, value: Any, low: int, high: int) -> None:
    if not isinstance(value, str):
        errors.add(path, "BASE_TYPE_STRING", "Could not interpret value as string.")
    elif not low <= len(value) <= high:
        if low == 0:
            errors.add(path, "BASE_TYPE_MAX_LENGTH", f"Must be {high} or fewer in length.")
        else:
            errors.add(path, "BASE_TYPE_BAD_LENGTH", f"Must be between {low} and {high} in length.")


def _count(errors: FormErrors, path: Path, items: Any, low: int, high: int) -> list[Any]:
    if not isinstance(items, list):
        errors.add(path, "BASE_TYPE_LIST", "Must be a list.")
        return []
    if not low <= len(items) <= high:
        errors.add(path, "BASE_TYPE_BAD_LENGTH", f"Must be between {low} and {high} in length.")
    return items


def check_message(
    payload: dict[str, Any], limits: Limits, errors: FormErrors, *, file_sizes: list[int]
) -> None:
    """Content, embeds, attachments and components of a message body (create or edit)."""
    content = payload.get("content")
    if content is not None:
        _length(errors, ("content",), content, 0, limits.content)
    embeds = payload.get("embeds")
    if embeds is not None:
        check_embeds(_count(errors, ("embeds",), embeds, 0, limits.embeds), limits, errors)
    if len(file_sizes) > limits.attachments:
        errors.add(
            ("files",), "BASE_TYPE_BAD_LENGTH", f"Must be {limits.attachments} or fewer in length."
        )
    for index, size in enumerate(file_sizes):
        if size > limits.attachment_bytes:
            errors.add(
                (f"files[{index}]",),
                "BASE_TYPE_MAX_LENGTH",
                f"File cannot be larger than {limits.attachment_bytes} bytes.",
            )
    components = payload.get("components")
    if components is not None:
        v2 = bool(int(payload.get("flags") or 0) & FLAG_COMPONENTS_V2)
        check_components(components, limits, errors, v2=v2)


def check_embeds(embeds: list[Any], limits: Limits, errors: FormErrors) -> None:
    total = 0
    for i, embed in enumerate(embeds):
        if not isinstance(embed, dict):
            errors.add(
                ("embeds", i), "MODEL_TYPE_CONVERT", "Only dictionaries may be used in a ModelType"
            )
            continue
        parts: list[tuple[Path, Any, int]] = [
            (("embeds", i, "title"), embed.get("title"), limits.embed_title),
            (("embeds", i, "description"), embed.get("description"), limits.embed_description),
            (
                ("embeds", i, "footer", "text"),
                (embed.get("footer") or {}).get("text"),
                limits.embed_footer,
            ),
            (
                ("embeds", i, "author", "name"),
                (embed.get("author") or {}).get("name"),
                limits.embed_author,
            ),
        ]
        fields = embed.get("fields") or []
        _count(errors, ("embeds", i, "fields"), fields, 0, limits.embed_fields)
        for j, field in enumerate(fields):
            parts.append(
                (("embeds", i, "fields", j, "name"), field.get("name"), limits.embed_field_name)
            )
            parts.append(
                (("embeds", i, "fields", j, "value"), field.get("value"), limits.embed_field_value)
            )
            for key in ("name", "value"):
                if not field.get(key):
                    errors.add(
                        ("embeds", i, "fields", j, key),
                        "BASE_TYPE_REQUIRED",
                        "This field is required",
                    )
        for path, text, high in parts:
            if text is not None:
                _length(errors, path, text, 0, high)
                total += len(text) if isinstance(text, str) else 0
    if total > limits.embed_total:
        errors.add(
            ("embeds",), "MAX_EMBED_SIZE_EXCEEDED", "Embed size exceeds maximum size of 6000"
        )


def walk_components(components: list[Any]) -> Iterator[dict[str, Any]]:
    """Every component, depth first (rows, sections, containers, labels and their children)."""
    for component in components:
        if not isinstance(component, dict):
            continue
        yield component
        children = list(component.get("components") or [])
        for key in ("component", "accessory"):
            if isinstance(component.get(key), dict):
                children.append(component[key])
        yield from walk_components(children)


def check_components(
    components: Any, limits: Limits, errors: FormErrors, *, v2: bool = False
) -> None:
    """Message components: 5 rows of 5 buttons or 1 select, option and id limits, unique ids."""
    top = _count(
        errors, ("components",), components, 0, limits.v2_components if v2 else limits.action_rows
    )
    if v2:
        total = sum(1 for _ in walk_components(top))
        if total > limits.v2_components:
            errors.add(
                ("components",),
                "BASE_TYPE_BAD_LENGTH",
                f"Must be between 0 and {limits.v2_components} in length.",
            )
    for r, row in enumerate(top):
        path: Path = ("components", r)
        kind = row.get("type") if isinstance(row, dict) else None
        if kind == ACTION_ROW:
            _check_row(row, path, limits, errors, in_modal=False)
        elif not v2:
            errors.add(
                path + ("type",),
                "COMPONENT_LAYOUT_WIDTH_EXCEEDED"
                if kind in (BUTTON, *SELECTS)
                else "BASE_TYPE_CHOICES",
                "Top-level components must be action rows",
            )
        else:
            for c, child in enumerate(walk_components([row])):
                if child.get("type") == ACTION_ROW:
                    _check_row(child, path + ("components", c), limits, errors, in_modal=False)
    _check_unique_ids(top, errors)


def _check_row(
    row: dict[str, Any], path: Path, limits: Limits, errors: FormErrors, *, in_modal: bool
) -> None:
    children = _count(
        errors, path + ("components",), row.get("components"), 1, limits.buttons_per_row
    )
    kinds = [child.get("type") for child in children if isinstance(child, dict)]
    if any(k in SELECTS or k == TEXT_INPUT for k in kinds) and len(kinds) > 1:
        errors.add(
            path + ("components",),
            "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
            "The specified component exceeds the maximum width",
        )
    for c, child in enumerate(children):
        check_component(child, path + ("components", c), limits, errors, in_modal=in_modal)


def check_component(
    component: Any, path: Path, limits: Limits, errors: FormErrors, *, in_modal: bool = False
) -> None:
    """One interactive component: button, select or text input."""
    if not isinstance(component, dict):
        errors.add(path, "MODEL_TYPE_CONVERT", "Only dictionaries may be used in a ModelType")
        return
    kind = component.get("type")
    if kind == BUTTON:
        if in_modal:
            errors.add(path + ("type",), "BASE_TYPE_CHOICES", "Buttons are not allowed in modals")
        style = component.get("style")
        if style == LINK_STYLE:
            if not component.get("url"):
                errors.add(path + ("url",), "BASE_TYPE_REQUIRED", "This field is required")
            if "custom_id" in component:
                errors.add(
                    path + ("custom_id",),
                    "BUTTON_COMPONENT_CUSTOM_ID_NOT_ALLOWED",
                    "A custom id cannot be set on a link button",
                )
        elif style != PREMIUM_STYLE:
            _custom_id(component, path, limits, errors)
        if component.get("label") is not None:
            _length(errors, path + ("label",), component["label"], 0, limits.button_label)
    elif kind in SELECTS:
        _custom_id(component, path, limits, errors)
        if component.get("placeholder") is not None:
            _length(
                errors,
                path + ("placeholder",),
                component["placeholder"],
                0,
                limits.select_placeholder,
            )
        low = component.get("min_values", 1)
        high = component.get("max_values", 1)
        if not (isinstance(low, int) and 0 <= low <= 25):
            errors.add(
                path + ("min_values",), "NUMBER_TYPE_MAX", "int value should be <= 25 and >= 0."
            )
        if not (isinstance(high, int) and 1 <= high <= 25):
            errors.add(
                path + ("max_values",), "NUMBER_TYPE_MAX", "int value should be <= 25 and >= 1."
            )
        if kind == STRING_SELECT:
            options = _count(
                errors, path + ("options",), component.get("options"), 1, limits.select_options
            )
            seen: set[str] = set()
            for o, option in enumerate(options):
                for key in ("label", "value"):
                    _length(
                        errors, path + ("options", o, key), option.get(key), 1, limits.option_text
                    )
                if option.get("description") is not None:
                    _length(
                        errors,
                        path + ("options", o, "description"),
                        option["description"],
                        0,
                        limits.option_text,
                    )
                if option.get("value") in seen:
                    errors.add(
                        path + ("options", o, "value"),
                        "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
                        "Select component option values must be unique",
                    )
                seen.add(option.get("value"))
            if isinstance(high, int) and options and high > len(options):
                errors.add(
                    path + ("max_values",),
                    "SELECT_COMPONENT_MAX_VALUES_TOO_HIGH",
                    "max_values must be less than or equal to the number of options",
                )
        if isinstance(low, int) and isinstance(high, int) and low > high:
            errors.add(
                path + ("min_values",),
                "SELECT_COMPONENT_MIN_VALUES_TOO_HIGH",
                "min_values must be less than or equal to max_values",
            )
    elif kind == TEXT_INPUT:
        if not in_modal:
            errors.add(
                path + ("type",), "BASE_TYPE_CHOICES", "Text inputs are only allowed in modals"
            )
        _custom_id(component, path, limits, errors)
        if component.get("label") is not None:
            _length(errors, path + ("label",), component["label"], 1, limits.text_input_label)
        if component.get("value") is not None:
            _length(errors, path + ("value",), component["value"], 0, limits.text_input_value)


def _custom_id(component: dict[str, Any], path: Path, limits: Limits, errors: FormErrors) -> None:
    if "custom_id" not in component:
        errors.add(path + ("custom_id",), "BASE_TYPE_REQUIRED", "This field is required")
    else:
        _length(errors, path + ("custom_id",), component["custom_id"], 1, limits.custom_id)


def _check_unique_ids(components: list[Any], errors: FormErrors) -> None:
    seen: set[str] = set()
    for component in walk_components(components):
        custom_id = component.get("custom_id")
        if custom_id is None:
            continue
        if custom_id in seen:
            errors.add(
                ("components",),
                "COMPONENT_CUSTOM_ID_DUPLICATED",
                "Component custom id cannot be duplicated",
            )
        seen.add(custom_id)


def check_modal(data: dict[str, Any], limits: Limits, errors: FormErrors) -> None:
    """A modal (interaction callback type 9): id, title, 1-5 rows or labels of inputs."""
    _length(errors, ("data", "custom_id"), data.get("custom_id"), 1, limits.custom_id)
    _length(errors, ("data", "title"), data.get("title"), 1, limits.modal_title)
    rows = _count(
        errors, ("data", "components"), data.get("components"), 1, limits.modal_components
    )
    for r, row in enumerate(rows):
        path: Path = ("data", "components", r)
        if not isinstance(row, dict):
            errors.add(path, "MODEL_TYPE_CONVERT", "Only dictionaries may be used in a ModelType")
        elif row.get("type") == ACTION_ROW:
            _check_row(row, path, limits, errors, in_modal=True)
        elif row.get("type") == LABEL:
            _length(errors, path + ("label",), row.get("label"), 1, limits.text_input_label)
            check_component(
                row.get("component"), path + ("component",), limits, errors, in_modal=True
            )


def check_choices(data: dict[str, Any], limits: Limits, errors: FormErrors) -> None:
    """Autocomplete choices (callback type 8): at most 25, names and string values 1-100."""
    choices = _count(
        errors, ("data", "choices"), data.get("choices"), 0, limits.autocomplete_choices
    )
    for i, choice in enumerate(choices):
        _length(errors, ("data", "choices", i, "name"), choice.get("name"), 1, limits.option_text)
        if isinstance(choice.get("value"), str):
            _length(errors, ("data", "choices", i, "value"), choice["value"], 1, limits.option_text)


def check_commands(commands: Any, limits: Limits, errors: FormErrors) -> None:
    """A bulk overwrite of application commands."""
    items = _count(errors, (), commands, 0, limits.commands)
    names: set[tuple[str, int]] = set()
    for i, command in enumerate(items):
        kind = command.get("type", 1)
        name = command.get("name")
        if kind == 1:
            _name(errors, (i, "name"), name)
            _length(
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
            _length(errors, (i, "name"), name, 1, 32)
            _localizations(
                errors, (i,), command, "name", lambda path, v: _length(errors, path, v, 1, 32)
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
        lambda here, v: _length(errors, here, v, 1, limits.command_description),
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
    _count(errors, path, options, 0, limits.command_options)
    seen_optional = False
    names: set[str] = set()
    for o, option in enumerate(options):
        here = path + (o,)
        kind = option.get("type")
        _name(errors, here + ("name",), option.get("name"))
        _length(
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
        _count(errors, here + ("choices",), choices, 0, 25)
        for c, choice in enumerate(choices if isinstance(choices, list) else []):
            if not isinstance(choice, dict):
                continue
            at = here + ("choices", c)
            _length(errors, at + ("name",), choice.get("name"), 1, limits.choice_name)
            _localizations(
                errors,
                at,
                choice,
                "name",
                lambda path, v: _length(errors, path, v, 1, limits.choice_name),
            )
        if choices and option.get("autocomplete"):
            errors.add(
                here + ("autocomplete",),
                "APPLICATION_COMMAND_OPTION_CHOICES_AND_AUTOCOMPLETE",
                "Autocomplete cannot be set with choices",
            )
