"""The renderer cannot draw a card its viewer may not see."""

from __future__ import annotations

import ast
import random
from dataclasses import replace
from pathlib import Path

import pytest

from bot.engine.actions import ActionType
from bot.engine.cards import CardSet
from bot.engine.deal import Deal
from bot.engine.view import SeatView, TrickView
from renderer import HiddenCardError, render_table, render_trick
from renderer.guard import Deck
from renderer.hand import draw_hand
from renderer.result import draw_result
from renderer.samples import sample_names
from renderer.table import draw_table
from renderer.trick import draw_trick

from .conftest import VIEWS

RENDERER = Path(__file__).resolve().parents[2] / "renderer"
FACES = {"face", "_face", "face_sprite"}


def _hidden(view: SeatView) -> int:
    """A card this viewer may not see."""
    visible = view.visible_cards()
    return next(c for c in range(36) if c not in visible)


def test_deck_refuses_a_hidden_card_and_allows_backs() -> None:
    view = VIEWS["zuger-public"]
    deck = Deck(view, "french")
    card = _hidden(view)
    with pytest.raises(HiddenCardError):
        deck.face(card, 80)
    with pytest.raises(HiddenCardError):
        deck.index(card)  # naming a card in a chip is guarded too
    assert deck.back(80).size[0] == 80
    for c in view.visible_cards():
        assert deck.face(c, 80).size[0] == 80
        assert deck.index(c)[2] == c // 9


def test_rendering_a_trick_with_a_hidden_card_fails() -> None:
    view = VIEWS["zuger-play"]
    forged = TrickView(view.forehand, (_hidden(view),), None)  # type: ignore[arg-type]
    with pytest.raises(HiddenCardError):
        render_trick(view, forged)


def test_a_view_that_claims_another_seats_cards_cannot_smuggle_them() -> None:
    # drawing uses visible_cards(), so every card drawn is one the view itself shows
    view = VIEWS["dapp-bettel-public"]
    assert view.hand is None and view.open_hands
    stripped = replace(view, open_hands={})
    with pytest.raises(HiddenCardError):
        Deck(stripped, "french").face(next(iter(next(iter(view.open_hands.values())))), 60)
    render_table(stripped, sample_names(3))  # draws no open hand then


def test_only_the_guard_and_the_card_sheet_touch_face_sprites() -> None:
    """Structural: layouts never call renderer.cards.face directly."""
    allowed = {"guard.py", "cards.py", "gallery.py"}  # gallery: the all-cards sheet
    for path in RENDERER.glob("*.py"):
        if path.name in allowed:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.endswith("cards"):
                names = {a.name for a in node.names}
                assert not names & FACES, f"{path.name} imports a face sprite"
            if isinstance(node, ast.Attribute) and node.attr in FACES:
                base = node.value
                assert not (isinstance(base, ast.Name) and base.id in ("cards", "_cards")), (
                    f"{path.name} calls cards.{node.attr}")


def _draw_everything(view: SeatView, names: list[str]) -> None:
    """Every layout (drawing only: the guard acts while drawing; encoding adds nothing)."""
    if view.seat is not None:
        draw_hand(view, names=names)
    draw_trick(view, names=names)
    draw_table(view, names)
    if view.result is not None:
        draw_result(view, names, show_hands=True)


@pytest.mark.parametrize("variant,players,options", [
    ("zuger", 4, {}), ("tapp1879", 3, {}), ("dapp", 3, {}), ("dapp", 5, {}),
    ("wuerttemberg", 4, {"deck": 32}),
])
def test_seeded_engine_deals_render_from_every_seat_without_peeking(
        variant: str, players: int, options: dict) -> None:
    """Random legal play; at every step each seat's view and the public view render.
    HiddenCardError would mean a layout asked for a card that view does not show."""
    rng = random.Random(f"{variant}{players}")
    names = sample_names(players)
    for seed in range(2):
        deal = Deal.new(variant, players=players, rng=random.Random(seed), **options)
        step = 0
        while True:
            if step % 3 == 0 or deal.is_over:
                _draw_everything(deal.public_view(), names)
                for seat in range(players):
                    _draw_everything(deal.view(seat), names)
            if deal.is_over:
                break
            seat = deal.to_act()[0]
            legal = [a for a in deal.legal_actions(seat)
                     if a.type not in (ActionType.KONTRA, ActionType.REKONTRA)]
            if not legal:
                legal = deal.legal_actions(seat)
            action = rng.choice(legal)
            if action.type is ActionType.DISCARD and action.cards is None:
                hand = list(deal.view(seat).hand or CardSet())
                action = type(action).discard(rng.sample(hand, action.count or 0))
            deal.apply(seat, action)
            step += 1
