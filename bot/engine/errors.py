"""The one typed error tree. Every message is safe to show the user who caused it."""

from __future__ import annotations


class TappError(Exception):
    """Base of every error a user (or a record) can cause."""


class IllegalAction(TappError):
    """The action is not legal in the current state."""


class NotYourTurn(IllegalAction):
    """The seat may not act now."""


class InvalidRecord(TappError):
    """A deal record is malformed (shape, cards, options)."""
