"""Re-deals: the cards seat 0 has not seen dealt again where the others would have
acted the same (``python -m bot bench ai-positions --redeals M``).

What seeing the cards is worth at a decision: the unseen cards are dealt again at
random, kept only where the others, playing the baseline, would have
done in public exactly what they did (so every re-deal shows the seat the same view;
the baseline is deterministic, so this is the true posterior of the layouts against
these opponents), and every option is valued by the bound on each of ``M`` such
re-deals. ``seeing`` is the mean of the best option per re-deal; ``blind_best`` the
best a seat that cannot see the cards could choose at this decision (the option best
on average over the re-deals, chosen on one half and valued on the other, so not
flattered by the noise); the gap between them is what the information is worth there,
and a player's value on the re-deals is directly comparable with both.
"""

from __future__ import annotations

import random
import statistics

from bot.ai.base import Player, main_actions
from bot.ai.determinize import Sampler
from bot.ai.knowledge import Knowledge
from bot.engine import OPTIONAL, Action, ActionType, Deal, SeatView
from bot.engine.cards import bits

#: the seat whose view the re-deals keep
SEAT = 0
#: the others' actions seat 0 does not see (a declarer's discards, a Rufer's card
#: handed over): in a re-deal they are the baseline's, whatever they were
HIDDEN = frozenset({ActionType.DISCARD, ActionType.GIVE})

def _entry(logged: Action | int) -> Action:
    return Action.play(logged) if isinstance(logged, int) else logged


def _replay(deal: Deal, hands: list[int], talon: int, others: list[Player],
            checkpoints: dict[int, SeatView] | None) -> Deal | None:
    """``deal``'s history replayed on other cards as the baseline's games are played
    (:func:`bot.ai.selfplay.play_deal`: before each main turn every other seat may
    announce): seat 0's actions as they were, the others' as the baseline makes them
    there. None where the others would have done anything else in public, or seat 0
    would have seen anything else (``checkpoints``: its view before each of its own
    actions, by position in the history)."""
    re = Deal.from_hands(deal.v, [bits(h) for h in hands], bits(talon), dealer=deal.dealer,
                         pot=deal.pot_before)
    log = [(s, _entry(logged)) for s, logged in deal.log]
    i = 0
    while True:
        for s in re.to_act():  # the announcements before a main turn
            view = re.view(s)
            if main_actions(view):
                continue
            logged = log[i] if i < len(log) and log[i][0] == s and \
                log[i][1].type in OPTIONAL else None
            extra = logged[1] if s == SEAT and logged else (
                None if s == SEAT else others[s].announcement(view))
            if (extra is None) != (logged is None) or (logged and logged[1] != extra):
                return None
            if extra is not None:
                re.apply(s, extra)
                i += 1
        if i >= len(log):
            break
        s, action = log[i]
        if s == SEAT:
            if checkpoints is not None and re.view(SEAT) != checkpoints[i]:
                return None
            if not re.is_legal(s, action):
                return None
            re.apply(s, action)
        else:
            view = re.view(s)
            if not main_actions(view):
                return None
            own = others[s].choose(view)
            if own != action and action.type not in HIDDEN:
                return None
            re.apply(s, own)
        i += 1
    return re if re.view(SEAT) == deal.view(SEAT) else None


def seat_checkpoints(deal: Deal) -> dict[int, SeatView]:
    """Seat 0's view before each of its own actions in ``deal``'s history."""
    re = Deal.from_hands(deal.v, [bits(h) for h in deal.dealt], bits(deal.dealt_talon),
                         dealer=deal.dealer, pot=deal.pot_before)
    out = {}
    for ply, (s, logged) in enumerate(deal.log):
        if s == SEAT:
            out[ply] = re.view(SEAT)
        re.apply(s, _entry(logged))
    return out


def redeals(deal: Deal, others: list[Player], rng: random.Random, want: int,
            tries: int) -> tuple[list[Deal], int]:
    """Up to ``want`` deals that differ from ``deal`` only in the cards seat 0 has not
    seen, in each of which the others' public actions (and so seat 0's view) are the
    same as in ``deal``; and the draws it took."""
    pool = Sampler(Knowledge(deal.view(SEAT))).pool
    dealt = list(deal.dealt)
    if dealt[SEAT] & pool:
        raise AssertionError("seat 0 has not seen a card it was dealt")
    slots = [(s, (h & pool).bit_count()) for s, h in enumerate(dealt)]
    slots.append((-1, (deal.dealt_talon & pool).bit_count()))
    cards = list(bits(pool))
    checkpoints = seat_checkpoints(deal)
    out: list[Deal] = []
    drawn = 0
    while len(out) < want and drawn < tries:
        drawn += 1
        rng.shuffle(cards)
        hands = [h & ~pool for h in dealt]
        talon = deal.dealt_talon & ~pool
        i = 0
        for s, count in slots:
            mask = sum(1 << c for c in cards[i:i + count])
            i += count
            if s < 0:
                talon |= mask
            else:
                hands[s] |= mask
        re = _replay(deal, hands, talon, others, checkpoints)
        if re is not None:
            out.append(re)
    return out, drawn


def cross_fitted(table: list[dict[Action, int]], opts: list[Action]) -> float:
    """The best option on average over one half of the re-deals, valued on the other
    half (and the other way round): an honest value of the best blind choice."""
    halves = (table[0::2], table[1::2])
    total = 0.0
    for pick, judge in (halves, halves[::-1]):
        best = max(opts, key=lambda a: sum(row[a] for row in pick))
        total += statistics.fmean(row[best] for row in judge)
    return total / 2


__all__ = ["HIDDEN", "SEAT", "cross_fitted", "redeals", "seat_checkpoints"]
