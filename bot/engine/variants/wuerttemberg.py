"""Württemberg Tapp (``wuerttemberg``): 3-4 players, 36 or 32 cards; announce
(``spiele``/``weg``), then declare; Ramsch when nobody plays.

See ``docs/rules/wuerttemberg.md``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar

from ..actions import Action, ActionType
from ..cards import HEARTS, Card, DeckStyle
from ..ending import Ending
from ..view import Phase
from .base import (
    BY_TRICKS,
    NOT_HEARTS,
    Aim,
    ContractFacts,
    Score,
    Variant,
    bid_actions,
    check_bool,
)
from .scoring import declarer_pays_or_wins, ramsch

if TYPE_CHECKING:
    from ..deal import Deal
    from ..session import Session


class Game(StrEnum):
    HERZ_AUFNEHMEN = "herz_aufnehmen"  # option only (rank 0)
    FARBE = "farbe"
    HERZ = "herz"
    BETTEL = "bettel"
    RUFER = "rufer"
    RUFER_HERZ = "rufer_herz"
    BETTEL_OUVERT = "bettel_ouvert"
    DURCH = "durch"
    DURCH_HERZ = "durch_herz"
    RAMSCH = "ramsch"  # when nobody plays; never declared


#: herz_aufnehmen 0 .. durch_herz 8
RANK: dict[Game, int] = {g: i for i, g in enumerate(Game) if g is not Game.RAMSCH}
VALUE = {
    Game.HERZ_AUFNEHMEN: 1, Game.FARBE: 1, Game.HERZ: 2, Game.BETTEL: 3, Game.RUFER: 3,
    Game.RUFER_HERZ: 6, Game.BETTEL_OUVERT: 6, Game.DURCH: 6, Game.DURCH_HERZ: 12,
    Game.RAMSCH: 1,
}
HEARTS_GAMES = {Game.HERZ_AUFNEHMEN, Game.HERZ, Game.RUFER_HERZ, Game.DURCH_HERZ}
CHOOSE_TRUMP = {Game.FARBE, Game.RUFER, Game.DURCH}
POINT_GAMES = {Game.HERZ_AUFNEHMEN, Game.FARBE, Game.HERZ}
WIN_ALL = {Game.RUFER, Game.RUFER_HERZ, Game.DURCH, Game.DURCH_HERZ}
BETTELS = {Game.BETTEL, Game.BETTEL_OUVERT}
CALLS = {Game.RUFER, Game.RUFER_HERZ}
WIN_AT = 61


def _facts(g: Game) -> ContractFacts:
    aim = (Aim.RAMSCH if g is Game.RAMSCH else Aim.LOSE_ALL if g in BETTELS
           else Aim.WIN_ALL if g in WIN_ALL else Aim.POINTS)
    return ContractFacts(
        g.value, aim,
        (HEARTS,) if g in HEARTS_GAMES else NOT_HEARTS if g in CHOOSE_TRUMP else (),
        value=VALUE[g], pickup=g is Game.HERZ_AUFNEHMEN, call=g in CALLS,
        declarer_leads=g is Game.BETTEL_OUVERT,
        opens="card" if g is Game.BETTEL_OUVERT else None,
        win_at=WIN_AT if g in POINT_GAMES else None)


FACTS = {g: _facts(g) for g in Game}
_ANNOUNCE = tuple(bid_actions(["spiele", "weg"]))
_HERZ_ASS = int(Card.parse("AH"))


@dataclass(slots=True)
class Auction:
    order: tuple[int, ...]  # forehand + 1 .. forehand (forehand last)
    idx: int = 0
    players: list[int] = field(default_factory=list)  # said "spiele", in order
    declared: list[tuple[int, Game]] = field(default_factory=list)

    def copy(self) -> Auction:
        return replace(self, players=self.players[:], declared=self.declared[:])


class Wuerttemberg(Variant):
    name = "wuerttemberg"
    player_counts = (3, 4)
    home_deck = DeckStyle.GERMAN
    trick_contracts = frozenset(f.name for f in FACTS.values() if f.aim in BY_TRICKS)
    session_options = ("herz_ass_ende",)
    option_defaults: ClassVar[dict[str, Any]] = {"deck": 36, "herz_aufnehmen": False,
                                       "forced_ramsch": False}
    call_may_pass = True
    auction_form = "announce"
    pass_word = "weg"

    option_choices: ClassVar[dict[str, tuple[int, ...]]] = {"deck": (36, 32)}

    def check_options(self, options: dict[str, Any]) -> None:
        check_bool(options, "herz_aufnehmen")
        check_bool(options, "forced_ramsch")

    def layout(self) -> tuple[int, int, int]:
        deck = self.extra["deck"]
        hand, talon = {(3, 36): (11, 3), (4, 36): (8, 4), (3, 32): (10, 2),
                       (4, 32): (7, 4)}[(self.players, deck)]
        return deck, hand, talon

    @property
    def games(self) -> list[Game]:
        """The games a player may declare, low to high."""
        return [g for g in RANK if g is not Game.HERZ_AUFNEHMEN or self.extra["herz_aufnehmen"]]

    # -- facts ---------------------------------------------------------------------------
    all_pass = Game.RAMSCH.value

    @property
    def contracts(self) -> tuple[str, ...]:
        return tuple(g.value for g in self.games)

    def facts(self, contract: str) -> ContractFacts:
        return FACTS[Game(contract)]

    def bid_contracts(self, forehand: int, bids: Sequence[Action], word: str
                      ) -> tuple[str, ...]:
        if word == "spiele":
            return self.contracts
        return (word,) if word in FACTS and word != Game.RAMSCH else ()

    # -- auction ---------------------------------------------------------------------
    def start(self, deal: Deal) -> None:
        if self.extra["forced_ramsch"]:
            self.set_contract(deal, Game.RAMSCH)
            return
        n = deal.n
        deal.auction = Auction(order=tuple((deal.forehand + 1 + i) % n for i in range(n)))

    def auction_turn(self, deal: Deal) -> int:
        a: Auction = deal.auction
        if deal.phase is Phase.DECLARE:
            return a.players[len(a.declared)]
        return a.order[a.idx]

    def auction_legal(self, deal: Deal, seat: int) -> list[Action]:
        if deal.phase is Phase.DECLARE:
            return [Action.declare(g) for g in self.games]
        return list(_ANNOUNCE)

    def auction_refusal(self, deal: Deal, seat: int, action: Action) -> str:
        if deal.phase is Phase.DECLARE and action.type is not ActionType.DECLARE:
            return f"a declaration is expected now, not {action.type.value}"
        if deal.phase is Phase.AUCTION and action.type is not ActionType.BID:
            return f"a bid (spiele or weg) is expected now, not {action.type.value}"
        return super().auction_refusal(deal, seat, action)

    def auction_apply(self, deal: Deal, seat: int, action: Action) -> None:
        a: Auction = deal.auction
        if deal.phase is Phase.AUCTION:
            if action.value == "spiele":
                a.players.append(seat)
            a.idx += 1
            if a.idx < len(a.order):
                return
            if not a.players:
                self.set_contract(deal, Game.RAMSCH)
            else:
                deal.phase = Phase.DECLARE
            return
        a.declared.append((seat, Game(str(action.value))))
        if len(a.declared) < len(a.players):
            return
        n, fh = deal.n, deal.forehand
        # highest rank wins; between equal ranks, seat order from forehand has priority
        seat_won, game = max(a.declared, key=lambda sg: (RANK[sg[1]], -((sg[0] - fh) % n)))
        deal.declarer = seat_won
        self.set_contract(deal, game)

    # -- before play ---------------------------------------------------------------------
    def set_contract(self, deal: Deal, contract: str) -> None:
        g = deal.contract = Game(contract)
        f = FACTS[g]
        steps: list[Phase] = []
        if len(f.trumps) == 1:
            deal.set_trump(f.trumps[0])
        elif f.trumps:
            steps.append(Phase.TRUMP)
        if f.pickup:
            steps.append(Phase.DISCARD)
        if f.call:
            steps.append(Phase.CALL)
        if f.aim is Aim.WIN_ALL:
            deal.must_win_all = True
        elif f.aim is Aim.LOSE_ALL:
            deal.must_lose_all = True
        leader = deal.forehand
        if f.declarer_leads:
            assert deal.declarer is not None
            leader = deal.declarer
        if f.opens is not None:
            deal.open_after = f.opens
        deal.begin_steps(steps, leader=leader)

    def trump_choices(self, deal: Deal) -> tuple[int, ...]:
        return FACTS[Game(str(deal.contract))].trumps

    # -- scoring -------------------------------------------------------------------------
    # -- the session's ending: "Herz-Ass ansagen" ----------------------------------------
    @classmethod
    def own_ending(cls, session: Session) -> Ending | None:
        return Ending.HERZ_ASS_WAIT if session.herz_ass_ende else None

    @classmethod
    def deal_booked(cls, session: Session, deal: Deal, index: int) -> None:
        """The first deal after the end was called decides who deals the last deal with
        bidding (whoever held the ace of hearts; none if it lay in the talon: the next
        deal decides); after it, each player deals one forced Ramsch."""
        e = session.ending
        if e is Ending.HERZ_ASS_WAIT and index >= session.end_from:
            holder = next((s for s in range(deal.n) if deal.dealt[s] >> _HERZ_ASS & 1), None)
            if holder is not None:
                session.dealer = holder
                session.ending = Ending.HERZ_ASS_LAST
        elif e is Ending.HERZ_ASS_LAST:
            session.ending = Ending.FORCED_RAMSCH
            session.special_left = deal.n


    def score(self, contract: str, declarer: int | None, points: Sequence[int],
              tricks: Sequence[int], pile: int, last: int, *, tout: bool = False,
              kontra: bool = False, rekontra: bool = False, pot: int = 0) -> Score:
        g = Game(contract)
        if g is Game.RAMSCH:
            pay, out, jungfrau = ramsch(points, tricks, pile, last, VALUE[g] * self.stake)
            return Score(pay, out, None, None, ["jungfrau"] if jungfrau else [], 0)
        decl = declarer
        assert decl is not None
        out = list(points)
        if g in POINT_GAMES:
            out[decl] += pile
            won = out[decl] >= WIN_AT
        elif g in BETTELS:
            won = tricks[decl] == 0
        else:
            won = tricks[decl] == self.hand_size
        amount = VALUE[g] * self.stake
        pay = declarer_pays_or_wins(self.players, decl, amount if won else -amount)
        return Score(pay, out, out[decl], won, [], 0)
