"""Per-server standings for the ``/tapp stats leaderboard``, ``player`` and ``history``
commands.

:class:`StandingsService` reads the store and returns view models (:mod:`.models`);
:mod:`.messages` turns them into embeds in the catalogue's words, :mod:`.replay` draws a
finished deal, :mod:`.ids` holds the ``custom_id`` schemes of the buttons.
"""

from .errors import BrokenRecord, DealNotOver, NoStore, NoSuchDeal, StandingsError, WrongServer
from .ids import BOARD_PERIODS, BoardKey, HistoryKey, Order, ReplayKey, Season
from .models import BoardPage, DealReplay, HistoryEntry, HistoryPage, RatingPage, SeasonSpan
from .service import PAGE_SIZE, StandingsService

__all__ = [
    "BOARD_PERIODS", "PAGE_SIZE", "BoardKey", "BoardPage", "BrokenRecord", "DealNotOver",
    "DealReplay", "HistoryEntry", "HistoryKey", "HistoryPage", "NoStore", "NoSuchDeal", "Order",
    "RatingPage", "ReplayKey", "Season", "SeasonSpan", "StandingsError", "StandingsService",
    "WrongServer",
]
