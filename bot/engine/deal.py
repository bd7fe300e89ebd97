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

from .actions import _CALLS, _GIVES, _NO_CALL, _PLAYS, _TRUMPS, Action, ActionType
from .cards import (
    _CHUNK_CARDS,
    _CHUNK_POINTS,
    CARD_NAMES,
    CARDS,
    SUIT_MASKS,
    SUIT_OF,
    SUITS,
    Card,
    CardSet,
    deck_mask,
    iter_bits,
    mask_points,
)
from .errors import IllegalAction, NotYourTurn, Refusal
from .variants import Variant, make_variant
from .view import DealResult, Phase, ResultStatus, SeatView, TrickView

_T = ActionType
# enum members read from the class cost an attribute lookup each; the hot paths use these
_AUCTION, _DECLARE, _CONTRACT, _DISCARD, _TRUMP = (
    Phase.AUCTION, Phase.DECLARE, Phase.CONTRACT, Phase.DISCARD, Phase.TRUMP)
_CALL, _GIVE, _ANNOUNCE, _PLAY, _FINISHED = (
    Phase.CALL, Phase.GIVE, Phase.ANNOUNCE, Phase.PLAY, Phase.FINISHED)
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
        **options: Any,
    ) -> Deal:
        """Shuffle and deal. ``rng`` defaults to a cryptographically secure source."""
        v = variant if isinstance(variant, Variant) else _variant(variant, players, options)
        if not 0 <= dealer < v.players or pot < 0:
            raise IllegalAction(f"dealer {dealer} or pot {pot} out of range", Refusal.SETUP)
        # shuffle the cards' bits (the very permutation of shuffling the cards): a hand's
        # mask is then the sum of its slice
        cards = list(_DECK_BITS[v.deck])
        _shuffle(cards, rng or random.SystemRandom())
        size = v.hand_size
        dealt = size * v.players
        hands = [sum(cards[k:k + size]) for k in range(0, dealt, size)]
        return cls._begin(v, dealer, hands, sum(cards[dealt:]), pot)

    @classmethod
    def from_hands(
        cls,
        variant: str | Variant,
        hands: Sequence[Sequence[int | str]],
        talon: Sequence[int | str],
        *,
        dealer: int = 0,
        pot: int = 0,
        **options: Any,
    ) -> Deal:
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
        return cls._begin(v, dealer, [_mask(h) for h in hands], _mask(talon), pot)

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

    def to_act(self) -> tuple[int, ...]:
        """Seats that may act now, sorted (includes seats that may announce kontra)."""
        ph = self.phase
        if ph is _FINISHED:
            return ()
        main = self.turn if ph is _PLAY else self._main_actor()
        v = self.v
        if not v.has_kontra or self.contract is None or self.tricks:
            return (main,)
        kontra = v.kontra_actions
        seats = []
        for s in range(self.n):
            if s == main or kontra(self, s):
                seats.append(s)
        return tuple(seats)

    def _main_actor(self) -> int:
        ph = self.phase
        if ph is _PLAY:
            return self.turn
        if ph is _AUCTION or ph is _DECLARE:
            return self.v.auction_turn(self)
        assert self.declarer is not None
        return self.declarer

    def legal_actions(self, seat: int) -> list[Action]:
        """Every legal action of ``seat`` now. A discard is one template
        ``Action(DISCARD, count=k)``: any ``k`` cards of the hand."""
        ph = self.phase
        v = self.v
        out: list[Action]
        # plays and bids are built afresh (cheaper than the per-ply cache), the same lists
        if ph is _PLAY:
            out = _chunk_actions(_CHUNK_PLAYS, self.legal_play_mask()) if seat == self.turn else []
        elif ph is _AUCTION or ph is _DECLARE:
            out = v.auction_legal(self, seat) if seat == v.auction_turn(self) else []
        elif ph is _FINISHED:
            return []
        else:
            out = list(self._main_legal(seat)) if seat == self._main_actor() else []
        if v.has_kontra and self.contract is not None and not self.tricks:  # as to_act
            out.extend(v.kontra_actions(self, seat))
        return out

    def _main_legal(self, seat: int) -> list[Action]:
        """The main actor's legal actions (cached for the current ply; do not mutate)."""
        ply = len(self.log)
        cache = self._legal_cache
        if cache is not None and cache[0] == ply:
            return cache[1]
        out = self._compute_main_legal(seat)
        self._legal_cache = (ply, out)
        return out

    def _compute_main_legal(self, seat: int) -> list[Action]:
        ph = self.phase
        if ph is _PLAY:
            return _chunk_actions(_CHUNK_PLAYS, self.legal_play_mask())
        if ph is _AUCTION or ph is _DECLARE:
            return self.v.auction_legal(self, seat)
        if ph is _CONTRACT:
            return list(_contract_actions(self.choices))
        if ph is _DISCARD:
            return [Action(_T_DISCARD, count=self.discard_count)]
        if ph is _TRUMP:
            return [_TRUMPS[s] for s in self.choices]
        if ph is _CALL:
            out = [_NO_CALL] if self.v.call_may_pass else []
            out += _chunk_actions(_CHUNK_CALLS, self.callable_mask())
            return out
        if ph is _GIVE:
            return _chunk_actions(_CHUNK_GIVES, self.givable_mask())
        if ph is _ANNOUNCE:
            return [Action.announce("tout"), Action.announce("none")]
        raise AssertionError(ph)

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
            self._check(seat, action)
        except IllegalAction:
            return False
        return True

    # -- acting ----------------------------------------------------------------------
    def apply(self, seat: int, action: Action) -> None:
        """Take ``action`` for ``seat``; raises :class:`IllegalAction` (state unchanged)."""
        self._check(seat, action)
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

    def _check(self, seat: int, action: Action) -> None:
        if self.phase is _FINISHED:
            raise IllegalAction("the deal is over", Refusal.DEAL_OVER)
        if not 0 <= seat < self.n:
            raise IllegalAction(f"there is no seat {seat}", Refusal.NO_SEAT)
        t = action.type
        if t is _T_KONTRA or t is _T_REKONTRA:
            if not self.v.has_kontra:
                raise IllegalAction(f"there is no {t.value} in {self.v.name}", Refusal.NO_KONTRA)
            if action not in self.v.kontra_actions(self, seat):
                raise IllegalAction(self.v.kontra_refusal(self, seat, t), Refusal.NO_KONTRA)
            return
        actor = self._main_actor()
        if seat != actor:
            raise NotYourTurn(f"not your turn: seat {actor} is to act")
        ph = self.phase
        if ph is _AUCTION or ph is _DECLARE:
            if action not in self._main_legal(seat):
                raise IllegalAction(self.v.auction_refusal(self, seat, action))
            return
        if t is _T_PLAY:
            if ph is not _PLAY:
                raise IllegalAction(f"no card may be played during the {ph.value}",
                                    Refusal.WRONG_STEP)
            self._check_play(action.card)
            return
        if t is _T_DISCARD:
            if ph is not _DISCARD:
                raise IllegalAction(f"no discard is expected during the {ph.value}",
                                    Refusal.WRONG_STEP)
            cards = action.cards or 0
            k = self.discard_count
            if cards & ~self.hands[seat]:
                bad = CardSet(cards & ~self.hands[seat])
                raise IllegalAction(f"cannot discard {bad}: not in hand", Refusal.NOT_IN_HAND)
            if cards.bit_count() != k:
                raise IllegalAction(f"must discard exactly {k} cards", Refusal.DISCARD_COUNT,
                                    count=k)
            return
        if action in self._main_legal(seat):
            return
        expected = _PHASE_ACTION.get(ph)
        if expected is not None and t is not expected:
            raise IllegalAction(f"a {expected.value} action is expected now, not {t.value}",
                                Refusal.WRONG_STEP)
        if t is _T_CALL and action.card is not None and self.hands[seat] >> action.card & 1:
            raise IllegalAction(f"cannot call {CARD_NAMES[action.card]}: it is in your hand",
                                Refusal.CALL_OWN_CARD)
        if t is _T_CALL and action.card is None:
            raise IllegalAction("a card must be called", Refusal.MUST_CALL)
        if t is _T_GIVE and action.card is not None:
            if action.card == self.called_card:
                raise IllegalAction("cannot give back the called card", Refusal.GIVE_CALLED_CARD)
            raise IllegalAction(f"cannot give {CARD_NAMES[action.card]}: not in hand",
                                Refusal.NOT_IN_HAND)
        legal = ", ".join(a.argument or a.token for a in self._main_legal(seat))
        raise IllegalAction(f"{action.argument} is not allowed now (allowed: {legal})")

    def _check_play(self, card: int | None) -> None:
        assert card is not None
        bit = 1 << card
        hand = self.hands[self.turn]
        if not hand & bit:
            raise IllegalAction(f"{CARD_NAMES[card]} is not in hand", Refusal.NOT_IN_HAND)
        if self.legal_play_mask() & bit:
            return
        if hand & self.led_mask:
            led = SUIT_MASKS.index(self.led_mask)
            raise IllegalAction(f"must follow suit {SUITS[led]}", Refusal.MUST_FOLLOW, suit=led)
        raise IllegalAction(f"must play a trump ({SUITS[self.trump or 0]})", Refusal.MUST_TRUMP,
                            suit=self.trump)

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
        self.result = self.v.settle(self) if not self.thrown_in else self._thrown_in_result()

    def _thrown_in_result(self) -> DealResult:
        payments = [0] * self.n
        payments[self.dealer] -= self.v.ante_chips
        return DealResult(
            status=ResultStatus.THROWN_IN, contract=None, declarer=None, trump=None, multipliers=(),
            announcements=(), declarer_points=None, points=tuple(self.points),
            tricks=self.trick_views(), payments=tuple(payments), pot=self.pot,
        )

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
        if self.result is not None:
            return self.result
        payments = [0] * self.n
        payments[self.dealer] -= self.v.ante_chips
        return DealResult(
            status=ResultStatus.INCOMPLETE, contract=self.contract, declarer=self.declarer,
            trump=self.trump, multipliers=(), announcements=self.announcements(),
            declarer_points=None, points=tuple(self.points), tricks=self.trick_views(),
            payments=tuple(payments), pot=self.pot,
        )

    def announcements(self) -> tuple[str, ...]:
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
        return self._view(seat)

    def public_view(self) -> SeatView:
        """What a spectator may see now (no hand)."""
        return self._view(None)

    def _view(self, seat: int | None) -> SeatView:
        over = self.phase is _FINISHED
        is_decl = seat is not None and seat == self.declarer
        talon = None
        if over or (is_decl and self.picked_up):
            talon = CardSet(self.dealt_talon)
        discards = CardSet(self.discards) if (is_decl or over) and self.discards else None
        exchange = None
        if self.exchange_card is not None and (over or is_decl or seat == self.called_from):
            exchange = CARDS[self.exchange_card]
        opened = {s: CardSet(self.hands[s]) for s in self.open_hand_seats()}
        return SeatView(
            variant=self.v.name,
            options=dict(self.v.options),
            players=self.n,
            seat=seat,
            dealer=self.dealer,
            forehand=self.forehand,
            phase=self.phase,
            to_act=self.to_act(),
            actor=None if over else self._main_actor(),
            hand=None if seat is None else CardSet(self.hands[seat]),
            hand_sizes=tuple(h.bit_count() for h in self.hands),
            legal=() if seat is None else tuple(self.legal_actions(seat)),
            auction=tuple(self.bids),
            contract=self.contract,
            declarer=self.declarer,
            trump=self.trump,
            called_card=None if self.called_card is None else CARDS[self.called_card],
            called_from=self.called_from,
            called_in_talon=self.called_in_talon,
            exchange_card=exchange,
            talon=talon,
            discards=discards,
            open_hands=opened,
            current_trick=self.current_trick_view(),
            tricks=self.trick_views(),
            tricks_won=tuple(self.tricks_won),
            points_taken=tuple(self.points),
            announcements=self.announcements(),
            kontra_by=self.kontra_by,
            rekontra_by=self.rekontra_by,
            pot=self.pot,
            result=self.result,
            dealt_hands=tuple(CardSet(h) for h in self.dealt) if over else None,
            dealt_talon=CardSet(self.dealt_talon) if over else None,
        )

    def to_record(self) -> dict[str, Any]:
        from .record import deal_to_record

        return deal_to_record(self)

    def __repr__(self) -> str:
        return (f"<Deal {self.v.name} n={self.n} dealer={self.dealer} phase={self.phase.value}"
                f" ply={self.ply}>")


def _make_copy_slots() -> Any:
    """``Deal -> Deal`` with every slot shared: one generated assignment per slot (a
    loop of getattr/setattr costs a searcher several times as much per copy)."""
    body = "\n".join(f"    d.{name} = s.{name}" for name in Deal.__slots__)
    namespace: dict[str, Any] = {"new": object.__new__, "Deal": Deal}
    exec(f"def copy_slots(s):\n    d = new(Deal)\n{body}\n    return d\n", namespace)
    return namespace["copy_slots"]


_copy_slots = _make_copy_slots()
_new_tuple = tuple.__new__
_SUIT_MASK_OF = tuple(SUIT_MASKS[SUIT_OF[c]] for c in range(36))


def _mask(cards: list[int]) -> int:
    return sum(map(_BITS.__getitem__, cards))  # the cards are distinct: + is |


_BITS = tuple(1 << c for c in range(36))
_CONTRACT_ACTIONS: dict[tuple[str, ...], tuple[Action, ...]] = {}


def _contract_actions(choices: tuple[str, ...]) -> tuple[Action, ...]:
    out = _CONTRACT_ACTIONS.get(choices)
    if out is None:
        out = tuple(Action.contract(c) for c in choices)
        if len(_CONTRACT_ACTIONS) < 64:
            _CONTRACT_ACTIONS[choices] = out
    return out


#: the play, call and give actions of each 9-bit suit chunk, per suit (as
#: ``cards._CHUNK_CARDS``)
_CHUNK_PLAYS, _CHUNK_CALLS, _CHUNK_GIVES = (
    tuple(tuple(tuple(actions[c] for c in chunk) for chunk in suit) for suit in _CHUNK_CARDS)
    for actions in (_PLAYS, _CALLS, _GIVES))

def _chunk_actions(table: Any, mask: int) -> list[Action]:
    """The actions of ``table`` (``_CHUNK_PLAYS`` ...) for the cards in ``mask``, low to
    high (one table look-up per suit)."""
    p0, p1, p2, p3 = table
    return [*p0[mask & 0x1FF], *p1[mask >> 9 & 0x1FF], *p2[mask >> 18 & 0x1FF],
            *p3[mask >> 27]]


#: the cards of each deck, low to high, as bits (``1 << card``)
_DECK_BITS: dict[int, tuple[int, ...]] = {
    size: tuple(1 << c for c in iter_bits(deck_mask(size))) for size in (32, 36)}


def _shuffle(cards: list[int], rng: random.Random) -> None:
    """``rng.shuffle(cards)``, draw for draw; for a plain :class:`random.Random` it is
    inlined (``shuffle`` calling ``_randbelow`` per card is a third of dealing)."""
    if type(rng) is not random.Random:
        rng.shuffle(cards)
        return
    getrandbits = rng.getrandbits
    steps = _SHUFFLE_STEPS.get(len(cards)) or _shuffle_steps(len(cards))
    for i, n, k in steps:  # _randbelow(n) for i = n - 1 down to 1, swapping i and j
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


def _shuffle_steps(size: int) -> tuple[tuple[int, int, int], ...]:
    """(i, i + 1, bits of i + 1) for i from ``size - 1`` down to 1."""
    return tuple((i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1))


_SHUFFLE_STEPS = {size: _shuffle_steps(size) for size in (32, 36)}


#: variants are stateless, so ``Deal.new(name, ...)`` shares one per name, players and
#: options (keyed by the options' types too: ``True`` must not stand for ``1``)
_VARIANT_CACHE: dict[tuple[Any, ...], Variant] = {}


def _variant(name: str, players: int | None, options: dict[str, Any]) -> Variant:
    try:
        key = (name, type(players), players,
               tuple(sorted((k, type(x), x) for k, x in options.items())) if options else ())
        v = _VARIANT_CACHE.get(key)
    except TypeError:  # an unhashable option value: make_variant will judge it
        return make_variant(name, players, options)
    if v is None:
        v = make_variant(name, players, options)
        if len(_VARIANT_CACHE) < 64:
            _VARIANT_CACHE[key] = v
    return v


_PHASE_ACTION = {
    Phase.CONTRACT: _T.CONTRACT,
    Phase.TRUMP: _T.TRUMP,
    Phase.CALL: _T.CALL,
    Phase.GIVE: _T.GIVE,
    Phase.ANNOUNCE: _T.ANNOUNCE,
    Phase.DISCARD: _T.DISCARD,
}

__all__ = ["Deal", "mask_points"]
