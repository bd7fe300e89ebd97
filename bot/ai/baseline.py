"""The baseline ("easy") computer player: simple heuristics, fully legal, reading only
its seat's view. Deterministic: the same view gives the same action (the ``rng`` is
kept for the interface and never needed)."""

from __future__ import annotations

import random

from bot.engine import Action, ActionType, Phase, SeatView
from bot.engine.cards import HEARTS, SUIT_MASKS, mask_points
from bot.engine.variants import Aim

from . import bidding, hand_eval
from .base import main_actions
from .cardplay import choose_card
from .knowledge import Knowledge


class BaselinePlayer:
    """Bids by hand strength and plays by the heuristics of :mod:`bot.ai.cardplay`."""

    level = "easy"

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng if rng is not None else random.Random()

    def choose(self, view: SeatView) -> Action:
        legal = main_actions(view)
        if not legal:
            raise ValueError(f"seat {view.seat} is not on turn (to act: {view.to_act})")
        extra = self.announcement(view)
        if extra is not None:
            return extra
        if len(legal) == 1 and legal[0].type is not ActionType.DISCARD:
            return legal[0]
        ph = view.phase
        if ph is Phase.AUCTION or ph is Phase.DECLARE:
            return bidding.bid(view, legal)
        if ph is Phase.CONTRACT:
            return Action.contract(bidding.contract_choice(view, [a.value or "" for a in legal]))
        k = Knowledge(view)
        if ph is Phase.PLAY:
            return Action.play(choose_card(k, [a.card for a in legal if a.card is not None]))
        if ph is Phase.DISCARD:
            return Action.discard(_discard(k, legal[0].count or 0))
        if ph is Phase.TRUMP:
            return Action.trump(_trump(k, [a.suit for a in legal if a.suit is not None]))
        if ph is Phase.CALL:
            return _call(k, legal)
        if ph is Phase.GIVE:
            givable = sum(1 << a.card for a in legal if a.card is not None)
            return Action.give(hand_eval.give_choice(k.hand, k.trump, givable, k.unknown,
                                                     _leads(k)))
        if ph is Phase.ANNOUNCE:
            tout = k.trump is not None and hand_eval.win_all_safe(
                k.hand, k.trump, k.unknown, _leads(k))
            return Action.announce("tout" if tout else "none")
        raise AssertionError(f"unexpected phase {ph}")

    def announcement(self, view: SeatView) -> Action | None:
        """Never kontra; rekontra only as a declarer whose contract looks safe."""
        if not any(a.type is ActionType.REKONTRA for a in view.legal):
            return None
        if view.seat != view.declarer:
            return None
        k = Knowledge(view)
        if k.aim is Aim.WIN_ALL and hand_eval.win_all_safe(k.hand, k.trump, k.unknown,
                                                           _leads(k)):
            return Action.rekontra()
        if k.aim is Aim.LOSE_ALL and hand_eval.bettel_risks(k.hand, k.unknown) == 0:
            return Action.rekontra()
        return None


def _leads(k: Knowledge) -> bool:
    """Whether the declarer leads the first trick (or already has the lead)."""
    cur = k.view.current_trick
    if k.view.tricks or cur is not None:
        return True
    return k.view.forehand == k.me or (k.facts is not None and k.facts.declarer_leads)


def _discard(k: Knowledge, count: int) -> int:
    """Lay away ``count`` cards: keep trumps and winners, bank loose points."""
    others, n = k.unknown, k.n
    suits = [k.trump] if k.trump is not None else [0, 1, 2, 3]
    best, best_val = 0, -1e9
    for s in suits:
        chosen = hand_eval.discard_choice(k.hand, count, s, others, n)
        val = (hand_eval.estimate_points(k.hand & ~chosen, s, others, n)
               + mask_points(chosen))
        if val > best_val:
            best, best_val = chosen, val
    return best


def _trump(k: Knowledge, choices: list[int]) -> int:
    f = k.facts
    assert f is not None
    leads = _leads(k)
    # a Durch, or a contract that may take every trick for more (tout, the ladder's
    # multiplier for a side that took no trick): a suit that wins every trick
    if (f.aim is Aim.WIN_ALL and not f.call) or f.tout or (f.declarer_leads and not f.pickup):
        safe = [s for s in choices if hand_eval.win_all_safe(k.hand, s, k.unknown, leads)]
        if safe:
            return max(safe, key=lambda s: ((k.hand & SUIT_MASKS[s]).bit_count(), -s))
    if f.call:
        safe = [s for s in choices if hand_eval.rufer_safe(k.hand, s, k.unknown, leads)]
        if safe:
            return max(safe, key=lambda s: ((k.hand & SUIT_MASKS[s]).bit_count(), -s))
    return hand_eval.best_trump(k.hand, choices, k.unknown, k.n)


def _call(k: Knowledge, legal: list[Action]) -> Action:
    """Call the card that makes the hand safe, else a high trump; Württemberg may call
    none when the hand needs no help."""
    may_pass = any(a.card is None for a in legal)
    trump = k.trump if k.trump is not None else HEARTS
    if may_pass and hand_eval.win_all_safe(k.hand, trump, k.unknown, _leads(k)):
        return Action.call(None)
    callable_mask = sum(1 << a.card for a in legal if a.card is not None)
    card, _ = hand_eval.rufer_call(k.hand, trump, callable_mask, k.unknown, _leads(k))
    if card is None:
        return legal[0]
    return Action.call(card)


__all__ = ["BaselinePlayer"]
