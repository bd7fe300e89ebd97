"""Refusals of a league, each with a message from the catalogue (a league's definition
that cannot be played is :class:`bot.series.errors.BadSeries`, as a series')."""

from __future__ import annotations

from .errors import SeriesError


class LeagueError(SeriesError):
    """A refusal about a league."""


class NoLeague(LeagueError):
    """The server runs no league."""

    key = "league.error.none"


class LeagueExists(LeagueError):
    key = "league.error.exists"


class AlreadyInLeague(LeagueError):
    key = "league.error.already_member"


class NotInLeague(LeagueError):
    key = "league.error.not_member"


class NotLeagueHost(LeagueError):
    """Ending a league: its maker's or a server manager's."""

    key = "league.error.not_host"
