"""Inference from what the others did in public: how well a sampled layout explains it.

The model of another player is the baseline (:mod:`bot.ai.bidding`,
:mod:`bot.ai.cardplay`): for each bid or declaration a seat made, its contract and
trump choice as declarer, and (``plays``) each card it chose among several, the hand
it held then (its hand in the layout, with the cards it has played since) is put in
the position as it stood and the baseline's choice is compared with the one made. A
layout's weight is ``MISMATCH`` to the power of the choices the model would not have
made: hands that bid where the model would bid, pass where it would pass, and play the
cards it would play count fully. Only public facts and the layout enter, so the weight
is the same for every seat that sees the same view.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from bot.engine import Action, ActionType, Deal, Phase, SeatView
from bot.engine.cards import SUIT_MASKS, SUIT_OF, CardSet
from bot.engine.tricks import voids_shown

from . import bidding, cardplay
from .baseline import _trump as baseline_trump
from .imperfect import Public, knowledge_at
from .knowledge import Knowledge, table_of
from .world import bits, legal_mask

#: the weight of a layout per bid (contract, trump) the model would not have made
MISMATCH = 0.15
#: ... per card: single cards say less, and players vary more in play
MISMATCH_PLAY = 0.5
#: the others' card choices modelled at most (the newest)
MAX_PLAYS = 16


@dataclass(frozen=True, slots=True)
class Spoken:
    """One choice another seat made in public, with the view it made it from (hand
    left blank): a bid or declaration, the contract, or the trump suit."""

    seat: int
    word: str
    view: SeatView
    legal: list[Action]
    kind: str = "bid"  # "bid", "contract" or "trump"


@dataclass(frozen=True, slots=True)
class Played:
    """One card another seat chose in play, with the public state it chose in."""

    seat: int
    card: int
    index: int  # position in the deal's sequence of plays
    leader: int
    trick: tuple[int, ...]  # the trick's cards before this one
    played: int  # every card played before (this trick's included)
    voids: tuple[int, ...]
    sizes: tuple[int, ...]  # hand sizes then
    open_seat: int | None  # a hand open to everyone then (Bettel), if any


class AuctionModel:
    """The weight of layouts for one seat's knowledge (``plays``: the others' cards
    too, the last ``MAX_PLAYS`` of them)."""

    def __init__(self, k: Knowledge, plays: bool = False) -> None:
        self.k = k
        view = k.view
        self.spoken: list[Spoken] = []
        self.adjust: dict[int, tuple[int, int]] = {}  # seat -> (cards to add, to remove)
        self.plays: list[Played] = []
        self.later: list[list[int]] = []  # per play index: per seat, cards played from it on
        self.played = [0] * k.n
        if plays and view.contract is not None:
            self._plays(view)
        if view.auction:
            self._auction(view)

    def _auction(self, view: SeatView) -> None:
        k = self.k
        rules = table_of(view).rules
        # the auction replayed on a deal of any cards: the legal words at each turn
        deal = Deal.new(rules, dealer=view.dealer, rng=random.Random(0))
        played = [0] * k.n
        for t in view.tricks:
            for i, c in enumerate(t.cards):
                played[t.seat_of(i, k.n)] |= 1 << c
        if view.current_trick is not None:
            t = view.current_trick
            for i, c in enumerate(t.cards):
                played[t.seat_of(i, k.n)] |= 1 << c
        skip = self._unknown_hands(view)
        for i, (seat, action) in enumerate(view.auction):
            legal = deal.legal_actions(seat)
            if seat != k.me and seat not in skip and action.value and len(legal) > 1:
                phase = Phase.DECLARE if action.type is ActionType.DECLARE else Phase.AUCTION
                then = replace(view, seat=seat, phase=phase, auction=view.auction[:i],
                               legal=tuple(legal), to_act=(seat,), actor=seat,
                               contract=None, declarer=None, trump=None)
                self.spoken.append(Spoken(seat, action.value, then, legal))
            deal.apply_unchecked(seat, action)
        self.played = played
        d = view.declarer
        if d is None or d == k.me or d in skip or view.contract is None:
            return
        if deal.phase is Phase.CONTRACT:  # the declarer chose among open contracts
            legal = deal.legal_actions(d)
            then = replace(view, seat=d, phase=Phase.CONTRACT, legal=tuple(legal),
                           to_act=(d,), actor=d, contract=None, trump=None)
            self.spoken.append(Spoken(d, view.contract, then, legal, "contract"))
            deal.apply_unchecked(d, Action.contract(view.contract))
        f = rules.facts(view.contract)
        if view.trump is not None and len(f.trumps) > 1 and not f.pickup:
            choices = rules.trump_choices(deal) if deal.phase is Phase.TRUMP else f.trumps
            legal = [Action.trump(t) for t in choices]
            then = replace(view, seat=d, phase=Phase.TRUMP, legal=tuple(legal), to_act=(d,),
                           actor=d, trump=None, tricks=(), current_trick=None,
                           called_card=None, called_from=None, called_in_talon=False,
                           exchange_card=None, open_hands={}, talon=None, discards=None)
            self.spoken.append(Spoken(d, str(view.trump), then, legal, "trump"))

    def _unknown_hands(self, view: SeatView) -> set[int]:
        """Seats whose hand at bidding time the layouts cannot tell: a declarer who
        picked up the talon, and the two sides of a Rufer exchange unknown to us."""
        k = self.k
        out: set[int] = set()
        d = view.declarer
        if d is not None and d != k.me:
            if k.facts is not None and k.facts.pickup:
                out.add(d)
            if view.called_from is not None:
                if view.exchange_card is None:
                    out.update({d, view.called_from})
                else:
                    assert view.called_card is not None
                    ex, called = 1 << view.exchange_card, 1 << view.called_card
                    if view.called_from != k.me:
                        self.adjust[view.called_from] = (called, ex)
                    self.adjust[d] = (ex, called)
        elif d == k.me and view.called_from is not None and view.called_card is not None \
                and view.exchange_card is not None:
            self.adjust[view.called_from] = (1 << view.called_card, 1 << view.exchange_card)
        return out

    def _plays(self, view: SeatView) -> None:
        """Record the others' card choices (the newest ``MAX_PLAYS``)."""
        k = self.k
        n = k.n
        seq: list[tuple[int, int, int, tuple[int, ...]]] = []  # seat, card, leader, before
        for t in [*view.tricks, *([view.current_trick] if view.current_trick else [])]:
            for i, c in enumerate(t.cards):
                seq.append((t.seat_of(i, n), int(c), t.leader,
                            tuple(int(x) for x in t.cards[:i])))
        later = [0] * n
        self.later = [[]] * (len(seq) + 1)
        self.later[len(seq)] = later[:]
        for idx in range(len(seq) - 1, -1, -1):
            later[seq[idx][0]] |= 1 << seq[idx][1]
            self.later[idx] = later[:]
        sizes = [view.hand_sizes[s] + later[s].bit_count() for s in range(n)]
        self.played = later[:]  # every card each seat has played
        trump = k.trump
        opens = k.facts.opens if k.facts is not None else None
        played = 0
        voids = [0] * n
        d = view.declarer
        first_trick_done = False
        out: list[Played] = []
        for idx, (seat, card, leader, before) in enumerate(seq):
            open_seat = None
            if d is not None and opens is not None and (
                    (opens == "card" and self.played[d] & played) or
                    (opens == "trick" and first_trick_done)):
                open_seat = d
            if seat != k.me and seat != open_seat:
                out.append(Played(seat, card, idx, leader, before, played, tuple(voids),
                                  tuple(sizes), open_seat))
            if before:
                voids[seat] |= voids_shown(card, before[0], trump)
            played |= 1 << card
            sizes[seat] -= 1
            if len(before) == n - 1:
                first_trick_done = True
        self.plays = out[-MAX_PLAYS:]
        own = [0] * n
        self.public = Public(k.table, k.facts, k.aim, trump, d, 0, [0] * n, (), own)
        self.pickup_declarer = d if (d is not None and d != k.me and k.facts is not None
                                     and k.facts.pickup) else None

    @property
    def active(self) -> bool:
        return bool(self.spoken or self.plays)

    def seats(self) -> set[int]:
        """The seats whose choices the model weighs."""
        return {sp.seat for sp in self.spoken} | {p.seat for p in self.plays}

    def weight(self, hands: tuple[int, ...], pile: int = 0, floor: float = 0.0) -> float:
        """The weight of a layout with these hands now (``pile``: the cards outside
        the hands, which a declarer who picked up the talon laid away). Once the weight
        falls below ``floor`` the rest is skipped (the answer is then below it too)."""
        w = 1.0
        for s in self.seats():
            w *= self.seat_weight(s, hands[s], pile, floor / w)
            if w < floor:
                return w
        return w

    def seat_weight(self, seat: int, hand: int, pile: int = 0, floor: float = 0.0) -> float:
        """The factor of the weight that ``seat``'s choices give its ``hand`` (now):
        the weight is the product of the seats' factors, each of its own hand alone."""
        w = 1.0
        if self.plays:
            pub = self.public
            if seat == self.pickup_declarer:
                pub.own[seat] = pile
            tm = 0 if pub.trump is None else SUIT_MASKS[pub.trump]
            for p in self.plays:
                if p.seat != seat:
                    continue
                later = self.later[p.index]
                then = hand | later[seat]
                led = SUIT_MASKS[SUIT_OF[p.trick[0]]] if p.trick else 0
                legal = legal_mask(then, led, tm)
                if legal & (legal - 1) == 0:
                    continue
                known = None
                if p.open_seat is not None:
                    known = {p.open_seat: self.open_hand(p)}
                kt = knowledge_at(pub, seat, then, p.sizes, p.played, list(p.voids),
                                  p.leader, p.trick, known)
                if cardplay.choose_card(kt, bits(legal)) != p.card:
                    w *= MISMATCH_PLAY
                    if w < floor:
                        return w
        for sp in self.spoken:
            if sp.seat != seat:
                continue
            h = hand | self.played[seat]
            add_remove = self.adjust.get(seat)
            if add_remove is not None:
                h = (h | add_remove[0]) & ~add_remove[1]
            then_view = replace(sp.view, hand=CardSet(h))
            if sp.kind == "bid":
                said = bidding.bid(then_view, sp.legal).value
            elif sp.kind == "contract":
                said = bidding.contract_choice(then_view, [a.value or "" for a in sp.legal])
            else:
                said = str(baseline_trump(Knowledge(then_view),
                                          [a.suit or 0 for a in sp.legal]))
            if said != sp.word:
                w *= MISMATCH
                if w < floor:
                    return w
        return w

    def open_hand(self, p: Played) -> int:
        """The open hand at the time of ``p`` (the seat's hand now is known to all)."""
        s = p.open_seat
        assert s is not None
        now = self.k.hand if s == self.k.me else self.k.known[s] & ~self.k.played
        return now | self.later[p.index][s]


__all__ = ["MAX_PLAYS", "MISMATCH", "MISMATCH_PLAY", "AuctionModel"]
