"""Errors whose user-facing text is a catalogue entry (shown in the reader's language)."""

from __future__ import annotations

from typing import Any

from bot.engine import TappError

from . import t


class LocalizedError(TappError):
    """A refusal; ``key`` names its text in the catalogue, ``values`` fill it in."""

    key = "error.generic"

    def __init__(self, key: str | None = None, **values: Any) -> None:
        self.key = key or type(self).key
        self.values = values
        super().__init__(t(self.key, None, **values))

    def text(self, language: str | None = None) -> str:
        return t(self.key, language, **self.values)
