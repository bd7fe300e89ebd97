"""The ``custom_id`` of every series component (:mod:`bot.connection.custom_ids`):

* A run's components: ``tapp:s:<run>:<step>:<token>``: the run's id, its step count
  when drawn (``-`` for *Hands*, which does not depend on the moment), and the token
  (an engine action's, ``pick.<kind>`` for a select, ``decline`` or ``hands``).
* A series' buttons: ``tapp:sb:<series>:<view>``, ``view`` one of :data:`VIEWS`. A
  series is always looked up in the server the button is clicked in.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.connection.custom_ids import CARD, TOKEN, Key, Part, TokenKey, number

VIEWS = ("play", "join", "standings", "me")
HANDS = "hands"
DECLINE = "decline"


@dataclass(frozen=True, slots=True)
class SeriesRunId(TokenKey, kind="s", event="tapp_series",
                  parts=[number("run_id", 19), Part("step", "[0-9]{1,5}", int, none="-"),
                         TOKEN],
                  choice=CARD, unreadable="series.error.not_yours",
                  bad_choice="error.unknown_action"):
    """A run's component; a click raises ``on_tapp_series(interaction, key, values)``."""

    run_id: int
    step: int | None
    token: str


@dataclass(frozen=True, slots=True)
class SeriesButtonId(Key, kind="sb", event="tapp_series_button",
                     parts=[number("series_id", 19), Part("view", "|".join(VIEWS))],
                     unreadable="series.error.none"):
    """A series' button; a click raises ``on_tapp_series_button(interaction, key,
    values)``."""

    series_id: int
    view: str


def run_id(run: int, step: int | None, token: str) -> str:
    return SeriesRunId(run, step, token).encode()


def button_id(series_id: int, view: str) -> str:
    return SeriesButtonId(series_id, view).encode()
