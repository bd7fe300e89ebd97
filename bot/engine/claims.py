"""Claims: a player in play says how the rest of the deal goes, and the engine checks it.

A claim is ``all`` (I take every trick still to play) or ``none`` (I take no more
trick, as a Bettel player would). :func:`claim_line` looks for the claimer's plays that
make the claim come true *against every legal defence*: then nothing the others could
do would change a chip, and the deal may end at once, played out along that line (its
record holds real, legal plays; it replays to the same result). With ``defended=False``
it looks for *some* legal continuation where the claim comes true: what the others may
accept (the claim is then played out so), never force. A search that would go beyond
``budget`` positions is given up (:class:`ClaimTooDeep`).
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING

from .cards import iter_bits
from .view import Phase

if TYPE_CHECKING:
    from .deal import Deal

Play = tuple[int, int]  # (seat, card)


class ClaimKind(StrEnum):
    ALL = "all"  # every trick still to play
    NONE = "none"  # no more trick


class ClaimTooDeep(Exception):
    """The claim could not be checked within the search budget."""


def can_claim(deal: Deal) -> bool:
    """Claims are made while cards are played (before the last card)."""
    return deal.phase is Phase.PLAY and not deal.is_over


def claim_line(deal: Deal, seat: int, kind: ClaimKind, *, defended: bool = True,
               budget: int = 200_000) -> list[Play] | None:
    """The plays to the end of the deal that make ``seat``'s claim come true (see the
    module docstring), or None if there are none; the deal is not changed."""
    if not can_claim(deal):
        return None
    search = _Search(seat, kind, defended, budget)
    if not search.holds(deal.copy()):
        return None
    return search.line(deal.copy())


class _Search:
    def __init__(self, seat: int, kind: ClaimKind, defended: bool, budget: int) -> None:
        self.seat = seat
        self.kind = kind
        self.defended = defended
        self.budget = budget
        self.memo: dict[tuple[object, ...], int | None] = {}  # position -> a good card

    def _key(self, deal: Deal) -> tuple[object, ...]:
        return (tuple(deal.hands), tuple(deal.trick), deal.leader)

    def _trick_ok(self, deal: Deal, tricks_before: int) -> bool:
        if len(deal.tricks) == tricks_before:
            return True
        winner = deal.tricks[-1].winner
        return (winner == self.seat) == (self.kind is ClaimKind.ALL)

    def holds(self, deal: Deal) -> bool:
        """Whether the claim comes true from here (recording a good card per position)."""
        if deal.is_over:
            return True
        key = self._key(deal)
        if key in self.memo:
            return self.memo[key] is not None
        self.budget -= 1
        if self.budget < 0:
            raise ClaimTooDeep()
        actor = deal.turn
        chooses = actor == self.seat or not self.defended
        found: int | None = None
        for card in iter_bits(deal.legal_play_mask()):
            after = deal.copy()
            tricks = len(after.tricks)
            after.play_unchecked(card)
            ok = self._trick_ok(after, tricks) and self.holds(after)
            if chooses and ok:
                found = card
                break
            if not chooses and not ok:
                found = None
                break
            if not chooses:
                found = card  # every defence so far keeps the claim: any of them
        self.memo[key] = found
        return found is not None

    def line(self, deal: Deal) -> list[Play]:
        """The continuation: the recorded good card at every position."""
        plays: list[Play] = []
        while not deal.is_over:
            card = self.memo[self._key(deal)]
            assert card is not None
            plays.append((deal.turn, card))
            deal.play_unchecked(card)
        return plays
