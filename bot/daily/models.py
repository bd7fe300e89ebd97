"""What the service answers (plain data) and the messages built from it.

A :class:`RunView` is one member's moment of their run (only their own seat's view);
the boards hold a day's, a week's or the streaks' standings, a day's placings only for
a viewer who may see them. A :class:`DailyMessage` is what a message shows (embeds,
images to render, components), built by :mod:`.run_messages` and :mod:`.board_messages`
and sent by the cog; it remembers the views behind it and the cards its text names, for
the tests.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from bot.engine import Action, SeatView
from bot.ui.specs import Component, EmbedModel

from .scoring import Placing, StreakLine, WeekLine


@dataclass(frozen=True, slots=True)
class RunView:
    """A member's run at one moment: their seat's view and what they may do."""

    run_id: int
    step: int  # the run's stamp: a component drawn now carries it
    day: date
    variant: str
    seat: int
    view: SeatView  # the member's own seat's view, nothing more
    style: str  # deck style of the server
    commitment: str  # SHA-256 of the day's seed (the seed is published after the day)
    may_decline: bool = False  # only a Kontra/Rekontra to consider: offer "no Kontra"
    done: Action | None = None  # the member's action this answer acknowledges
    declined: bool = False  # ... or they let an announcement pass
    #: once finished: their chips, their place among those who finished, how many
    chips: int | None = None
    place: Placing | None = None
    finished_count: int = 0

    @property
    def finished(self) -> bool:
        return self.chips is not None


@dataclass(frozen=True, slots=True)
class DayBoard:
    """A day's table. ``placings`` is None where the viewer may not see it (today's,
    before they have finished it themselves)."""

    day: date
    is_today: bool
    variant: str | None  # None: no deal was dealt that day
    seat: int  # the seat every member held
    finished: int
    playing: int
    placings: tuple[Placing, ...] | None
    viewer_finished: bool
    seed: str | None = None  # hex, once the day is over
    commitment: str | None = None


@dataclass(frozen=True, slots=True)
class WeekBoard:
    monday: date
    last_counted: date | None  # the last day counted (days that are over)
    lines: tuple[WeekLine, ...]
    days: int  # days of the week that are over
    today_finished: int  # members who have finished today's deal (counted tomorrow)
    is_this_week: bool


@dataclass(frozen=True, slots=True)
class StreakBoard:
    today: date
    lines: tuple[StreakLine, ...]


@dataclass(frozen=True, slots=True)
class DailyMessage:
    """One message of the deal of the day."""

    embeds: tuple[EmbedModel, ...]
    components: tuple[Component, ...] = ()
    ephemeral: bool = True
    views: tuple[SeatView, ...] = ()  # the views its text and images come from
    shown: frozenset[int] = frozenset()  # cards its text and components name
