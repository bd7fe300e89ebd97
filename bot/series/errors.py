"""Refusals of a series, each with a message from the catalogue."""

from __future__ import annotations

from bot.i18n.errors import LocalizedError


class SeriesError(LocalizedError):
    """A refusal about a series."""


class BadSeries(SeriesError):
    """A definition that cannot be played (the key says which value)."""

    key = "series.error.options"


class NoSeries(SeriesError):
    """No such series on this server (a forged id, another server's, deleted): nothing
    of it is told."""

    key = "series.error.none"


class NotMember(SeriesError):
    key = "series.error.not_member"


class AlreadyMember(SeriesError):
    key = "series.error.already_member"


class WindowClosed(SeriesError):
    key = "series.error.closed"


class ChannelGone(SeriesError):
    """A series sharing tables whose channel was deleted: no table can be posted there."""

    key = "series.error.channel_gone"


class LeagueSeries(SeriesError):
    """A league division's series: its members are the league's (``/league join``)."""

    key = "series.error.league"


class NotHost(SeriesError):
    key = "series.error.not_host"


class AllPlayed(SeriesError):
    key = "series.error.all_played"


class NotYours(SeriesError):
    """A run that is another member's (or another series'): nothing of it is told."""

    key = "series.error.not_yours"


class Stale(SeriesError):
    key = "series.error.stale"


class Thinking(SeriesError):
    key = "series.error.thinking"


class NotAllowed(SeriesError):
    key = "series.error.not_allowed"
