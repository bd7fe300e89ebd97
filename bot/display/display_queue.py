"""The queue of one table's public updates (:class:`Worker`), as the display keeps it."""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.tables.state import DealOver, TableEvent, TableState


@dataclass(frozen=True, slots=True)
class PanelHeld:
    """A member's live panel came after their table's state was shown: it follows now."""

    table_id: int
    user_id: int


@dataclass
class Worker:
    """The queue of one table's public updates."""

    state: TableState | None = None
    events: deque[TableEvent | PanelHeld] = field(default_factory=deque)
    shown: TableState | None = None  # the state shown last (while playing)
    repost: bool = False
    task: asyncio.Task[None] | None = None
    last_ping: tuple[int, int, int] | None = None  # (deal, seat, user) pinged last
    pinged: bool = True  # a ping may be up (unknown at first)
    language: str | None = None
    style: str = "french"
    #: deals whose result is queued or posted: queued once, whoever queues it (start-up
    #: settles a deal while resuming and catches up on unposted results: one post)
    results: set[int] = field(default_factory=set)

    def queue(self, events: Sequence[TableEvent]) -> None:
        for event in events:
            if isinstance(event, DealOver):
                if event.deal_id in self.results:
                    continue
                self.results.add(event.deal_id)
            self.events.append(event)
