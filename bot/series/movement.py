"""The movement: who holds which seat of which deal (pure: no I/O).

Every table of a series plays the same deals in the same order (:mod:`.deals`), so a
seat of a deal holds the same cards at every table; a member's result on a deal is
compared with everyone else's who held the same seat of it (:mod:`.scoring`).

* **Against computers** (``Pairing.COMPUTERS``): each member is a table of their own,
  computer players in the other seats. On deal ``n`` every member holds the same seat,
  ``(n - 1) mod players``: everyone who played a deal is compared with everyone else
  who did, and over the series each holds each seat (so each place in the order of
  play) equally often. One lone member is simply one table; a late joiner plays the
  same deals from the first.
* **Sharing tables** (``Pairing.TABLES``): members are placed in the order they join,
  ``players`` to a table (table ``t = j // players``, place ``p = j mod players`` for
  the ``j``-th member); a table whose places are not all taken when it starts gets
  computer players in the empty ones (numbers that do not divide; a late joiner starts
  a new table, or fills the newest one). On deal ``n`` (round ``r = (n - 1) //
  players``, step ``k = (n - 1) mod players``) the member at place ``p`` of table ``t``
  holds seat ``(p + k + t r) mod players``. Within a round each member holds each seat
  once; from round to round table ``t``'s rotation shifts by ``t``, so members of
  different tables who were compared on one round's deals are compared with others on
  the next: with a prime number of seats (3, 5) each pair of places at two tables
  meets in exactly one round of every ``players``, as the members of a Howell movement
  meet. Each seat of each deal is held by one player at each table, a member or a
  computer; computers' results are not scored.
"""

from __future__ import annotations

from dataclasses import dataclass

from .spec import Pairing


@dataclass(frozen=True, slots=True)
class Place:
    """Where a member plays: their table and their place at it (both from 0)."""

    table: int
    position: int


@dataclass(frozen=True, slots=True)
class Movement:
    pairing: Pairing
    players: int

    def place_of(self, joined: int) -> Place:
        """The place of the member who joined ``joined``-th (from 0)."""
        if joined < 0:
            raise ValueError("a member's turn to join counts from 0")
        if self.pairing is Pairing.COMPUTERS:
            return Place(joined, 0)
        return Place(*divmod(joined, self.players))

    def seat(self, place: Place, number: int) -> int:
        """The seat the member at ``place`` holds on deal ``number`` (from 1)."""
        if number < 1:
            raise ValueError("deals count from 1")
        n = self.players
        if not 0 <= place.position < (1 if self.pairing is Pairing.COMPUTERS else n):
            raise ValueError(f"no place {place.position} at a table of this series")
        r, k = divmod(number - 1, n)
        if self.pairing is Pairing.COMPUTERS:
            return k
        return (place.position + k + place.table * r) % n

    def table_seats(self, table: int, number: int) -> dict[int, int]:
        """Seat -> place at ``table`` on deal ``number`` (every seat of a shared table;
        the one seat of a member's own table)."""
        places = 1 if self.pairing is Pairing.COMPUTERS else self.players
        return {self.seat(Place(table, p), number): p for p in range(places)}
