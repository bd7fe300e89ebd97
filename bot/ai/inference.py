"""Inference from the auction: how well a sampled layout explains what the others bid.

The model of another player's bidding is the baseline's (:mod:`bot.ai.bidding`): for
each bid or declaration a seat made, the hand it held then (its hand in the layout,
with the cards it has played since) is shown the auction as it stood and the baseline's
word is compared with the word said. A layout's weight is ``MISMATCH`` to the power of
the words the model would not have said: hands that bid where the model would bid, and
pass where it would pass, count fully. Only public facts and the layout enter, so the
weight is the same for every seat that sees the same view.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from bot.engine import Action, ActionType, Deal, Phase, SeatView
from bot.engine.cards import CardSet

from . import bidding
from .baseline import _trump as baseline_trump
from .knowledge import Knowledge, table_of

#: the weight of a layout per word the model would not have said
MISMATCH = 0.15


@dataclass(frozen=True, slots=True)
class Spoken:
    """One choice another seat made in public, with the view it made it from (hand
    left blank): a bid or declaration, the contract, or the trump suit."""

    seat: int
    word: str
    view: SeatView
    legal: list[Action]
    kind: str = "bid"  # "bid", "contract" or "trump"


class AuctionModel:
    """The weight of layouts for one seat's knowledge."""

    def __init__(self, k: Knowledge) -> None:
        self.k = k
        view = k.view
        self.spoken: list[Spoken] = []
        self.adjust: dict[int, tuple[int, int]] = {}  # seat -> (cards to add, to remove)
        if not view.auction:
            return
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

    @property
    def active(self) -> bool:
        return bool(self.spoken)

    def weight(self, hands: tuple[int, ...]) -> float:
        """The weight of a layout with these hands (now)."""
        w = 1.0
        for sp in self.spoken:
            s = sp.seat
            h = hands[s] | self.played[s]
            add_remove = self.adjust.get(s)
            if add_remove is not None:
                h = (h | add_remove[0]) & ~add_remove[1]
            then = replace(sp.view, hand=CardSet(h))
            if sp.kind == "bid":
                said = bidding.bid(then, sp.legal).value
            elif sp.kind == "contract":
                said = bidding.contract_choice(then, [a.value or "" for a in sp.legal])
            else:
                said = str(baseline_trump(Knowledge(then), [a.suit or 0 for a in sp.legal]))
            if said != sp.word:
                w *= MISMATCH
        return w


__all__ = ["MISMATCH", "AuctionModel"]
