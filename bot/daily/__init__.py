"""The deal of the day: each server's one deal a day, played by each member alone
against computer players, privately, and compared on the same cards (duplicate
scoring). :class:`DailyService` is the one entry for the cog."""

from .config import DailyConfig
from .errors import DailyError
from .models import DailyMessage, DayBoard, RunView, StreakBoard, WeekBoard
from .service import DailyService

__all__ = ["DailyConfig", "DailyError", "DailyMessage", "DailyService", "DayBoard",
           "RunView", "StreakBoard", "WeekBoard"]
