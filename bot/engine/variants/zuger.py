"""Zuger Tapp (``zuger``): 4 players, 36 cards; tapp < solo < super < vice.

See ``docs/rules/zuger.md``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar

from ..actions import Action
from ..cards import DeckStyle
from ..view import Phase
from .base import ALL_SUITS, Aim, ContractFacts, Score, Variant, bid_actions
from .scoring import declarer_pays_or_wins

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
_NAMES = tuple(c.value for c in LADDER)
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
    home_deck = DeckStyle.SWISS
    option_defaults: ClassVar[dict[str, Any]] = {"tapp_threshold": 61}
    option_choices: ClassVar[dict[str, tuple[int, ...]]] = {"tapp_threshold": (61, 65)}
    auction_form = "ladder"

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

    # -- facts ---------------------------------------------------------------------------
    @property
    def contracts(self) -> tuple[str, ...]:
        return _NAMES

    def facts(self, contract: str) -> ContractFacts:
        c = Contract(contract)
        win_at = self.extra["tapp_threshold"] if c is Contract.TAPP else WIN_AT[c]
        return ContractFacts(c.value, Aim.POINTS, ALL_SUITS, value=BASE[c],
                             pickup=c is Contract.TAPP, declarer_leads=True, win_at=win_at)

    def bid_contracts(self, forehand: int, bids: Sequence[Action], word: str
                      ) -> tuple[str, ...]:
        return (word,) if word in BASE else ()

    # -- before play -----------------------------------------------------------------------
    def set_contract(self, deal: Deal, contract: str) -> None:
        deal.contract = Contract(contract)
        assert deal.declarer is not None
        f = self.facts(contract)
        steps = [Phase.DISCARD, Phase.TRUMP] if f.pickup else [Phase.TRUMP]
        deal.begin_steps(steps, leader=deal.declarer)  # every contract: declarer_leads

    # -- scoring -------------------------------------------------------------------------
    def score(self, contract: str, declarer: int | None, points: Sequence[int],
              tricks: Sequence[int], pile: int, last: int, *, tout: bool = False,
              kontra: bool = False, rekontra: bool = False, pot: int = 0) -> Score:
        decl = declarer
        assert decl is not None
        c = Contract(contract)
        dp = points[decl] + pile
        out = list(points)
        out[decl] = dp
        win_at = self.extra["tapp_threshold"] if c is Contract.TAPP else WIN_AT[c]
        lose_at = 59 if c is Contract.TAPP and win_at == 61 else win_at - 1
        if lose_at < dp < win_at:  # exactly 60 in a tapp with threshold 61: a draw
            return Score([0] * 4, out, dp, None, [], 0)
        won = dp >= win_at
        if won:
            loser_tricks = sum(tricks) - tricks[decl]
            loser_points = 120 - dp
        else:
            loser_tricks = tricks[decl]
            loser_points = dp
        multipliers: list[str] = []
        factor = 1
        if loser_tricks == 0:
            factor, multipliers = 3, ["no_trick"]
        elif loser_points < 21:
            factor, multipliers = 2, ["schneider"]
        amount = BASE[c] * factor * self.stake
        pay = declarer_pays_or_wins(4, decl, amount if won else -amount)
        return Score(pay, out, dp, won, multipliers, 0)
