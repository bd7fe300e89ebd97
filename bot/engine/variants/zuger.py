"""Zuger Tapp (``zuger``): 4 players, 36 cards; tapp < solo < super < vice.

See ``docs/rules/zuger.md``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar

from ..actions import Action
from ..cards import mask_points
from ..view import DealResult, Phase
from .base import Variant, bid_actions, check_choice
from .scoring import declarer_pays_or_wins, result

if TYPE_CHECKING:
    from ..deal import Deal


class Contract(StrEnum):
    TAPP = "tapp"
    SOLO = "solo"
    SUPER = "super"
    VICE = "vice"


LADDER = (Contract.TAPP, Contract.SOLO, Contract.SUPER, Contract.VICE)
BASE = {Contract.TAPP: 1, Contract.SOLO: 2, Contract.SUPER: 4, Contract.VICE: 6}
WIN_AT = {Contract.TAPP: 61, Contract.SOLO: 65, Contract.SUPER: 70, Contract.VICE: 75}
#: the bids with none standing, and above each standing bid (by its LADDER index)
_OPENING = tuple(bid_actions(["pass", "tapp", "solo"]))
_ABOVE = tuple(tuple(bid_actions(["pass", *LADDER[i + 1:i + 2]])) for i in range(len(LADDER)))


@dataclass(slots=True)
class Auction:
    turn: int
    passed: int = 0  # bit mask of seats that passed
    standing: int | None = None  # index into LADDER
    bidder: int | None = None

    def copy(self) -> Auction:
        return replace(self)


class Zuger(Variant):
    name = "zuger"
    player_counts = (4,)
    home_deck = "swiss"
    option_defaults: ClassVar[dict[str, Any]] = {"tapp_threshold": 61}

    def check_options(self, options: dict[str, Any]) -> None:
        check_choice(options, "tapp_threshold", (61, 65))

    def layout(self) -> tuple[int, int, int]:
        return 36, 8, 4

    # -- auction -------------------------------------------------------------------------
    def start(self, deal: Deal) -> None:
        deal.auction = Auction(turn=deal.forehand)

    def auction_turn(self, deal: Deal) -> int:
        return deal.auction.turn

    def auction_legal(self, deal: Deal, seat: int) -> list[Action]:
        a: Auction = deal.auction
        return list(_OPENING if a.standing is None else _ABOVE[a.standing])

    def auction_apply(self, deal: Deal, seat: int, action: Action) -> None:
        a: Auction = deal.auction
        if action.value == "pass":
            a.passed |= 1 << seat
        else:
            a.standing = LADDER.index(Contract(str(action.value)))
            a.bidder = seat
        npassed = a.passed.bit_count()
        if a.standing is not None and (npassed == 3 or LADDER[a.standing] is Contract.VICE):
            assert a.bidder is not None
            deal.declarer = a.bidder
            self.set_contract(deal, LADDER[a.standing])
            return
        if npassed == 4:
            deal.throw_in()
            return
        s = (seat + 1) % 4
        while a.passed >> s & 1:
            s = (s + 1) % 4
        a.turn = s

    # -- before play -----------------------------------------------------------------------
    def set_contract(self, deal: Deal, contract: str) -> None:
        deal.contract = Contract(contract)
        assert deal.declarer is not None
        steps = [Phase.DISCARD, Phase.TRUMP] if contract == Contract.TAPP else [Phase.TRUMP]
        deal.begin_steps(steps, leader=deal.declarer)

    # -- scoring -------------------------------------------------------------------------
    def settle(self, deal: Deal) -> DealResult:
        decl = deal.declarer
        assert decl is not None and deal.contract is not None
        contract = Contract(str(deal.contract))
        extra = deal.discards if contract is Contract.TAPP else deal.dealt_talon
        dp = deal.points[decl] + mask_points(extra)
        points = deal.points[:]
        points[decl] = dp
        win_at = self.extra["tapp_threshold"] if contract is Contract.TAPP else WIN_AT[contract]
        lose_at = 59 if contract is Contract.TAPP and win_at == 61 else win_at - 1
        if lose_at < dp < win_at:  # exactly 60 in a tapp with threshold 61: a draw
            return result(deal, payments=[0] * 4, points=points, declarer_points=dp)
        won = dp >= win_at
        if won:
            loser_tricks = sum(deal.tricks_won) - deal.tricks_won[decl]
            loser_points = 120 - dp
        else:
            loser_tricks = deal.tricks_won[decl]
            loser_points = dp
        multipliers: list[str] = []
        factor = 1
        if loser_tricks == 0:
            factor, multipliers = 3, ["no_trick"]
        elif loser_points < 21:
            factor, multipliers = 2, ["schneider"]
        amount = BASE[contract] * factor * self.stake
        pay = declarer_pays_or_wins(4, decl, amount if won else -amount)
        return result(deal, payments=pay, points=points, declarer_points=dp,
                      multipliers=multipliers, won=won)
