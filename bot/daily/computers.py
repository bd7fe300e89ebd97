"""The computer players of a deal of the day, deterministic for the day.

Every member must meet the same opponents: a computer seat's decision depends only on
the day's seed, the seat and the position (every action so far). Each decision gets a
player whose random generator is seeded from those three, and the search levels run on
sample counts alone (no clock: a busy machine would otherwise cut a search short and
change its answer). A decision of a search level runs in the AI's worker processes, off
the event loop (:func:`bot.ai.runner.decision`, as the player's ``own``), and is waited
for without a fallback (a fallback would be a different player): past ``timeout``
seconds, or if its worker dies twice, the run simply waits where it is, and the next
call of the member's asks again.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass

from bot.ai import BaselinePlayer, Player, runner
from bot.ai.seeded import seeded_player
from bot.ai.turns import next_turn
from bot.engine import Action, SeatView

from .run import RunState


@dataclass(frozen=True, slots=True)
class Computers:
    """How a day's computer players decide: their ``level``, the search's layouts per
    decision (``samples``, None: the level's own), and where (``offload``: in the AI's
    worker processes; tests decide in a thread); ``on_decision`` is told each
    decision's level and wall seconds, as the event loop waited for it."""

    level: str
    seed: bytes
    samples: int | None = None
    offload: bool = True
    timeout: float = 120.0
    on_decision: Callable[[str, float], None] | None = None

    def player(self, seat: int, position: str) -> Player:
        """The player of ``seat`` at ``position`` (the same one for the same three:
        :func:`bot.ai.seeded.seeded_player`)."""
        return seeded_player(self.level, self.seed, seat, position, samples=self.samples)

    async def _ask(self, player: Player, view: SeatView, main: bool) -> Action | None:
        start = time.perf_counter()
        try:
            return await self._decide(player, view, main)
        finally:
            if self.on_decision is not None:
                self.on_decision(self.level, time.perf_counter() - start)

    async def _decide(self, player: Player, view: SeatView, main: bool) -> Action | None:
        if self.offload:
            decision = runner.decision(player, view, main=main, own=True)
            try:
                return (await asyncio.wait_for(decision, timeout=self.timeout)).action
            except BrokenProcessPool:  # its worker died twice: ask again on the next call
                raise TimeoutError() from None
        if isinstance(player, BaselinePlayer):  # cheap: decided here
            return player.choose(view) if main else player.announcement(view)
        call = player.choose if main else player.announcement
        return await asyncio.wait_for(asyncio.to_thread(call, view), timeout=self.timeout)

    async def next_move(self, state: RunState, asked: set[tuple[int, int]]
                        ) -> tuple[int, Action] | None:
        """The next computer action of the run (None: the member is to act, or the deal
        is over), in the order of :func:`bot.ai.turns.next_turn`: a computer seat that may
        announce Kontra or Rekontra is asked once per position (``asked`` holds (ply, seat)
        pairs already asked), then the main actor, when a computer, for its move."""
        deal = state.deal
        while not deal.is_over and not state.waits_for_member():
            turn = next_turn(deal, lambda seat: seat != state.seat,
                             lambda seat: (deal.ply, seat) in asked)
            if turn is None:
                return None
            player = self.player(turn.seat, state.position())
            if turn.main:
                action = await self._ask(player, deal.view(turn.seat), True)
                assert action is not None
                return turn.seat, action
            asked.add((deal.ply, turn.seat))
            said = await self._ask(player, deal.view(turn.seat), False)
            if said is not None:
                return turn.seat, said
        return None
