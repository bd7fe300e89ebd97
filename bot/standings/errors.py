"""Refusals of the standings commands, each with a message from the catalogue."""

from __future__ import annotations

from typing import Any

from bot.engine import TappError
from bot.i18n import t


class StandingsError(TappError):
    """A refusal; ``key`` names its text in the catalogue."""

    key = "error.generic"

    def __init__(self, key: str | None = None, **values: Any) -> None:
        self.key = key or type(self).key
        self.values = values
        super().__init__(t(self.key, None, **values))

    def text(self, language: str | None = None) -> str:
        return t(self.key, language, **self.values)


class NoStore(StandingsError):
    key = "standings.error.no_store"


class NoSuchDeal(StandingsError):
    """Unknown, abandoned, or of another server (the same answer: nothing leaks)."""

    key = "standings.error.no_deal"


class DealNotOver(StandingsError):
    key = "standings.error.not_over"


class WrongServer(StandingsError):
    key = "standings.error.wrong_server"


class BrokenRecord(StandingsError):
    key = "standings.error.bad_record"
