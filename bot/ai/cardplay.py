"""Card play by the contract's aim, from one seat's knowledge.

- Point contracts: every legal card is valued by the points it is likely to bring
  its side now, less what the card would be worth later (:func:`keep_value`). That one
  rule follows cheaply when the trick is lost, trumps or overtakes a trick worth
  having, and smears points onto a trick the side has safely won. Leads draw trumps
  with a master trump and cash side masters, else lead cheaply.
- Win-all (Durch, Rufer, tout): the declarer plays the card least likely to be
  beaten; the defenders try to beat the declarer.
- Bettel: the declarer stays under; the defenders keep the declarer on top.
- Ramsch: everyone ducks, sheds high cards onto other players' tricks.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine.cards import POINTS_OF, RANK_OF, SUIT_MASKS, SUIT_OF
from bot.engine.tricks import beats, winning_index
from bot.engine.variants import Aim

from .knowledge import Knowledge, higher, lower


@dataclass(frozen=True, slots=True)
class Trick:
    """The current trick from the deciding seat's point of view."""

    cards: tuple[int, ...]
    led: int | None  # suit led (None: we lead)
    winning: int | None  # the card winning so far
    winner: int | None  # its seat
    after: tuple[int, ...]  # seats still to play after us
    points: int


def trick_state(k: Knowledge) -> Trick:
    t = k.view.current_trick
    n = k.n
    if t is None or not t.cards:
        return Trick((), None, None, None, tuple((k.me + i) % n for i in range(1, n)), 0)
    cards = tuple(int(c) for c in t.cards)
    wi = winning_index(cards, k.trump_mask)
    after = tuple((t.leader + j) % n for j in range(len(cards) + 1, n))
    return Trick(cards, SUIT_OF[cards[0]], cards[wi], (t.leader + wi) % n, after,
                 sum(POINTS_OF[c] for c in cards))


def choose_card(k: Knowledge, legal: list[int]) -> int:
    """The card to play (one of ``legal``)."""
    if len(legal) == 1:
        return legal[0]
    t = trick_state(k)
    if k.aim is Aim.POINTS:
        return _points(k, t, legal)
    if k.aim is Aim.WIN_ALL:
        return _win_all(k, t, legal)
    if k.aim is Aim.LOSE_ALL:
        return _bettel_declarer(k, t, legal) if k.is_declarer else _bettel_defender(k, t, legal)
    return _ramsch(k, t, legal)


# -- point contracts -----------------------------------------------------------------

def keep_value(k: Knowledge, c: int) -> float:
    """Rough points a card is worth to its holder if kept for later tricks."""
    s, pts = SUIT_OF[c], POINTS_OF[c]
    if s == k.trump:
        v = 3.0 + 0.6 * RANK_OF[c]
        return v + (pts + 4.0 if k.is_master(c) else 0.8 * pts)
    if k.is_master(c):
        v = (pts + 4.0) * 0.8
    elif (k.unknown & higher(c)).bit_count() == 1 and k.hand & lower(c) & SUIT_MASKS[s]:
        v = 0.3 * pts + 0.2 * RANK_OF[c]
    else:
        v = 0.1 * RANK_OF[c]
    if k.trump_mask & k.hand and not (k.hand & SUIT_MASKS[s] & ~(1 << c)):
        v -= 1.5  # the last card of a side suit: shedding it opens ruffs
    return v


def _points(k: Knowledge, t: Trick, legal: list[int]) -> int:
    opps = [s for s in t.after if not k.same_team(s)]
    if t.winning is None:
        return _points_lead(k, legal, opps)
    assert t.led is not None and t.winner is not None
    winning, led, winner = t.winning, t.led, t.winner

    def value(c: int) -> float:
        stake = t.points + POINTS_OF[c]
        if beats(c, winning, k.trump_mask):
            r = k.risk(c, led, opps)
        elif k.same_team(winner):
            r = k.risk(winning, led, opps)
        else:
            return -stake - keep_value(k, c)
        return (1.0 - 2.0 * r) * stake - keep_value(k, c)

    return max(legal, key=lambda c: (value(c), -RANK_OF[c], -c))


def _points_lead(k: Knowledge, legal: list[int], opps: list[int]) -> int:
    trumps = [c for c in legal if SUIT_OF[c] == k.trump]
    sides = [c for c in legal if SUIT_OF[c] != k.trump]
    opp_trumps = any(k.p_holds(s, k.trump_mask) > 0 for s in opps) if k.trump_mask else False
    if k.is_declarer and trumps and opp_trumps:
        top = max(trumps)
        if k.is_master(top):
            return top
        if len(trumps) > (k.unknown & k.trump_mask).bit_count():
            return min(trumps)
    masters = [c for c in sides if k.is_master(c) and k.risk(c, SUIT_OF[c], opps) < 0.35]
    if masters:
        return max(masters, key=lambda c: (POINTS_OF[c], c))
    pool = sides or legal

    def value(c: int) -> float:
        r = k.risk(c, SUIT_OF[c], opps)
        return (1.0 - 2.0 * r) * POINTS_OF[c] - keep_value(k, c)

    return max(pool, key=lambda c: (value(c), -RANK_OF[c], -c))


# -- win-all contracts ---------------------------------------------------------------

def _win_all(k: Knowledge, t: Trick, legal: list[int]) -> int:
    decl = k.declarer
    assert decl is not None
    if k.is_declarer:
        opps = list(t.after)
        if t.winning is None:
            return min(legal, key=lambda c: (k.risk(c, SUIT_OF[c], opps),
                                             SUIT_OF[c] != k.trump, -RANK_OF[c]))
        assert t.led is not None
        winning, led = t.winning, t.led
        wins = [c for c in legal if beats(c, winning, k.trump_mask)]
        if wins:
            return min(wins, key=lambda c: (round(k.risk(c, led, opps), 3), RANK_OF[c]))
        return min(legal, key=lambda c: (POINTS_OF[c], RANK_OF[c]))
    if t.winning is None:
        return min(legal, key=lambda c: (k.risk(c, SUIT_OF[c], [decl]), RANK_OF[c]))
    assert t.led is not None and t.winner is not None
    winning, led = t.winning, t.led
    if decl in t.after:  # the declarer is still to play: leave him the hardest trick
        def beaten(c: int) -> float:
            w = c if beats(c, winning, k.trump_mask) else winning
            return k.risk(w, led, [decl])

        return min(legal, key=lambda c: (round(beaten(c), 3), RANK_OF[c], c))
    if t.winner == decl:
        wins = [c for c in legal if beats(c, t.winning, k.trump_mask)]
        if wins:
            return min(wins, key=lambda c: (RANK_OF[c], c))
    return min(legal, key=lambda c: (RANK_OF[c], c))


# -- Bettel ----------------------------------------------------------------------------

def _danger(k: Knowledge, c: int) -> float:
    """How likely a card is to take a trick later in a Bettel or Ramsch."""
    return ((k.unknown & lower(c)).bit_count()
            - 0.5 * (k.unknown & higher(c)).bit_count() + 0.1 * RANK_OF[c])


def _low_lead(k: Knowledge, legal: list[int], mind_points: bool) -> int:
    def key(c: int) -> tuple[bool, int, int, int, int]:
        below = (k.unknown & lower(c)).bit_count()
        above = (k.unknown & higher(c)).bit_count()
        return (above == 0, below, POINTS_OF[c] if mind_points else 0, -above, RANK_OF[c])

    return min(legal, key=key)


def _stay_under(k: Knowledge, t: Trick, legal: list[int], mind_points: bool) -> int:
    """Follow without taking the trick if possible; shed the most dangerous card."""
    assert t.winning is not None and t.led is not None
    if not any(SUIT_OF[c] == t.led for c in legal):  # void: shed
        return max(legal, key=lambda c: (_danger(k, c) + (POINTS_OF[c] if mind_points else 0),
                                         c))
    under = [c for c in legal if not beats(c, t.winning, k.trump_mask)]
    if under:
        return max(under, key=lambda c: ((POINTS_OF[c], c) if mind_points else (c, 0)))
    if t.after:
        return min(legal)
    if mind_points:  # the trick is ours anyway: rid ourselves of a high card
        return max(legal, key=lambda c: (RANK_OF[c] - 0.5 * POINTS_OF[c], c))
    return max(legal)


def _bettel_declarer(k: Knowledge, t: Trick, legal: list[int]) -> int:
    if t.winning is None:
        return _low_lead(k, legal, mind_points=False)
    return _stay_under(k, t, legal, mind_points=False)


def _bettel_defender(k: Knowledge, t: Trick, legal: list[int]) -> int:
    decl = k.declarer
    assert decl is not None
    if t.winning is None:
        def lead_key(c: int) -> tuple[bool, int, int]:
            holds = k.p_holds(decl, SUIT_MASKS[SUIT_OF[c]])
            under = (k.possible(decl) & lower(c)).bit_count()
            return (holds < 0.5, under, RANK_OF[c])

        return min(legal, key=lead_key)
    assert t.winner is not None
    under = [c for c in legal if not beats(c, t.winning, k.trump_mask)]
    if t.winner == decl or decl in t.after:
        # keep the declarer on top, or keep the card he must beat as low as can be
        if under:
            return max(under)
        return min(legal)
    return max(legal, key=lambda c: (RANK_OF[c], c))


# -- Ramsch ----------------------------------------------------------------------------

def _ramsch(k: Knowledge, t: Trick, legal: list[int]) -> int:
    if t.winning is None:
        return _low_lead(k, legal, mind_points=True)
    return _stay_under(k, t, legal, mind_points=True)
