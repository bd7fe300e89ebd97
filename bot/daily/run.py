"""A member's run of the day's deal, rebuilt from its stored steps (pure: no I/O).

A run is the deal dealt as stored plus its steps in order: each step is an action entry
of the deal record (the member's or a computer's), or a *decline* (the member lets the
Kontra or Rekontra they could say pass). The run waits for the member when they have a
main action (a bid, a card ...), or an announcement they have not let pass yet: one they
declined, or were offered beside a main action they took instead, is not offered again
(a new one, such as a Rekontra after a Kontra, is). Otherwise a computer acts.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from bot.ai.seeded import position
from bot.engine import (
    OPTIONAL,
    Action,
    Deal,
    SeatView,
    deal_from_record,
    main_actions,
    meant,
)
from bot.engine.record import entry_to_record
from bot.store.codec import result_to_json
from bot.store.daily import DECLINE
from bot.tables.errors import Refused


@dataclass
class RunState:
    """Where a run stands: the deal, the member's seat and the steps taken."""

    deal: Deal
    seat: int
    step: int = 0  # steps stored (actions and declines): the run's stamp
    #: announcement tokens the member has let pass (they are not offered again)
    declined: set[str] = field(default_factory=set)

    @classmethod
    def replay(cls, header: Mapping[str, Any], seat: int,
               entries: Iterable[Mapping[str, Any]]) -> RunState:
        """The run after ``entries`` (each validated by the engine as it is applied)."""
        record = dict(header)
        record["actions"] = []
        state = cls(deal_from_record(record), seat)
        for entry in entries:
            state.apply_entry(entry)
        return state

    # -- what the member may do ------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.deal.is_over

    def view(self) -> SeatView:
        return self.deal.view(self.seat)

    def main_actions(self) -> list[Action]:
        return main_actions(self.deal.legal_actions(self.seat))

    def open_announcements(self) -> list[Action]:
        """The member's announcements that are legal now and not let pass."""
        return [a for a in self.deal.legal_actions(self.seat)
                if a.type in OPTIONAL and a.token not in self.declined]

    def waits_for_member(self) -> bool:
        if self.over:
            return False
        return bool(self.main_actions() or self.open_announcements())

    def may_decline(self) -> bool:
        """The member has only announcements to consider (a *no Kontra* button)."""
        return not self.over and not self.main_actions() and bool(self.open_announcements())

    # -- steps ------------------------------------------------------------------------------
    def member_entry(self, action: Action | None) -> dict[str, Any]:
        """The step entry of the member's ``action`` (None: they decline)."""
        if action is None:
            return {"seat": self.seat, "type": DECLINE}
        return action.to_record(self.seat)

    @staticmethod
    def entry(seat: int, action: Action) -> dict[str, Any]:
        return entry_to_record(seat, action)

    def apply_entry(self, entry: Mapping[str, Any]) -> None:
        """Take one stored step (raises the engine's error if it is not legal now)."""
        seat = entry.get("seat")
        if entry.get("type") == DECLINE:
            if seat != self.seat or not self.may_decline():
                raise ValueError(f"step {self.step}: nothing to decline")
            self.declined |= {a.token for a in self.open_announcements()}
            self.step += 1
            return
        seat, action = Action.from_record(dict(entry))
        self.apply(seat, action)

    def apply(self, seat: int, action: Action) -> None:
        """Take ``action`` for ``seat`` (validated); a main action of the member lets
        the announcements offered beside it pass."""
        offered = ({a.token for a in self.open_announcements()}
                   if seat == self.seat and action.type not in OPTIONAL else set())
        self.deal.apply(seat, action)
        self.declined |= offered
        if action.type in OPTIONAL and seat == self.seat:
            self.declined.add(action.token)
        self.step += 1

    def take(self, seat: int, action: Action | None
             ) -> tuple[int, dict[str, Any], tuple[int, dict[str, Any]] | None]:
        """Take one step (the engine validates it; None: the member lets an announcement
        pass): the step's number, its entry, and, when it ends the deal, what finishes
        the run with it (the member seat's chips and the result as stored)."""
        step = self.step
        if action is None:
            entry = self.member_entry(None)
            self.apply_entry(entry)
        else:
            entry = self.entry(seat, action)
            self.apply(seat, action)
        finish = None
        if self.over:
            result = self.deal.outcome()
            assert result is not None
            finish = (self.result_chips(), result_to_json(result))
        return step, entry, finish

    def result_chips(self) -> int:
        """The member seat's chips once the deal is over."""
        result = self.deal.outcome()
        assert result is not None
        return result.payments[self.seat]

    def position(self) -> str:
        """Every action so far as text (seeds the computers' decisions): the same for the
        same actions however the deal got there (a play is logged as its card's index,
        a plain int or a :class:`Card`, whether taken now or replayed from the store)."""
        return position(self.deal)


def chosen(state: RunState, token: str) -> Action | None:
    """The action a component's token names at the run's step (None: the member lets an
    announcement pass); :class:`~bot.tables.errors.Refused` for a token that names no
    action, or for a pass when there is nothing to let pass."""
    if token == DECLINE:
        if not state.may_decline():
            raise Refused("error.nothing_to_do")
        return None
    try:
        return meant(state.deal, state.seat, Action.parse(token))
    except ValueError:
        raise Refused("error.unknown_action") from None
