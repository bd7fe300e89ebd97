"""Refusals of the deal of the day, each with a message from the catalogue."""

from __future__ import annotations

from bot.i18n.errors import LocalizedError


class DailyError(LocalizedError):
    """A refusal of the deal of the day."""


class ServerOnly(DailyError):
    key = "daily.error.server_only"


class NotYours(DailyError):
    """The run is another member's (or another server's): nothing of it is told."""

    key = "daily.error.not_yours"


class DayOver(DailyError):
    key = "daily.error.day_over"


class StaleStep(DailyError):
    key = "daily.error.stale"


class Finished(DailyError):
    key = "daily.error.finished"


class NotFinished(DailyError):
    key = "daily.error.not_finished"


class NotYet(DailyError):
    """A day that has not come yet (a forged button)."""

    key = "daily.error.not_yet"


class Thinking(DailyError):
    key = "daily.error.thinking"


class Unavailable(DailyError):
    key = "daily.error.unavailable"
