"""Exact perfect-information search of one :class:`~bot.ai.world.World`.

The core is a yes/no question, answered by a depth-first search with cut-offs: *can
the side reach ``target``?* In point contracts the target is a value ``16 * points +
tricks`` the side takes from here on; in win-all (lose-all) contracts it is whether the
side takes every (no) trick. Around the point question:

- a transposition table at trick starts (key: the cards still out and the leader)
  keeps the bounds every answer proved, so later questions about the same position,
  with any target, are cheap (the exact value comes from a binary search of targets);
- a position whose target is already reached, or beyond every point still out, is
  answered at once;
- cards of one suit with no outstanding card between them (and, in point contracts,
  worth the same) are one move; moves are tried likely-best first: cheap winners for
  the side to win, points onto the partner's sure tricks, low cards otherwise, and at
  a trick start the lead that answered the last question there.

Every chip payment is monotone in the side's value, so the value (or just the step of
the payment it falls in: :meth:`Solver.classify`) is what a player needs to know.
``tests/ai/test_solver.py`` checks values against plain minimax.
"""

from __future__ import annotations

from bot.engine.cards import POINTS_OF, SUIT_MASKS, SUIT_OF, mask_points
from bot.engine.tricks import beaters, winning_index

from .world import LOSE_ALL, POINTS, TRICK_SCALE, WIN_ALL, World, bits, legal_mask

INF = 1 << 30


class SearchAborted(Exception):
    """The node budget of an exact search ran out."""


class Solver:
    """Exact search of one world from its position (possibly inside a trick).

    ``kind``: ``POINTS`` (the side's ``16 * points + tricks`` from here on), ``WIN_ALL``
    or ``LOSE_ALL`` (1 when the side, the declarer, takes every / no trick, else 0).
    ``max_nodes`` bounds the work over the solver's life (:class:`SearchAborted`); the
    table is kept between questions, so ask one solver everything about its world.
    """

    def __init__(self, world: World, kind: str, max_nodes: int = INF) -> None:
        self.n = world.n
        self.hands = world.hands[:]
        self.tm = world.trump_mask
        self.beaters = beaters(world.trump_mask)  # per card: the cards that beat it
        self.side = world.side
        self.kind = kind
        self.points = kind == POINTS
        self.win_all = kind == WIN_ALL
        #: points: key -> (lowest value proved reachable, highest value not excluded);
        #: win/lose-all: key -> 1 or 0
        self.tt: dict[int, tuple[int, int]] = {}
        self.hint: dict[int, int] = {}  # key -> the lead that last answered there
        self.nodes = 0
        self.max_nodes = max_nodes
        self.leader = world.leader
        self.trick = world.trick[:]

    # -- public ----------------------------------------------------------------------
    def turn(self) -> int:
        return (self.leader + len(self.trick)) % self.n

    def legal(self) -> list[int]:
        led = SUIT_MASKS[SUIT_OF[self.trick[0]]] if self.trick else 0
        return bits(legal_mask(self.hands[self.turn()], led, self.tm))

    def upper(self) -> int:
        """The most the side could take from here (every point and trick still out)."""
        rem = 0
        for h in self.hands:
            rem |= h
        most = max(h.bit_count() for h in self.hands)
        tricks = most + (1 if self.trick and most == 0 else 0)
        return (mask_points(rem) + sum(POINTS_OF[c] for c in self.trick)) * TRICK_SCALE \
            + tricks

    def reaches(self, card: int, target: int) -> bool:
        """Whether, after the seat to play plays ``card``, the side reaches ``target``
        (points), or wins its aim (win/lose-all; ``target`` ignored)."""
        k = len(self.trick)
        turn = self.turn()
        if k == 0:
            wcard, wseat, pts, led = card, turn, POINTS_OF[card], SUIT_MASKS[SUIT_OF[card]]
        else:
            trick = self.trick
            wi = winning_index(trick, self.tm)
            wcard, wseat = trick[wi], (self.leader + wi) % self.n
            pts = sum(POINTS_OF[c] for c in trick)
            led = SUIT_MASKS[SUIT_OF[trick[0]]]
            if self.beaters[wcard] >> card & 1:
                wcard, wseat = card, turn
            pts += POINTS_OF[card]
        hands = self.hands
        hands[turn] ^= 1 << card
        try:
            return self._after(turn, k + 1, wcard, wseat, pts, led, target)
        finally:
            hands[turn] ^= 1 << card

    def move_value(self, card: int, lo: int = 0, hi: int | None = None) -> int:
        """The exact value after ``card`` (points: binary search of targets in
        ``[lo, hi]``; win/lose-all: 1 or 0)."""
        if not self.points:
            return int(self.reaches(card, 1))
        hi = self.upper() if hi is None else hi
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self.reaches(card, mid):
                lo = mid
            else:
                hi = mid - 1
        return lo

    def move_values(self, moves: list[int] | None = None) -> dict[int, int]:
        """The exact value after each of ``moves`` (default: every legal card)."""
        return {c: self.move_value(c) for c in (self.legal() if moves is None else moves)}

    def value(self) -> int:
        """The exact value of the position (the best move's for the seat to play)."""
        values = self.move_values()
        if self.side >> self.turn() & 1:
            return max(values.values())
        return min(values.values())

    def classify(self, card: int, steps: list[int]) -> int:
        """How many of the ascending targets ``steps`` the side reaches after ``card``
        (a binary search: about log2(len(steps)) questions)."""
        lo, hi = 0, len(steps)
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self.reaches(card, steps[mid - 1]):
                lo = mid
            else:
                hi = mid - 1
        return lo

    def root_reaches(self, target: int) -> bool:
        """Whether the side reaches ``target`` from the position, the seat to play
        choosing its best card."""
        if not self.trick:
            return self._start(self.leader, target)
        moves = self.legal()
        if self.side >> self.turn() & 1:
            return any(self.reaches(c, target) for c in moves)
        return all(self.reaches(c, target) for c in moves)

    def classify_root(self, steps: list[int]) -> int:
        """How many of the ascending targets ``steps`` the side reaches from the
        position under best play."""
        lo, hi = 0, len(steps)
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self.root_reaches(steps[mid - 1]):
                lo = mid
            else:
                hi = mid - 1
        return lo

    # -- the search ------------------------------------------------------------------
    def _after(self, turn: int, k: int, wcard: int, wseat: int, pts: int, led: int,
               target: int) -> bool:
        """After ``turn`` played the ``k``-th card of the trick."""
        n = self.n
        if k < n:
            nxt = turn + 1 if turn + 1 < n else 0
            return self._play(nxt, k, wcard, wseat, pts, led, target)
        ours = self.side >> wseat & 1
        if self.points:
            if ours:
                target -= pts * TRICK_SCALE + 1
            return self._start(wseat, target)
        if self.win_all:
            if not ours:
                return False
        elif ours:
            return False
        return self._start(wseat, target)

    def _start(self, leader: int, target: int) -> bool:
        """A trick start: can the side reach ``target`` from here?"""
        hands = self.hands
        rem = 0
        for h in hands:
            rem |= h
        if not rem:
            return target <= 0 if self.points else True
        if hands[leader] & (hands[leader] - 1) == 0:
            return self._last(leader, target)
        if self.points:
            if target <= 0:
                return True
            key = rem << 3 | leader
            entry = self.tt.get(key)
            if entry is None:
                p = _CHUNK[rem & 0x1FF] + _CHUNK[rem >> 9 & 0x1FF] + \
                    _CHUNK[rem >> 18 & 0x1FF] + _CHUNK[rem >> 27]
                lo, hi = 0, p * TRICK_SCALE + hands[leader].bit_count()
            else:
                lo, hi = entry
            if lo >= target:
                return True
            if hi < target:
                return False
            ok = self._play(leader, 0, -1, -1, 0, 0, target)
            if ok:
                lo = target
            else:
                hi = target - 1
            self.tt[key] = (lo, hi)
            return ok
        key = rem << 3 | leader
        entry = self.tt.get(key)
        if entry is not None:
            return bool(entry[0])
        ok = self._play(leader, 0, -1, -1, 0, 0, target)
        self.tt[key] = (int(ok), 0)
        return ok

    def _last(self, leader: int, target: int) -> bool:
        """The last trick: every hand holds one card."""
        hands = self.hands
        n = self.n
        beaters = self.beaters
        wcard = hands[leader].bit_length() - 1
        wseat = leader
        pts = POINTS_OF[wcard]
        s = leader
        for _ in range(n - 1):
            s = s + 1 if s + 1 < n else 0
            c = hands[s].bit_length() - 1
            pts += POINTS_OF[c]
            if beaters[wcard] >> c & 1:
                wcard, wseat = c, s
        ours = self.side >> wseat & 1
        if self.points:
            return (pts * TRICK_SCALE + 1 if ours else 0) >= target
        return bool(ours) == self.win_all

    def _play(self, turn: int, k: int, wcard: int, wseat: int, pts: int, led: int,
              target: int) -> bool:
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise SearchAborted
        hands = self.hands
        hand = hands[turn]
        legal = legal_mask(hand, led, self.tm) if k else hand
        beaters = self.beaters
        maximize = self.side >> turn & 1
        after = self._after
        if legal & (legal - 1) == 0:  # one card: no choice
            c = legal.bit_length() - 1
            hands[turn] = hand ^ legal
            if k == 0 or beaters[wcard] >> c & 1:
                ok = after(turn, k + 1, c, turn, pts + POINTS_OF[c],
                           led or SUIT_MASKS[SUIT_OF[c]], target)
            else:
                ok = after(turn, k + 1, wcard, wseat, pts + POINTS_OF[c], led, target)
            hands[turn] = hand
            return ok
        for c in self._order(turn, k, legal, wcard, wseat):
            if k == 0:
                nw, ns, nled = c, turn, SUIT_MASKS[SUIT_OF[c]]
            else:
                nled = led
                if beaters[wcard] >> c & 1:
                    nw, ns = c, turn
                else:
                    nw, ns = wcard, wseat
            hands[turn] = hand ^ (1 << c)
            ok = after(turn, k + 1, nw, ns, pts + POINTS_OF[c], nled, target)
            hands[turn] = hand
            if ok == bool(maximize):  # a cut-off: the seat to play has its answer
                if k == 0:
                    self.hint[_key(hands, turn)] = c
                return ok
        return not maximize

    def _order(self, turn: int, k: int, legal: int, wcard: int, wseat: int) -> list[int]:
        """Legal cards (two or more), equivalent ones merged, likely best first."""
        hands = self.hands
        others = 0
        for s in range(self.n):
            if s != turn:
                others |= hands[s]
        points = self.points
        moves: list[int] = []
        prev = -1
        m = legal
        while m:
            low = m & -m
            c = low.bit_length() - 1
            m ^= low
            if prev >= 0 and SUIT_OF[prev] == SUIT_OF[c] and (
                    not points or POINTS_OF[prev] == POINTS_OF[c]):
                between = ((1 << c) - 1) & ~((2 << prev) - 1)
                # the same card for the play, unless the trick's winner lies between
                if not (between & others) and not (k and prev < wcard < c):
                    prev = c
                    moves[-1] = c  # keep the higher: same effect, fewer cases
                    continue
            moves.append(c)
            prev = c
        if len(moves) <= 1:
            return moves
        tm = self.tm
        side = self.side
        mine = side >> turn & 1
        if k == 0:
            hint = self.hint.get(_key(hands, turn), -1)
            if mine:
                moves.sort(key=lambda c: -RANK9[c] - (100 if c == hint else 0))
            else:
                moves.sort(key=lambda c: RANK9[c] - (100 if c == hint else 0))
            return moves
        ours = (side >> wseat & 1) == mine
        winners = self.beaters[wcard]
        if ours:  # the trick is the seat's side's so far: points onto it
            moves.sort(key=lambda c: -SMEAR[c])
            return moves

        def key(c: int) -> int:
            if winners >> c & 1:
                return RANK9[c]  # win it, as cheaply as can be
            return 100 + DUCK[c] + (200 if tm >> c & 1 else 0)

        moves.sort(key=key)
        return moves


def _key(hands: list[int], leader: int) -> int:
    rem = 0
    for h in hands:
        rem |= h
    return rem << 3 | leader


_CHUNK = tuple(sum(POINTS_OF[r] for r in range(9) if m >> r & 1) for m in range(512))
RANK9 = tuple(c % 9 for c in range(36))
SMEAR = tuple(POINTS_OF[c] * 16 + c % 9 for c in range(36))  # most points first
DUCK = tuple(POINTS_OF[c] * 16 + c % 9 for c in range(36))  # fewest points first

__all__ = ["LOSE_ALL", "POINTS", "WIN_ALL", "SearchAborted", "Solver"]
