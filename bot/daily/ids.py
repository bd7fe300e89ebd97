"""The ``custom_id`` of every deal-of-the-day component.

In the format of :mod:`bot.custom_ids` (ids posted before it, ``tappd:...`` and
``tappd-b:...``, still read):

* A run's components: ``tapp:d:<run>:<step>:<token>``. ``run`` is the run's id, ``step``
  its step count when the component was drawn (``-`` for one that does not depend on
  the moment, such as *Hands*), so a click on a component the run has moved past is
  refused as stale. ``token``: an engine action token (``bid:solo``, ``play:TH``), a
  select whose values make the action (``pick.discard``, ``pick.call``), ``decline``
  (let a Kontra pass) or ``hands``.
* A table's buttons: ``tapp:db:<view>:<day>``, ``view`` one of :data:`BOARD_VIEWS` and
  ``day`` as ``YYYYMMDD`` (``-`` where none is needed). A table is always of the
  server the button is clicked in.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from typing import ClassVar

from bot.custom_ids import Key, TokenKey

from .day import compact, from_compact

_RUN = r"(?P<run>[0-9]{1,19}):(?P<step>[0-9]{1,5}|-):(?P<token>[!-~]{1,80})"
BOARD_VIEWS = ("day", "week", "streaks", "play")
_BOARD = rf"(?P<view>{'|'.join(BOARD_VIEWS)}):(?P<day>[0-9]{{8}}|-)"
HANDS = "hands"


@dataclass(frozen=True, slots=True)
class RunId(TokenKey):
    kind: ClassVar[str] = "d"
    fields_pattern: ClassVar[str] = _RUN
    legacy: ClassVar[str | None] = "tappd:" + _RUN
    #: a click raises ``on_tapp_daily(interaction, run_id, values)``
    event: ClassVar[str] = "tapp_daily"

    run_id: int
    step: int | None  # None: the component does not depend on the moment
    token: str

    def fields(self) -> str:
        return f"{self.run_id}:{'-' if self.step is None else self.step}:{self.token}"

    @classmethod
    def from_match(cls, match: re.Match[str]) -> RunId:
        step = match["step"]
        return cls(int(match["run"]), None if step == "-" else int(step), match["token"])


@dataclass(frozen=True, slots=True)
class BoardId(Key):
    kind: ClassVar[str] = "db"
    fields_pattern: ClassVar[str] = _BOARD
    legacy: ClassVar[str | None] = "tappd-b:" + _BOARD
    #: a click raises ``on_tapp_daily_board(interaction, board_id, values)``; the board
    #: id is None for a day that is no date (a forged id)
    event: ClassVar[str] = "tapp_daily_board"

    view: str
    day: date | None

    def fields(self) -> str:
        return f"{self.view}:{'-' if self.day is None else compact(self.day)}"

    @classmethod
    def from_match(cls, match: re.Match[str]) -> BoardId:
        """Raises ValueError for a day that is no date (a forged id)."""
        day = match["day"]
        return cls(match["view"], None if day == "-" else from_compact(day))


def run_id(run: int, step: int | None, token: str) -> str:
    return RunId(run, step, token).encode()


def board_id(view: str, day: date | None = None) -> str:
    return BoardId(view, day).encode()
