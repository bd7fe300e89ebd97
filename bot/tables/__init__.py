"""Playable tables: the table service (one lock per table, engine, store, computer
players, deal after deal), what each message shows (view models) and the display that
sends it to Discord.

The path of an action: cog → :meth:`TableService.act` (:mod:`.play`: lock, engine
``apply``, store commit with the next turn's deadlines, :mod:`.core`) → the caller
answers the player → :class:`Display` edits the table message (rendered off the event
loop) → computer players take their turns (:mod:`.computers`).
"""

from .answers import Answer
from .component import EVENT, TableComponent
from .config import TableConfig
from .display import Display
from .errors import TableError, user_message
from .ids import ComponentId, Stamp, custom_id
from .live import LiveTable
from .outgoing import Disclosure, MessageKind
from .play import ActOutcome
from .service import TableService
from .state import DealOver, HandContext, TableOver, TableState

__all__ = [
    "EVENT", "ActOutcome", "Answer", "ComponentId", "DealOver", "Disclosure", "Display",
    "HandContext", "LiveTable", "MessageKind", "Stamp", "TableComponent", "TableConfig",
    "TableError", "TableOver", "TableService", "TableState", "custom_id", "user_message",
]
