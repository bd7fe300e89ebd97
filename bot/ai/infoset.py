"""The last tricks searched over the seat's information sets: no strategy fusion.

Per-layout search (the exact solver, or a rollout per layout) lets the seat choose its
later cards as if it knew the layout: a card that is right in every layout *only if the
seat guesses each layout's later play right* looks as good as one that needs no guess
(*strategy fusion*). Here the sampled layouts are searched together. The others play as
the blind rollouts have them play (:mod:`bot.ai.imperfect`: the baseline's card from
what that seat can know, deterministic), so in each layout the cards they play follow
from the layout; the seat sees only those cards. At each of its turns the seat chooses
*one* card for every layout it cannot tell apart (the same cards seen so far), and the
layouts split by what the others play next. A card's value is the mean over the
layouts of the chips under the best such policy: what the seat can get from the rest
of play against those opponents, knowing only what it will see (the others are
modelled exactly where they are the baseline, as in the benchmarks; otherwise as well
as the rollouts model them).

The search is exponential in the seat's own cards only (the others' cards are fixed by
the layout), so it pays in the last few tricks: ``Budget.infoset_tricks``. Past
``max_nodes`` steps (a card tried in one layout) it gives up
(:class:`~bot.ai.solver.SearchAborted`) and the caller scores layout by layout.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine.cards import POINTS_OF, SUIT_MASKS, SUIT_OF
from bot.engine.tricks import voids_shown

from . import cardplay
from .imperfect import Public, knowledge_at
from .knowledge import Knowledge
from .solver import SearchAborted
from .valuation import Valuer
from .world import World, bits, legal_mask, trick_winner


class Line:
    """One layout's play in progress: the blind rollout's state, the seat to decide
    choosing its own cards."""

    __slots__ = ("index", "pub", "hands", "trick", "leader", "played", "voids", "open_now",
                 "points", "tricks", "last", "over", "pile")

    def __init__(self, index: int, world: World, pub: Public, pile: int) -> None:
        self.index = index
        self.pub = pub  # what every seat knows (per layout: a declarer's discards)
        self.hands = world.hands[:]
        self.trick = world.trick[:]
        self.leader = world.leader
        played = pub.played
        for c in self.trick:
            played |= 1 << c
        self.played = played
        self.voids = pub.voids[:]
        self.open_now = set(pub.open)
        n = world.n
        self.points = [0] * n
        self.tricks = [0] * n
        self.last = -1
        self.over = False
        self.pile = pile

    def copy(self) -> Line:
        c = Line.__new__(Line)
        c.index = self.index
        c.pub = self.pub
        c.hands = self.hands[:]
        c.trick = self.trick[:]
        c.leader = self.leader
        c.played = self.played
        c.voids = self.voids[:]
        c.open_now = set(self.open_now)
        c.points = self.points[:]
        c.tricks = self.tricks[:]
        c.last = self.last
        c.over = self.over
        c.pile = self.pile
        return c


class InfosetSearch:
    """Scores the seat's legal cards over a set of layouts searched together."""

    def __init__(self, world: World, pub: Public, me: int, valuer: Valuer,
                 shape: float = 0.0, max_nodes: int = 20_000) -> None:
        self.n = world.n
        self.tm = world.trump_mask
        self.side = world.side
        self.must_win_all = world.must_win_all
        self.must_lose_all = world.must_lose_all
        self.pub = pub
        self.me = me
        self.valuer = valuer
        self.shape = shape
        self.max_nodes = max_nodes
        self.nodes = 0
        opens = pub.facts.opens if pub.facts is not None else None
        self.opens = opens
        self.opener = pub.declarer if opens is not None else None

    def run(self, worlds: Sequence[World], piles: Sequence[int], cards: list[int],
            pubs: Sequence[Public] | None = None) -> list[dict[int, float]]:
        """Per layout, each card's chips when the seat plays it and then the best
        policy over all the layouts (the rows of :class:`~bot.ai.pimc.PlaySearch`);
        ``pubs``: per layout, what every seat knows (default: the search's)."""
        pubs = pubs if pubs is not None else [self.pub] * len(worlds)
        lines = [Line(i, w, pub, p) for i, (w, pub, p) in enumerate(
            zip(worlds, pubs, piles, strict=True))]
        rows: list[dict[int, float]] = [{} for _ in lines]
        for c in cards:
            for i, v in self._after(lines, c).items():
                rows[i][c] = v
        return rows

    def _after(self, lines: list[Line], card: int) -> dict[int, float]:
        """Per layout: the chips when the seat plays ``card`` now in every one of
        ``lines`` (indistinguishable to it), then plays on as well as it can."""
        self.nodes += len(lines)
        if self.nodes > self.max_nodes:
            raise SearchAborted
        out: dict[int, float] = {}
        groups: dict[tuple[object, ...], list[Line]] = {}
        for line in lines:
            nxt = line.copy()
            self._play(nxt, card)
            seen = self._others(nxt)
            if nxt.over:
                out[nxt.index] = self._chips(nxt)
            else:
                groups.setdefault(seen, []).append(nxt)
        for group in groups.values():
            out.update(self._decide(group))
        return out

    def _decide(self, lines: list[Line]) -> dict[int, float]:
        """The seat to play in every one of ``lines`` (the same hand, the same cards
        seen): the one card best over them all, and each layout's chips after it."""
        first = lines[0]
        hand = first.hands[self.me]
        led = SUIT_MASKS[SUIT_OF[first.trick[0]]] if first.trick else 0
        legal = bits(legal_mask(hand, led, self.tm))
        best: dict[int, float] | None = None
        best_total = 0.0
        for c in legal:
            vals = self._after(lines, c)
            total = sum(vals.values())
            if best is None or total > best_total + 1e-9:
                best, best_total = vals, total
        assert best is not None
        return best

    def _play(self, line: Line, card: int) -> None:
        """``card`` played by the seat to play in ``line``; the trick closed when full."""
        turn = (line.leader + len(line.trick)) % self.n
        if line.trick:
            line.voids[turn] |= voids_shown(card, line.trick[0], self.pub.trump)
        line.hands[turn] &= ~(1 << card)
        line.played |= 1 << card
        line.trick.append(card)
        if turn == self.opener and self.opens == "card":
            line.open_now.add(turn)
        if len(line.trick) < self.n:
            return
        if self.opener is not None and self.opens == "trick":
            line.open_now.add(self.opener)
        w = trick_winner(line.leader, line.trick, self.n, self.tm)
        line.points[w] += sum(POINTS_OF[c] for c in line.trick)
        line.tricks[w] += 1
        line.last = w
        line.trick = []
        line.leader = w
        side = self.side
        lost = (self.must_win_all and not side >> w & 1) or (self.must_lose_all
                                                             and side >> w & 1)
        if lost or not line.hands[w]:
            line.over = True

    def _others(self, line: Line) -> tuple[object, ...]:
        """The others play on (the baseline's card, blind) until the seat is to play or
        play is over; what the seat saw: their cards, and any hand laid open."""
        seen: list[object] = []
        while not line.over:
            turn = (line.leader + len(line.trick)) % self.n
            if turn == self.me:
                break
            hand = line.hands[turn]
            led = SUIT_MASKS[SUIT_OF[line.trick[0]]] if line.trick else 0
            legal = legal_mask(hand, led, self.tm)
            if legal & (legal - 1) == 0:
                card = legal.bit_length() - 1
            else:
                card = cardplay.choose_card(self._knowledge(line, turn), bits(legal))
            seen.append(card)
            self._play(line, card)
        for s in sorted(line.open_now):
            if s != self.me:
                seen.append((s, line.hands[s]))
        return tuple(seen)

    def _knowledge(self, line: Line, seat: int) -> Knowledge:
        known = {s: line.hands[s] for s in line.open_now} if line.open_now else None
        return knowledge_at(line.pub, seat, line.hands[seat],
                            tuple(h.bit_count() for h in line.hands), line.played,
                            line.voids, line.leader, line.trick, known)

    def _chips(self, line: Line) -> float:
        v = self.valuer
        chips = v.chips(line.points, line.tricks, line.pile,
                        line.last if line.last >= 0 else line.leader)
        if self.shape:
            chips += self.shape * v.lean(line.points)
        return chips


__all__ = ["InfosetSearch", "Line"]
