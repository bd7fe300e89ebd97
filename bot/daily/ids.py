"""The ``custom_id`` of every deal-of-the-day component.

In the format of :mod:`bot.connection.custom_ids` (ids posted before it, ``tappd:...`` and
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

from dataclasses import dataclass
from datetime import date

from bot.connection.custom_ids import CARD, TOKEN, Key, Part, TokenKey, number

from .day import compact, from_compact

BOARD_VIEWS = ("day", "week", "streaks", "play")
HANDS = "hands"


@dataclass(frozen=True, slots=True)
class RunId(TokenKey, kind="d", event="tapp_daily", legacy_prefix="tappd:",
            parts=[number("run_id", 19), Part("step", "[0-9]{1,5}", int, none="-"), TOKEN],
            choice=CARD, unreadable="daily.error.not_yours", bad_choice="error.unknown_action"):
    """A run's component; a click raises ``on_tapp_daily(interaction, run_id, values)``."""

    run_id: int
    step: int | None  # None: the component does not depend on the moment
    token: str


@dataclass(frozen=True, slots=True)
class BoardId(Key, kind="db", event="tapp_daily_board", legacy_prefix="tappd-b:",
              parts=[Part("view", "|".join(BOARD_VIEWS)),
                     Part("day", "[0-9]{8}", from_compact, compact, none="-")],
              unreadable="daily.error.not_yet"):
    """A button of a deal-of-the-day table; a click raises ``on_tapp_daily_board(
    interaction, board_id, values)`` (a day that is no date, a forged id, is answered
    as one that has not come yet)."""

    view: str
    day: date | None


def run_id(run: int, step: int | None, token: str) -> str:
    return RunId(run, step, token).encode()


def board_id(view: str, day: date | None = None) -> str:
    return BoardId(view, day).encode()
