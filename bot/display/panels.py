"""Members' live private panels: the *My hand* panel follows the game while it can.

Each answer that shows a member their hand panel (*My hand*, ``/tapp play hand``, the answer to
an action), and the answers to *Join* and *Start*, make that message the member's live
panel at the table, with the interaction whose token can edit it
(``edit_original_response``). Discord lets a token edit for 15 minutes; a panel counts as
live for :data:`LIFETIME` after its interaction reached the bot (by the display's clock,
Discord's time). While it is live, the display edits it when the member's turn comes (hand and
exactly the legal buttons), when it ends without them (no buttons), when the deal ends
and when the table closes, and pings nobody who has a live panel: a member playing live
clicks once per action. Edits through an interaction's token do not count against
Discord's global rate limit.

Edits of one panel are serialised by its lock and never go back in time: a panel shows
the newest moment it was given (its ``shown`` stamp); an answer that would show an older
one only acknowledges the click.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bot.tables.ids import Stamp
from bot.tables.state import ClaimState

#: how long a panel is edited after its interaction reached the bot (Discord: 15 min;
#: a minute's margin for the edit itself and a slow clock)
LIFETIME = 14 * 60.0


@dataclass
class LivePanel:
    """One member's panel at one table."""

    interaction: Any  # the discord.Interaction whose token edits it
    seat: int
    language: str | None  # the reader's
    since: float  # when its interaction reached the bot (the display's clock)
    content: str | None = None  # the answer's own words, kept above the hand
    shown: Stamp | None = None  # the moment it shows
    turn: bool = False  # it offers the member's own actions
    final: bool = False  # it says the deal or the table is over: nothing more to show
    claim: ClaimState | None = None  # the claim at that moment it shows
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


def later(a: Stamp | None, b: Stamp | None) -> bool:
    """``a`` is a later moment than ``b`` (None: no deal, the earliest)."""
    if a is None:
        return False
    return b is None or (a.deal, a.ply) > (b.deal, b.ply)


class Panels:
    """The live panels of every table, by table and member."""

    def __init__(self, clock: Callable[[], float] = time.time,
                 lifetime: float = LIFETIME) -> None:
        self.clock = clock
        self.lifetime = lifetime
        self._panels: dict[int, dict[int, LivePanel]] = {}

    def get(self, table_id: int, user_id: int) -> LivePanel | None:
        """The member's panel at the table while its token can still edit it."""
        panel = self._panels.get(table_id, {}).get(user_id)
        if panel is None:
            return None
        if self.clock() - panel.since >= self.lifetime:
            del self._panels[table_id][user_id]
            return None
        return panel

    def of_table(self, table_id: int) -> dict[int, LivePanel]:
        """Every live panel of the table, by member."""
        live = {}
        for user_id in list(self._panels.get(table_id, {})):
            panel = self.get(table_id, user_id)
            if panel is not None:
                live[user_id] = panel
        return live

    def hold(self, table_id: int, user_id: int, panel: LivePanel) -> None:
        """``panel`` is the member's live panel at the table now (replacing an older)."""
        self._panels.setdefault(table_id, {})[user_id] = panel

    def drop(self, table_id: int, user_id: int) -> None:
        """The member's panel can no longer be edited (a later *My hand* makes a new)."""
        self._panels.get(table_id, {}).pop(user_id, None)

    def forget(self, table_id: int) -> None:
        self._panels.pop(table_id, None)
