"""The settings domain: one deck style type, resolved in one place; ``auto`` is no style."""

from __future__ import annotations

import pytest

import renderer
from bot.engine import VARIANTS, rules_of
from bot.engine import DeckStyle as EngineDeckStyle
from bot.settings import (
    DECK_CHOICES,
    DeckStyle,
    SettingRejected,
    Settings,
    validate,
)
from bot.settings.models import known, merged, plain


def test_deck_style_is_one_type_for_settings_engine_and_renderer():
    assert DeckStyle is EngineDeckStyle is renderer.DeckStyle
    assert {rules_of(v).home_deck for v in VARIANTS} <= set(DeckStyle)


@pytest.mark.parametrize(("variant", "home"), [
    ("zuger", DeckStyle.SWISS), ("dapp", DeckStyle.GERMAN), ("wuerttemberg", DeckStyle.GERMAN)])
def test_auto_is_the_variants_home_deck(variant: str, home: DeckStyle):
    assert Settings().deck_style is None
    assert Settings().deck_for(variant) is home
    assert Settings(**validate({"deck_style": "auto"})).deck_for(variant) is home


@pytest.mark.parametrize("chosen", list(DeckStyle))
def test_a_chosen_deck_style_holds_for_every_variant(chosen: DeckStyle):
    settings = Settings(**validate({"deck_style": chosen.value}))
    assert {settings.deck_for(v) for v in VARIANTS} == {chosen}


def test_auto_is_stored_and_shown_as_auto():
    assert DECK_CHOICES == ("auto", "french", "german", "swiss")
    assert validate({"deck_style": "auto"}) == {"deck_style": None}
    assert plain(None) == "auto" and Settings().to_json()["deck_style"] == "auto"
    assert known([("deck_style", "auto")]) == {"deck_style": None}
    assert known([("deck_style", "german")]) == {"deck_style": DeckStyle.GERMAN}
    with pytest.raises(SettingRejected) as info:
        validate({"deck_style": "tarot"})
    assert info.value.values["choices"] == DECK_CHOICES


def test_a_tables_auto_overrides_its_servers_choice():
    table = merged(known([("deck_style", "french")]), known([("deck_style", "auto")],
                                                            table=True))
    assert table.deck_for("zuger") is DeckStyle.SWISS


def test_a_table_keeps_only_what_a_table_may_override():
    assert known([("stake", 5), ("language", "sv")], table=True) == {"language": "sv"}
    forbidden = merged({"computers_allowed": False}, {"computers_allowed": True})
    assert forbidden.computers_allowed is False
