"""Sample seat views for the gallery, the benchmark and the tests.

Views are built directly (seeded, deterministic) with a tiny trick-play simulator: it
follows suit, trumps when void and finds trick winners, which is all a picture needs.
It is not the rules engine and scores only roughly; it only has to produce views of the
shapes the engine produces: every variant, Bettel open hands, a Rufer's called card,
the 1879 pot, Ramsch without a declarer, auctions, discards and finished deals.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import Any

from bot.engine.actions import Action, ActionType
from bot.engine.cards import CARDS, DECK32, DECK36, Card, CardSet, iter_bits
from bot.engine.view import DealResult, Phase, ResultStatus, SeatView, TrickView

NAMES: tuple[str, ...] = (
    "Anna",
    "Bäschteli 🃏",
    "Zoë-Marie Müller-Lüdenscheidt von und zu Hohenzollern-Sigmaringen-Großherzogtum 🏰👑",
    "山田 太郎",
    "🔥🔥🔥",
    "Ueli",
)

LONG_NAME = ("W" * 40) + " 🎉 " + ("Ü" * 57)  # 100 characters with an emoji in the middle


def _winner(cards: list[int], leader: int, trump: int | None, n: int) -> int:
    best = 0  # the best card so far is always of the led suit or a trump
    for i, c in enumerate(cards[1:], 1):
        b = cards[best]
        trumps = trump is not None and c // 9 == trump and b // 9 != trump
        if trumps or (c // 9 == b // 9 and c > b):
            best = i
    return (leader + best) % n


def _legal(hand: int, trick: list[int], trump: int | None) -> list[int]:
    cards = list(iter_bits(hand))
    if not trick:
        return cards
    follow = [c for c in cards if c // 9 == trick[0] // 9]
    if follow:
        return follow
    trumps = [c for c in cards if trump is not None and c // 9 == trump]
    return trumps or cards


@dataclass
class _Play:
    """A deal being played out by the simulator."""

    variant: str
    players: int
    deck: int
    dealer: int
    seed: int
    talon_size: int
    hands: list[int] = field(default_factory=list)
    dealt: list[int] = field(default_factory=list)
    talon: int = 0
    tricks: list[TrickView] = field(default_factory=list)
    current: list[int] = field(default_factory=list)
    leader: int = 0
    rng: random.Random = field(default_factory=random.Random)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)
        cards = list(iter_bits(self.deck))
        self.rng.shuffle(cards)
        per = (len(cards) - self.talon_size) // self.players
        self.hands = [sum(1 << c for c in cards[i * per:(i + 1) * per])
                      for i in range(self.players)]
        self.dealt = list(self.hands)
        self.talon = sum(1 << c for c in cards[self.players * per:])
        self.leader = (self.dealer + 1) % self.players

    def play(self, tricks: int, partial: int, trump: int | None) -> None:
        for _ in range(tricks):
            self.play_cards(self.players, trump)
        self.play_cards(partial, trump)

    def play_cards(self, count: int, trump: int | None) -> None:
        for _ in range(count):
            seat = (self.leader + len(self.current)) % self.players
            card = self.rng.choice(_legal(self.hands[seat], self.current, trump))
            self.hands[seat] &= ~(1 << card)
            self.current.append(card)
            if len(self.current) == self.players:
                win = _winner(self.current, self.leader, trump, self.players)
                self.tricks.append(TrickView(self.leader, tuple(CARDS[c] for c in self.current),
                                             win))
                self.current = []
                self.leader = win

    @property
    def to_act(self) -> int:
        return (self.leader + len(self.current)) % self.players

    def won(self) -> tuple[int, ...]:
        return tuple(sum(1 for t in self.tricks if t.winner == s) for s in range(self.players))

    def points(self) -> tuple[int, ...]:
        pts = [0] * self.players
        for t in self.tricks:
            assert t.winner is not None
            pts[t.winner] += sum(Card(c).points for c in t.cards)
        return tuple(pts)


def _view(p: _Play, seat: int | None, *, phase: Phase, contract: str | None,
          declarer: int | None, trump: int | None, **kw: Any) -> SeatView:
    current = (TrickView(p.leader, tuple(CARDS[c] for c in p.current), None)
               if p.current or phase is Phase.PLAY else None)
    to_act = (p.to_act,) if phase is Phase.PLAY else kw.pop("to_act", ())
    legal: tuple[Action, ...] = ()
    if seat is not None and seat in to_act and phase is Phase.PLAY:
        legal = tuple(Action.play(c) for c in _legal(p.hands[seat], p.current, trump))
    fields: dict[str, Any] = dict(
        variant=p.variant, options={}, players=p.players, seat=seat, dealer=p.dealer,
        forehand=(p.dealer + 1) % p.players, phase=phase, to_act=to_act,
        hand=None if seat is None else CardSet(p.hands[seat]),
        hand_sizes=tuple(h.bit_count() for h in p.hands), legal=legal, auction=(),
        contract=contract, declarer=declarer, trump=trump, called_card=None,
        called_from=None, called_in_talon=False, exchange_card=None, talon=None,
        discards=None, open_hands={}, current_trick=current, tricks=tuple(p.tricks),
        tricks_won=p.won(), points_taken=p.points(), announcements=(), kontra_by=None,
        rekontra_by=None, pot=0, result=None)
    fields.update(kw)
    return SeatView(**fields)


def _finish(view: SeatView, p: _Play, *, won: bool | None, value: int,
            multipliers: tuple[str, ...] = (), pot_delta: int = 0,
            status: ResultStatus = ResultStatus.FINISHED) -> SeatView:
    """Mark ``view`` finished with a plausible result (zero-sum payments)."""
    n = p.players
    pts = list(p.points())
    decl = view.declarer
    if decl is not None and view.contract not in ("ramsch",):
        pts[decl] += CardSet(p.talon).points
    elif p.tricks and p.tricks[-1].winner is not None:
        pts[p.tricks[-1].winner] += CardSet(p.talon).points
    pay = [0] * n
    if status is ResultStatus.FINISHED:
        if decl is None:  # Ramsch: most points pays everyone
            loser = max(range(n), key=lambda s: (pts[s], -s))
            won_tricks = p.won()
            for s in range(n):
                if s != loser:
                    amount = value * (2 if won_tricks[s] == 0 else 1)
                    pay[s] += amount
                    pay[loser] -= amount
        elif won is not None:
            sign = 1 if won else -1
            for s in range(n):
                if s != decl:
                    pay[s] -= sign * value
                    pay[decl] += sign * value
            pay[decl] -= pot_delta
    result = DealResult(
        status=status, contract=view.contract, declarer=decl, trump=view.trump,
        multipliers=multipliers, announcements=view.announcements,
        declarer_points=None if decl is None else pts[decl], points=tuple(pts),
        tricks=tuple(p.tricks), payments=tuple(pay), pot=view.pot + pot_delta, won=won)
    return replace(view, phase=Phase.FINISHED, to_act=(), legal=(), current_trick=None,
                   result=result, dealt_hands=tuple(CardSet(h) for h in p.dealt),
                   dealt_talon=CardSet(p.talon))


def _zuger() -> dict[str, SeatView]:
    out: dict[str, SeatView] = {}
    p = _Play("zuger", 4, DECK36, dealer=3, seed=11, talon_size=4)
    out["zuger-auction"] = _view(p, 0, phase=Phase.AUCTION, contract=None, declarer=None,
                                 trump=None, to_act=(0,),
                                 legal=(Action.bid("pass"), Action.bid("tapp"),
                                        Action.bid("solo")),
                                 auction=((0, Action.bid("tapp")), (1, Action.bid("solo")),
                                          (2, Action.bid("pass")), (3, Action.bid("pass"))))
    p.leader = 1  # the declarer leads
    p.play(3, 2, trump=2)
    seat = p.to_act
    out["zuger-play"] = _view(p, seat, phase=Phase.PLAY, contract="solo", declarer=1, trump=2)
    out["zuger-public"] = _view(p, None, phase=Phase.PLAY, contract="solo", declarer=1, trump=2)
    p.play_cards(2, 2)
    out["zuger-trick-done"] = _view(p, seat, phase=Phase.PLAY, contract="solo", declarer=1,
                                    trump=2)
    p.play(4, 0, trump=2)
    out["zuger-result"] = _finish(_view(p, 1, phase=Phase.PLAY, contract="solo", declarer=1,
                                        trump=2), p, won=True, value=2, multipliers=())
    # tapp: the declarer has picked up the talon and discards 4 of 12
    q = _Play("zuger", 4, DECK36, dealer=0, seed=5, talon_size=4)
    q.hands[2] |= q.talon
    out["zuger-discard"] = _view(q, 2, phase=Phase.DISCARD, contract="tapp", declarer=2,
                                 trump=None, to_act=(2,), talon=CardSet(q.talon),
                                 legal=(Action(ActionType.DISCARD, count=4),))
    return out


def _tapp1879() -> dict[str, SeatView]:
    out: dict[str, SeatView] = {}
    p = _Play("tapp1879", 3, DECK36, dealer=2, seed=3, talon_size=3)
    p.hands[0] |= p.talon  # coeurfrage: 14 cards before the discard
    out["tapp1879-discard"] = _view(p, 0, phase=Phase.DISCARD, contract="coeurfrage",
                                    declarer=0, trump=2, to_act=(0,), talon=CardSet(p.talon),
                                    legal=(Action(ActionType.DISCARD, count=3),), pot=6)
    q = _Play("tapp1879", 3, DECK36, dealer=1, seed=8, talon_size=3)
    q.play(4, 1, trump=1)
    out["tapp1879-play"] = _view(q, q.to_act, phase=Phase.PLAY, contract="solo", declarer=0,
                                 trump=1, pot=8, announcements=("tout",))
    out["tapp1879-public"] = _view(q, None, phase=Phase.PLAY, contract="solo", declarer=0,
                                   trump=1, pot=8, announcements=("tout",))
    q.play_cards(2, 1)
    q.play(6, 0, trump=1)
    out["tapp1879-result"] = _finish(
        _view(q, 0, phase=Phase.PLAY, contract="solo", declarer=0, trump=1, pot=8,
              announcements=("tout",)), q, won=False, value=60, pot_delta=8)
    return out


def _dapp() -> dict[str, SeatView]:
    out: dict[str, SeatView] = {}
    # 4 players, Rufer in clubs: 7S called, handed over by seat 3
    p = _Play("dapp", 4, DECK32, dealer=3, seed=21, talon_size=4)
    called = next(Card.parse(c) for c in ("AC", "TC", "KC", "QC", "JC")
                  if not p.hands[1] >> Card.parse(c) & 1)
    holder = next(s for s in range(4) if p.hands[s] >> called & 1) if not (
        p.talon >> called & 1) else None
    give = max(iter_bits(p.hands[1] & ~(1 << called)), key=lambda c: (c // 9 != 0, c))
    if holder is not None and holder != 1:
        p.hands[holder] = (p.hands[holder] & ~(1 << called)) | (1 << give)
        p.hands[1] = (p.hands[1] & ~(1 << give)) | (1 << called)
    p.dealt = list(p.hands)
    p.play(2, 3, trump=0)
    out["dapp-rufer"] = _view(p, 1, phase=Phase.PLAY, contract="rufer", declarer=1, trump=0,
                              called_card=CARDS[called], called_from=holder,
                              exchange_card=CARDS[give] if holder is not None else None,
                              announcements=("kontra",), kontra_by=2)
    # 3 players, Bettel: the declarer's hand lies open after the first trick
    b = _Play("dapp", 3, DECK32, dealer=0, seed=4, talon_size=2)
    b.leader = 2
    b.play(2, 1, trump=None)
    out["dapp-bettel"] = _view(b, 0, phase=Phase.PLAY, contract="bettel", declarer=2,
                               trump=None, open_hands={2: CardSet(b.hands[2])})
    out["dapp-bettel-public"] = _view(b, None, phase=Phase.PLAY, contract="bettel", declarer=2,
                                      trump=None, open_hands={2: CardSet(b.hands[2])})
    # 6 players, Durch Herz
    s = _Play("dapp", 6, DECK32, dealer=5, seed=6, talon_size=2)
    s.play(1, 5, trump=2)
    out["dapp-6-durch"] = _view(s, s.to_act, phase=Phase.PLAY, contract="durch_herz",
                                declarer=4, trump=2)
    s.play_cards(1, 2)
    out["dapp-6-trick-done"] = _view(s, None, phase=Phase.PLAY, contract="durch_herz",
                                     declarer=4, trump=2)
    # 5 players, Ramsch (everyone passed)
    r = _Play("dapp", 5, DECK32, dealer=2, seed=9, talon_size=2)
    r.play(6, 0, trump=None)
    out["dapp-5-ramsch-result"] = _finish(
        _view(r, 3, phase=Phase.PLAY, contract="ramsch", declarer=None, trump=None,
              announcements=("kontra",), kontra_by=0), r, won=None, value=2,
        multipliers=("kontra",))
    return out


def _wuerttemberg() -> dict[str, SeatView]:
    out: dict[str, SeatView] = {}
    p = _Play("wuerttemberg", 3, DECK36, dealer=1, seed=14, talon_size=3)
    p.play(5, 2, trump=3)
    out["wuerttemberg-farbe"] = _view(p, p.to_act, phase=Phase.PLAY, contract="farbe",
                                      declarer=2, trump=3)
    p.play_cards(1, 3)
    p.play(5, 0, trump=3)
    out["wuerttemberg-result"] = _finish(
        _view(p, 2, phase=Phase.PLAY, contract="farbe", declarer=2, trump=3), p, won=True,
        value=1)
    o = _Play("wuerttemberg", 4, DECK32, dealer=0, seed=2, talon_size=4)
    o.leader = 3
    o.play_cards(1, None)  # the declarer's first card opens the hand
    out["wuerttemberg-bettel-ouvert"] = _view(
        o, 0, phase=Phase.PLAY, contract="bettel_ouvert", declarer=3, trump=None,
        open_hands={3: CardSet(o.hands[3])}, options={"deck": 32})
    r = _Play("wuerttemberg", 4, DECK36, dealer=2, seed=30, talon_size=4)
    r.play(8, 0, trump=None)
    out["wuerttemberg-ramsch-result"] = _finish(
        _view(r, None, phase=Phase.PLAY, contract="ramsch", declarer=None, trump=None), r,
        won=None, value=1)
    t = _Play("wuerttemberg", 4, DECK36, dealer=3, seed=31, talon_size=4)
    out["wuerttemberg-thrown"] = _finish(
        _view(t, 0, phase=Phase.AUCTION, contract=None, declarer=None, trump=None), t,
        won=None, value=0, status=ResultStatus.THROWN_IN)
    return out


def sample_views() -> dict[str, SeatView]:
    """Every sample view, by name (``variant-situation``)."""
    out: dict[str, SeatView] = {}
    for build in (_zuger, _tapp1879, _dapp, _wuerttemberg):
        out.update(build())
    return out


def sample_names(players: int) -> list[str]:
    """Awkward display names for ``players`` seats (emoji, CJK, a very long one)."""
    return list(NAMES[:players])


def sample_chips(seed: int = 1, deals: int = 40) -> dict[str, list[tuple[int, int]]]:
    """A chip history: running balances per player after each deal."""
    rng = random.Random(seed)
    names = ["Anna", "Bäschteli 🃏", "Ueli", LONG_NAME, "山田 太郎"]
    balances = dict.fromkeys(names, 0)
    series: dict[str, list[tuple[int, int]]] = {n: [(0, 0)] for n in names}
    for deal in range(1, deals + 1):
        table = rng.sample(names, 4)
        declarer = table[0]
        value = rng.choice((1, 1, 2, 2, 4, 6)) * rng.choice((1, -1))
        for n in table[1:]:
            balances[n] -= value
            balances[declarer] += value
        for n in table:
            series[n].append((deal, balances[n]))
    return series


# -- views from the rules engine ---------------------------------------------------------

_PASS = ("bid:pass", "bid:weg")


def _drive(variant: str, players: int, seed: int, wishes: tuple[str, ...],
           stop: Any, **options: Any) -> Any:
    """Play a seeded deal: the first speaker bids ``wishes``' bids, the others pass; any
    other wished action (contract, trump, call, announce) is taken when legal; cards and
    discards are random. Stops when ``stop(deal)`` is true or the deal is over."""
    from bot.engine.deal import Deal  # local: the engine is only needed here

    deal = Deal.new(variant, players=players, rng=random.Random(seed), **options)
    rng = random.Random(seed + 1000)
    bidder = deal.to_act()[0]
    while not deal.is_over and not stop(deal):
        seat = _main(deal)
        legal = deal.legal_actions(seat)
        tokens = {a.token: a for a in legal}
        choice = None
        for w in wishes:
            if w in tokens and (not w.startswith(("bid:", "declare:")) or seat == bidder):
                choice = tokens[w]
                break
        if choice is None and seat != bidder:
            choice = next((tokens[p] for p in _PASS if p in tokens), None)
        if choice is None:
            plain = [a for a in legal if a.type not in (ActionType.KONTRA, ActionType.REKONTRA)]
            choice = rng.choice(plain)
        if choice.type is ActionType.DISCARD and choice.cards is None:
            hand = [int(c) for c in deal.view(seat).hand or ()]
            choice = Action.discard(rng.sample(hand, choice.count or 0))
        deal.apply(seat, choice)
    return deal


def _main(deal: Any) -> int:
    to_act = deal.to_act() or (0,)
    for seat in to_act:
        if any(a.type not in (ActionType.KONTRA, ActionType.REKONTRA)
               for a in deal.legal_actions(seat)):
            return int(seat)
    return int(to_act[0])


def _played(n: int) -> Any:
    """Stop after ``n`` cards have been played."""
    def stop(deal: Any) -> bool:
        v = deal.public_view()
        in_trick = len(v.current_trick.cards) if v.current_trick else 0
        return v.phase is Phase.PLAY and len(v.tricks) * v.players + in_trick >= n
    return stop


def _phase(phase: Phase) -> Any:
    return lambda deal: deal.public_view().phase is phase


def _never(deal: Any) -> bool:
    return False


def _scenario(variant: str, players: int, seed: int, wishes: tuple[str, ...], stop: Any,
              want: Any = None, **options: Any) -> Any:
    """The first seeded deal from ``seed`` on that reaches ``stop`` (or its end) still
    satisfying ``want(public_view)`` and, for a stop, still running."""
    for s in range(seed, seed + 200):
        deal = _drive(variant, players, s, wishes, stop, **options)
        v = deal.public_view()
        if (stop is _never or not deal.is_over) and (want is None or want(v)):
            return deal
    raise RuntimeError(f"no seed gives the {variant} scenario {wishes}")


def _contract(name: str) -> Any:
    return lambda v: v.contract == name


def engine_views() -> dict[str, SeatView]:
    """Views produced by the rules engine from seeded deals (the same names as
    :func:`sample_views`)."""
    out: dict[str, SeatView] = {}

    def add(name: str, deal: Any, seat: int | None) -> None:
        out[name] = deal.public_view() if seat is None else deal.view(seat)

    solo = ("bid:solo", "trump:H")
    d = _scenario("zuger", 4, 1, solo, lambda d: len(d.public_view().auction) >= 2)
    add("zuger-auction", d, _main(d))
    d = _scenario("zuger", 4, 2, ("bid:tapp",), _phase(Phase.DISCARD))
    add("zuger-discard", d, _main(d))
    d = _scenario("zuger", 4, 3, solo, _played(14))
    add("zuger-play", d, _main(d))
    add("zuger-public", d, None)
    d = _scenario("zuger", 4, 3, solo, _played(16))
    add("zuger-trick-done", d, _main(d))
    d = _scenario("zuger", 4, 3, solo, _never)
    add("zuger-result", d, 0)
    d = _scenario("zuger", 4, 13, ("bid:pass",), _never)
    add("zuger-thrown", d, 0)

    d = _scenario("tapp1879", 3, 4, ("bid:coeurfrage",), _phase(Phase.DISCARD))
    add("tapp1879-discard", d, _main(d))
    tout = ("bid:solo", "trump:S", "announce:tout")
    d = _scenario("tapp1879", 3, 5, tout, _played(7), pot=6)
    add("tapp1879-play", d, _main(d))
    add("tapp1879-public", d, None)
    d = _scenario("tapp1879", 3, 5, tout, _never, pot=6)
    add("tapp1879-result", d, d.public_view().declarer)

    rufer = ("bid:play", "contract:rufer", "trump:C", "kontra")
    d = _scenario("dapp", 4, 6, rufer, _played(10),
                  lambda v: v.called_card is not None and not v.called_in_talon)
    add("dapp-rufer", d, d.public_view().declarer)
    bettel = ("bid:play", "contract:bettel")
    d = _scenario("dapp", 3, 7, bettel, _played(4), lambda v: bool(v.open_hands))
    add("dapp-bettel", d, _main(d))
    add("dapp-bettel-public", d, None)
    durch = ("bid:play", "contract:durch_herz")
    d = _scenario("dapp", 6, 8, durch, _played(5))
    add("dapp-6-durch", d, _main(d))
    d = _scenario("dapp", 6, 8, durch, _played(6))
    add("dapp-6-trick-done", d, None)
    d = _scenario("dapp", 5, 9, ("bid:pass", "kontra"), _never, _contract("ramsch"))
    add("dapp-5-ramsch-result", d, 3)

    farbe = ("bid:spiele", "declare:farbe", "trump:D")
    d = _scenario("wuerttemberg", 3, 10, farbe, _played(17))
    add("wuerttemberg-farbe", d, _main(d))
    d = _scenario("wuerttemberg", 3, 10, farbe, _never)
    add("wuerttemberg-result", d, d.public_view().declarer)
    d = _scenario("wuerttemberg", 4, 11, ("bid:spiele", "declare:bettel_ouvert"), _played(1),
                  deck=32)
    add("wuerttemberg-bettel-ouvert", d, 0)
    d = _scenario("wuerttemberg", 4, 12, ("bid:weg",), _never, _contract("ramsch"))
    add("wuerttemberg-ramsch-result", d, None)
    return out
