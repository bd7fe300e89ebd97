"""Tapp as played in 1879 (``tapp1879``): 3 players, 36 cards, a pot, contests.

See ``docs/rules/tapp1879.md``.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar

from ..cards import HEARTS, mask_points
from ..view import DealResult, Phase
from .base import NOT_HEARTS, check_int_at_least
from .contest import Bids, ContestVariant, ContestWords
from .scoring import ceil_div, declarer_pays_or_wins, result

if TYPE_CHECKING:
    from ..deal import Deal


class Contract(StrEnum):
    COEURFRAGE = "coeurfrage"
    SOLO = "solo"
    COEURSOLO = "coeursolo"


LEVELS = {Contract.COEURFRAGE: 1, Contract.SOLO: 2, Contract.COEURSOLO: 3}
BY_LEVEL = {v: k for k, v in LEVELS.items()}
TOUT_AMOUNT = {Contract.SOLO: 60, Contract.COEURSOLO: 120}


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

    # -- before play -------------------------------------------------------------------
    def set_contract(self, deal: Deal, contract: str) -> None:
        c = deal.contract = Contract(contract)
        if c is Contract.COEURFRAGE:
            deal.set_trump(HEARTS)
            steps = [Phase.DISCARD]
        elif c is Contract.SOLO:
            steps = [Phase.TRUMP, Phase.ANNOUNCE]
        else:
            deal.set_trump(HEARTS)
            steps = [Phase.ANNOUNCE]
        deal.begin_steps(steps, leader=deal.forehand)

    def trump_choices(self, deal: Deal) -> tuple[int, ...]:
        return NOT_HEARTS

    # -- scoring -------------------------------------------------------------------------
    def settle(self, deal: Deal) -> DealResult:
        decl = deal.declarer
        assert decl is not None
        contract = Contract(str(deal.contract))
        points = deal.points[:]
        if deal.tricks_won[decl]:
            extra = deal.discards if contract is Contract.COEURFRAGE else deal.dealt_talon
            points[decl] += mask_points(extra)
        p = points[decl]
        d = p - 60
        pot = deal.pot  # after this deal's ante
        stake = self.stake
        to_pot = 0
        won: bool | None
        if deal.tout:
            won = deal.tricks_won[decl] == len(deal.tricks) == self.hand_size
            per = TOUT_AMOUNT[contract] * stake
            if won:
                each, to_pot = per, -pot
            else:
                each, to_pot = -per, pot
        elif contract is Contract.COEURFRAGE:
            won = d > 0 if d else None
            each = ceil_div(d, 4) * stake if d > 0 else -ceil_div(-d, 4) * stake
            if d < 0:
                to_pot = -each
        else:
            won = p >= 61
            margin = abs(d) if contract is Contract.COEURSOLO else ceil_div(abs(d), 2)
            each = margin * stake if won else -margin * stake
            to_pot = -pot if won else pot
        pay = declarer_pays_or_wins(3, decl, each)
        pay[decl] -= to_pot
        pay[deal.dealer] -= self.ante_chips
        return result(deal, payments=pay, points=points, declarer_points=p, won=won,
                      pot=pot + to_pot)
