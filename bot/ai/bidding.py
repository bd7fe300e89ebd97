"""Bidding by hand strength: the auction of each variant, Württemberg's declarations
and Dapp's contract choice.

Every contract gets a *margin* from the hand's :class:`Appraisal`: for point
contracts the expected points minus what the contract needs (and a safety margin),
for the all-or-nothing contracts a fixed plus when the hand is safe and a large minus
when not. A contract is acceptable when its margin is at least 0.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from bot.engine import Action, ActionType, SeatView
from bot.engine.cards import HEARTS
from bot.engine.variants import Aim, ContractFacts, Variant

from .hand_eval import (
    bettel_risks,
    estimate_points,
    expected_talon,
    pickup_estimate,
    rufer_safe,
    win_all_safe,
)
from .knowledge import Table, table_of

ALL = (0, 1, 2, 3)
SAFE, UNSAFE = 10.0, -100.0

#: Safety margins: expected points above what a point contract needs at which the
#: baseline declarer wins about 65% of its games (fitted on baseline self-play with
#: forced contracts). Contracts paid a fixed value whose trump the declarer names
#: among the side suits, by players (the fewer, the easier the estimate):
MARGIN_BY_PLAYERS = {3: -2.5, 4: 2.0, 5: 5.5, 6: 9.0}
#: ... and more where hearts are trump by the contract rather than chosen
HEARTS_EXTRA = 3.5
#: ... with the talon picked up and hearts trump by the contract
PICKUP_HEARTS_MARGIN = {3: 10.0, 4: 16.0}
#: trump of the declarer's choice among all four suits (the ladder's contracts):
ANY_TRUMP_MARGIN = 4.0  # not picking up the talon
ANY_TRUMP_PICKUP_MARGIN = 0.0
#: payments that grow with the margin of points
PER_POINT_MARGIN = {"pickup": 7.0, "hearts": 3.0, "side": 0.0}


@dataclass(frozen=True, slots=True)
class Appraisal:
    """A hand's strength for every kind of contract, per trump suit."""

    points: tuple[float, ...]  # expected declarer points incl. an unseen talon
    pickup: tuple[float, ...]  # the same when the talon is picked up (discards count)
    durch: tuple[bool, ...]  # win-all safe with this trump
    rufer: tuple[bool, ...]  # win-all safe after a good call
    bettel_risks: int  # suits where a Bettel can be forced to take a trick


@lru_cache(maxsize=1024)
def appraise(hand: int, table: Table, declarer_leads: bool) -> Appraisal:
    others = table.deck & ~hand
    n = table.players
    talon = expected_talon(hand, others, table.talon_size)
    pts = tuple(estimate_points(hand, s, others, n) + talon for s in ALL)
    pick = tuple(pickup_estimate(hand, s, others, n, table.talon_size) for s in ALL)
    durch = tuple(win_all_safe(hand, s, others, declarer_leads) for s in ALL)
    rufer = tuple(durch[s] or rufer_safe(hand, s, others, declarer_leads) for s in ALL)
    return Appraisal(pts, pick, durch, rufer, bettel_risks(hand, others))


def appraisal_of(view: SeatView) -> Appraisal:
    assert view.hand is not None
    return appraise(view.hand.mask, table_of(view), view.forehand == view.seat)


def _safe(flag: bool) -> float:
    return SAFE if flag else UNSAFE


def safety_margin(f: ContractFacts, players: int) -> float:
    """Points above the contract's need the estimate must show (see the tables)."""
    hearts = f.trumps == (HEARTS,)
    if f.per_point:
        return PER_POINT_MARGIN["pickup" if f.pickup else "hearts" if hearts else "side"]
    if len(f.trumps) == len(ALL):
        return ANY_TRUMP_PICKUP_MARGIN if f.pickup else ANY_TRUMP_MARGIN
    if f.pickup:
        return PICKUP_HEARTS_MARGIN[players]
    return MARGIN_BY_PLAYERS[players] + (HEARTS_EXTRA if hearts else 0.0)


def bettel_risks_allowed(f: ContractFacts, players: int) -> int:
    """Risky suits a Bettel may have: with short hands a single risky suit still wins
    about 3 times in 4 (a Bettel that opens after the first trick only with 5 or 6
    players; a closed Bettel with 4); none in a Bettel that opens at once."""
    if f.opens == "trick":
        return 1 if players >= 5 else 0
    if f.opens is None:
        return 1 if players == 4 else 0
    return 0


def margin(rules: Variant, contract: str, ap: Appraisal) -> float:
    """How comfortably the hand can play ``contract`` (acceptable when >= 0)."""
    f = rules.facts(contract)
    players = rules.players
    if f.aim is Aim.POINTS:
        assert f.win_at is not None
        est = max((ap.pickup if f.pickup else ap.points)[s] for s in f.trumps)
        return est - f.win_at - safety_margin(f, players)
    if f.aim is Aim.WIN_ALL:
        flags = ap.rufer if f.call else ap.durch
        return _safe(any(flags[s] for s in f.trumps))
    if f.aim is Aim.LOSE_ALL:
        return _safe(ap.bettel_risks <= bettel_risks_allowed(f, players))
    raise ValueError(f"no margin for {contract!r}")


def _ok(view: SeatView, ap: Appraisal, contract: str) -> bool:
    return margin(table_of(view).rules, contract, ap) >= 0


def _words(legal: list[Action]) -> list[str]:
    return [a.value for a in legal if a.type is ActionType.BID and a.value is not None]


def word_contracts(view: SeatView, word: str) -> tuple[str, ...]:
    """The contracts the seat may end up declaring if ``word`` stands (the engine's
    :meth:`~bot.engine.variants.Variant.bid_contracts` over the auction so far)."""
    return table_of(view).rules.bid_contracts(view.forehand, [a for _, a in view.auction],
                                              word)


# -- the auctions --------------------------------------------------------------------

def bid(view: SeatView, legal: list[Action]) -> Action:
    """The bid (or Württemberg declaration) to make now."""
    ap = appraisal_of(view)
    if legal[0].type is ActionType.DECLARE:
        return Action.declare(_declare(view, ap, [a.value or "" for a in legal]))
    words = _words(legal)
    form = table_of(view).rules.auction_form
    word = {"ladder": _ladder, "contest": _contest, "announce": _announce}[form](
        view, ap, words)
    rules = table_of(view).rules
    return Action.bid(word if word in words else rules.pass_word if rules.pass_word in words
                      else words[0])


def _ladder(view: SeatView, ap: Appraisal, words: list[str]) -> str:
    """Each bid the next contract up: open the lowest, or (with a hand for the third)
    the second; then go one up while the hand can."""
    rules = table_of(view).rules
    ladder = rules.contracts
    if ladder[0] in words:  # nobody has bid: the lowest or (with a big hand) the second
        if _ok(view, ap, ladder[2]):
            return ladder[1]
        if _ok(view, ap, ladder[0]):
            return ladder[0]
        return ladder[1] if _ok(view, ap, ladder[1]) else rules.pass_word
    step = [w for w in words if w != rules.pass_word]
    return step[0] if step and _ok(view, ap, step[0]) else rules.pass_word


def _word_ok(view: SeatView, ap: Appraisal, word: str) -> bool:
    return any(_ok(view, ap, c) for c in word_contracts(view, word))


def _contest(view: SeatView, ap: Appraisal, words: list[str]) -> str:
    """The lowest bid whose contracts suit the hand (holding comes first), else pass."""
    pass_word = table_of(view).rules.pass_word
    for w in words:
        if w != pass_word and _word_ok(view, ap, w):
            return w
    return pass_word


def _announce(view: SeatView, ap: Appraisal, words: list[str]) -> str:
    rules = table_of(view).rules
    want = next(w for w in words if w != rules.pass_word)
    return want if _word_ok(view, ap, want) else rules.pass_word


def _declare(view: SeatView, ap: Appraisal, games: list[str]) -> str:
    """The highest-ranked game the hand can win, else the best point game."""
    rules = table_of(view).rules
    for g in reversed(games):  # legal declarations come low to high
        if _ok(view, ap, g):
            return g
    point_games = [g for g in games if rules.facts(g).aim is Aim.POINTS]
    return max(point_games or games, key=lambda g: margin(rules, g, ap))


def contract_choice(view: SeatView, choices: list[str]) -> str:
    """Fix an open final bid: the most valuable acceptable contract, else the one with
    the best margin."""
    ap = appraisal_of(view)
    rules = table_of(view).rules
    ok = [c for c in choices if _ok(view, ap, c)]
    if ok:
        return max(ok, key=lambda c: rules.facts(c).value or 0)
    return max(choices, key=lambda c: margin(rules, c, ap))
