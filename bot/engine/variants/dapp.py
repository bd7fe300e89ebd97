"""Dapp (``dapp``, Igelsberg rules): 3-6 players, 32 cards, contests with open levels,
kontra/rekontra, Ramsch when all pass, and the closing Ramsch round.

See ``docs/rules/dapp.md``.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar

from ..actions import Action, ActionType
from ..cards import HEARTS, DeckStyle
from ..ending import Ending
from ..view import Phase
from .base import (
    BY_TRICKS,
    NOT_HEARTS,
    Aim,
    ContractFacts,
    Score,
    check_bool,
)
from .contest import Bids, ContestVariant, ContestWords
from .scoring import declarer_pays_or_wins, ramsch

if TYPE_CHECKING:
    from ..deal import Deal
    from ..session import Session


class Contract(StrEnum):
    RAMSCH = "ramsch"
    NORMAL = "normal"
    HERZ = "herz"
    RUFER = "rufer"
    BETTEL = "bettel"
    RUFER_HERZ = "rufer_herz"
    DURCH = "durch"
    DURCH_HERZ = "durch_herz"


RANK = {c: i + 1 for i, c in enumerate(Contract)}  # ramsch 1 .. durch_herz 8
VALUE = {
    Contract.RAMSCH: 1, Contract.NORMAL: 1, Contract.HERZ: 2, Contract.RUFER: 4,
    Contract.BETTEL: 5, Contract.RUFER_HERZ: 6, Contract.DURCH: 8, Contract.DURCH_HERZ: 12,
}
OPEN_NORMAL = RANK[Contract.NORMAL]  # 2: said "play", contract not yet named
OPEN_HERZ = RANK[Contract.HERZ]  # 3: won a contest with "play" or "self"
NAMED = [c for c in Contract if RANK[c] > OPEN_HERZ]  # rufer .. durch_herz
#: what the declarer may choose from, by final level, where the bid left it open
CHOICES = {
    OPEN_NORMAL: tuple(c for c in Contract if RANK[c] >= OPEN_NORMAL),
    OPEN_HERZ: tuple(c for c in Contract if RANK[c] >= OPEN_HERZ),
    RANK[Contract.RUFER]: (Contract.RUFER, Contract.RUFER_HERZ),
    RANK[Contract.DURCH]: (Contract.DURCH, Contract.DURCH_HERZ),
}
HEARTS_CONTRACTS = {Contract.HERZ, Contract.RUFER_HERZ, Contract.DURCH_HERZ}
POINT_CONTRACTS = {Contract.NORMAL, Contract.HERZ}
WIN_ALL = {Contract.RUFER, Contract.RUFER_HERZ, Contract.DURCH, Contract.DURCH_HERZ}
RUFER = {Contract.RUFER, Contract.RUFER_HERZ}
WIN_AT = 61
SCHNEIDER_BELOW = 40


def _facts(c: Contract) -> ContractFacts:
    no_trump = c is Contract.RAMSCH or c is Contract.BETTEL
    aim = (Aim.RAMSCH if c is Contract.RAMSCH else Aim.LOSE_ALL if c is Contract.BETTEL
           else Aim.WIN_ALL if c in WIN_ALL else Aim.POINTS)
    return ContractFacts(
        c.value, aim, () if no_trump else (HEARTS,) if c in HEARTS_CONTRACTS else NOT_HEARTS,
        value=VALUE[c], call=c in RUFER, declarer_leads=c is Contract.BETTEL,
        opens="trick" if c is Contract.BETTEL else None,
        win_at=WIN_AT if c in POINT_CONTRACTS else None)


FACTS = {c: _facts(c) for c in Contract}
#: the words of CHOICES, as ``Deal.choices`` holds them
CHOICE_WORDS = {level: tuple(c.value for c in cs) for level, cs in CHOICES.items()}
_DECLARABLE = tuple(c.value for c in Contract if c is not Contract.RAMSCH)
BY_RANK = {RANK[c]: c for c in Contract}
_BY_VALUE: dict[str, Contract] = {c.value: c for c in Contract}
_RAMSCH, _BETTEL = Contract.RAMSCH, Contract.BETTEL
_PLAY, _FINISHED, _CONTRACT = Phase.PLAY, Phase.FINISHED, Phase.CONTRACT
_TRUMP, _CALL = Phase.TRUMP, Phase.CALL


class Words(ContestWords):
    def opening(self) -> Bids:
        return [("play", OPEN_NORMAL)]

    def challenge(self, level: int) -> Bids:
        if level == OPEN_NORMAL:
            return [("play", OPEN_HERZ)]
        return self.named_above(level)

    def holder_answer(self, level: int) -> Bids:
        if level == OPEN_HERZ:
            return [("self", OPEN_HERZ)]
        return [("hold", level), *self.named_above(level)]

    def challenger_answer(self, level: int) -> Bids:
        return self.named_above(level)

    @staticmethod
    def named_above(level: int) -> Bids:
        return [(c.value, RANK[c]) for c in NAMED if RANK[c] > level]


class ClosingWords(Words):
    """Closing round: the only bid is ``durch_herz``; otherwise Ramsch."""

    def opening(self) -> Bids:
        return [(Contract.DURCH_HERZ.value, RANK[Contract.DURCH_HERZ])]


class Dapp(ContestVariant):
    name = "dapp"
    player_counts = (3, 4, 5, 6)
    home_deck = DeckStyle.GERMAN
    trick_contracts = frozenset(f.name for f in FACTS.values() if f.aim in BY_TRICKS)
    session_options = ("closing_round",)
    option_defaults: ClassVar[dict[str, Any]] = {"closing_ramsch": False}
    has_kontra = True

    def __init__(self, players: int | None, options: dict[str, Any]) -> None:
        super().__init__(players, options)
        self.closing: bool = self.extra["closing_ramsch"]
        self.words: ContestWords = ClosingWords() if self.closing else Words()

    def check_options(self, options: dict[str, Any]) -> None:
        check_bool(options, "closing_ramsch")

    def layout(self) -> tuple[int, int, int]:
        hand, talon = {3: (10, 2), 4: (7, 4), 5: (6, 2), 6: (5, 2)}[self.players]
        return 32, hand, talon

    # -- auction ---------------------------------------------------------------------
    def auction_over(self, deal: Deal, holder: int | None, level: int) -> None:
        if holder is None:
            self.set_contract(deal, Contract.RAMSCH)
            return
        deal.declarer = holder
        choices = CHOICE_WORDS.get(level)
        if choices is None:
            self.set_contract(deal, BY_RANK[level])
        else:
            deal.phase = _CONTRACT
            deal.choices = choices

    def level_contracts(self, level: int) -> tuple[str, ...]:
        return CHOICE_WORDS.get(level) or (BY_RANK[level].value,)

    # -- facts ---------------------------------------------------------------------------
    all_pass = Contract.RAMSCH.value

    @property
    def contracts(self) -> tuple[str, ...]:
        return _DECLARABLE

    def facts(self, contract: str) -> ContractFacts:
        return FACTS[_BY_VALUE.get(contract) or Contract(contract)]

    # -- before play -------------------------------------------------------------------
    def set_contract(self, deal: Deal, contract: str) -> None:
        c = deal.contract = _BY_VALUE.get(contract) or Contract(contract)
        f = FACTS[c]
        steps: list[Phase] = []
        if len(f.trumps) == 1:
            deal.set_trump(f.trumps[0])
        elif f.trumps:
            steps.append(_TRUMP)
        if f.call:
            steps.append(_CALL)
        if f.aim is Aim.WIN_ALL:
            deal.must_win_all = True
        elif f.aim is Aim.LOSE_ALL:
            deal.must_lose_all = True
        if f.opens is not None:
            deal.open_after = f.opens
        leader = deal.forehand
        if f.declarer_leads:
            assert deal.declarer is not None
            leader = deal.declarer
        deal.begin_steps(steps, leader=leader)

    def trump_choices(self, deal: Deal) -> tuple[int, ...]:
        return FACTS[_BY_VALUE[str(deal.contract)]].trumps

    # -- kontra / rekontra ---------------------------------------------------------------
    def announcers(self, deal: Deal) -> tuple[int, int]:
        c = deal.contract
        if c is None or deal.tricks or deal.phase is _FINISHED:
            return 0, 0
        everyone = (1 << deal.n) - 1
        if deal.kontra_by is None:
            # kontra: before the first card, by an opponent of the declarer (anyone in
            # Ramsch); in a Rufer only once the call is made, and not if the called card
            # lies in the talon
            if deal.trick or (c in RUFER and (deal.phase is not _PLAY or deal.called_in_talon)):
                return 0, 0
            if c is _RAMSCH:
                return everyone, 0
            assert deal.declarer is not None
            return everyone & ~(1 << deal.declarer), 0
        if deal.rekontra_by is not None:
            return 0, 0
        # rekontra: by the declarer (in Ramsch by anyone but who said kontra), until the
        # first trick is complete
        if c is _RAMSCH:
            return 0, everyone & ~(1 << deal.kontra_by)
        assert deal.declarer is not None
        return 0, 1 << deal.declarer

    def apply_kontra(self, deal: Deal, seat: int, action: Action) -> None:
        if action.type is ActionType.KONTRA:
            deal.kontra_by = seat
        else:
            deal.rekontra_by = seat

    def kontra_refusal(self, deal: Deal, seat: int, kind: ActionType) -> str:
        if deal.contract is None:
            return f"{kind.value} is allowed only once the contract is fixed"
        if kind is ActionType.KONTRA:
            if deal.kontra_by is not None:
                return "kontra has already been announced"
            if deal.contract is not Contract.RAMSCH and seat == deal.declarer:
                return "only an opponent of the declarer may announce kontra"
            if deal.called_in_talon:
                return "no kontra in a Rufer whose called card lies in the talon"
            if deal.contract in RUFER and deal.phase is not Phase.PLAY:
                return "kontra in a Rufer is allowed only after the call"
            return "kontra is allowed only before the first card is played"
        if deal.kontra_by is None:
            return "rekontra needs a kontra first"
        if deal.rekontra_by is not None:
            return "rekontra has already been announced"
        if deal.tricks:
            return "rekontra is allowed only until the first trick is complete"
        if deal.contract is Contract.RAMSCH:
            return "rekontra must come from another player than the one who said kontra"
        return "only the declarer may announce rekontra"

    # -- the session's ending: the closing Ramsch round ---------------------------------
    @classmethod
    def own_ending(cls, session: Session) -> Ending | None:
        # a deal under way is not part of the closing round (``deal_options``)
        return Ending.CLOSING if session.closing_round else None

    # -- scoring -------------------------------------------------------------------------
    def score(self, contract: str, declarer: int | None, points: Sequence[int],
              tricks: Sequence[int], pile: int, last: int, *, tout: bool = False,
              kontra: bool = False, rekontra: bool = False, pot: int = 0) -> Score:
        c = _BY_VALUE.get(contract) or Contract(contract)
        multipliers: list[str] = []
        factor = 1
        if kontra:
            multipliers.append("kontra")
            factor *= 2
        if rekontra:
            multipliers.append("rekontra")
            factor *= 2
        if c is _RAMSCH:
            if self.closing:
                factor *= 2
            pay, out, jungfrau = ramsch(points, tricks, pile, last,
                                        VALUE[c] * self.stake * factor)
            if jungfrau:
                multipliers.append("jungfrau")
            if self.closing:
                multipliers.append("closing")
            return Score(pay, out, None, None, multipliers, 0)
        decl = declarer
        assert decl is not None
        out = list(points)
        if c in POINT_CONTRACTS:
            out[decl] += pile
            dp = out[decl]
            won = dp >= WIN_AT
            if (120 - dp if won else dp) < SCHNEIDER_BELOW:
                multipliers.append("schneider")
                factor *= 2
        else:
            dp = out[decl]
            won = tricks[decl] == (0 if c is _BETTEL else self.hand_size)
        if self.closing:
            multipliers.append("closing")
            factor *= 2
        amount = VALUE[c] * self.stake * factor
        pay = declarer_pays_or_wins(self.players, decl, amount if won else -amount)
        return Score(pay, out, dp, won, multipliers, 0)
