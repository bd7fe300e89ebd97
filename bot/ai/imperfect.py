"""Rollouts in which every seat plays as the baseline does: blind.

A perfect-information rollout (:mod:`bot.ai.rollout`) lets every seat see every card,
which flatters whoever the layout favours. Here each seat to play gets a
:class:`~bot.ai.knowledge.Knowledge` of its own, built from masks as the rollout goes
(its hand, the cards played, the voids shown, the hands laid open, what the declarer
laid away), and plays the baseline's card (:func:`bot.ai.cardplay.choose_card`). The
baseline is deterministic, so a layout's rollout is one fixed outcome: against
baseline opponents the model of their play is exact, and the seat's own later play
is modelled as the baseline's (a little below what the search will do).
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine import TrickView
from bot.engine.cards import CARDS, POINTS_OF, SUIT_MASKS, SUIT_OF
from bot.engine.tricks import voids_shown
from bot.engine.variants import Aim, ContractFacts

from . import cardplay
from .knowledge import Knowledge, Table
from .world import Outcome, World, bits, legal_mask, trick_winner


class _Seen:
    """The two fields of a view that card play reads."""

    __slots__ = ("current_trick", "hand_sizes")

    def __init__(self, current_trick: TrickView | None, hand_sizes: tuple[int, ...]) -> None:
        self.current_trick = current_trick
        self.hand_sizes = hand_sizes


class Public:
    """What everyone at the table knows at the root of a rollout."""

    __slots__ = ("table", "facts", "aim", "trump", "declarer", "played", "voids", "open",
                 "own")

    def __init__(self, table: Table, facts: ContractFacts | None, aim: Aim,
                 trump: int | None, declarer: int | None, played: int,
                 voids: Sequence[int], open_seats: Sequence[int] = (),
                 own: Sequence[int] | None = None) -> None:
        self.table = table
        self.facts = facts
        self.aim = aim
        self.trump = trump
        self.declarer = declarer
        self.played = played
        self.voids = list(voids)
        self.open = set(open_seats)
        #: per seat: cards it has seen outside its hand (the declarer's discards)
        self.own = list(own) if own is not None else [0] * table.players

    @staticmethod
    def of(k: Knowledge) -> Public:
        """The public part of one seat's knowledge (voids, cards played, open hands)."""
        return Public(k.table, k.facts, k.aim, k.trump, k.declarer, k.played, k.voids,
                      [s for s in range(k.n) if k.open[s]])


def knowledge_at(pub: Public, seat: int, hand: int, sizes: tuple[int, ...], played: int,
                 voids: list[int], leader: int, trick: Sequence[int],
                 known: dict[int, int] | None = None) -> Knowledge:
    """What ``seat`` knows with ``hand`` at a moment of play: the cards played (the
    trick's included), the voids shown, the hand sizes, and the open hands (``known``)."""
    k = Knowledge.__new__(Knowledge)
    n = pub.table.players
    cur = TrickView(leader, tuple(CARDS[c] for c in trick), None) if trick else None
    k.view = _Seen(cur, sizes)  # type: ignore[assignment]
    k.me = seat
    k.n = n
    k.table = pub.table
    k.facts = pub.facts
    k.hand = hand
    k.trump = pub.trump
    k.trump_mask = 0 if pub.trump is None else SUIT_MASKS[pub.trump]
    k.declarer = pub.declarer
    k.aim = pub.aim
    k.played = played
    k.voids = voids
    opened = [False] * n
    cards = [0] * n
    if known:
        for s, mask in known.items():
            if s != seat:
                cards[s] = mask
                opened[s] = True
    k.known = cards
    k.open = opened
    k.unknown = pub.table.deck & ~played & ~hand & ~pub.own[seat]
    k._possible = [None] * n
    return k


def _knowledge(pub: Public, seat: int, hands: list[int], played: int, voids: list[int],
               leader: int, trick: list[int], open_now: set[int] | None = None) -> Knowledge:
    seats = pub.open if open_now is None else open_now
    known = {s: hands[s] for s in seats} if seats else None
    return knowledge_at(pub, seat, hands[seat], tuple(h.bit_count() for h in hands), played,
                        voids, leader, trick, known)


def rollout(world: World, pub: Public, first: int | None = None) -> Outcome:
    """Play the world out, every seat choosing the baseline's card from what it can
    know (after ``first``, a card for the seat to play now). Mutates ``world``."""
    n = world.n
    hands = world.hands
    tm = world.trump_mask
    trump = pub.trump
    out = Outcome(n)
    trick = world.trick
    leader = world.leader
    played = pub.played
    for c in trick:
        played |= 1 << c
    voids = pub.voids[:]
    side = world.side
    # a Bettel declarer's hand opens after its first card, or after the first trick
    opens = pub.facts.opens if pub.facts is not None else None
    opener = pub.declarer if opens is not None else None
    open_now = set(pub.open)
    while True:
        turn = (leader + len(trick)) % n
        hand = hands[turn]
        if not hand:
            break
        led = SUIT_MASKS[SUIT_OF[trick[0]]] if trick else 0
        if first is not None:
            card, first = first, None
        else:
            legal = legal_mask(hand, led, tm)
            if legal & (legal - 1) == 0:
                card = legal.bit_length() - 1
            else:
                k = _knowledge(pub, turn, hands, played, voids, leader, trick, open_now)
                card = cardplay.choose_card(k, bits(legal))
        if trick:
            voids[turn] |= voids_shown(card, trick[0], trump)
        hands[turn] = hand & ~(1 << card)
        played |= 1 << card
        trick.append(card)
        if turn == opener and opens == "card":
            open_now.add(turn)
        if len(trick) < n:
            continue
        if opener is not None and opens == "trick":
            open_now.add(opener)
        w = trick_winner(leader, trick, n, tm)
        out.points[w] += sum(POINTS_OF[c] for c in trick)
        out.tricks[w] += 1
        out.last_winner = w
        trick = []
        leader = w
        if world.must_win_all and not side >> w & 1 or world.must_lose_all and side >> w & 1:
            out.ended_early = True
            break
    world.trick = trick
    world.leader = leader
    return out


__all__ = ["Public", "knowledge_at", "rollout"]
