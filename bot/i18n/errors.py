"""Errors whose user-facing text is a catalogue entry (shown in the reader's language)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.engine import TappError

from . import t

#: a value that is itself words, said in the reader's language (called with it)
InLanguage = Callable[[str | None], str]


class LocalizedError(TappError):
    """A refusal; ``key`` names its text in the catalogue, ``values`` fill it in. A value
    may be an :data:`InLanguage` (a card's or variant's name): the whole text is then in
    the reader's language, not the table's."""

    key = "error.generic"

    def __init__(self, key: str | None = None, **values: Any) -> None:
        self.key = key or type(self).key
        self.values = values
        super().__init__(self.text(None))

    def text(self, language: str | None = None) -> str:
        values = {k: v(language) if callable(v) else v for k, v in self.values.items()}
        return t(self.key, language, **values)
