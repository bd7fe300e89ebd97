"""Sample seat views for the gallery, the benchmark and the tests: seeded deals played
by the rules engine itself (its views, as the bot shows them) to the moments worth a
picture in every variant: auctions, discards, tricks in play and done, Bettel open
hands, a Rufer's called card, the 1879 pot, Ramsch without a declarer, finished deals.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from bot.engine import Deal
from bot.engine.actions import Action, ActionType
from bot.engine.view import Phase, SeatView

NAMES: tuple[str, ...] = (
    "Anna",
    "Bäschteli 🃏",
    "Zoë-Marie Müller-Lüdenscheidt von und zu Hohenzollern-Sigmaringen-Großherzogtum 🏰👑",
    "山田 太郎",
    "🔥🔥🔥",
    "Ueli",
)

LONG_NAME = ("W" * 40) + " 🎉 " + ("Ü" * 57)  # 100 characters with an emoji in the middle


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


_PASS = ("bid:pass", "bid:weg")
#: when a sample deal stops (at its picture's moment); what its public view must show
Stop = Callable[[Deal], bool]
Want = Callable[[SeatView], bool]


def _drive(variant: str, players: int, seed: int, wishes: tuple[str, ...],
           stop: Stop, **options: Any) -> Deal:
    """Play a seeded deal: the first speaker bids ``wishes``' bids, the others pass; any
    other wished action (contract, trump, call, announce) is taken when legal; cards and
    discards are random. Stops when ``stop(deal)`` is true or the deal is over."""
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


def _main(deal: Deal) -> int:
    to_act = deal.to_act() or (0,)
    for seat in to_act:
        if any(a.type not in (ActionType.KONTRA, ActionType.REKONTRA)
               for a in deal.legal_actions(seat)):
            return int(seat)
    return int(to_act[0])


def _played(n: int) -> Stop:
    """Stop after ``n`` cards have been played."""
    def stop(deal: Deal) -> bool:
        v = deal.public_view()
        in_trick = len(v.current_trick.cards) if v.current_trick else 0
        return v.phase is Phase.PLAY and len(v.tricks) * v.players + in_trick >= n
    return stop


def _phase(phase: Phase) -> Stop:
    return lambda deal: deal.public_view().phase is phase


def _never(deal: Deal) -> bool:
    return False


def _scenario(variant: str, players: int, seed: int, wishes: tuple[str, ...], stop: Stop,
              want: Want | None = None, **options: Any) -> Deal:
    """The first seeded deal from ``seed`` on that reaches ``stop`` (or its end) still
    satisfying ``want(public_view)`` and, for a stop, still running."""
    for s in range(seed, seed + 200):
        deal = _drive(variant, players, s, wishes, stop, **options)
        v = deal.public_view()
        if (stop is _never or not deal.is_over) and (want is None or want(v)):
            return deal
    raise RuntimeError(f"no seed gives the {variant} scenario {wishes}")


def _contract(name: str) -> Want:
    return lambda v: v.contract == name


def sample_views() -> dict[str, SeatView]:
    """Every sample view, by name (``variant-situation``): seeded deals played by the
    rules engine to the moment each picture shows."""
    out: dict[str, SeatView] = {}

    def add(name: str, deal: Deal, seat: int | None) -> None:
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
