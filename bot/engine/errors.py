"""The one typed error tree. Every message is safe to show the user who caused it.

An :class:`IllegalAction` carries a :class:`Refusal`, the reason in a form the bot can
put in words of its own (``reason``, with the suit or count it names), beside the
English message that ``python -m bot replay`` prints.
"""

from __future__ import annotations

from enum import StrEnum


class Refusal(StrEnum):
    """Why an action was refused."""

    NOT_ALLOWED = "not_allowed"  # not one of the seat's legal actions now
    NOT_YOUR_TURN = "not_your_turn"
    DEAL_OVER = "deal_over"
    NO_SEAT = "no_seat"
    WRONG_STEP = "wrong_step"  # another kind of action is expected now
    NOT_IN_HAND = "not_in_hand"  # a card played, discarded or given is not in the hand
    MUST_FOLLOW = "must_follow"  # ``suit``: the suit led
    MUST_TRUMP = "must_trump"  # ``suit``: trump
    DISCARD_COUNT = "discard_count"  # ``count``: the cards to discard
    CALL_OWN_CARD = "call_own_card"
    MUST_CALL = "must_call"
    GIVE_CALLED_CARD = "give_called_card"
    NO_KONTRA = "no_kontra"  # kontra or rekontra not allowed (now, or in this variant)
    SETUP = "setup"  # a deal or session cannot be set up so (dealer, pot, options)


class TappError(Exception):
    """Base of every error a user (or a record) can cause."""


class IllegalAction(TappError):
    """The action is not legal in the current state."""

    def __init__(self, message: str = "", reason: Refusal = Refusal.NOT_ALLOWED, *,
                 suit: int | None = None, count: int | None = None) -> None:
        super().__init__(message)
        self.reason = reason
        self.suit = suit
        self.count = count


class NotYourTurn(IllegalAction):
    """The seat may not act now."""

    def __init__(self, message: str = "") -> None:
        super().__init__(message, Refusal.NOT_YOUR_TURN)


class InvalidRecord(TappError):
    """A deal record is malformed (shape, cards, options)."""
