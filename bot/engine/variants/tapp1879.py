"""Tapp as played in 1879 (``tapp1879``): 3 players, 36 cards, a pot, contests.

See ``docs/rules/tapp1879.md``.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar

from ..cards import HEARTS
from ..view import Phase
from .base import NOT_HEARTS, Aim, ContractFacts, Score, check_int_at_least
from .contest import Bids, ContestVariant, ContestWords
from .scoring import ceil_div, declarer_pays_or_wins

if TYPE_CHECKING:
    from ..deal import Deal


class Contract(StrEnum):
    COEURFRAGE = "coeurfrage"
    SOLO = "solo"
    COEURSOLO = "coeursolo"


LEVELS = {Contract.COEURFRAGE: 1, Contract.SOLO: 2, Contract.COEURSOLO: 3}
BY_LEVEL = {v: k for k, v in LEVELS.items()}
TOUT_AMOUNT = {Contract.SOLO: 60, Contract.COEURSOLO: 120}
#: the trump each contract fixes, or the declarer names (solo)
TRUMPS = {Contract.COEURFRAGE: (HEARTS,), Contract.SOLO: NOT_HEARTS,
          Contract.COEURSOLO: (HEARTS,)}
PICKUP = {Contract.COEURFRAGE}
WIN_AT = 61
FACTS = {c: ContractFacts(c.value, Aim.POINTS, TRUMPS[c], pickup=c in PICKUP,
                          tout=c in TOUT_AMOUNT, win_at=WIN_AT, per_point=True)
         for c in Contract}
_NAMES = tuple(c.value for c in Contract)


class Words(ContestWords):
    def opening(self) -> Bids:
        return [(c.value, lv) for c, lv in LEVELS.items()]

    def challenge(self, level: int) -> Bids:
        return [(c.value, lv) for c, lv in LEVELS.items() if lv > level]

    def holder_answer(self, level: int) -> Bids:
        return [("hold", level), *self.challenge(level)]

    def challenger_answer(self, level: int) -> Bids:
        return self.challenge(level)


WORDS = Words()


class Tapp1879(ContestVariant):
    name = "tapp1879"
    player_counts = (3,)
    keeps_pot = True
    clockwise = True
    option_defaults: ClassVar[dict[str, Any]] = {"ante": 2}
    words = WORDS

    def __init__(self, players: int | None, options: dict[str, Any]) -> None:
        super().__init__(players, options)
        self.ante_chips = self.extra["ante"] * self.stake

    def check_options(self, options: dict[str, Any]) -> None:
        check_int_at_least(options, "ante", 0)

    def layout(self) -> tuple[int, int, int]:
        return 36, 11, 3

    # -- auction ---------------------------------------------------------------------
    def auction_over(self, deal: Deal, holder: int | None, level: int) -> None:
        if holder is None:
            deal.throw_in()
            return
        deal.declarer = holder
        self.set_contract(deal, BY_LEVEL[level])

    def level_contracts(self, level: int) -> tuple[str, ...]:
        return (BY_LEVEL[level].value,)

    # -- facts ---------------------------------------------------------------------------
    @property
    def contracts(self) -> tuple[str, ...]:
        return _NAMES

    def facts(self, contract: str) -> ContractFacts:
        return FACTS[Contract(contract)]

    # -- before play -------------------------------------------------------------------
    def set_contract(self, deal: Deal, contract: str) -> None:
        c = deal.contract = Contract(contract)
        f = FACTS[c]
        steps = []
        if len(f.trumps) == 1:
            deal.set_trump(f.trumps[0])
        else:
            steps.append(Phase.TRUMP)
        if f.pickup:
            steps.append(Phase.DISCARD)
        if f.tout:
            steps.append(Phase.ANNOUNCE)
        deal.begin_steps(steps, leader=deal.forehand)  # no contract here is led by the declarer

    def trump_choices(self, deal: Deal) -> tuple[int, ...]:
        return FACTS[Contract(str(deal.contract))].trumps

    # -- scoring -------------------------------------------------------------------------
    def score(self, contract: str, declarer: int | None, points: Sequence[int],
              tricks: Sequence[int], pile: int, last: int, *, tout: bool = False,
              kontra: bool = False, rekontra: bool = False, pot: int = 0) -> Score:
        """``pot``: the pot after this deal's ante."""
        decl = declarer
        assert decl is not None
        c = Contract(contract)
        out = list(points)
        if tricks[decl]:
            out[decl] += pile
        p = out[decl]
        d = p - 60
        stake = self.stake
        to_pot = 0
        won: bool | None
        if tout:
            won = tricks[decl] == self.hand_size
            per = TOUT_AMOUNT[c] * stake
            if won:
                each, to_pot = per, -pot
            else:
                each, to_pot = -per, pot
        elif c is Contract.COEURFRAGE:
            won = d > 0 if d else None
            each = ceil_div(d, 4) * stake if d > 0 else -ceil_div(-d, 4) * stake
            if d < 0:
                to_pot = -each
        else:
            won = p >= WIN_AT
            margin = abs(d) if c is Contract.COEURSOLO else ceil_div(abs(d), 2)
            each = margin * stake if won else -margin * stake
            to_pot = -pot if won else pot
        pay = declarer_pays_or_wins(3, decl, each)
        pay[decl] -= to_pot
        return Score(pay, out, p, won, [], pot + to_pot)
