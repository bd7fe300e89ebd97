"""What kind each message of a table is, and the :class:`Disclosure` of every message the
display sends, for the observers (the hidden-information tests check each one)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from bot.tables.ids import Stamp
from bot.ui.specs import MessageModel


class MessageKind(StrEnum):
    """What a message of a table is (as stored with its id, and as disclosed)."""

    LOBBY = "lobby"
    TABLE = "table"
    PING = "turn_ping"
    RESULT = "result"
    CLOSED = "closed"
    NOTICE = "notice"  # a timer's notice, or a short private answer
    HAND = "hand"
    LAST_TRICK = "last_trick"
    HANDS = "hands"  # a finished deal's hands, on request
    SPECTATE = "spectate"  # a spectator's panel: a seat's hand one trick behind


@dataclass(frozen=True, slots=True)
class Disclosure:
    """One message a table sent: who sees it and what it shows."""

    table_id: int
    kind: MessageKind
    audience: int | None  # the member an ephemeral message is for; None: public
    seat: int | None  # that member's seat at the table (None: a spectator, or public)
    stamp: Stamp | None  # the deal and ply the content comes from
    model: MessageModel
    message_id: int | None = None


Observer = Callable[[Disclosure], None]
