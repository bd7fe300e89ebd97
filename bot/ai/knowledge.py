"""What one seat knows, derived from its :class:`SeatView` alone.

Tracks the cards still unseen, the suits each seat has shown it lacks, the cards
known to lie in a given hand (open Bettel hands, the Rufer exchange), teams, the
contract's aim, and rough odds that a seat holds a card of some set.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from bot.engine import SeatView, make_variant
from bot.engine.cards import SUIT_MASKS, SUIT_OF, deck_mask
from bot.engine.variants import Aim, ContractFacts, Variant

ALL_SUITS = (0, 1, 2, 3)


def aim_of(facts: ContractFacts | None, announcements: tuple[str, ...] = ()) -> Aim:
    """What the declarer plays for: the contract's aim, every trick after a tout."""
    if "tout" in announcements:
        return Aim.WIN_ALL
    return Aim.POINTS if facts is None else facts.aim


@dataclass(frozen=True, slots=True)
class Table:
    """The static shape of a deal: players, deck (a mask), hand and talon sizes, and
    the variant's rules (its facts and scoring)."""

    players: int
    deck: int
    hand_size: int
    talon_size: int
    rules: Variant

    def facts(self, contract: str) -> ContractFacts:
        return self.rules.facts(contract)


@lru_cache(maxsize=64)
def _table(variant: str, players: int, options: tuple[tuple[str, object], ...]) -> Table:
    v = make_variant(variant, players, dict(options))
    return Table(players, deck_mask(v.deck), v.hand_size, v.talon_size, v)


def table_of(view: SeatView) -> Table:
    """The deal's shape and rules from the variant's published rules (not the deal)."""
    return _table(view.variant, view.players, tuple(sorted(view.options.items())))


def facts_of(view: SeatView, contract: str | None = None) -> ContractFacts | None:
    """The facts of ``contract`` (default: the view's contract, if fixed)."""
    c = view.contract if contract is None else contract
    return None if c is None else table_of(view).facts(c)


def higher(card: int) -> int:
    """Mask of the cards of ``card``'s suit that rank above it."""
    return SUIT_MASKS[SUIT_OF[card]] & ~((2 << card) - 1)


def lower(card: int) -> int:
    """Mask of the cards of ``card``'s suit that rank below it."""
    return SUIT_MASKS[SUIT_OF[card]] & ((1 << card) - 1)


def _p_some(pool: int, k: int, size: int) -> float:
    """Chance that ``size`` cards drawn from ``pool`` include one of ``k`` given ones."""
    none = 1.0
    for i in range(size):
        none *= (pool - k - i) / (pool - i)
    return 1.0 - none


#: _p_some for every pool, k and size up to the deck (the same float arithmetic)
_P_SOME = tuple(tuple(tuple(_p_some(pool, k, size) if size <= pool - k else 1.0
                            for size in range(37)) for k in range(37)) for pool in range(37))


class Knowledge:
    """Everything a seat may infer from its view. Cheap to build (once per decision)."""

    __slots__ = (
        "view", "me", "n", "table", "facts", "hand", "trump", "trump_mask", "declarer", "aim",
        "played", "unknown", "voids", "known", "open", "_possible",
    )

    def __init__(self, view: SeatView) -> None:
        if view.seat is None or view.hand is None:
            raise ValueError("a computer player needs a seat's view, not the public one")
        self.view = view
        self.me: int = view.seat
        self.n: int = view.players
        self.table = table_of(view)
        self.hand: int = view.hand.mask
        self.trump = view.trump
        self.trump_mask = 0 if view.trump is None else SUIT_MASKS[view.trump]
        self.declarer = view.declarer
        self.facts = facts_of(view)
        self.aim = aim_of(self.facts, view.announcements)
        n = self.n
        self.voids = [0] * n  # bit i: known to lack suit i
        played = 0
        for t in view.tricks:
            played |= self._scan(t.leader, t.cards)
        if view.current_trick is not None:
            played |= self._scan(view.current_trick.leader, view.current_trick.cards)
        self.played = played
        out = played | self.hand
        if view.talon is not None:
            out |= view.talon.mask
        if view.discards is not None:
            out |= view.discards.mask
        if view.called_in_talon and view.called_card is not None:
            out |= 1 << view.called_card
        self.known = [0] * n
        self.open = [False] * n
        for s, cs in view.open_hands.items():
            if s != self.me:
                self.known[s] = cs.mask
                self.open[s] = True
        if view.called_from is not None and view.called_card is not None:
            d = view.declarer
            if d is not None and d != self.me:
                self.known[d] |= (1 << view.called_card) & ~played
            if view.exchange_card is not None and view.called_from != self.me:
                self.known[view.called_from] |= (1 << view.exchange_card) & ~played
        self.unknown = self.table.deck & ~out
        self._possible: list[int | None] = [None] * n

    def _scan(self, leader: int, cards: tuple[int, ...]) -> int:
        mask = 0
        if not cards:
            return mask
        led = SUIT_OF[cards[0]]
        for i, c in enumerate(cards):
            mask |= 1 << c
            s = SUIT_OF[c]
            if s != led:
                seat = (leader + i) % self.n
                self.voids[seat] |= 1 << led
                if self.trump is not None and s != self.trump and led != self.trump:
                    self.voids[seat] |= 1 << self.trump
        return mask

    # -- teams -----------------------------------------------------------------------
    def team(self, seat: int) -> int:
        """Team id: the declarer alone against the rest; in Ramsch every seat alone."""
        if self.declarer is None:
            return seat
        return 0 if seat == self.declarer else 1

    def same_team(self, seat: int) -> bool:
        return self.team(seat) == self.team(self.me)

    @property
    def is_declarer(self) -> bool:
        return self.declarer == self.me

    # -- card odds -------------------------------------------------------------------
    def possible(self, seat: int) -> int:
        """Cards ``seat`` may hold (exactly its hand if open)."""
        p = self._possible[seat]
        if p is None:
            if self.open[seat]:
                p = self.known[seat] & ~self.played
            else:
                others = 0
                for s in range(self.n):
                    if s != seat:
                        others |= self.known[s]
                p = self.unknown & ~others
                for suit in ALL_SUITS:
                    if self.voids[seat] >> suit & 1:
                        p &= ~SUIT_MASKS[suit]
                p |= self.known[seat] & ~self.played
            self._possible[seat] = p
        return p

    def p_holds(self, seat: int, mask: int) -> float:
        """Rough chance that ``seat`` holds at least one card of ``mask``."""
        if seat == self.me:
            return 1.0 if self.hand & mask else 0.0
        pos = self.possible(seat)
        if self.known[seat] & mask & ~self.played:
            return 1.0
        k = (pos & mask).bit_count()
        if k == 0 or self.open[seat]:
            return 0.0
        size = self.view.hand_sizes[seat] - (self.known[seat] & ~self.played).bit_count()
        pool = (pos & ~self.known[seat]).bit_count()
        if size <= 0:
            return 0.0
        if pool - k < size:
            return 1.0
        return _P_SOME[pool][k][size]

    def beat_risk(self, seat: int, winning: int, led: int) -> float:
        """Rough chance that ``seat``, still to play, can beat ``winning``."""
        over = self.possible(seat) & higher(winning)
        if SUIT_OF[winning] == led:
            p = self.p_holds(seat, over)
            if self.trump is not None and led != self.trump:
                lacks = 1.0 - self.p_holds(seat, SUIT_MASKS[led])
                p += (1.0 - p) * lacks * self.p_holds(seat, self.trump_mask)
            return min(p, 1.0)
        lacks = 1.0 - self.p_holds(seat, SUIT_MASKS[led])
        return lacks * self.p_holds(seat, over)

    def risk(self, winning: int, led: int, seats: list[int] | tuple[int, ...]) -> float:
        """Chance that any of ``seats`` can beat ``winning``."""
        keep = 1.0
        for s in seats:
            keep *= 1.0 - self.beat_risk(s, winning, led)
        return 1.0 - keep

    def is_master(self, card: int) -> bool:
        """No unseen card of its suit ranks above it."""
        return not (self.unknown & higher(card))
