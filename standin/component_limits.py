"""Discord's limits on message components (rows, buttons, selects, text inputs, the
layout components of components v2) and on modals; and the component types.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from .errors import FormErrors
from .form_checks import Path, check_count, check_length

if TYPE_CHECKING:
    from .limits import Limits

ACTION_ROW, BUTTON, STRING_SELECT, TEXT_INPUT = 1, 2, 3, 4
USER_SELECT, ROLE_SELECT, MENTIONABLE_SELECT, CHANNEL_SELECT = 5, 6, 7, 8
SECTION, TEXT_DISPLAY, THUMBNAIL, MEDIA_GALLERY, FILE, SEPARATOR = 9, 10, 11, 12, 13, 14
CONTAINER, LABEL = 17, 18
SELECTS = frozenset({STRING_SELECT, USER_SELECT, ROLE_SELECT, MENTIONABLE_SELECT, CHANNEL_SELECT})
LINK_STYLE, PREMIUM_STYLE = 5, 6


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
    top = check_count(
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
    children = check_count(
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
            check_length(errors, path + ("label",), component["label"], 0, limits.button_label)
    elif kind in SELECTS:
        _custom_id(component, path, limits, errors)
        if component.get("placeholder") is not None:
            check_length(
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
            options = check_count(
                errors, path + ("options",), component.get("options"), 1, limits.select_options
            )
            seen: set[str] = set()
            for o, option in enumerate(options):
                for key in ("label", "value"):
                    check_length(
                        errors, path + ("options", o, key), option.get(key), 1, limits.option_text
                    )
                if option.get("description") is not None:
                    check_length(
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
            check_length(errors, path + ("label",), component["label"], 1, limits.text_input_label)
        if component.get("value") is not None:
            check_length(errors, path + ("value",), component["value"], 0, limits.text_input_value)


def _custom_id(component: dict[str, Any], path: Path, limits: Limits, errors: FormErrors) -> None:
    if "custom_id" not in component:
        errors.add(path + ("custom_id",), "BASE_TYPE_REQUIRED", "This field is required")
    else:
        check_length(errors, path + ("custom_id",), component["custom_id"], 1, limits.custom_id)


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
    check_length(errors, ("data", "custom_id"), data.get("custom_id"), 1, limits.custom_id)
    check_length(errors, ("data", "title"), data.get("title"), 1, limits.modal_title)
    rows = check_count(
        errors, ("data", "components"), data.get("components"), 1, limits.modal_components
    )
    for r, row in enumerate(rows):
        path: Path = ("data", "components", r)
        if not isinstance(row, dict):
            errors.add(path, "MODEL_TYPE_CONVERT", "Only dictionaries may be used in a ModelType")
        elif row.get("type") == ACTION_ROW:
            _check_row(row, path, limits, errors, in_modal=True)
        elif row.get("type") == LABEL:
            check_length(errors, path + ("label",), row.get("label"), 1, limits.text_input_label)
            check_component(
                row.get("component"), path + ("component",), limits, errors, in_modal=True
            )

