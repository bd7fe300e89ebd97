"""Spectators' panels follow the game: each is edited when what it may show changes (a
trick completed, play began, the next deal was dealt), never within a trick.

A panel is the answer to *Watch* (or a seat's button on it); its interaction's token
edits it for :data:`~bot.tables.panels.LIFETIME` (Discord allows 15 minutes), then a
click on the panel shows the newest moment again. What it shows comes from the table's
:class:`~bot.tables.state.TableState` (``spectated``: a seat's view one trick behind,
:func:`bot.tables.spectators.spectator_view`).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from bot.i18n.words import Words
from bot.tables.state import TableState
from bot.tables.watching import Spectated
from bot.ui.outgoing import Outgoing
from bot.ui.specs import MessageModel

from .disclosure import Disclosure, MessageKind
from .panel_follow import edit_through_token
from .panels import LIFETIME
from .spectator_messages import spectator_panel

log = logging.getLogger(__name__)

#: what a spectator's panel shows: the deal, its tricks complete, whether play began
Moment = tuple[int, int, bool]


@dataclass
class SpectatorPanel:
    interaction: Any  # the discord.Interaction whose token edits it
    seat: int
    language: str | None
    since: float
    shown: Moment | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


def moment(state: TableState, seat: int) -> tuple[Moment | None, Spectated | None]:
    """What a spectator of ``seat`` would be shown now (None: nothing to show)."""
    if state.spectated is None or state.stamp is None:
        return None, None
    view = state.spectated(seat)
    shown = Spectated(state.table_id, seat, view, state.names, state.style, state.players)
    return (state.stamp.deal, len(view.tricks) if view else 0, view is not None), shown


class SpectatorPanels:
    """The live spectator panels of every table, by table and member."""

    def __init__(self, outgoing: Callable[[MessageModel], Awaitable[Outgoing]],
                 disclose: Callable[[Disclosure], None],
                 clock: Callable[[], float] = time.time, lifetime: float = LIFETIME) -> None:
        self.outgoing = outgoing
        self.disclose = disclose
        self.clock = clock
        self.lifetime = lifetime
        self._panels: dict[int, dict[int, SpectatorPanel]] = {}

    def hold(self, table_id: int, user_id: int, panel: SpectatorPanel,
             shown: Moment | None) -> None:
        panel.shown = shown
        self._panels.setdefault(table_id, {})[user_id] = panel

    def of_table(self, table_id: int) -> dict[int, SpectatorPanel]:
        panels = self._panels.get(table_id, {})
        for user_id, panel in list(panels.items()):
            if self.clock() - panel.since >= self.lifetime:
                del panels[user_id]
        return dict(panels)

    def forget(self, table_id: int) -> None:
        self._panels.pop(table_id, None)

    async def follow(self, state: TableState) -> None:
        """Edit each panel of the table whose moment moved on."""
        for user_id, panel in self.of_table(state.table_id).items():
            async with panel.lock:
                now, shown = moment(state, panel.seat)
                if now is None or shown is None or now == panel.shown:
                    continue
                words = Words(panel.language, state.variant, state.style)
                model = spectator_panel(shown, words)
                out = await self.outgoing(model)
                if not await edit_through_token(panel.interaction, out, state.table_id):
                    self._panels.get(state.table_id, {}).pop(user_id, None)
                    continue
                panel.shown = now
                self.disclose(Disclosure(state.table_id, MessageKind.SPECTATE, user_id, None,
                                         state.stamp, model))


__all__ = ["Moment", "SpectatorPanel", "SpectatorPanels", "moment"]
