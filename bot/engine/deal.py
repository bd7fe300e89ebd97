"""One deal of Tapp: the state machine every variant shares.

The shared core owns dealing, the pre-play steps (contract choice, talon pick-up and
discards, trump, the Rufer call and exchange, tout), trick play with early end, the
kontra windows' bookkeeping, and per-seat views. A :class:`~.variants.base.Variant`
supplies the auction, what each contract needs before play, and the scoring.

The state is mutable; :meth:`Deal.copy` is cheap. :meth:`Deal.apply` always validates.
Searchers and random play may take an action they drew from :meth:`legal_actions` with
:meth:`apply_unchecked`, or a card from :meth:`legal_play_mask` with
:meth:`play_unchecked`: each is the very code ``apply`` runs after its check.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from .actions import Action, ActionType
from .cards import (
    _CHUNK_POINTS,
    CARD_NAMES,
    CARDS,
    SUIT_MASKS,
    SUIT_OF,
    Card,
    deck_mask,
    mask_of,
    mask_points,
)
from .checks import check
from .errors import IllegalAction, Refusal
from .legal import legal_actions, main_legal_actions, seats_to_act
from .seat_view import incomplete_result, seat_view, thrown_in_result
from .shuffle import deal_masks, seeded_masks
from .slots import slot_copier
from .variants import Variant, cached_variant, make_variant
from .view import DealResult, Phase, SeatView, TrickView

_T = ActionType
# enum members read from the class cost an attribute lookup each; the hot paths use these
_AUCTION, _DECLARE, _DISCARD, _TRUMP, _GIVE, _PLAY, _FINISHED = (
    Phase.AUCTION, Phase.DECLARE, Phase.DISCARD, Phase.TRUMP, Phase.GIVE, Phase.PLAY,
    Phase.FINISHED)
_T_PLAY, _T_KONTRA, _T_REKONTRA, _T_DISCARD = _T.PLAY, _T.KONTRA, _T.REKONTRA, _T.DISCARD
_T_CONTRACT, _T_TRUMP, _T_CALL, _T_GIVE, _T_ANNOUNCE = (
    _T.CONTRACT, _T.TRUMP, _T.CALL, _T.GIVE, _T.ANNOUNCE)

OPEN_AFTER_FIRST_CARD = "card"
OPEN_AFTER_FIRST_TRICK = "trick"


class Deal:
    """A deal in progress (or over). Build with :meth:`new`, :meth:`from_hands` or
    :func:`bot.engine.record.deal_from_record`."""

    __slots__ = (
        "v", "n", "dealer", "forehand", "hands", "dealt", "talon", "dealt_talon",
        "discards", "pot_before", "pot", "phase", "auction", "bids", "log", "contract",
        "declarer", "trump", "trump_mask", "pending", "choices", "called_card",
        "called_from", "called_in_talon", "exchange_card", "tout", "kontra_by",
        "rekontra_by", "leader", "turn", "trick", "trick_mask",
        "led_mask", "tricks", "tricks_won", "points", "must_win_all", "must_lose_all",
        "open_after", "thrown_in", "result", "picked_up", "_legal_cache",
    )
    v: Variant
    n: int
    dealer: int
    forehand: int
    hands: list[int]  # bit masks, now
    dealt: tuple[int, ...]  # bit masks, as dealt
    talon: int
    dealt_talon: int
    discards: int
    pot_before: int
    pot: int  # after this deal's ante (and, once settled, after the deal)
    phase: Phase
    auction: Any  # the variant's auction state (has ``copy()``)
    bids: list[tuple[int, Action]]
    log: list[tuple[int, Action | int]]  # every action; a play as its bare card index
    contract: str | None
    declarer: int | None
    trump: int | None
    trump_mask: int
    pending: list[Phase]  # steps still to come before play
    choices: tuple[Any, ...]  # contract ids (CONTRACT) or suits (TRUMP)
    called_card: int | None
    called_from: int | None
    called_in_talon: bool
    exchange_card: int | None
    tout: bool
    kontra_by: int | None
    rekontra_by: int | None
    leader: int
    turn: int
    trick: list[Card]
    trick_mask: int
    led_mask: int
    tricks: list[TrickView]  # (leader, cards, winner), never with winner None
    tricks_won: list[int]
    points: list[int]  # card points of completed tricks per seat
    must_win_all: bool
    must_lose_all: bool
    open_after: str | None  # "card" or "trick": when the declarer's hand opens (Bettel)
    thrown_in: bool
    result: DealResult | None
    picked_up: bool
    #: (ply, the main actor's legal actions): every change appends to ``log``, so the
    #: ply identifies the state
    _legal_cache: tuple[int, list[Action]] | None

    # -- construction ----------------------------------------------------------------
    @classmethod
    def new(
        cls,
        variant: str | Variant,
        *,
        players: int | None = None,
        dealer: int = 0,
        rng: random.Random | None = None,
        pot: int = 0,
        seed: bytes | None = None,
        **options: Any,
    ) -> Deal:
        """Shuffle and deal with ``rng`` (default: a cryptographically secure source), or
        from ``seed`` by the published algorithm (:func:`.shuffle.seeded_masks`)."""
        v = variant if isinstance(variant, Variant) else cached_variant(variant, players, options)
        if not 0 <= dealer < v.players or pot < 0:
            raise IllegalAction(f"dealer {dealer} or pot {pot} out of range", Refusal.SETUP)
        hands, talon = (seeded_masks(seed, v.deck, v.hand_size, v.players) if seed is not None
                        else deal_masks(v.deck, v.hand_size, v.players,
                                        rng or random.SystemRandom()))
        return cls._begin(v, dealer, hands, talon, pot)

    @classmethod
    def from_hands(cls, variant: str | Variant, hands: Sequence[Sequence[int | str]],
                   talon: Sequence[int | str], *, dealer: int = 0, pot: int = 0,
                   **options: Any) -> Deal:
        """A deal with the given cards (validated: they must form the variant's deck)."""
        from .record import parse_cards  # local: record imports deal

        v = variant if isinstance(variant, Variant) else make_variant(
            variant, options.pop("players", len(hands)), options)
        def names(cards: Sequence[int | str]) -> list[str]:
            return [c if isinstance(c, str) else CARD_NAMES[c] for c in cards]

        return cls._start(v, dealer, [parse_cards(names(h)) for h in hands],
                          parse_cards(names(talon)), pot)

    @classmethod
    def _start(cls, v: Variant, dealer: int, hands: list[list[int]], talon: list[int],
               pot: int, *, checked: bool = False) -> Deal:
        if not checked:
            from .record import check_layout

            check_layout(v, dealer, hands, talon, pot)
        elif not 0 <= dealer < v.players or pot < 0:
            raise IllegalAction(f"dealer {dealer} or pot {pot} out of range", Refusal.SETUP)
        return cls._begin(v, dealer, [mask_of(h) for h in hands], mask_of(talon), pot)

    @classmethod
    def _begin(cls, v: Variant, dealer: int, hands: list[int], talon: int, pot: int) -> Deal:
        """The deal before the first action, from checked hand and talon masks."""
        d = cls.__new__(cls)
        n = v.players
        d.v, d.n, d.dealer, d.forehand = v, n, dealer, (dealer + 1) % n
        d.hands = hands
        d.dealt = tuple(hands)
        d.talon = d.dealt_talon = talon
        d.discards = 0
        d.picked_up = False
        d.pot_before = pot
        d.pot = pot + v.ante_chips
        d.phase = _AUCTION
        d.auction = None
        d.bids = []
        d.log = []
        d.contract = None
        d.declarer = None
        d.trump = None
        d.trump_mask = 0
        d.pending = []
        d.choices = ()
        d.called_card = d.called_from = d.exchange_card = None
        d.called_in_talon = False
        d.tout = False
        d.kontra_by = d.rekontra_by = None
        d.leader = d.turn = d.forehand
        d.trick = []
        d.trick_mask = d.led_mask = 0
        d.tricks = []
        d.tricks_won = [0] * n
        d.points = [0] * n
        d.must_win_all = d.must_lose_all = False
        d.open_after = None
        d.thrown_in = False
        d.result = None
        d._legal_cache = None
        v.start(d)
        return d

    def copy(self) -> Deal:
        d = _copy_slots(self)
        d.hands = self.hands[:]
        d.bids = self.bids[:]
        d.log = self.log[:]
        d.pending = self.pending[:]
        d.trick = self.trick[:]
        d.tricks = self.tricks[:]
        d.tricks_won = self.tricks_won[:]
        d.points = self.points[:]
        if self.auction is not None:
            d.auction = self.auction.copy()
        return d

    # -- queries ---------------------------------------------------------------------
    @property
    def variant(self) -> str:
        return self.v.name

    @property
    def options(self) -> dict[str, Any]:
        return dict(self.v.options)

    @property
    def is_over(self) -> bool:
        return self.phase is _FINISHED

    @property
    def ply(self) -> int:
        """Number of actions taken so far (stale-click detection)."""
        return len(self.log)

    #: ``to_act()``: the seats that may act now, sorted (includes seats that may
    #: announce kontra); the function itself, a call less on every step
    to_act = seats_to_act

    def main_actor(self) -> int:
        ph = self.phase
        if ph is _PLAY:
            return self.turn
        if ph is _AUCTION or ph is _DECLARE:
            return self.v.auction_turn(self)
        assert self.declarer is not None
        return self.declarer

    #: ``legal_actions(seat)``: every legal action of ``seat`` now. A discard is one
    #: template ``Action(DISCARD, count=k)``: any ``k`` cards of the hand.
    legal_actions = legal_actions

    def main_legal(self, seat: int) -> list[Action]:
        """The main actor's legal actions (cached for the current ply; do not mutate)."""
        ply = len(self.log)
        cache = self._legal_cache
        if cache is not None and cache[0] == ply:
            return cache[1]
        out = main_legal_actions(self, seat)
        self._legal_cache = (ply, out)
        return out

    @property
    def discard_count(self) -> int:
        return self.v.talon_size

    def callable_mask(self) -> int:
        assert self.declarer is not None
        return deck_mask(self.v.deck) & ~self.hands[self.declarer]

    def givable_mask(self) -> int:
        assert self.declarer is not None and self.called_card is not None
        return self.hands[self.declarer] & ~(1 << self.called_card)

    def legal_play_mask(self) -> int:
        """Cards the seat to play may play (trick-play rules 1-4)."""
        hand = self.hands[self.turn]
        if not self.trick:
            return hand
        f = hand & self.led_mask
        if f:
            return f
        t = hand & self.trump_mask
        return t or hand

    def is_legal(self, seat: int, action: Action) -> bool:
        try:
            check(self, seat, action)
        except IllegalAction:
            return False
        return True

    # -- acting ----------------------------------------------------------------------
    def apply(self, seat: int, action: Action) -> None:
        """Take ``action`` for ``seat``; raises :class:`IllegalAction` (state unchanged)."""
        check(self, seat, action)
        self.apply_unchecked(seat, action)

    def apply_unchecked(self, seat: int, action: Action) -> None:
        """Take ``action`` for ``seat`` without the check :meth:`apply` makes first. The
        caller guarantees it is legal: one of :meth:`legal_actions` ``(seat)``, a discard
        template filled with ``count`` cards of the hand."""
        t = action.type
        if t is _T_PLAY:
            self.play_unchecked(action.card)  # type: ignore[arg-type]
            return
        if t is _T_KONTRA or t is _T_REKONTRA:
            self.v.apply_kontra(self, seat, action)
            self.log.append((seat, action))
            return
        ph = self.phase
        if ph is _AUCTION or ph is _DECLARE:
            self.log.append((seat, action))
            self.bids.append((seat, action))
            self.v.auction_apply(self, seat, action)
            return
        self.log.append((seat, action))
        if t is _T_CONTRACT:
            assert action.value is not None
            self.v.set_contract(self, action.value)
        elif t is _T_DISCARD:
            assert action.cards is not None
            self.hands[seat] &= ~action.cards
            self.discards = action.cards
            self._next_step()
        elif t is _T_TRUMP:
            assert action.suit is not None
            self.set_trump(action.suit)
            self._next_step()
        elif t is _T_CALL:
            self._apply_call(action.card)
        elif t is _T_GIVE:
            assert action.card is not None and self.called_from is not None
            self.hands[seat] &= ~(1 << action.card)
            self.hands[self.called_from] |= 1 << action.card
            self.exchange_card = action.card
            self._next_step()
        elif t is _T_ANNOUNCE:
            if action.value == "tout":
                self.tout = True
                self.must_win_all = True
            self._next_step()

    def play_unchecked(self, card: int) -> None:
        """Play ``card`` for the seat to play. The caller guarantees it is in
        :meth:`legal_play_mask` (``apply`` checks; searchers pick from the mask)."""
        seat = self.turn
        bit = 1 << card
        hands = self.hands
        hands[seat] ^= bit
        self.log.append((seat, card))
        trick = self.trick
        trick.append(CARDS[card])
        k = len(trick)
        n = self.n
        if k == 1:
            self.led_mask = _SUIT_MASK_OF[card]
            self.trick_mask = bit
            self.turn = seat + 1 if seat + 1 < n else 0
            return
        tm = self.trick_mask = self.trick_mask | bit
        if k < n:
            self.turn = seat + 1 if seat + 1 < n else 0
            return
        w = tm & self.trump_mask or tm & self.led_mask
        leader = self.leader
        winner = (leader + trick.index(CARDS[w.bit_length() - 1])) % n
        p = _CHUNK_POINTS  # mask_points(tm), inline
        self.points[winner] += (p[tm & 0x1FF] + p[tm >> 9 & 0x1FF] + p[tm >> 18 & 0x1FF]
                                + p[tm >> 27])
        self.tricks_won[winner] += 1
        # kept as the view shows it (a TrickView of Cards), so views and results copy it
        self.tricks.append(_new_tuple(TrickView, (leader, tuple(trick), winner)))
        self.trick = []
        self.leader = self.turn = winner
        if not hands[winner] or self.declarer is not None and (
            (self.must_win_all and winner != self.declarer)
            or (self.must_lose_all and winner == self.declarer)
        ):
            self._finish()

    # -- steps used by variants ------------------------------------------------------------
    def set_trump(self, suit: int | None) -> None:
        self.trump = suit
        self.trump_mask = 0 if suit is None else SUIT_MASKS[suit]

    def pick_up_talon(self) -> None:
        """The declarer takes the talon into hand (a discard step follows)."""
        assert self.declarer is not None
        self.hands[self.declarer] |= self.talon
        self.picked_up = True

    def begin_steps(self, steps: list[Phase], leader: int) -> None:
        """After the contract is fixed: run ``steps`` (TRUMP, CALL, DISCARD, ...) then play."""
        self.pending = list(steps)
        self.leader = self.turn = leader
        self._next_step()

    def _next_step(self) -> None:
        if self.pending:
            self.phase = self.pending.pop(0)
            if self.phase is _DISCARD and not self.picked_up:
                self.pick_up_talon()
            if self.phase is _TRUMP:
                self.choices = self.v.trump_choices(self)
        else:
            self.phase = _PLAY
            self.turn = self.leader
        self.v.after_step(self)

    def _apply_call(self, card: int | None) -> None:
        self.called_card = card
        if card is None:
            self._next_step()
            return
        bit = 1 << card
        if self.talon & bit:
            self.called_in_talon = True
            self._next_step()
            return
        holder = next(s for s in range(self.n) if self.hands[s] & bit)
        assert self.declarer is not None
        self.hands[holder] &= ~bit
        self.hands[self.declarer] |= bit
        self.called_from = holder
        self.pending.insert(0, _GIVE)
        self._next_step()

    def throw_in(self) -> None:
        self.thrown_in = True
        self._finish()

    def _finish(self) -> None:
        self.phase = _FINISHED
        self.result = self.v.settle(self) if not self.thrown_in else thrown_in_result(self)

    # -- results and views ----------------------------------------------------------
    def trick_views(self) -> tuple[TrickView, ...]:
        return tuple(self.tricks)

    def current_trick_view(self) -> TrickView | None:
        if self.phase is not _PLAY or not self.trick:
            return None
        return TrickView(self.leader, tuple(self.trick), None)

    def outcome(self) -> DealResult | None:
        """The result once the deal is over, else None."""
        return self.result

    def status(self) -> DealResult:
        """The result, or the state so far as an ``incomplete`` result."""
        return self.result or incomplete_result(self)

    def announcements(self) -> tuple[str, ...]:
        if self.kontra_by is None and not self.tout:  # the most common answer, at once
            return ()
        out = []
        if self.tout:
            out.append("tout")
        if self.kontra_by is not None:
            out.append("kontra")
        if self.rekontra_by is not None:
            out.append("rekontra")
        return tuple(out)

    def open_hand_seats(self) -> tuple[int, ...]:
        """Seats whose hands are open to everyone now (Bettel)."""
        if self.open_after is None or self.declarer is None:
            return ()
        if self.open_after == OPEN_AFTER_FIRST_CARD and (self.tricks or self.trick):
            return (self.declarer,)
        if self.open_after == OPEN_AFTER_FIRST_TRICK and self.tricks:
            return (self.declarer,)
        return ()

    def view(self, seat: int) -> SeatView:
        """Exactly what ``seat`` may see now."""
        if not 0 <= seat < self.n:
            raise IllegalAction(f"there is no seat {seat}")
        return seat_view(self, seat)

    def public_view(self) -> SeatView:
        """What a spectator may see now (no hand)."""
        return seat_view(self, None)

    def to_record(self) -> dict[str, Any]:
        from .record import deal_to_record

        return deal_to_record(self)

    def __repr__(self) -> str:
        return (f"<Deal {self.v.name} n={self.n} dealer={self.dealer} phase={self.phase.value}"
                f" ply={self.ply}>")


_copy_slots = slot_copier(Deal)
_new_tuple = tuple.__new__
_SUIT_MASK_OF = tuple(SUIT_MASKS[SUIT_OF[c]] for c in range(36))
__all__ = ["Deal", "mask_points"]
