"""The hand panel the tables and the deal of the day share (bot.ui.hand_messages): its
picture in the reader's language, and only while the hand's owner has more to do.
(Its components over random deals: tests/display/test_table_messages.py and
tests/ui/test_component.py.)"""

from __future__ import annotations

import random

from bot.engine import Deal
from bot.i18n.words import Words
from bot.tables.ids import Stamp
from bot.tables.state import HandContext
from bot.ui.hand_messages import hand_panel


def test_the_private_hand_is_drawn_in_the_readers_language() -> None:
    deal = Deal.new("zuger", players=4, dealer=0, rng=random.Random(7))
    seat = deal.view(0).actor
    assert seat is not None
    german_table = HandContext(3, Stamp(0, 0), seat, deal.view(seat), ("a", "b", "c", "d"),
                               "swiss", "de")
    model = hand_panel(german_table, Words("en-US", "zuger", "swiss"))
    assert model.image is not None and model.image.language == "en-US"
    assert hand_panel(german_table, Words("sv", "zuger", "swiss")).image.language == "sv"


def test_the_answer_to_an_action_has_a_picture_only_while_there_is_more_to_do() -> None:
    deal = Deal.new("zuger", players=4, dealer=0, rng=random.Random(7))
    seat = deal.view(0).actor
    assert seat is not None
    names = ("a", "b", "c", "d")
    words = Words("en", "zuger", "swiss")
    waiting = (seat + 1) % 4  # not on turn: nothing to do now
    ctx = HandContext(3, Stamp(0, 0), waiting, deal.view(waiting), names, "swiss", "en")
    assert hand_panel(ctx, words).image is not None  # My hand: always the picture
    done = hand_panel(ctx, words, "Done.", after_action=True)
    assert done.image is None and "Done." in done.description
    assert all(words.card(c) in done.description for c in deal.view(waiting).hand or ())
    on_turn = HandContext(3, Stamp(0, 0), seat, deal.view(seat), names, "swiss", "en")
    assert hand_panel(on_turn, words, after_action=True).image is not None
