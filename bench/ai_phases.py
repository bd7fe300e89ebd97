"""Where a player loses against the clairvoyant bound, decision by decision (the
per-phase table of ``python -m bot bench ai``).

Every decision a player made in a seat is charged the chips the bound would get from
the state before it minus what it would get from the state after it (the bound's value
of a state: the clairvoyant player, :class:`~bot.ai.oracle.ClairvoyantPlayer`, taking
the seat from there on, the others baseline as ever). The charges of a deal add up
exactly to the bound's result minus the player's (telescoping: the bound from the
deal's start is the bound's own game, and from the end it is the player's result).
They are summed per phase: the auction, each step before play, kontra, and card play
by trick and by the seat's role (declarer, its partner, defender, or none in a Ramsch).
"""

from __future__ import annotations

from typing import Any

from bot.ai.base import Player
from bot.ai.oracle import ClairvoyantPlayer
from bot.ai.selfplay import play_deal
from bot.engine import OPTIONAL, Action, Deal, Phase, SeatView


def role(view: SeatView) -> str:
    """The seat's side in card play: ``declarer``, ``partner`` (the Rufer's called
    seat, once public), ``defender``, or ``none`` (no declarer: a Ramsch)."""
    if view.declarer is None:
        return "none"
    if view.declarer == view.seat:
        return "declarer"
    if view.called_from is not None and view.called_from == view.seat:
        return "partner"
    return "defender"


def phase_key(view: SeatView, action: Action | None, announcing: bool) -> str:
    """The row of the per-phase table a decision counts in: ``auction``, a step before
    play (``contract``, ``discard``, ``trump``, ``call``, ``give``, ``announce``),
    ``kontra``, or ``play <role> <trick>``."""
    if announcing or (action is not None and action.type in OPTIONAL):
        return "kontra"
    if view.phase is Phase.AUCTION or view.phase is Phase.DECLARE:
        return "auction"
    if view.phase is Phase.PLAY:
        return f"play {role(view)} {len(view.tricks) + 1}"
    return str(view.phase.value)


#: one decision of the seat: the deal just before it, its row, what was chosen, and
#: whether it was an announcement query (kontra, rekontra) rather than a main turn
Decision = tuple[Deal, str, Action | None, bool]


class Recorder:
    """A player whose decisions are recorded with the deal as it stood before each."""

    def __init__(self, inner: Player, deal: Deal) -> None:
        self.inner = inner
        self.deal = deal
        self.decisions: list[Decision] = []

    def choose(self, view: SeatView) -> Action:
        before = self.deal.copy()
        action = self.inner.choose(view)
        self.decisions.append((before, phase_key(view, action, False), action, False))
        return action

    def announcement(self, view: SeatView) -> Action | None:
        if not any(a.type in OPTIONAL for a in view.legal):
            return self.inner.announcement(view)
        before = self.deal.copy()
        action = self.inner.announcement(view)
        self.decisions.append((before, phase_key(view, action, True), action, True))
        return action


def bound_value(deal: Deal, seat: int, others: list[Player]) -> int:
    """The chips ``seat`` ends with when the clairvoyant player takes it from ``deal``
    on (the others as in ``others``)."""
    sim = deal.copy()
    seats = list(others)
    seats[seat] = ClairvoyantPlayer(sim, seat, others)
    return play_deal(sim, seats).payments[seat]


#: per row of the table: [decisions, decisions where the bound chose otherwise, chips]
Losses = dict[str, list[float]]


def losses(decisions: list[Decision], seat: int, others: list[Player],
           result: int) -> tuple[Losses, int]:
    """Each decision charged with what it cost against the bound (see the module's
    docstring), summed per row; and the bound's value at the first decision (the sum
    of the charges is that minus ``result``). Walked backwards: where the bound would
    have chosen the same, the state after the decision is the next decision's (the
    others are deterministic), so its value is known without playing it out."""
    rows: Losses = {}
    after = result
    for deal, key, action, announcing in reversed(decisions):
        bound = ClairvoyantPlayer(deal.copy(), seat, others)
        view = deal.view(seat)
        own = bound.announcement(view) if announcing else bound.choose(view)
        before = after if own == action else bound_value(deal, seat, others)
        row = rows.setdefault(key, [0, 0, 0.0])
        row[0] += 1
        row[1] += own != action
        row[2] += before - after
        after = before
    return rows, after



def phase_table(rows: dict[int, Losses], deals: int) -> dict[str, Any]:
    """The per-phase losses of one variant: per row, decisions, decisions where the
    bound chose otherwise, and chips lost per deal; and the same summed into groups
    (the auction, the steps before play with kontra, card play by role)."""
    total: Losses = {}
    for per_deal in rows.values():
        for key, (n, other, chips) in per_deal.items():
            row = total.setdefault(key, [0, 0, 0.0])
            row[0] += n
            row[1] += other
            row[2] += chips

    def entry(r: list[float]) -> dict[str, Any]:
        return {"decisions": int(r[0]), "bound_differs": int(r[1]),
                "chips_per_deal": round(r[2] / max(deals, 1), 3)}

    def order(key: str) -> tuple[int, str, int]:
        if key.startswith("play "):
            _, who, *trick = key.split()
            return 2, who, int(trick[0]) if trick else 0
        return (0 if key == "auction" else 1), key, 0

    groups: Losses = {}
    for key, r in total.items():
        group = (key if key == "auction" else "before play" if not key.startswith("play ")
                 else "play " + key.split()[1])
        g = groups.setdefault(group, [0, 0, 0.0])
        for j in range(3):
            g[j] += r[j]
    return {"rows": {key: entry(total[key]) for key in sorted(total, key=order)},
            "groups": {key: entry(groups[key]) for key in sorted(groups, key=order)}}


__all__ = ["Decision", "Losses", "Recorder", "bound_value", "losses", "phase_key",
           "phase_table", "role"]
