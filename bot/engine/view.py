"""What a seat may see: the only thing the bot, the renderer and computer players read.

A :class:`SeatView` is built by ``Deal.view(seat)`` (or ``Deal.public_view()`` with
``seat=None``). Everything in it is visible to that viewer *now*; nothing else is.
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, field, fields
from enum import StrEnum
from typing import Any, NamedTuple

from .actions import Action
from .cards import CARD_NAMES, SUITS, Card, CardSet


class Phase(StrEnum):
    AUCTION = "auction"  # bids (all variants), incl. Württemberg's announce round
    DECLARE = "declare"  # Württemberg: those who said "spiele" name their game
    CONTRACT = "contract"  # dapp: the declarer fixes an open final bid
    DISCARD = "discard"  # the declarer picked up the talon and discards
    TRUMP = "trump"
    CALL = "call"
    GIVE = "give"
    ANNOUNCE = "announce"  # tapp1879: tout or none
    PLAY = "play"
    FINISHED = "finished"


class ResultStatus(StrEnum):
    """Where a deal's result stands (``status`` in ``python -m bot replay``)."""

    FINISHED = "finished"
    THROWN_IN = "thrown_in"  # nobody played: no play, the deal passes on
    INCOMPLETE = "incomplete"  # not over yet (a record that stops early)


class TrickView(NamedTuple):
    leader: int
    cards: tuple[Card, ...]  # in the order played, the leader's first
    winner: int | None  # None while the trick is in progress

    def seat_of(self, index: int, players: int) -> int:
        return (self.leader + index) % players

    def to_json(self) -> dict[str, Any]:
        return {"leader": self.leader, "cards": [CARD_NAMES[c] for c in self.cards],
                "winner": self.winner}


@dataclass(frozen=True, slots=True)
class DealResult:
    """A deal's outcome, field for field the output of ``python -m bot replay``."""

    status: ResultStatus
    contract: str | None
    declarer: int | None
    trump: int | None
    multipliers: tuple[str, ...]
    announcements: tuple[str, ...]
    declarer_points: int | None
    points: tuple[int, ...]
    tricks: tuple[TrickView, ...]
    payments: tuple[int, ...]
    pot: int
    won: bool | None = None  # declarer won (None: no declarer, draw or not finished)

    def to_json(self) -> dict[str, Any]:
        return {
            "status": self.status.value,
            "contract": self.contract,
            "declarer": self.declarer,
            "trump": None if self.trump is None else SUITS[self.trump],
            "multipliers": list(self.multipliers),
            "announcements": list(self.announcements),
            "declarer_points": self.declarer_points,
            "points": list(self.points),
            "tricks": [t.to_json() for t in self.tricks],
            "payments": list(self.payments),
            "pot": self.pot,
        }


@dataclass(frozen=True, slots=True)
class SeatView:
    variant: str
    options: dict[str, Any]
    players: int
    seat: int | None  # None: the public view (a spectator)
    dealer: int
    forehand: int
    phase: Phase
    to_act: tuple[int, ...]
    hand: CardSet | None  # the viewer's own hand now; None in the public view
    hand_sizes: tuple[int, ...]  # cards now in each seat's hand
    legal: tuple[Action, ...]  # the viewer's legal actions now (a discard as a template)
    auction: tuple[tuple[int, Action], ...]  # bids and declarations, in order
    contract: str | None
    declarer: int | None
    trump: int | None  # suit index
    called_card: Card | None  # Rufer: the card called (public)
    called_from: int | None  # seat that handed the called card over (public)
    called_in_talon: bool  # the called card lay in the talon (public)
    exchange_card: Card | None  # card given in the exchange: declarer and receiver only
    talon: CardSet | None  # the talon, where this viewer has seen it
    discards: CardSet | None  # the declarer's discards: the declarer only
    open_hands: dict[int, CardSet]  # hands laid open (Bettel)
    current_trick: TrickView | None
    tricks: tuple[TrickView, ...]  # completed tricks
    tricks_won: tuple[int, ...]
    points_taken: tuple[int, ...]  # card points of completed tricks per seat
    announcements: tuple[str, ...]  # tout, kontra, rekontra as made
    kontra_by: int | None
    rekontra_by: int | None
    pot: int  # tapp1879: the pot now (after this deal's ante)
    result: DealResult | None  # once the deal is over
    #: the seat the deal waits for (others in ``to_act`` may only announce kontra)
    actor: int | None = None
    dealt_hands: tuple[CardSet, ...] | None = None  # once the deal is over
    dealt_talon: CardSet | None = None  # once the deal is over
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.FINISHED

    def visible_cards(self) -> CardSet:
        """Every card this viewer may see now (used by tests and the renderer's guard)."""
        m = 0
        if self.hand is not None:
            m |= self.hand.mask
        for hand in self.open_hands.values():
            m |= hand.mask
        if self.talon is not None:
            m |= self.talon.mask
        if self.discards is not None:
            m |= self.discards.mask
        for t in self.tricks:
            for c in t.cards:
                m |= 1 << c
        if self.current_trick is not None:
            for c in self.current_trick.cards:
                m |= 1 << c
        if self.called_card is not None:
            m |= 1 << self.called_card
        if self.exchange_card is not None:
            m |= 1 << self.exchange_card
        if self.dealt_hands is not None:
            for hand in self.dealt_hands:
                m |= hand.mask
        if self.dealt_talon is not None:
            m |= self.dealt_talon.mask
        return CardSet(m)


def _fast_frozen_init(cls: Any) -> None:
    """Give the frozen slots dataclass ``cls`` an ``__init__`` that fills each slot
    through its descriptor. The generated one calls ``object.__setattr__`` per field,
    about twice as slow; a view and a result are built at every step. The signature,
    defaults and default factories are the same; the instances stay frozen. The
    dataclass's own ``__init__`` is kept as ``_dataclass_init`` (the tests compare)."""
    namespace: dict[str, Any] = {"_MISSING": MISSING}
    params, body = [], []
    for f in fields(cls):
        name = f.name
        namespace[f"_set_{name}"] = getattr(cls, name).__set__
        value = name
        if f.default is not MISSING:
            namespace[f"_default_{name}"] = f.default
            params.append(f"{name}=_default_{name}")
        elif f.default_factory is not MISSING:
            namespace[f"_factory_{name}"] = f.default_factory
            params.append(f"{name}=_MISSING")
            value = f"_factory_{name}() if {name} is _MISSING else {name}"
        else:
            params.append(name)
        body.append(f"    _set_{name}(self, {value})\n")
    exec(f"def __init__(self, {', '.join(params)}):\n{''.join(body)}", namespace)
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__annotations__ = dict(cls.__init__.__annotations__)
    cls._dataclass_init = cls.__init__
    cls.__init__ = init


_fast_frozen_init(DealResult)
_fast_frozen_init(SeatView)
