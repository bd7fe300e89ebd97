"""The table service, free of Discord: one lock per table, the engine, the store, computer
players, timers, deal after deal. What it changes it hands to a display (the
:class:`~.core.DisplayPort` it is given; the bot's is :class:`bot.display.Display`).

The path of an action: cog (finds the live table once) → :meth:`.play.Play.act` (lock,
engine ``apply``, the display told the member's hand, store commit with the next turn's
deadlines: :mod:`.core`) → the caller answers the player → the display shows the change
→ computer players take their turns (:mod:`.computers`). Calls go down and return; what
the service has to show it tells its :class:`~.core.DisplayPort`.
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
