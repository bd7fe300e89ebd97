"""The ``custom_id`` of every table component: ``tapp:t:<table>:<deal>.<ply>:<token>``
(the format of :mod:`bot.connection.custom_ids`; ids posted before it, ``tapp:<table>:...``, still
read).

* ``table``: the table id.
* ``deal.ply``: the deal's number at the table and its action count when the component
  was drawn, so a click on a component the game has moved past is recognised as stale;
  ``-`` for components that do not depend on the moment (*My hand*, *Join*, ...).
* ``token``: an engine action token (``bid:solo``, ``play:TH``, ``kontra``), a verb of
  the table (:data:`VERBS`), or ``pick.<kind>`` for a select whose chosen values make
  the action (``pick.discard`` with the cards, ``pick.call`` with the card).

Discord allows 100 characters; the longest id (a discard of 4 cards as buttons would
be ``discard:6H.AS.9C.QS``) stays far below.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.connection.custom_ids import CARD, TOKEN, Part, TokenKey, number

#: spectators: the table message's *Watch*, and ``watch.<seat>`` to follow a seat
WATCH, MAX_SEATS = "watch", 6
WATCH_VERBS = frozenset({WATCH, *(f"{WATCH}.{seat}" for seat in range(MAX_SEATS))})

#: table verbs: components that are not game actions
VERBS = frozenset({
    "hand", "last", "rules", "end",  # on the table message
    "hands",  # on a deal's result
    "join", "leave", "computer", "start", "cancel",  # in the lobby
    "claim.all", "claim.none",  # a claim (the claimer's panel)
    "claim.yes", "claim.no",  # accepting or refusing one (panels and the table message)
    "review",  # on a deal's result: review one's own play (bot.review)
    *WATCH_VERBS,  # spectators: the table message's Watch, a seat to follow
})


@dataclass(frozen=True, slots=True)
class Stamp:
    """A moment of a table: the deal's number and its action count."""

    deal: int
    ply: int

    def __str__(self) -> str:
        return f"{self.deal}.{self.ply}"

    @staticmethod
    def parse(text: str) -> Stamp:
        """The stamp ``<deal>.<ply>`` names."""
        deal, _, ply = text.partition(".")
        return Stamp(int(deal), int(ply))


@dataclass(frozen=True, slots=True)
class ComponentId(TokenKey, kind="t", event="tapp_component", legacy_prefix="tapp:",
                  parts=[number("table_id", 19),
                         Part("stamp", r"[0-9]{1,6}\.[0-9]{1,4}", Stamp.parse, none="-"),
                         TOKEN],
                  choice=CARD, unreadable="error.table_gone", bad_choice="error.unknown_action"):
    """A table's component; a click raises ``on_tapp_component(interaction,
    component_id, values)``, the values the cards chosen in a select."""

    table_id: int
    stamp: Stamp | None
    token: str

    @property
    def is_verb(self) -> bool:
        return self.token in VERBS


def custom_id(table_id: int, stamp: Stamp | None, token: str) -> str:
    return ComponentId(table_id, stamp, token).encode()
