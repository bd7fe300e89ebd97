"""The building blocks of the limit checks: a field's path, and the checks of a text's
length and a list's length, each failure added to a :class:`~standin.errors.FormErrors`
as Discord words it.
"""

from __future__ import annotations

from typing import Any

from .errors import FormErrors

#: where a field sits in a request body: keys and list indexes, outermost first
Path = tuple[str | int, ...]


def check_length(errors: FormErrors, path: Path, value: Any, low: int, high: int) -> None:
    """``value`` must be text of ``low`` to ``high`` characters."""
    if not isinstance(value, str):
        errors.add(path, "BASE_TYPE_STRING", "Could not interpret value as string.")
    elif not low <= len(value) <= high:
        if low == 0:
            errors.add(path, "BASE_TYPE_MAX_LENGTH", f"Must be {high} or fewer in length.")
        else:
            errors.add(path, "BASE_TYPE_BAD_LENGTH", f"Must be between {low} and {high} in length.")


def check_count(errors: FormErrors, path: Path, items: Any, low: int, high: int) -> list[Any]:
    """``items`` must be a list of ``low`` to ``high`` entries; the list (empty if it is none)."""
    if not isinstance(items, list):
        errors.add(path, "BASE_TYPE_LIST", "Must be a list.")
        return []
    if not low <= len(items) <= high:
        errors.add(path, "BASE_TYPE_BAD_LENGTH", f"Must be between {low} and {high} in length.")
    return items

