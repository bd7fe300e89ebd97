"""Chips per seat from a deal's card points and tricks: the variants' scoring restated
over plain numbers, so that searches can score a sampled world without building a
:class:`~bot.engine.Deal`. ``tests/ai/test_payoff.py`` checks it against the engine.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine import SeatView

#: zuger: base value and points needed
ZUGER_BASE = {"tapp": 1, "solo": 2, "super": 4, "vice": 6}
ZUGER_WIN_AT = {"tapp": 61, "solo": 65, "super": 70, "vice": 75}
TOUT_AMOUNT = {"solo": 60, "coeursolo": 120}
DAPP_VALUE = {"ramsch": 1, "normal": 1, "herz": 2, "rufer": 4, "bettel": 5, "rufer_herz": 6,
              "durch": 8, "durch_herz": 12}
WUE_VALUE = {"herz_aufnehmen": 1, "farbe": 1, "herz": 2, "bettel": 3, "rufer": 3,
             "rufer_herz": 6, "bettel_ouvert": 6, "durch": 6, "durch_herz": 12, "ramsch": 1}


def _ceil_div(a: int, b: int) -> int:
    return -(-a // b)


@dataclass(frozen=True, slots=True)
class Scorer:
    """The scoring of one contract at one table. ``extra`` in :meth:`payments` is the
    card points lying outside the hands and tricks: the talon, or the declarer's
    discards where the talon was picked up."""

    variant: str
    n: int
    contract: str
    declarer: int | None
    hand_size: int
    stake: int = 1
    pot: int = 0  # tapp1879: the pot after this deal's ante
    tout: bool = False
    factor: int = 1  # dapp: kontra, rekontra (and the closing round) as a product
    tapp_threshold: int = 61

    @staticmethod
    def of(view: SeatView, contract: str | None = None, declarer: int | None = None,
           *, tout: bool | None = None, hand_size: int) -> Scorer:
        """The scorer of ``view``'s deal (or of a contract it might come to)."""
        factor = 1
        if view.kontra_by is not None:
            factor *= 2
        if view.rekontra_by is not None:
            factor *= 2
        if view.variant == "dapp" and view.options.get("closing_ramsch"):
            factor *= 2
        return Scorer(
            variant=view.variant, n=view.players,
            contract=contract if contract is not None else view.contract or "",
            declarer=view.declarer if declarer is None else declarer,
            hand_size=hand_size, stake=int(view.options.get("stake", 1)), pot=view.pot,
            tout=("tout" in view.announcements) if tout is None else tout, factor=factor,
            tapp_threshold=int(view.options.get("tapp_threshold", 61)),
        )

    def payments(self, points: list[int], tricks: list[int], extra: int,
                 last_winner: int) -> list[int]:
        """Chips per seat (the dealer's ante excluded) once play is over."""
        c = self.contract
        if c == "ramsch":
            unit = self.stake * self.factor
            return _ramsch(points, tricks, extra, last_winner, unit)
        d = self.declarer
        assert d is not None
        if self.variant == "zuger":
            return self._zuger(points, tricks, extra, d)
        if self.variant == "tapp1879":
            return self._tapp1879(points, tricks, extra, d)
        value = (DAPP_VALUE if self.variant == "dapp" else WUE_VALUE)[c]
        factor = self.factor
        if c in ("normal", "herz", "farbe", "herz_aufnehmen"):
            dp = points[d] + extra
            won = dp >= 61
            if self.variant == "dapp" and (120 - dp if won else dp) < 40:
                factor *= 2
        elif c.startswith("bettel"):
            won = tricks[d] == 0
        else:
            won = tricks[d] == self.hand_size
        amount = value * self.stake * factor
        return _each(self.n, d, amount if won else -amount)

    def _zuger(self, points: list[int], tricks: list[int], extra: int, d: int) -> list[int]:
        c = self.contract
        dp = points[d] + extra
        win_at = self.tapp_threshold if c == "tapp" else ZUGER_WIN_AT[c]
        lose_at = 59 if c == "tapp" and win_at == 61 else win_at - 1
        if lose_at < dp < win_at:
            return [0] * self.n
        won = dp >= win_at
        if won:
            loser_tricks, loser_points = sum(tricks) - tricks[d], 120 - dp
        else:
            loser_tricks, loser_points = tricks[d], dp
        factor = 3 if loser_tricks == 0 else 2 if loser_points < 21 else 1
        amount = ZUGER_BASE[c] * factor * self.stake
        return _each(self.n, d, amount if won else -amount)

    def _tapp1879(self, points: list[int], tricks: list[int], extra: int, d: int
                  ) -> list[int]:
        c = self.contract
        p = points[d] + (extra if tricks[d] else 0)
        diff = p - 60
        stake, pot = self.stake, self.pot
        to_pot = 0
        if self.tout:
            won = tricks[d] == sum(tricks) == self.hand_size
            per = TOUT_AMOUNT[c] * stake
            each, to_pot = (per, -pot) if won else (-per, pot)
        elif c == "coeurfrage":
            each = _ceil_div(diff, 4) * stake if diff > 0 else -_ceil_div(-diff, 4) * stake
            if diff < 0:
                to_pot = -each
        else:
            won = p >= 61
            margin = abs(diff) if c == "coeursolo" else _ceil_div(abs(diff), 2)
            each = margin * stake if won else -margin * stake
            to_pot = -pot if won else pot
        pay = _each(self.n, d, each)
        pay[d] -= to_pot
        return pay


def _each(n: int, declarer: int, amount: int) -> list[int]:
    pay = [-amount] * n
    pay[declarer] = amount * (n - 1)
    return pay


def _ramsch(points: list[int], tricks: list[int], extra: int, last_winner: int,
            unit: int) -> list[int]:
    n = len(points)
    points = points[:]
    points[last_winner] += extra
    top = max(points)
    tied = [s for s in range(n) if points[s] == top]
    losers = [last_winner] if last_winner in tied else tied
    pay = [0] * n
    for loser in losers:
        for s in range(n):
            if s in losers:
                continue
            amount = unit * (2 if tricks[s] == 0 else 1)
            pay[loser] -= amount
            pay[s] += amount
    return pay


__all__ = ["Scorer"]
