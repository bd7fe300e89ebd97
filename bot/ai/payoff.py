"""Chips per seat from a deal's card points and tricks, for searches that score
sampled worlds without building a :class:`~bot.engine.Deal`: the engine's own scoring
(:meth:`bot.engine.variants.Variant.score`, which its settlement uses too), with the
deal's contract, declarer and announcements fixed once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.engine import SeatView
from bot.engine.variants import Variant

from .knowledge import table_of


@dataclass(frozen=True, slots=True)
class Scorer:
    """The scoring of one contract at one table. ``pile`` in :meth:`payments` is the
    card points lying outside the hands and tricks: the talon, or the declarer's
    discards where the talon was picked up."""

    rules: Variant
    contract: str
    declarer: int | None
    pot: int = 0  # tapp1879: the pot after this deal's ante
    tout: bool = False
    kontra: bool = False
    rekontra: bool = False

    @staticmethod
    def of(view: SeatView, contract: str | None = None, declarer: int | None = None,
           *, tout: bool | None = None) -> Scorer:
        """The scorer of ``view``'s deal (or of a contract it might come to)."""
        return Scorer(
            rules=table_of(view).rules,
            contract=contract if contract is not None else view.contract or "",
            declarer=view.declarer if declarer is None else declarer,
            pot=view.pot,
            tout=("tout" in view.announcements) if tout is None else tout,
            kontra=view.kontra_by is not None, rekontra=view.rekontra_by is not None,
        )

    def payments(self, points: Sequence[int], tricks: Sequence[int], pile: int,
                 last_winner: int) -> list[int]:
        """Chips per seat (the dealer's ante excluded) once play is over."""
        return self.rules.score(self.contract, self.declarer, points, tricks, pile,
                                last_winner, tout=self.tout, kontra=self.kontra,
                                rekontra=self.rekontra, pot=self.pot).payments


__all__ = ["Scorer"]
