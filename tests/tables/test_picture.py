"""The table image changes once a chapter of the deal (bot.tables.picture): over random
deals of every setting, the picture holds through the auction and through each trick,
shows the table as the chapter began, follows every step between them, and never marks
a seat to act."""

from __future__ import annotations

import random
from dataclasses import replace

from bot.ai.selfplay import SETTINGS
from bot.display.table_messages import table_message
from bot.engine import Deal, Phase, SeatView
from bot.engine.playout import random_action
from bot.i18n.words import Words
from bot.tables.ids import Stamp
from bot.tables.picture import Picture, snapshot, table_picture
from bot.ui.specs import ImageKind
from tests.display.test_table_messages import state_of


def chapter(view: SeatView) -> tuple[object, ...]:
    """What the picture must hold for: the auction, or one trick (with its number)."""
    return (view.phase, len(view.tricks))


def test_the_picture_changes_once_a_chapter() -> None:
    rng = random.Random(5)
    for _label, variant, players, options in SETTINGS:
        for _ in range(4):
            deal = Deal.new(variant, players=players, rng=rng, **options)
            picture: Picture | None = None
            first: dict[tuple[object, ...], SeatView] = {}  # each chapter's first view
            held = 0
            while not deal.is_over:
                view = deal.public_view()
                picture = table_picture(picture, 1, view)
                assert picture is not None
                assert picture.view.actor is None and picture.view.to_act == ()
                if view.phase in (Phase.AUCTION, Phase.PLAY):
                    begun = first.setdefault(chapter(view), view)
                    assert picture.view == snapshot(begun)  # as the chapter began
                    held += begun is not view
                else:  # a step between: trump, call, give, discard, declare
                    assert picture.view == snapshot(view)
                deal.apply(*random_action(deal, rng))
            tricks = len(deal.public_view().tricks)
            if tricks > 1:  # whole tricks were played: the picture held within them
                assert held >= (players - 1) * (tricks - 1)


def test_a_new_deal_or_a_restart_within_a_trick_draws_anew() -> None:
    rng = random.Random(8)
    deal = Deal.new("zuger", players=4, rng=rng)
    while deal.public_view().phase is not Phase.PLAY:
        deal.apply(*random_action(deal, rng))
    first = table_picture(None, 3, deal.public_view())
    deal.apply(*random_action(deal, rng))
    view = deal.public_view()
    assert view.current_trick is not None and len(view.current_trick.cards) == 1
    assert table_picture(first, 3, view) is first
    other_deal = table_picture(first, 4, view)
    assert other_deal is not first and other_deal is not None
    assert other_deal.view.current_trick == view.current_trick  # what there is to show
    restarted = table_picture(None, 3, view)
    assert restarted is not None and restarted.view.current_trick == view.current_trick


def test_the_table_message_image_is_the_same_within_a_trick() -> None:
    rng = random.Random(2)
    deal = Deal.new("zuger", players=4, rng=rng)
    while deal.public_view().phase is not Phase.PLAY:
        deal.apply(*random_action(deal, rng))
    words = Words(None, "zuger", "french")
    picture = None
    specs = []
    texts = []
    for _ in range(4):  # the first trick, card by card
        state = state_of(deal, Stamp(1, deal.ply))
        picture = table_picture(picture, 1, state.view)
        assert picture is not None
        model = table_message(replace(state, picture=picture.view), words)
        assert model.image is not None and model.image.kind is ImageKind.TABLE
        specs.append(model.image)
        texts.append(model.description)
        deal.apply(*random_action(deal, rng))
    assert specs[0] == specs[1] == specs[2] == specs[3]  # one image for the trick
    assert len(set(texts)) == 4  # while the text follows every card
