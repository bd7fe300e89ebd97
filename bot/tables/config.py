"""How the table service runs tables (:class:`TableConfig`)."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bot.ai.runner import Decision

#: the table option naming its computer players' level (not an option of the game)
LEVEL_OPTION = "computer_level"
#: the table option that lets members who are not seated watch (see .spectators)
SPECTATORS_OPTION = "spectators"
#: the options of a table that plays a deal of a series (docs/series.md): the series'
#: id and the deal's number (the table deals it from the series' seed, nothing else)
SERIES_OPTION = "series"
SERIES_DEAL_OPTION = "series_deal"
#: options of the table, not of the game: the engine never gets them
TABLE_OPTIONS = (LEVEL_OPTION, SPECTATORS_OPTION, SERIES_OPTION, SERIES_DEAL_OPTION)


def series_deal(options: Mapping[str, Any]) -> tuple[int, int] | None:
    """(series, deal) of a table that plays a deal of a series; None for any other."""
    series, deal = options.get(SERIES_OPTION), options.get(SERIES_DEAL_OPTION)
    if isinstance(series, int) and isinstance(deal, int):
        return series, deal
    return None


@dataclass(frozen=True)
class TableConfig:
    """How the service runs tables. ``rng`` shuffles and seats the first dealer
    (``random.SystemRandom()`` when None); ``ai_seed`` makes computer players
    reproducible (tests); ``computer_pause`` is the pause before each computer action;
    ``computer_level`` the level of computer players where a table does not choose one
    (its ``computer_level`` option); ``clock`` gives Unix seconds (deadlines);
    ``sleep`` is what every pause, retry and timer of the tables waits with (tests
    pass a quicker one, or one that moves their clock)."""

    computer_pause: float = 1.0
    computer_level: str = "normal"
    clock: Callable[[], float] = time.time
    sleep: Callable[[float], Awaitable[None]] = asyncio.sleep
    rng: random.Random | None = None
    ai_seed: int | None = None
    observers: tuple[Callable[..., None], ...] = ()
    #: called with who made each committed action ("member", "computer" or "substitute":
    #: a computer playing for a member who timed out or is away), for the bot's metrics
    on_turn: Callable[[str], None] | None = None
    #: called with the level and what the event loop saw of each computer decision
    #: (:class:`bot.ai.runner.Decision`: its wall time, queueing, any fallback), for the
    #: bot's metrics
    on_decision: Callable[[str, Decision], None] | None = None
    #: the bot's invalid-request budget: past this many 401/403/404/429 answers in 10
    #: minutes optional traffic stops (Discord bans at 10,000; see bot.connection.invalid_budget)
    invalid_limit: int = 1000
