"""Helpers for the computer-player tests: positions from given hands, and a driver
that checks every action a player returns against the view it was given."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from bot.ai import Player, main_actions, make_player
from bot.engine import Action, ActionType, Deal, DealResult, SeatView
from bot.engine.cards import Card


def position(variant: str, hands: list[str], talon: str, script: str = "", *,
             dealer: int = 0, **options: Any) -> Deal:
    """A deal with the given hands and talon, advanced by ``script``: whitespace-
    separated action tokens (``bid:solo``, ``trump:H``) or bare cards (a play), each
    taken by the seat on its main turn (``kontra@1`` names the seat)."""
    deal = Deal.from_hands(variant, [h.split() for h in hands], talon.split(),
                           dealer=dealer, **options)
    for step in script.split():
        token, _, at = step.partition("@")
        action = Action.parse(token) if ":" in token or token in ("kontra", "rekontra") \
            else Action.play(Card.parse(token))
        seat = int(at) if at else main_seat(deal)
        deal.apply(seat, action)
    return deal


def main_seat(deal: Deal) -> int:
    """The seat on its main turn (not merely allowed to announce)."""
    return next(s for s in deal.to_act() if main_actions(deal.view(s)))


def assert_legal(view: SeatView, action: Action) -> None:
    """``action`` is one of ``view.legal`` (a discard: ``count`` cards of the hand)."""
    if action.type is ActionType.DISCARD:
        template = next(a for a in view.legal if a.type is ActionType.DISCARD)
        assert action.cards is not None and view.hand is not None
        assert action.cards.bit_count() == template.count
        assert action.cards & ~view.hand.mask == 0
        return
    assert action in view.legal, f"{action} not in {[str(a) for a in view.legal]}"


def players(n: int, seed: int = 0, level: str = "easy") -> list[Player]:
    return [make_player(level, random.Random(seed * 31 + s)) for s in range(n)]


def drive(deal: Deal, seats: Sequence[Player], limit: int = 500) -> tuple[DealResult, list[str]]:
    """Play ``deal`` out, checking every action against its view; returns the result
    and the actions as ``seat:token`` strings."""
    log: list[str] = []
    for _ in range(limit):
        if deal.is_over:
            result = deal.outcome()
            assert result is not None
            return result, log
        for seat in deal.to_act():
            view = deal.view(seat)
            if main_actions(view):
                continue
            extra = seats[seat].announcement(view)
            if extra is not None:
                assert_legal(view, extra)
                deal.apply(seat, extra)
                log.append(f"{seat}:{extra}")
        seat = main_seat(deal)
        view = deal.view(seat)
        action = seats[seat].choose(view)
        assert_legal(view, action)
        deal.apply(seat, action)
        log.append(f"{seat}:{action}")
    raise AssertionError("deal did not finish")


def choose(deal: Deal, seat: int | None = None, seed: int = 0) -> Action:
    """What a fresh baseline player in ``seat`` (default: the seat on turn) does now."""
    seat = main_seat(deal) if seat is None else seat
    view = deal.view(seat)
    action = make_player("easy", random.Random(seed)).choose(view)
    assert_legal(view, action)
    return action
