"""Perfect-information trick play over bit masks: the rules, a fast rollout policy and
exact solvers with move ordering and a transposition table.

A :class:`World` is one complete layout of the remaining cards (a determinization, or
the true deal for the "cheating" bound). A position is the world's ``hands`` (a list of
masks, mutated and restored while searching), the ``leader`` of the current trick and
the cards already in it. The rules are the engine's (``Deal.legal_play_mask`` and
``Deal.play_unchecked``): follow suit, else trump if able, else any card; the trick goes
to the highest trump, else to the highest card of the suit led; within a suit a higher
bit is a higher card. ``tests/ai/test_solver.py`` checks the two agree.

Values are always from the point of view of the *side*: a bit mask of seats playing
together (the declarer alone; in Ramsch the deciding seat alone). A trick the side wins
is worth ``16 * points + 1``, so one number orders first by card points, then by tricks.
"""

from __future__ import annotations

import random

from bot.engine.cards import POINTS_OF, SUIT_MASKS, SUIT_OF

#: a trick's value to the side that wins it
TRICK_SCALE = 16


class SearchAborted(Exception):
    """The node budget of an exact search ran out."""


def legal_mask(hand: int, led_mask: int, trump_mask: int) -> int:
    """Cards of ``hand`` that may be played (``led_mask`` 0: leading)."""
    if not led_mask:
        return hand
    f = hand & led_mask
    if f:
        return f
    return hand & trump_mask or hand


def beats(card: int, winning: int, trump_mask: int) -> bool:
    """Whether ``card`` takes a trick won so far by ``winning``."""
    if SUIT_OF[card] == SUIT_OF[winning]:
        return card > winning
    return bool(trump_mask >> card & 1)


def trick_winner(leader: int, cards: list[int] | tuple[int, ...], n: int,
                 trump_mask: int) -> int:
    """Seat that wins a complete trick."""
    best = 0
    for i in range(1, len(cards)):
        if beats(cards[i], cards[best], trump_mask):
            best = i
    return (leader + best) % n


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class World:
    """One layout of every remaining card, and the current trick.

    ``side`` is the mask of seats the values are counted for; ``must_win_all`` /
    ``must_lose_all`` end the play as the engine does (the side is the declarer's).
    """

    __slots__ = ("n", "hands", "trump_mask", "leader", "trick", "side", "must_win_all",
                 "must_lose_all")

    def __init__(self, n: int, hands: list[int], trump_mask: int, leader: int,
                 trick: list[int], side: int, *, must_win_all: bool = False,
                 must_lose_all: bool = False) -> None:
        self.n = n
        self.hands = hands
        self.trump_mask = trump_mask
        self.leader = leader
        self.trick = trick
        self.side = side
        self.must_win_all = must_win_all
        self.must_lose_all = must_lose_all

    @property
    def turn(self) -> int:
        return (self.leader + len(self.trick)) % self.n

    def copy(self) -> World:
        return World(self.n, self.hands[:], self.trump_mask, self.leader, self.trick[:],
                     self.side, must_win_all=self.must_win_all,
                     must_lose_all=self.must_lose_all)

    def legal(self) -> int:
        led = SUIT_MASKS[SUIT_OF[self.trick[0]]] if self.trick else 0
        return legal_mask(self.hands[self.turn], led, self.trump_mask)

    def tricks_left(self) -> int:
        """Tricks still to be completed, the current one included."""
        most = max(h.bit_count() for h in self.hands)
        return most + (1 if self.trick and most == 0 else 0)


class Outcome:
    """What the rest of a deal brought: points and tricks per seat, the last trick's
    winner, and whether the play ended early (Durch lost, Bettel lost)."""

    __slots__ = ("points", "tricks", "last_winner", "ended_early")

    def __init__(self, n: int) -> None:
        self.points = [0] * n
        self.tricks = [0] * n
        self.last_winner = -1
        self.ended_early = False


# -- rollouts ----------------------------------------------------------------------------

#: aims a rollout plays for (mirrors :class:`bot.ai.knowledge.Aim`)
POINTS, WIN_ALL, LOSE_ALL, RAMSCH = "points", "win_all", "lose_all", "ramsch"


def rollout(world: World, aim: str, rng: random.Random, first: int | None = None,
            noise: float = 0.0) -> Outcome:
    """Play the world out with :func:`policy_card` for every seat (after ``first``, a
    card for the seat to play now). Mutates ``world``; copy it first to keep it."""
    n = world.n
    hands = world.hands
    tm = world.trump_mask
    side = world.side
    out = Outcome(n)
    trick = world.trick
    leader = world.leader
    decl_side = side
    while True:
        turn = (leader + len(trick)) % n
        hand = hands[turn]
        if not hand:
            break
        if first is not None:
            card, first = first, None
        else:
            led = SUIT_MASKS[SUIT_OF[trick[0]]] if trick else 0
            legal = legal_mask(hand, led, tm)
            if legal & (legal - 1) == 0:
                card = legal.bit_length() - 1
            elif noise and rng.random() < noise:
                bits = _bits(legal)
                card = bits[int(rng.random() * len(bits))]
            else:
                card = policy_card(hands, turn, leader, trick, legal, n, tm, side, aim)
        hands[turn] = hand & ~(1 << card)
        trick.append(card)
        if len(trick) < n:
            continue
        w = trick_winner(leader, trick, n, tm)
        pts = 0
        for c in trick:
            pts += POINTS_OF[c]
        out.points[w] += pts
        out.tricks[w] += 1
        out.last_winner = w
        trick = []
        leader = w
        if world.must_win_all and not decl_side >> w & 1:
            out.ended_early = True
            break
        if world.must_lose_all and decl_side >> w & 1:
            out.ended_early = True
            break
    world.trick = trick
    world.leader = leader
    return out


def _can_beat(hand: int, win: int, led_mask: int, tm: int) -> bool:
    """Whether a seat holding ``hand`` can beat ``win`` in a trick of suit ``led_mask``."""
    f = hand & led_mask
    if f:
        if not led_mask >> win & 1:
            return False  # following suit never beats a trump on a side suit
        return bool(f >> (win + 1))
    t = hand & tm
    if not t:
        return False
    if tm >> win & 1:
        return bool(t >> (win + 1))
    return True


def policy_card(hands: list[int], turn: int, leader: int, trick: list[int], legal: int,
                n: int, tm: int, side: int, aim: str) -> int:
    """A quick perfect-information heuristic: win tricks worth winning cheaply, smear
    points onto the own side's safe tricks, duck cheaply otherwise (points contracts);
    the natural variants of that for the other aims."""
    bits = _bits(legal)
    if aim == RAMSCH:
        return _ramsch_card(hands, turn, leader, trick, bits, n)
    mine = side >> turn & 1
    if aim == LOSE_ALL:
        return _bettel_card(hands, turn, leader, trick, bits, n, mine == 1)
    k = len(trick)
    later = [(turn + i) % n for i in range(1, n - k)]
    opps = [s for s in later if (side >> s & 1) != mine]
    if not trick:
        safe = []
        for c in bits:
            led = SUIT_MASKS[SUIT_OF[c]]
            if not any(_can_beat(hands[s], c, led, tm) for s in opps):
                safe.append(c)
        if safe:
            return max(safe, key=lambda c: (POINTS_OF[c], -(tm >> c & 1), c))
        # draw trumps as declarer when holding the top trump; else lead low
        side_cards = [c for c in bits if not tm >> c & 1] or bits
        return min(side_cards, key=lambda c: (POINTS_OF[c], c % 9, -(hands[turn] &
                                                                     SUIT_MASKS[SUIT_OF[c]]
                                                                     ).bit_count()))
    led = SUIT_MASKS[SUIT_OF[trick[0]]]
    wi = 0
    for i in range(1, k):
        if beats(trick[i], trick[wi], tm):
            wi = i
    win = trick[wi]
    wseat = (leader + wi) % n
    pts = 0
    for c in trick:
        pts += POINTS_OF[c]
    ours = (side >> wseat & 1) == mine
    if ours and not any(_can_beat(hands[s], win, led, tm) for s in opps):
        # smear: the most points, sparing trumps
        return max(bits, key=lambda c: (not tm >> c & 1 or not (legal & ~tm),
                                        POINTS_OF[c], -c))
    winners = [c for c in bits if beats(c, win, tm)
               and not any(_can_beat(hands[s], c, led, tm) for s in opps)]
    if winners and (pts or aim == WIN_ALL or any(POINTS_OF[c] for c in winners)):
        return min(winners, key=lambda c: (tm >> c & 1, c % 9 if not POINTS_OF[c] else
                                           9 + POINTS_OF[c], c))
    return min(bits, key=lambda c: (tm >> c & 1, POINTS_OF[c], c % 9, c))


def _bettel_card(hands: list[int], turn: int, leader: int, trick: list[int],
                 bits: list[int], n: int, declarer: bool) -> int:
    if not trick:
        return min(bits, key=lambda c: (c % 9, c)) if declarer else \
            min(bits, key=lambda c: (c % 9, c))
    wi = 0
    for i in range(1, len(trick)):
        if beats(trick[i], trick[wi], 0):
            wi = i
    win = trick[wi]
    under = [c for c in bits if not beats(c, win, 0)]
    if declarer:
        if under:
            return max(under, key=lambda c: (c % 9, c))
        return min(bits, key=lambda c: (c % 9, c))
    if under:
        return max(under, key=lambda c: (c % 9, c))
    return min(bits, key=lambda c: (c % 9, c))


def _ramsch_card(hands: list[int], turn: int, leader: int, trick: list[int],
                 bits: list[int], n: int) -> int:
    if not trick:
        return min(bits, key=lambda c: (POINTS_OF[c], c % 9, c))
    wi = 0
    for i in range(1, len(trick)):
        if beats(trick[i], trick[wi], 0):
            wi = i
    win = trick[wi]
    if SUIT_OF[bits[0]] != SUIT_OF[trick[0]]:  # void: shed the worst card
        return max(bits, key=lambda c: (POINTS_OF[c] + c % 9, c))
    under = [c for c in bits if c < win]
    if under:
        return max(under, key=lambda c: (POINTS_OF[c], c))
    if len(trick) == n - 1:
        return max(bits, key=lambda c: (c % 9, c))
    return min(bits)


# -- exact solvers ------------------------------------------------------------------------

class Solver:
    """Exact minimax of the side's value from a world's position, with alpha-beta,
    a transposition table over trick starts and rank-equivalent cards merged.

    ``kind`` ``"points"`` maximises the side's ``16 * points + tricks``; ``"win_all"``
    (``"lose_all"``) answers 1 if the side (the declarer) can take every (no) trick,
    else 0. ``max_nodes`` bounds the work (:class:`SearchAborted`).
    """

    def __init__(self, world: World, kind: str, max_nodes: int = 1 << 30) -> None:
        self.n = world.n
        self.hands = world.hands[:]
        self.tm = world.trump_mask
        self.side = world.side
        self.kind = kind
        self.tt: dict[int, tuple[int, int, int]] = {}
        self.nodes = 0
        self.max_nodes = max_nodes
        self.leader = world.leader
        self.trick = world.trick[:]

    # public ---------------------------------------------------------------------------
    def move_values(self, moves: list[int] | None = None) -> dict[int, int]:
        """The exact value after each legal move of the seat to play now."""
        n = self.n
        turn = (self.leader + len(self.trick)) % n
        led = SUIT_MASKS[SUIT_OF[self.trick[0]]] if self.trick else 0
        legal = legal_mask(self.hands[turn], led, self.tm)
        out: dict[int, int] = {}
        for c in (moves if moves is not None else _bits(legal)):
            out[c] = self._after(turn, c, -(1 << 30), 1 << 30)
        return out

    def value(self) -> int:
        n = self.n
        turn = (self.leader + len(self.trick)) % n
        k = len(self.trick)
        if k == 0:
            return self._search(turn, 0, -1, -1, 0, 0, -(1 << 30), 1 << 30)
        wcard, wseat, pts = self._trick_state()
        return self._search(turn, k, wcard, wseat, pts, SUIT_MASKS[SUIT_OF[self.trick[0]]],
                            -(1 << 30), 1 << 30)

    def bound(self, threshold: int, moves: list[int] | None = None) -> dict[int, bool]:
        """Per move: whether its value reaches ``threshold`` (a null-window search)."""
        n = self.n
        turn = (self.leader + len(self.trick)) % n
        led = SUIT_MASKS[SUIT_OF[self.trick[0]]] if self.trick else 0
        legal = legal_mask(self.hands[turn], led, self.tm)
        return {c: self._after(turn, c, threshold - 1, threshold) >= threshold
                for c in (moves if moves is not None else _bits(legal))}

    # internals ------------------------------------------------------------------------
    def _trick_state(self) -> tuple[int, int, int]:
        trick = self.trick
        wi = 0
        for i in range(1, len(trick)):
            if beats(trick[i], trick[wi], self.tm):
                wi = i
        return trick[wi], (self.leader + wi) % self.n, sum(POINTS_OF[c] for c in trick)

    def _after(self, turn: int, card: int, alpha: int, beta: int) -> int:
        """Value once ``turn`` plays ``card`` in the current position."""
        k = len(self.trick)
        if k == 0:
            wcard, wseat, pts, led = card, turn, POINTS_OF[card], SUIT_MASKS[SUIT_OF[card]]
        else:
            wcard, wseat, pts = self._trick_state()
            led = SUIT_MASKS[SUIT_OF[self.trick[0]]]
            if beats(card, wcard, self.tm):
                wcard, wseat = card, turn
            pts += POINTS_OF[card]
        hands = self.hands
        hands[turn] ^= 1 << card
        try:
            return self._continue(turn, k + 1, wcard, wseat, pts, led, alpha, beta)
        finally:
            hands[turn] ^= 1 << card

    def _continue(self, turn: int, k: int, wcard: int, wseat: int, pts: int, led: int,
                  alpha: int, beta: int) -> int:
        n = self.n
        if k < n:
            nxt = turn + 1 if turn + 1 < n else 0
            return self._search(nxt, k, wcard, wseat, pts, led, alpha, beta)
        ours = self.side >> wseat & 1
        kind = self.kind
        if kind == "points":
            tv = pts * TRICK_SCALE + 1 if ours else 0
            if not self.hands[wseat]:
                return tv
            return tv + self._search(wseat, 0, -1, -1, 0, 0, alpha - tv, beta - tv)
        if kind == "win_all":
            if not ours:
                return 0
        elif ours:
            return 0
        if not self.hands[wseat]:
            return 1
        return self._search(wseat, 0, -1, -1, 0, 0, alpha, beta)

    def _search(self, turn: int, k: int, wcard: int, wseat: int, pts: int, led: int,
                alpha: int, beta: int) -> int:
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise SearchAborted
        hands = self.hands
        hand = hands[turn]
        tm = self.tm
        key = 0
        best_hint = -1
        if k == 0:
            rem = 0
            for h in hands:
                rem |= h
            key = rem << 3 | turn
            entry = self.tt.get(key)
            if entry is not None:
                lo, hi, best_hint = entry
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo > alpha:
                    alpha = lo
                if hi < beta:
                    beta = hi
            legal = hand
        else:
            f = hand & led
            legal = f if f else (hand & tm or hand)
        a0, b0 = alpha, beta
        moves = self._order(turn, k, legal, wcard, wseat, pts, best_hint)
        maximize = self.side >> turn & 1
        best = -(1 << 30) if maximize else 1 << 30
        best_move = -1
        for c in moves:
            bit = 1 << c
            if k == 0:
                nw, ns, nled = c, turn, SUIT_MASKS[SUIT_OF[c]]
            else:
                nled = led
                if (SUIT_OF[c] == SUIT_OF[wcard] and c > wcard) or (
                        SUIT_OF[c] != SUIT_OF[wcard] and tm >> c & 1):
                    nw, ns = c, turn
                else:
                    nw, ns = wcard, wseat
            hands[turn] = hand ^ bit
            v = self._continue(turn, k + 1, nw, ns, pts + POINTS_OF[c], nled, alpha, beta)
            hands[turn] = hand
            if maximize:
                if v > best:
                    best, best_move = v, c
                    if v > alpha:
                        alpha = v
            elif v < best:
                best, best_move = v, c
                if v < beta:
                    beta = v
            if alpha >= beta:
                break
        if k == 0:
            lo, hi = -(1 << 30), 1 << 30
            entry = self.tt.get(key)
            if entry is not None:
                lo, hi = entry[0], entry[1]
            if best <= a0:
                hi = min(hi, best)
            elif best >= b0:
                lo = max(lo, best)
            else:
                lo = hi = best
            self.tt[key] = (lo, hi, best_move)
        return best

    def _order(self, turn: int, k: int, legal: int, wcard: int, wseat: int, pts: int,
               hint: int) -> list[int]:
        """Legal cards, rank-equivalent ones merged, likely best first."""
        hands = self.hands
        others = 0
        for s in range(self.n):
            if s != turn:
                others |= hands[s]
        points = self.kind == "points"
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
                # same as prev for trick-taking, unless the trick's winner lies between
                if not (between & others) and not (k and wcard >= 0 and prev < wcard < c):
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
            def key(c: int) -> tuple[int, int]:
                return (0 if c == hint else 1, -(c % 9) if mine else c % 9)
        else:
            ours = (side >> wseat & 1) == mine

            def key(c: int) -> tuple[int, int]:
                win = (SUIT_OF[c] == SUIT_OF[wcard] and c > wcard) or (
                    SUIT_OF[c] != SUIT_OF[wcard] and bool(tm >> c & 1))
                if win and not ours:
                    return (0, c % 9)
                if ours:
                    return (1, -POINTS_OF[c] * 16 - c % 9)
                return (2, POINTS_OF[c] * 16 + c % 9 + (100 if tm >> c & 1 else 0))
        moves.sort(key=key)
        return moves


__all__ = [
    "LOSE_ALL", "POINTS", "RAMSCH", "TRICK_SCALE", "WIN_ALL", "Outcome", "SearchAborted",
    "Solver", "World", "beats", "legal_mask", "policy_card", "rollout", "trick_winner",
]
