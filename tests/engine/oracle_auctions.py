"""An independent reading of the auctions, written from the rules files, not from the
engine's code: Zuger's bidding, the contest auction of Tapp 1879 and Dapp (with Dapp's
contract choice), Württemberg's announce and declare. Each says who speaks and which words
are legal, and how the auction ends; the property tests drive them beside the engine. The
rest of a deal is checked in ``oracle.py``."""

from __future__ import annotations


class ZugerAuction:
    """zuger.md "Bidding"."""

    LADDER = ["tapp", "solo", "super", "vice"]

    def __init__(self, n: int, dealer: int) -> None:
        self.n, self.turn = n, (dealer + 1) % n
        self.passed: set[int] = set()
        self.standing: int | None = None
        self.bidder: int | None = None
        self.result: tuple[str, int | None, str | None] | None = None  # (status, decl, c)

    def legal(self) -> set[str]:
        if self.standing is None:
            return {"pass", "tapp", "solo"}
        if self.standing < 3:
            return {"pass", self.LADDER[self.standing + 1]}
        return {"pass"}

    def say(self, seat: int, word: str) -> None:
        assert seat == self.turn and word in self.legal()
        if word == "pass":
            self.passed.add(seat)
        else:
            self.standing, self.bidder = self.LADDER.index(word), seat
        if self.standing is not None and (len(self.passed) == 3 or self.standing == 3):
            self.result = ("play", self.bidder, self.LADDER[self.standing])
            return
        if len(self.passed) == 4:
            self.result = ("thrown_in", None, None)
            return
        s = (seat + 1) % self.n
        while s in self.passed:
            s = (s + 1) % self.n
        self.turn = s


class ContestAuction:
    """tapp1879.md and dapp.md "Bidding": one round, forehand first and the dealer last,
    interrupted by contests between the holder and a challenger."""

    def __init__(self, variant: str, n: int, dealer: int, closing: bool = False) -> None:
        self.variant, self.closing = variant, closing
        self.order = [(dealer + 1 + i) % n for i in range(n)]
        self.pos = 0
        self.holder: int | None = None
        self.level: str | None = None  # a contract, or "open_normal" / "open_herz"
        self.challenger: int | None = None
        self.holder_answers = False
        self.result: tuple[str, int | None, str | None] | None = None

    T1879 = ["coeurfrage", "solo", "coeursolo"]
    DAPP = ["open_normal", "open_herz", "rufer", "bettel", "rufer_herz", "durch",
            "durch_herz"]

    @property
    def turn(self) -> int:
        if self.challenger is not None:
            return self.holder if self.holder_answers else self.challenger  # type: ignore
        return self.order[self.pos]

    def _above(self, level: str | None) -> list[str]:
        if self.variant == "tapp1879":
            ladder = self.T1879
            return ladder if level is None else ladder[ladder.index(level) + 1:]
        ladder = self.DAPP[2:]
        if level in (None, "open_normal", "open_herz"):
            return ladder
        return ladder[ladder.index(level) + 1:]

    def legal(self) -> dict[str, str]:
        """word -> the level it stands for."""
        out = {"pass": self.level or ""}
        dapp = self.variant == "dapp"
        if self.challenger is None and self.holder is None:  # nobody has bid
            if dapp:
                out.update({"durch_herz": "durch_herz"} if self.closing
                           else {"play": "open_normal"})
            else:
                out.update({w: w for w in self.T1879})
        elif self.challenger is None:  # a later speaker against the holder
            if dapp and self.level == "open_normal":
                out["play"] = "open_herz"
            else:
                out.update({w: w for w in self._above(self.level)})
        elif self.holder_answers:
            if dapp and self.level == "open_herz":
                out["self"] = "open_herz"
            else:
                out["hold"] = self.level or ""
                out.update({w: w for w in self._above(self.level)})
        else:  # the challenger after hold or a raise
            out.update({w: w for w in self._above(self.level)})
        return out

    def say(self, seat: int, word: str) -> None:
        assert seat == self.turn
        legal = self.legal()
        assert word in legal
        if self.challenger is not None:
            if word == "pass":
                if self.holder_answers:
                    self.holder = self.challenger
                self.challenger = None
                self.pos += 1
            else:
                self.level = legal[word]
                self.holder_answers = not self.holder_answers
        elif word == "pass":
            self.pos += 1
        elif self.holder is None:
            self.holder, self.level = seat, legal[word]
            self.pos += 1
        else:
            self.challenger, self.level = seat, legal[word]
            self.holder_answers = True
        if self.challenger is None and self.pos >= len(self.order):
            if self.holder is None:
                self.result = ("thrown_in", None, None) if self.variant == "tapp1879" \
                    else ("play", None, "ramsch")
            else:
                self.result = ("play", self.holder, self.level)


def dapp_choices(level: str) -> set[str]:
    """dapp.md "Choosing the contract": what an open or upgradable final bid allows."""
    all_ = ["normal", "herz", "rufer", "bettel", "rufer_herz", "durch", "durch_herz"]
    return {"open_normal": set(all_), "open_herz": set(all_[1:]),
            "rufer": {"rufer", "rufer_herz"}, "durch": {"durch", "durch_herz"}}.get(level,
                                                                                   {level})


class WuerttembergAuction:
    """wuerttemberg.md "Bidding": announce (forehand last), then declare in the same order;
    highest rank wins, ties go to the seat nearest forehand."""

    GAMES = ["herz_aufnehmen", "farbe", "herz", "bettel", "rufer", "rufer_herz",
             "bettel_ouvert", "durch", "durch_herz"]

    def __init__(self, n: int, dealer: int, herz_aufnehmen: bool) -> None:
        self.n, self.forehand = n, (dealer + 1) % n
        self.order = [(self.forehand + 1 + i) % n for i in range(n)]
        self.games = self.GAMES if herz_aufnehmen else self.GAMES[1:]
        self.pos = 0
        self.players: list[int] = []
        self.declared: list[tuple[int, str]] = []
        self.result: tuple[str, int | None, str | None] | None = None

    @property
    def declaring(self) -> bool:
        return self.pos >= len(self.order)

    @property
    def turn(self) -> int:
        return self.players[len(self.declared)] if self.declaring else self.order[self.pos]

    def legal(self) -> set[str]:
        return set(self.games) if self.declaring else {"spiele", "weg"}

    def say(self, seat: int, word: str) -> None:
        assert seat == self.turn and word in self.legal()
        if not self.declaring:
            if word == "spiele":
                self.players.append(seat)
            self.pos += 1
            if self.declaring and not self.players:
                self.result = ("play", None, "ramsch")
            return
        self.declared.append((seat, word))
        if len(self.declared) == len(self.players):
            best = max(self.declared, key=lambda d: (self.GAMES.index(d[1]),
                                                     -((d[0] - self.forehand) % self.n)))
            self.result = ("play", best[0], best[1])
