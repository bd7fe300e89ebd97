"""How a session ends: the steps from "someone called the end" to over."""

from __future__ import annotations

from enum import StrEnum


class Ending(StrEnum):
    NONE = "none"  # playing on
    AFTER_DEAL = "after_deal"  # ends when the current deal is over
    CLOSING = "closing"  # dapp: one closing Ramsch deal per player
    HERZ_ASS_WAIT = "herz_ass_wait"  # wuerttemberg: a deal as usual decides who deals last
    HERZ_ASS_LAST = "herz_ass_last"  # wuerttemberg: the last deal with bidding
    FORCED_RAMSCH = "forced_ramsch"  # wuerttemberg: each player deals one forced Ramsch
    OVER = "over"

    @property
    def counts_deals(self) -> bool:
        """The ending runs for a number of special deals (``Session.special_left``)."""
        return self is Ending.CLOSING or self is Ending.FORCED_RAMSCH
