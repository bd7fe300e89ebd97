"""One perfect-information world of the remaining cards, and the trick-play rules
over bit masks.

A :class:`World` is one complete layout of the remaining cards (a determinization, or
the true deal for the perfect-information bound). A position is the world's ``hands``
(a list of masks), the ``leader`` of the current trick and the cards already in it.
The rules are the engine's (:mod:`bot.engine.tricks`, re-exported here for the
searches).

Values are always from the point of view of the *side*: a bit mask of seats playing
together (the declarer alone; in Ramsch the deciding seat alone). A trick the side wins
is worth ``16 * points + 1``, so one number orders first by card points, then by tricks.
"""

from __future__ import annotations

from dataclasses import KW_ONLY, dataclass

from bot.engine.cards import SUIT_MASKS, SUIT_OF
from bot.engine.tricks import beats, legal_mask, trick_winner
from bot.engine.variants import Aim

#: a trick's value to the side that wins it: TRICK_SCALE * points + 1
TRICK_SCALE = 16
#: aims a search plays for (the engine's :class:`~bot.engine.variants.Aim`)
POINTS, WIN_ALL, LOSE_ALL, RAMSCH = Aim.POINTS, Aim.WIN_ALL, Aim.LOSE_ALL, Aim.RAMSCH


def bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


@dataclass(slots=True, eq=False)
class World:
    """One layout of every remaining card, and the current trick.

    ``side`` is the mask of seats the values are counted for; ``must_win_all`` /
    ``must_lose_all`` end the play as the engine does (the side is the declarer's).
    """

    n: int
    hands: list[int]
    trump_mask: int
    leader: int
    trick: list[int]
    side: int
    _: KW_ONLY
    must_win_all: bool = False
    must_lose_all: bool = False

    @property
    def turn(self) -> int:
        return (self.leader + len(self.trick)) % self.n

    def copy(self) -> World:
        return World(self.n, self.hands[:], self.trump_mask, self.leader, self.trick[:],
                     self.side, must_win_all=self.must_win_all,
                     must_lose_all=self.must_lose_all)

    def legal(self) -> int:
        led = SUIT_MASKS[SUIT_OF[self.trick[0]]] if self.trick else 0
        return legal_mask(self.hands[self.turn], led, self.trump_mask)

    def tricks_left(self) -> int:
        """Tricks still to be completed, the current one included."""
        most = max(h.bit_count() for h in self.hands)
        return most + (1 if self.trick and most == 0 else 0)


class Outcome:
    """What the rest of a deal brought: points and tricks per seat, the last trick's
    winner, and whether the play ended early (Durch lost, Bettel lost)."""

    __slots__ = ("points", "tricks", "last_winner", "ended_early")

    def __init__(self, n: int) -> None:
        self.points = [0] * n
        self.tricks = [0] * n
        self.last_winner = -1
        self.ended_early = False


__all__ = [
    "LOSE_ALL", "POINTS", "RAMSCH", "TRICK_SCALE", "WIN_ALL", "Outcome", "World", "beats",
    "bits", "legal_mask", "trick_winner",
]
