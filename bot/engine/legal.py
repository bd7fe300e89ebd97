"""A deal's legal actions, built from shared, interned actions: the cards of a mask as
play, call or give actions by one table look-up per suit, and the contract and step
actions of the main actor."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from .actions import _CALLS, _GIVES, _NO_CALL, _PLAYS, _TRUMPS, OPTIONAL, Action, ActionType
from .cards import _CHUNK_CARDS
from .view import Phase

if TYPE_CHECKING:
    from .deal import Deal

_PLAY, _AUCTION, _DECLARE, _CONTRACT, _DISCARD, _TRUMP, _CALL, _GIVE, _ANNOUNCE = (
    Phase.PLAY, Phase.AUCTION, Phase.DECLARE, Phase.CONTRACT, Phase.DISCARD, Phase.TRUMP,
    Phase.CALL, Phase.GIVE, Phase.ANNOUNCE)
_FINISHED = Phase.FINISHED
_T_DISCARD = ActionType.DISCARD


CONTRACT_CACHE: dict[tuple[str, ...], tuple[Action, ...]] = {}


def contract_actions(choices: tuple[str, ...]) -> tuple[Action, ...]:
    out = CONTRACT_CACHE.get(choices)
    if out is None:
        out = tuple(Action.contract(c) for c in choices)
        if len(CONTRACT_CACHE) < 64:
            CONTRACT_CACHE[choices] = out
    return out


#: the play, call and give actions of each 9-bit suit chunk, per suit (as
#: ``cards._CHUNK_CARDS``)
CHUNK_PLAYS, CHUNK_CALLS, CHUNK_GIVES = (
    tuple(tuple(tuple(actions[c] for c in chunk) for chunk in suit) for suit in _CHUNK_CARDS)
    for actions in (_PLAYS, _CALLS, _GIVES))

def chunk_actions(table: Any, mask: int) -> list[Action]:
    """The actions of ``table`` (``CHUNK_PLAYS`` ...) for the cards in ``mask``, low to
    high (one table look-up per suit)."""
    p0, p1, p2, p3 = table
    return [*p0[mask & 0x1FF], *p1[mask >> 9 & 0x1FF], *p2[mask >> 18 & 0x1FF],
            *p3[mask >> 27]]


def main_legal_actions(deal: Deal, seat: int) -> list[Action]:
    """The legal actions of the main actor ``seat`` now (bids, a step, or cards)."""
    ph = deal.phase
    if ph is _PLAY:
        return chunk_actions(CHUNK_PLAYS, deal.legal_play_mask())
    if ph is _AUCTION or ph is _DECLARE:
        return deal.v.auction_legal(deal, seat)
    if ph is _CONTRACT:
        return list(contract_actions(deal.choices))
    if ph is _DISCARD:
        return [Action(_T_DISCARD, count=deal.discard_count)]
    if ph is _TRUMP:
        return [_TRUMPS[s] for s in deal.choices]
    if ph is _CALL:
        out = [_NO_CALL] if deal.v.call_may_pass else []
        out += chunk_actions(CHUNK_CALLS, deal.callable_mask())
        return out
    if ph is _GIVE:
        return chunk_actions(CHUNK_GIVES, deal.givable_mask())
    if ph is _ANNOUNCE:
        return [Action.announce("tout"), Action.announce("none")]
    raise AssertionError(ph)


def legal_actions(deal: Deal, seat: int) -> list[Action]:
    """Every legal action of ``seat`` now. A discard is one template
    ``Action(DISCARD, count=k)``: any ``k`` cards of the hand."""
    ph = deal.phase
    v = deal.v
    out: list[Action]
    # plays and bids are built afresh (cheaper than the per-ply cache), the same lists
    if ph is _PLAY:
        out = chunk_actions(CHUNK_PLAYS, deal.legal_play_mask()) if seat == deal.turn else []
    elif ph is _AUCTION or ph is _DECLARE:
        out = v.auction_legal(deal, seat) if seat == v.auction_turn(deal) else []
    elif ph is _FINISHED:
        return []
    else:
        out = list(deal.main_legal(seat)) if seat == deal.main_actor() else []
    if v.has_kontra and deal.contract is not None and not deal.tricks:  # as to_act
        out.extend(v.kontra_actions(deal, seat))
    return out


def seats_to_act(deal: Deal) -> tuple[int, ...]:
    """Seats that may act now, sorted (includes seats that may announce kontra)."""
    ph = deal.phase
    v = deal.v
    if ph is _PLAY:
        main = deal.turn
    elif ph is _AUCTION or ph is _DECLARE:  # Deal.main_actor, inline
        main = v.auction_turn(deal)
    elif ph is _FINISHED:
        return ()
    else:
        main = deal.declarer  # type: ignore[assignment]
    if not v.has_kontra or deal.contract is None or deal.tricks:
        return (main,)
    kontra, rekontra = v.announcers(deal)
    return SEATS_OF[kontra | rekontra | 1 << main]


#: the seats of each mask of up to 8 seats, low to high
SEATS_OF: tuple[tuple[int, ...], ...] = tuple(
    tuple(s for s in range(8) if m >> s & 1) for m in range(256))


def main_actions(legal: Iterable[Action]) -> list[Action]:
    """The actions of ``legal`` without the optional announcements (:data:`OPTIONAL`):
    empty when the seat is not on its main turn."""
    return [a for a in legal if a.type not in OPTIONAL]


def meant(deal: Deal, seat: int, action: Action) -> Action:
    """The action ``seat`` means: *kontra* means *rekontra* where only that is legal (one
    Kontra button or command says whichever the seat may say)."""
    if action.type is ActionType.KONTRA:
        kinds = {a.type for a in deal.legal_actions(seat)}
        if ActionType.KONTRA not in kinds and ActionType.REKONTRA in kinds:
            return Action.rekontra()
    return action


def open_announcement(deal: Deal) -> ActionType | None:
    """The announcement some seat may make now: REKONTRA over KONTRA, or None."""
    if deal.is_over:
        return None
    kinds = {a.type for s in deal.to_act() for a in deal.legal_actions(s)}
    return (ActionType.REKONTRA if ActionType.REKONTRA in kinds
            else ActionType.KONTRA if ActionType.KONTRA in kinds else None)
