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

from .hand_eval import (
    bettel_risks,
    estimate_points,
    expected_talon,
    pickup_estimate,
    rufer_safe,
    win_all_safe,
)
from .knowledge import Table, table_of

NOT_HEARTS = (0, 1, 3)
ALL = (0, 1, 2, 3)
SAFE, UNSAFE = 10.0, -100.0

#: points a Zuger contract needs to win
NEEDS = {"tapp": 61, "solo": 65, "super": 70, "vice": 75}
#: Safety margins: expected points above the target at which the baseline declarer
#: wins about 65% of its games (fitted on baseline self-play with forced contracts).
#: Dapp and Württemberg colour games, by players (the fewer, the easier the estimate):
MARGIN_BY_PLAYERS = {3: -2.5, 4: 2.0, 5: 5.5, 6: 9.0}
#: ... and more where hearts are trump by the contract rather than chosen
HEARTS_EXTRA = 3.5
MARGIN = {"tapp": 0.0, "solo": 4.0, "super": 4.0, "vice": 4.0,  # zuger
          "coeurfrage": 7.0, "solo1879": 0.0, "coeursolo": 3.0}  # tapp1879
HERZ_AUFNEHMEN_MARGIN = {3: 10.0, 4: 16.0}
#: Risky suits a Bettel may have, by (variant, players); else none. With short hands a
#: single risky suit still wins about 3 times in 4 (a Dapp Bettel opens after the
#: first trick, so only with 5 or 6 players; Württemberg's closed Bettel with 4).
BETTEL_RISKS = {("dapp", 5): 1, ("dapp", 6): 1, ("wuerttemberg", 4): 1}

#: value of each contract (units) per variant, for choosing between acceptable ones
VALUES: dict[str, dict[str, float]] = {
    "dapp": {"normal": 1, "herz": 2, "rufer": 4, "bettel": 5, "rufer_herz": 6,
             "durch": 8, "durch_herz": 12},
    "wuerttemberg": {"herz_aufnehmen": 0.5, "farbe": 1, "herz": 2, "bettel": 3,
                     "rufer": 3.5, "rufer_herz": 6, "bettel_ouvert": 6.5, "durch": 7,
                     "durch_herz": 12},
}


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


def margin(variant: str, contract: str, ap: Appraisal, options: dict[str, object]) -> float:
    """How comfortably the hand can play ``contract`` (acceptable when >= 0)."""
    players = int(options.get("players", 4))  # type: ignore[call-overload]
    best_side = max(ap.points[s] for s in NOT_HEARTS)
    if variant == "zuger":
        if contract == "tapp":
            need = int(options.get("tapp_threshold", 61))  # type: ignore[call-overload]
            return max(ap.pickup) - need - MARGIN["tapp"]
        return max(ap.points) - NEEDS[contract] - MARGIN[contract]
    if variant == "tapp1879":
        if contract == "coeurfrage":
            return ap.pickup[HEARTS] - 61 - MARGIN["coeurfrage"]
        if contract == "solo":
            return best_side - 61 - MARGIN["solo1879"]
        if contract == "coeursolo":
            return ap.points[HEARTS] - 61 - MARGIN["coeursolo"]
    base = MARGIN_BY_PLAYERS[players]
    if contract == "herz_aufnehmen":
        return ap.pickup[HEARTS] - 61 - HERZ_AUFNEHMEN_MARGIN[players]
    if contract in ("normal", "farbe"):
        return best_side - 61 - base
    if contract == "herz":
        return ap.points[HEARTS] - 61 - base - HEARTS_EXTRA
    if contract in ("durch", "rufer"):
        flags = ap.durch if contract == "durch" else ap.rufer
        return _safe(any(flags[s] for s in NOT_HEARTS))
    if contract == "durch_herz":
        return _safe(ap.durch[HEARTS])
    if contract == "rufer_herz":
        return _safe(ap.rufer[HEARTS])
    if contract == "bettel":
        return _safe(ap.bettel_risks <= BETTEL_RISKS.get((variant, players), 0))
    if contract == "bettel_ouvert":
        return _safe(ap.bettel_risks == 0)
    raise ValueError(f"unknown contract {contract!r}")


def _ok(view: SeatView, ap: Appraisal, contract: str) -> bool:
    return margin(view.variant, contract, ap, view.options) >= 0


def _words(legal: list[Action]) -> list[str]:
    return [a.value for a in legal if a.type is ActionType.BID and a.value is not None]


def _standing(view: SeatView, names: tuple[str, ...]) -> str | None:
    """The last contract named in the auction (from ``names``)."""
    for _, a in reversed(view.auction):
        if a.value in names:
            return a.value
    return None


# -- the auctions --------------------------------------------------------------------

def bid(view: SeatView, legal: list[Action]) -> Action:
    """The bid (or Württemberg declaration) to make now."""
    ap = appraisal_of(view)
    if legal[0].type is ActionType.DECLARE:
        return Action.declare(_declare(view, ap, [a.value or "" for a in legal]))
    words = _words(legal)
    word = {"zuger": _zuger, "tapp1879": _tapp1879, "dapp": _dapp,
            "wuerttemberg": _wuerttemberg}[view.variant](view, ap, words)
    return Action.bid(word if word in words else "pass" if "pass" in words else words[0])


def _zuger(view: SeatView, ap: Appraisal, words: list[str]) -> str:
    if "tapp" in words:  # nobody has bid: tapp or (with a big hand) solo
        if _ok(view, ap, "super"):
            return "solo"
        if _ok(view, ap, "tapp"):
            return "tapp"
        return "solo" if _ok(view, ap, "solo") else "pass"
    step = [w for w in words if w != "pass"]
    return step[0] if step and _ok(view, ap, step[0]) else "pass"


TAPP1879 = ("coeurfrage", "solo", "coeursolo")


def _tapp1879(view: SeatView, ap: Appraisal, words: list[str]) -> str:
    if "hold" in words:
        standing = _standing(view, TAPP1879)
        if standing is not None and _ok(view, ap, standing):
            return "hold"
    for w in TAPP1879:
        if w in words and _ok(view, ap, w):
            return w
    return "pass"


DAPP_NAMED = ("rufer", "bettel", "rufer_herz", "durch", "durch_herz")
DAPP_ALL = ("normal", "herz", *DAPP_NAMED)


def _dapp_ok(view: SeatView, ap: Appraisal, word: str) -> bool:
    if word in ("rufer", "durch"):  # the declarer may still upgrade to hearts
        return _ok(view, ap, word) or _ok(view, ap, word + "_herz")
    return _ok(view, ap, word)


def _dapp(view: SeatView, ap: Appraisal, words: list[str]) -> str:
    if "play" in words or "self" in words:
        opening = not any(a.value == "play" for _, a in view.auction)
        wanted = DAPP_ALL if opening and "play" in words else DAPP_ALL[1:]
        if any(_dapp_ok(view, ap, c) for c in wanted):
            return "play" if "play" in words else "self"
    if "hold" in words:
        standing = _standing(view, DAPP_NAMED)
        if standing is not None and _dapp_ok(view, ap, standing):
            return "hold"
    for w in DAPP_NAMED:
        if w in words and _dapp_ok(view, ap, w):
            return w
    return "pass"


def _wuerttemberg(view: SeatView, ap: Appraisal, words: list[str]) -> str:
    games = [g for g in VALUES["wuerttemberg"]
             if g != "herz_aufnehmen" or view.options.get("herz_aufnehmen")]
    return "spiele" if any(_ok(view, ap, g) for g in games) else "weg"


def _declare(view: SeatView, ap: Appraisal, games: list[str]) -> str:
    """The highest-ranked game the hand can win, else the best point game."""
    for g in reversed(games):  # legal declarations come low to high
        if _ok(view, ap, g):
            return g
    point_games = [g for g in games if g in ("herz_aufnehmen", "farbe", "herz")]
    return max(point_games or games,
               key=lambda g: margin(view.variant, g, ap, view.options))


def contract_choice(view: SeatView, choices: list[str]) -> str:
    """Dapp: fix an open final bid — the most valuable acceptable contract, else the
    one with the best margin."""
    ap = appraisal_of(view)
    values = VALUES["dapp"]
    ok = [c for c in choices if _ok(view, ap, c)]
    if ok:
        return max(ok, key=lambda c: values[c])
    return max(choices, key=lambda c: margin(view.variant, c, ap, view.options))
