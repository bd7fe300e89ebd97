"""The ``custom_id`` of every deal-of-the-day component.

* A run's components: ``tappd:<run>:<step>:<token>``. ``run`` is the run's id, ``step``
  its step count when the component was drawn (``-`` for one that does not depend on
  the moment, such as *Hands*), so a click on a component the run has moved past is
  refused as stale. ``token``: an engine action token (``bid:solo``, ``play:TH``), a
  select whose values make the action (``pick.discard``, ``pick.call``), ``decline``
  (let a Kontra pass) or ``hands``.
* A table's buttons: ``tappd-b:<view>:<day>``, ``view`` one of :data:`BOARD_VIEWS` and
  ``day`` as ``YYYYMMDD`` (``-`` where none is needed). A table is always of the
  server the button is clicked in.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from .day import compact, from_compact

PREFIX = "tappd"
RUN_TEMPLATE = (r"tappd:(?P<run>[0-9]{1,19}):(?P<step>[0-9]{1,5}|-)"
                r":(?P<token>[!-~]{1,80})")
BOARD_TEMPLATE = r"tappd-b:(?P<view>day|week|streaks|play):(?P<day>[0-9]{8}|-)"
BOARD_VIEWS = ("day", "week", "streaks", "play")
HANDS = "hands"
MAX_LENGTH = 100
_RUN = re.compile(RUN_TEMPLATE)
_BOARD = re.compile(BOARD_TEMPLATE)


@dataclass(frozen=True, slots=True)
class RunId:
    run_id: int
    step: int | None  # None: the component does not depend on the moment
    token: str

    def encode(self) -> str:
        text = f"{PREFIX}:{self.run_id}:{'-' if self.step is None else self.step}:{self.token}"
        if len(text) > MAX_LENGTH or not _RUN.fullmatch(text):
            raise ValueError(f"not a valid deal-of-the-day custom_id: {text!r}")
        return text

    @staticmethod
    def from_match(match: re.Match[str]) -> RunId:
        step = match["step"]
        return RunId(int(match["run"]), None if step == "-" else int(step), match["token"])

    @staticmethod
    def parse(text: str) -> RunId | None:
        match = _RUN.fullmatch(text)
        return None if match is None else RunId.from_match(match)

    @property
    def pick_kind(self) -> str | None:
        """``discard`` for ``pick.discard``, ``call`` for ``pick.call.2``; else None."""
        if not self.token.startswith("pick."):
            return None
        return self.token[len("pick."):].split(".")[0]


@dataclass(frozen=True, slots=True)
class BoardId:
    view: str
    day: date | None

    def encode(self) -> str:
        text = f"{PREFIX}-b:{self.view}:{'-' if self.day is None else compact(self.day)}"
        if not _BOARD.fullmatch(text):
            raise ValueError(f"not a valid deal-of-the-day table id: {text!r}")
        return text

    @staticmethod
    def from_match(match: re.Match[str]) -> BoardId:
        """Raises ValueError for a day that is no date (a forged id)."""
        day = match["day"]
        return BoardId(match["view"], None if day == "-" else from_compact(day))

    @staticmethod
    def parse(text: str) -> BoardId | None:
        match = _BOARD.fullmatch(text)
        if match is None:
            return None
        try:
            return BoardId.from_match(match)
        except ValueError:
            return None


def run_id(run: int, step: int | None, token: str) -> str:
    return RunId(run, step, token).encode()


def board_id(view: str, day: date | None = None) -> str:
    return BoardId(view, day).encode()
