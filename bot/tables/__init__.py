"""The table service, free of Discord: one lock per table, the engine, the store, computer
players, timers, deal after deal. What it changes it hands to a display (the
:class:`~.core.DisplayPort` it is given; the bot's is :class:`bot.display.Display`).

The path of an action: cog → :meth:`TableService.act` (:mod:`.play`: lock, engine
``apply``, store commit with the next turn's deadlines, :mod:`.core`) → the caller
answers the player → the display shows the change → computer players take their turns
(:mod:`.computers`).
"""

from .config import TableConfig
from .core import DisplayPort
from .errors import Refused, TableError, Unavailable, user_message
from .ids import ComponentId, Stamp, custom_id
from .live import LiveTable
from .outcomes import ClaimOutcome, EndOutcome, LeaveOutcome
from .play import ActOutcome
from .service import TableService
from .state import DealOver, HandContext, TableOver, TableState

__all__ = [
    "ActOutcome", "ClaimOutcome", "ComponentId", "DealOver", "DisplayPort", "EndOutcome",
    "HandContext", "LeaveOutcome", "LiveTable", "Refused", "Stamp", "TableConfig",
    "TableError", "TableOver", "TableService", "TableState", "Unavailable", "custom_id",
    "user_message",
]
