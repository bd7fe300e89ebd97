"""Refusals a user can cause at a table, each with a message from the catalogue.

:class:`TableError` and its subclasses carry a catalogue key and its values, so the
message can be shown in the user's language; :func:`user_message` turns any
:class:`~bot.engine.TappError` (the engine's and the store's too) into that text.
"""

from __future__ import annotations

from bot.engine import IllegalAction, InvalidRecord, NotYourTurn
from bot.i18n import t
from bot.i18n.errors import LocalizedError
from bot.store import (
    AlreadySeated,
    DealClosed,
    InvalidTransition,
    NotFound,
    SeatTaken,
    StaleAction,
    StoreFull,
    StoreUnavailable,
    TableClosed,
)


class TableError(LocalizedError):
    """A refusal at a table."""


class NoTableHere(TableError):
    key = "error.no_table_here"


class NotSeated(TableError):
    key = "error.not_seated"


class NotHost(TableError):
    key = "error.not_host"


class TableFull(TableError):
    key = "error.table_full"


class NotInLobby(TableError):
    key = "error.already_started"


class NotPlaying(TableError):
    key = "error.not_playing"


class NoSpectators(TableError):
    key = "watch.error.off"


class StaleClick(TableError):
    key = "error.stale"


class NotYourTurnNow(TableError):
    key = "error.not_your_turn"


class Refused(TableError):
    """An illegal action, explained (``key`` says why)."""

    key = "error.not_allowed"


class BadOptions(TableError):
    key = "error.bad_options"


class Unavailable(TableError):
    key = "error.unavailable"


class TableSuspended(TableError):
    """The table's place on Discord is gone (see :mod:`bot.tables.places`): it waits
    for it to come back, or for its members to end it."""

    key = "error.table_suspended"


class TableBroken(TableError):
    """The table is marked broken (see ``Tables.mark_broken``): only its host's
    ``/tapp table end`` still acts on it."""

    key = "error.table_broken"


#: store and engine errors by the catalogue key of their text
_KEYS: tuple[tuple[type[BaseException], str], ...] = (
    (StoreFull, "error.store_full"),
    (StoreUnavailable, "error.busy"),
    (DealClosed, "error.deal_over"),
    (StaleAction, "error.stale"),
    (TableClosed, "error.table_closed"),
    (NotFound, "error.table_gone"),
    (SeatTaken, "error.seat_taken"),
    (AlreadySeated, "error.already_seated"),
    (InvalidTransition, "error.not_now"),
    (NotYourTurn, "error.not_your_turn_plain"),
    (IllegalAction, "error.not_allowed_plain"),
)


def user_message(error: BaseException, language: str | None = None) -> str:
    """The text to show the user whose action caused ``error``: a refusal's own text
    (the table's, a setting's, the standings' ...), or the catalogue's words for a store
    or engine error's kind; the generic error for anything else."""
    if isinstance(error, LocalizedError):
        return error.text(language)
    for kind, key in _KEYS:
        if isinstance(error, kind):
            return t(key, language)
    return t("error.generic", language)


def logged(error: BaseException) -> str:
    """``error`` for a log line or a table's stored broken reason: the engine's refusals
    and record errors by their kind only (and a refusal's reason), as their English text
    may name a card of a hand (``AD is not in hand``) the operator may not see; any
    other error as its repr."""
    if isinstance(error, IllegalAction):
        return f"{type(error).__name__}({error.reason.value})"
    if isinstance(error, InvalidRecord):  # (``card AD is dealt twice``)
        return type(error).__name__
    return repr(error)
