"""Refusals of the standings commands, each with a message from the catalogue."""

from __future__ import annotations

from bot.i18n.errors import LocalizedError


class StandingsError(LocalizedError):
    """A refusal of the standings commands."""


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


class NoSeasons(StandingsError):
    """A season was asked for on a server whose season setting is off."""

    key = "standings.error.no_seasons"


class SeasonAndPeriod(StandingsError):
    """A season and a period other than all time at once: they are two spans."""

    key = "standings.error.season_period"


class RatingPeriod(StandingsError):
    """Ratings are kept for all time and per season, not for the last days."""

    key = "standings.error.rating_period"
