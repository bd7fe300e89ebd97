"""An independent reading of the rules, used to check any finished (or thrown-in) deal:
from a deal record and the engine's result it recomputes, without the engine, the trump,
who leads, the legality of every card, every trick's winner, the early end, the points
as scored and the payments. Written from the rules files, not from the engine's code.
The auctions, read the same way, are in ``oracle_auctions.py``."""

from __future__ import annotations

from math import ceil
from typing import Any

from .helpers import POINTS, RANKS, points

HEARTS_TRUMP = {
    "zuger": set(),
    "tapp1879": {"coeurfrage", "coeursolo"},
    "dapp": {"herz", "rufer_herz", "durch_herz"},
    "wuerttemberg": {"herz_aufnehmen", "herz", "rufer_herz", "durch_herz"},
}
NO_TRUMP = {"ramsch", "bettel", "bettel_ouvert"}
WIN_ALL = {"rufer", "rufer_herz", "durch", "durch_herz"}
BETTEL = {"bettel", "bettel_ouvert"}
DAPP_VALUE = {"ramsch": 1, "normal": 1, "herz": 2, "rufer": 4, "bettel": 5, "rufer_herz": 6,
              "durch": 8, "durch_herz": 12}
WUE_VALUE = {"herz_aufnehmen": 1, "farbe": 1, "herz": 2, "bettel": 3, "rufer": 3,
             "rufer_herz": 6, "bettel_ouvert": 6, "durch": 6, "durch_herz": 12, "ramsch": 1}
ZUGER_BASE = {"tapp": 1, "solo": 2, "super": 4, "vice": 6}
ZUGER_WIN = {"tapp": 61, "solo": 65, "super": 70, "vice": 75}


def _beats(card: str, best: str, led: str, trump: str | None) -> bool:
    if card[1] == best[1]:
        return RANKS.index(card[0]) > RANKS.index(best[0])
    return card[1] == trump and best[1] != trump


def check_finished(record: dict[str, Any], res: dict[str, Any]) -> None:
    """Assert that ``res`` (a replay output of a finished or thrown-in deal) follows the
    rules for the deal ``record``."""
    variant = record["variant"]
    opts = record.get("options", {})
    n = len(record["hands"])
    stake = opts.get("stake", 1)
    dealer = record["dealer"]
    forehand = (dealer + 1) % n
    actions = record["actions"]
    ante = opts.get("ante", 2) * stake if variant == "tapp1879" else 0
    pot_before = record.get("pot", 0)
    pot = pot_before + ante

    if res["status"] == "thrown_in":
        assert variant in ("zuger", "tapp1879"), "only zuger and tapp1879 throw a deal in"
        assert all(a["type"] == "bid" and a["value"] == "pass" for a in actions)
        assert len(actions) == n
        expected = [0] * n
        expected[dealer] -= ante
        assert res["payments"] == expected and res["pot"] == pot
        assert res["points"] == [0] * n and res["tricks"] == []
        assert res["declarer_points"] is None
        return
    assert res["status"] == "finished"

    contract, decl = res["contract"], res["declarer"]
    assert (decl is None) == (contract == "ramsch")

    # -- trump and the first leader ------------------------------------------------------
    trump_steps = [a["suit"] for a in actions if a["type"] == "trump"]
    if contract in NO_TRUMP:
        trump = None
        assert not trump_steps
    elif contract in HEARTS_TRUMP[variant]:
        trump = "H"
        assert not trump_steps
    else:
        assert len(trump_steps) == 1
        trump = trump_steps[0]
        if variant != "zuger":
            assert trump != "H", "this contract's trump is clubs, spades or diamonds"
    assert res["trump"] == trump

    if variant == "zuger" or (contract in BETTEL and not (
            variant == "wuerttemberg" and contract == "bettel")):
        first_leader = decl
    else:
        first_leader = forehand

    # -- the hands through the steps before play, and every card -------------------------
    hands = [set(h) for h in record["hands"]]
    talon = set(record["talon"])
    discards: set[str] = set()
    called = None
    called_from = -1
    kontra = rekontra = tout = False
    tricks: list[tuple[int, list[str], int]] = []
    trick: list[str] = []
    leader = turn = first_leader
    played: set[str] = set()
    for a in actions:
        t = a["type"]
        if t == "discard":
            assert not discards and decl is not None and a["seat"] == decl
            hands[decl] |= talon
            discards = set(a["cards"])
            assert discards <= hands[decl] and len(discards) == len(talon)
            hands[decl] -= discards
        elif t == "call":
            assert a["seat"] == decl and contract in ("rufer", "rufer_herz")
            called = a["card"]
            if called is not None:
                assert called not in hands[decl], "the called card is not in the hand"
                holder = next((s for s in range(n) if called in hands[s]), None)
                if holder is not None:
                    hands[holder].remove(called)
                    hands[decl].add(called)
                    called_from = holder
                else:
                    assert called in talon
            else:
                assert variant == "wuerttemberg", "only wuerttemberg may call none"
        elif t == "give":
            assert a["card"] != called and a["card"] in hands[decl]
            hands[decl].remove(a["card"])
            hands[called_from].add(a["card"])
        elif t == "kontra":
            assert variant == "dapp" and not kontra and not trick and not tricks
            assert contract == "ramsch" or a["seat"] != decl
            kontra = True
        elif t == "rekontra":
            assert variant == "dapp" and kontra and not rekontra and not tricks
            assert a["seat"] == decl or contract == "ramsch"
            rekontra = True
        elif t == "announce":
            assert variant == "tapp1879" and contract in ("solo", "coeursolo")
            tout = a["value"] == "tout"
        elif t == "play":
            card, seat = a["card"], a["seat"]
            assert seat == turn, f"seat {seat} played out of turn"
            assert card in hands[seat] and card not in played
            hand = hands[seat]
            if trick:
                led = trick[0][1]
                if any(c[1] == led for c in hand):
                    assert card[1] == led, f"{card}: must follow suit {led}"
                elif trump and any(c[1] == trump for c in hand):
                    assert card[1] == trump, f"{card}: must trump"
            hand.remove(card)
            played.add(card)
            trick.append(card)
            turn = (turn + 1) % n
            if len(trick) == n:
                best = 0
                for i in range(1, n):
                    if _beats(trick[i], trick[best], trick[0][1], trump):
                        best = i
                winner = (leader + best) % n
                tricks.append((leader, trick, winner))
                trick = []
                leader = turn = winner
    assert not trick, "a finished deal has no trick in progress"
    assert [(t["leader"], t["cards"], t["winner"]) for t in res["tricks"]] == tricks

    # -- early end -------------------------------------------------------------------------
    tricks_of = [sum(1 for t in tricks if t[2] == s) for s in range(n)]
    full = len(record["hands"][0])
    must_win_all = contract in WIN_ALL or tout
    if must_win_all and tricks_of[decl] < len(tricks):
        assert tricks[-1][2] != decl and tricks_of[decl] == len(tricks) - 1
    elif contract in BETTEL and tricks_of[decl] > 0:
        assert tricks[-1][2] == decl and tricks_of[decl] == 1
    else:
        assert len(tricks) == full, "point contracts are played to the last trick"

    # -- points ------------------------------------------------------------------------------
    pts = [sum(points(t[1]) for t in tricks if t[2] == s) for s in range(n)]
    talon_pts = sum(POINTS[c[0]] for c in talon)
    if contract == "ramsch":
        pts[tricks[-1][2]] += talon_pts
    elif variant == "zuger":
        pts[decl] += points(sorted(discards)) if contract == "tapp" else talon_pts
    elif variant == "tapp1879":
        if tricks_of[decl]:
            pts[decl] += points(sorted(discards)) if contract == "coeurfrage" else talon_pts
    elif contract in ("normal", "herz", "farbe"):
        pts[decl] += talon_pts
    elif contract == "herz_aufnehmen":
        pts[decl] += points(sorted(discards))
    assert res["points"] == pts
    assert res["declarer_points"] == (None if decl is None else pts[decl])

    # -- payments ------------------------------------------------------------------------
    pay = [0] * n
    mult: list[str] = []
    new_pot = pot

    def declarer_gets(amount: int) -> None:
        for s in range(n):
            if s != decl:
                pay[s] -= amount
                pay[decl] += amount

    if contract == "ramsch":
        unit = stake * DAPP_VALUE["ramsch"]
        if kontra:
            unit *= 2
            mult.append("kontra")
        if rekontra:
            unit *= 2
            mult.append("rekontra")
        if variant == "dapp" and opts.get("closing_ramsch"):
            unit *= 2
        top = max(pts)
        tied = [s for s in range(n) if pts[s] == top]
        last = tricks[-1][2]
        losers = [last] if last in tied else tied
        for loser in losers:
            for s in range(n):
                if s not in losers:
                    amount = unit * (2 if tricks_of[s] == 0 else 1)
                    pay[loser] -= amount
                    pay[s] += amount
        if 0 in tricks_of:
            mult.append("jungfrau")
        if variant == "dapp" and opts.get("closing_ramsch"):
            mult.append("closing")
    elif variant == "zuger":
        p = pts[decl]
        win_at = opts.get("tapp_threshold", 61) if contract == "tapp" else ZUGER_WIN[contract]
        if not (contract == "tapp" and win_at == 61 and p == 60):
            won = p >= win_at
            loser_tricks = (len(tricks) - tricks_of[decl]) if won else tricks_of[decl]
            loser_points = 120 - p if won else p
            factor = 1
            if loser_tricks == 0:
                factor = 3
                mult.append("no_trick")
            elif loser_points < 21:
                factor = 2
                mult.append("schneider")
            amount = ZUGER_BASE[contract] * factor * stake
            declarer_gets(amount if won else -amount)
    elif variant == "tapp1879":
        p = pts[decl]
        d = p - 60
        if tout:
            per = (60 if contract == "solo" else 120) * stake
            if tricks_of[decl] == full:
                declarer_gets(per)
                pay[decl] += pot
                new_pot = 0
            else:
                declarer_gets(-per)
                pay[decl] -= pot
                new_pot = 2 * pot
        elif contract == "coeurfrage":
            if d > 0:
                declarer_gets(ceil(d / 4) * stake)
            elif d < 0:
                amount = ceil(-d / 4) * stake
                declarer_gets(-amount)
                pay[decl] -= amount
                new_pot = pot + amount
        else:
            margin = abs(d) if contract == "coeursolo" else ceil(abs(d) / 2)
            if p >= 61:
                declarer_gets(margin * stake)
                pay[decl] += pot
                new_pot = 0
            else:
                declarer_gets(-margin * stake)
                pay[decl] -= pot
                new_pot = 2 * pot
        pay[dealer] -= ante
    else:
        value = (DAPP_VALUE if variant == "dapp" else WUE_VALUE)[contract] * stake
        if kontra:
            value *= 2
            mult.append("kontra")
        if rekontra:
            value *= 2
            mult.append("rekontra")
        if contract in BETTEL:
            won = tricks_of[decl] == 0
        elif contract in WIN_ALL:
            won = tricks_of[decl] == full
        else:
            won = pts[decl] >= 61
            if variant == "dapp" and (120 - pts[decl] if won else pts[decl]) < 40:
                value *= 2
                mult.append("schneider")
        if variant == "dapp" and opts.get("closing_ramsch"):
            value *= 2
            mult.append("closing")
        declarer_gets(value if won else -value)
    assert res["payments"] == pay, f"payments {res['payments']} != {pay}"
    assert res["pot"] == new_pot
    assert res["multipliers"] == mult
    made = {"tout": tout, "kontra": kontra, "rekontra": rekontra}
    assert res["announcements"] == [k for k in ("tout", "kontra", "rekontra") if made[k]]


def check_steps_before_play(record: dict[str, Any], res: dict[str, Any]) -> None:
    """The steps between the auction and the first card, in order (kontra aside)."""
    if res["status"] != "finished":
        return
    variant, contract = record["variant"], res["contract"]
    steps = []
    for a in record["actions"]:
        if a["type"] == "play":
            break
        if a["type"] not in ("bid", "declare", "contract", "kontra", "rekontra"):
            steps.append(a["type"])
    exchange = ["give"] if any(a["type"] == "give" for a in record["actions"]) else []
    expected: list[str] = []
    if variant == "zuger":
        expected = ["discard", "trump"] if contract == "tapp" else ["trump"]
    elif variant == "tapp1879":
        expected = {"coeurfrage": ["discard"], "solo": ["trump", "announce"],
                    "coeursolo": ["announce"]}[contract]
    else:
        if contract in ("normal", "farbe", "durch"):
            expected = ["trump"]
        elif contract == "rufer":
            expected = ["trump", "call", *exchange]
        elif contract == "rufer_herz":
            expected = ["call", *exchange]
        elif contract == "herz_aufnehmen":
            expected = ["discard"]
    assert steps == expected, f"{contract}: steps {steps}, expected {expected}"
