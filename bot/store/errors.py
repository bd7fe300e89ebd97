"""The store's errors.

:class:`StoreError` is the base of everything the store raises. Errors a user can
cause (a stale click, a taken seat, a busy database) also derive from
:class:`~bot.engine.errors.TappError`, so the one error handler of the cogs shows
their message, which is written to be safe to show.
"""

from __future__ import annotations

from bot.engine.errors import TappError


class StoreError(Exception):
    """Base of every store error. Without a TappError base it is a bug, not a user's doing."""


class StoreUnavailable(StoreError, TappError):
    """The database is locked, full or unreadable; the operation wrote nothing."""

    def __init__(self, detail: str = "") -> None:
        super().__init__("The game store is busy or unavailable right now; please try again.")
        self.detail = detail


class StoreFull(StoreUnavailable):
    """The disk (or the database's size limit) is full; the operation wrote nothing."""


class SchemaTooNew(StoreError):
    """The database was written by a newer version of the bot."""


class SchemaNotYet(StoreUnavailable):
    """A reader that does not migrate (the web process) found a schema older than its
    own: the bot, which migrates, has not started on this version yet. Starting the
    reader again once it has will work."""


class NotADatabase(StoreError):
    """The location holds no database the bot can open: a folder, a file of another
    kind, a file it may not open. Trying again would not mend it."""


def exit_status(error: StoreError) -> int:
    """The exit status of a command stopped by ``error``: 1 when it may pass (the
    database is down, locked or full: :class:`StoreUnavailable`), else 2 (a path that is
    no database, a schema too new, a refused login...: a restart would not mend it)."""
    return 1 if isinstance(error, StoreUnavailable) else 2


def operator_text(error: StoreError) -> str:
    """``error`` as its operator reads it: the cause (a :class:`StoreUnavailable`'s
    detail), not the words written for players."""
    if isinstance(error, StoreUnavailable) and error.detail:
        return error.detail
    return str(error)


class NotFound(StoreError, TappError):
    """A table or deal does not exist."""


class TableNotFound(NotFound):
    def __init__(self, table_id: int) -> None:
        super().__init__("That table no longer exists.")
        self.table_id = table_id


class DealNotFound(NotFound):
    def __init__(self, deal_id: int) -> None:
        super().__init__("That deal no longer exists.")
        self.deal_id = deal_id


class InvalidTransition(StoreError, TappError):
    """The table or deal is not in a state that allows the operation."""


class TableClosed(InvalidTransition):
    def __init__(self, table_id: int) -> None:
        super().__init__("This table is closed.")
        self.table_id = table_id


class DealInProgress(InvalidTransition):
    def __init__(self, table_id: int) -> None:
        super().__init__("A deal is still being played at this table.")
        self.table_id = table_id


class StaleAction(StoreError, TappError):
    """The action was meant for a state that has moved on."""


class DuplicateAction(StaleAction):
    """Another action already took this ply (two racing clicks: the second loses)."""

    def __init__(self, deal_id: int, ply: int) -> None:
        super().__init__("Someone acted first: the table has moved on.")
        self.deal_id = deal_id
        self.ply = ply


class DealClosed(StaleAction):
    """The deal is settled or abandoned; nothing more is recorded for it."""

    def __init__(self, deal_id: int) -> None:
        super().__init__("This deal is over.")
        self.deal_id = deal_id


class PlyGap(StoreError):
    """An action skips plies: the caller's state is out of step with the log (a bug)."""


class SeatTaken(StoreError, TappError):
    def __init__(self, seat: int) -> None:
        super().__init__(f"Seat {seat + 1} is already taken.")
        self.seat = seat


class AlreadySeated(StoreError, TappError):
    def __init__(self, user_id: int) -> None:
        super().__init__("You already have a seat at this table.")
        self.user_id = user_id


class LedgerImbalance(StoreError):
    """A deal's ledger rows would not sum to zero."""


class CorruptState(StoreError):
    """Stored JSON (session state, record header) cannot be decoded."""
