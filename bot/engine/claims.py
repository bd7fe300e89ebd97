"""Claims: a player in play says how the rest of the deal goes, and the engine checks it.

A claim is ``all`` (I take every trick still to play) or ``none`` (I take no more
trick, as a Bettel player would). :func:`claim_line` looks for the claimer's plays that
make the claim come true *against every legal defence* and leave *no chip in doubt*
(every such defence ends in the same payments and pot): then nothing the others could
do would change a chip, and the deal may end at once, played out along that line (its
record holds real, legal plays; it replays to the same result). A claim of no more
tricks in a Ramsch, where the others' points still decide who pays, is therefore not
proven even when it comes true. With ``defended=False`` it looks for *some* legal
continuation where the claim comes true: what the others may accept (the claim is then
played out so), never force. A search that would go beyond ``budget`` positions is
given up (:class:`ClaimTooDeep`).

Both read the others' hidden cards. :func:`could_come_true` does not: it asks whether
*some* lay of the cards the claimer cannot see could make the claim come true, from the
claimer's own hand and the cards played alone, so a claim refused on it tells the
claimer nothing of the others' hands.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING

from .cards import SUIT_MASKS, SUIT_OF, deck_mask, iter_bits
from .tricks import beats, legal_mask, trick_winner
from .view import Phase

if TYPE_CHECKING:
    from .deal import Deal

Play = tuple[int, int]  # (seat, card)


class ClaimKind(StrEnum):
    ALL = "all"  # every trick still to play
    NONE = "none"  # no more trick


#: claims are offered from a hand of this many cards on: earlier ones are seldom true
#: against every defence, and costly to check
OFFERED_FROM = 5


class ClaimTooDeep(Exception):
    """The claim could not be checked within the search budget."""


def can_claim(deal: Deal) -> bool:
    """Claims are made while cards are played (before the last card)."""
    return deal.phase is Phase.PLAY and not deal.is_over


def offered_claims(deal: Deal, seat: int) -> tuple[ClaimKind, ...]:
    """The claims worth offering ``seat`` now: on their turn in card play, holding from
    two to :data:`OFFERED_FROM` cards; *every trick*, or *no more trick* for the
    declarer of a contract lost by a trick (Bettel), and both in a deal with no
    declarer (Ramsch)."""
    if not can_claim(deal) or deal.turn != seat or \
            not 2 <= deal.hands[seat].bit_count() <= OFFERED_FROM:
        return ()
    if deal.declarer is None:
        return (ClaimKind.ALL, ClaimKind.NONE)
    if deal.must_lose_all and seat == deal.declarer:
        return (ClaimKind.NONE,)
    return (ClaimKind.ALL,)


def claim_line(deal: Deal, seat: int, kind: ClaimKind, *, defended: bool = True,
               budget: int = 200_000) -> list[Play] | None:
    """The plays to the end of the deal that make ``seat``'s claim come true (see the
    module docstring), or None if there are none; the deal is not changed."""
    if not can_claim(deal):
        return None
    search = _Search(seat, kind, defended, budget)
    if not search.holds(deal.copy()):
        return None
    return search.line(deal.copy())


#: what a finished line comes to: its payments and the pot (proven claims), or True
Outcome = tuple[tuple[int, ...], int] | bool


class _Search:
    def __init__(self, seat: int, kind: ClaimKind, defended: bool, budget: int) -> None:
        self.seat = seat
        self.kind = kind
        self.defended = defended
        self.budget = budget
        #: position -> a good card and what the claim comes to from there
        self.memo: dict[tuple[object, ...], tuple[int, Outcome] | None] = {}

    def _key(self, deal: Deal) -> tuple[object, ...]:
        # the seats' points and tricks so far decide the payments (with what is to come)
        taken = (tuple(deal.points), tuple(deal.tricks_won)) if self.defended else ()
        return (tuple(deal.hands), tuple(deal.trick), deal.leader, taken)

    def _trick_ok(self, deal: Deal, tricks_before: int) -> bool:
        if len(deal.tricks) == tricks_before:
            return True
        winner = deal.tricks[-1].winner
        return (winner == self.seat) == (self.kind is ClaimKind.ALL)

    def _outcome(self, deal: Deal) -> Outcome:
        if not self.defended:
            return True
        result = deal.outcome()
        assert result is not None
        return (result.payments, result.pot)

    def holds(self, deal: Deal) -> bool:
        """Whether the claim comes true from here (recording a good card per position)."""
        return self._solve(deal) is not None

    def _solve(self, deal: Deal) -> Outcome | None:
        """What the claim comes to from here, or None where it can fail (or, proven,
        where the others' choices could still change a chip)."""
        if deal.is_over:
            return self._outcome(deal)
        key = self._key(deal)
        if key in self.memo:
            known = self.memo[key]
            return None if known is None else known[1]
        self.budget -= 1
        if self.budget < 0:
            raise ClaimTooDeep()
        chooses = deal.turn == self.seat or not self.defended
        found: tuple[int, Outcome] | None = None
        for card in iter_bits(deal.legal_play_mask()):
            after = deal.copy()
            tricks = len(after.tricks)
            after.play_unchecked(card)
            outcome = self._solve(after) if self._trick_ok(after, tricks) else None
            if chooses and outcome is not None:
                found = (card, outcome)
                break
            if not chooses:
                if outcome is None or (found is not None and outcome != found[1]):
                    found = None
                    break
                found = found or (card, outcome)  # every defence so far: the same
        self.memo[key] = found
        return None if found is None else found[1]

    def line(self, deal: Deal) -> list[Play]:
        """The continuation: the recorded good card at every position."""
        plays: list[Play] = []
        while not deal.is_over:
            known = self.memo[self._key(deal)]
            assert known is not None
            plays.append((deal.turn, known[0]))
            deal.play_unchecked(known[0])
        return plays


def could_come_true(deal: Deal, seat: int, kind: ClaimKind, *,
                    budget: int = 20_000) -> bool:
    """Whether some lay of the cards ``seat`` cannot see, and some play of the rest,
    makes the claim come true. Decided from ``seat``'s own hand, the cards played and
    the contract alone: the others may play any card not seen, unbound by the suit led.
    So False means impossible whatever the others hold (nothing of their hands is told);
    True where the relaxed search finds a way or runs past ``budget`` positions."""
    if not can_claim(deal) or deal.turn != seat:
        return False
    played = 0
    for entry in deal.log:
        if isinstance(entry[1], int):
            played |= 1 << entry[1]
    hand = deal.hands[seat]
    unseen = deck_mask(deal.v.deck) & ~hand & ~played
    search = _Relaxed(deal, seat, kind, budget)
    try:
        return search.holds(hand, unseen, deal.leader, tuple(int(c) for c in deal.trick))
    except ClaimTooDeep:
        return True


class _Relaxed:
    """The cooperative search of :func:`could_come_true` over masks."""

    def __init__(self, deal: Deal, seat: int, kind: ClaimKind, budget: int) -> None:
        self.seat = seat
        self.all = kind is ClaimKind.ALL
        self.n = deal.n
        self.trump_mask = deal.trump_mask
        declarer = deal.declarer
        #: seats whose winning a trick ends the deal there (as the engine ends it)
        self.ends: frozenset[int] = frozenset(
            s for s in range(deal.n) if declarer is not None and (
                (deal.must_win_all and s != declarer)
                or (deal.must_lose_all and s == declarer)))
        self.budget = budget
        self.failed: set[tuple[int, int, int, tuple[int, ...]]] = set()

    def holds(self, hand: int, unseen: int, leader: int, trick: tuple[int, ...]) -> bool:
        n = self.n
        if len(trick) == n:
            winner = trick_winner(leader, trick, n, self.trump_mask)
            if (winner == self.seat) != self.all:
                return False
            if winner in self.ends or not hand:
                return True
            leader, trick = winner, ()
        key = (hand, unseen, leader, trick)
        if key in self.failed:
            return False
        self.budget -= 1
        if self.budget < 0:
            raise ClaimTooDeep()
        if (leader + len(trick)) % n == self.seat:
            led = SUIT_MASKS[SUIT_OF[trick[0]]] if trick else 0
            for card in iter_bits(legal_mask(hand, led, self.trump_mask)):
                if self.holds(hand ^ 1 << card, unseen, leader, (*trick, card)):
                    return True
        else:
            for card in self._order(unseen, trick):
                if self.holds(hand, unseen ^ 1 << card, leader, (*trick, card)):
                    return True
        self.failed.add(key)
        return False

    def _order(self, unseen: int, trick: tuple[int, ...]) -> list[int]:
        """The unseen cards, those that help the claim first (for an ``all`` claim, the
        ones that do not take the trick so far)."""
        cards = list(iter_bits(unseen))
        if not trick:
            return cards
        best = trick[0]
        for card in trick[1:]:
            if beats(card, best, self.trump_mask):
                best = card
        return sorted(cards, key=lambda c: beats(c, best, self.trump_mask) == self.all)
