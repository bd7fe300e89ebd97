"""The settings domain: one deck style type, resolved in one place; ``auto`` is no style."""

from __future__ import annotations

import ast
from pathlib import Path

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


def test_only_deck_for_reads_a_variants_home_deck():
    """One place resolves the deck in effect: outside the engine, only ``Settings.deck_for``
    reads ``home_deck``, and no module defines a class ``DeckStyle`` but the engine."""
    root = Path(__file__).resolve().parents[2]
    readers, definitions = [], []
    for folder in ("bot", "cogs", "renderer", "bench"):
        for path in sorted((root / folder).rglob("*.py")):
            rel = path.relative_to(root).as_posix()
            for node in ast.walk(ast.parse(path.read_text(), rel)):
                if isinstance(node, ast.Attribute) and node.attr == "home_deck" \
                        and not rel.startswith("bot/engine/"):
                    readers.append(rel)
                if isinstance(node, ast.ClassDef) and node.name == "DeckStyle":
                    definitions.append(rel)
    assert readers == ["bot/settings/models.py"]
    assert definitions == ["bot/engine/cards.py"]


def test_a_servers_web_pages_are_off_until_it_chooses_and_never_a_tables():
    from bot.settings import WebAccess

    assert Settings().web is WebAccess.OFF
    assert validate({"web": "members"}) == {"web": WebAccess.MEMBERS}
    assert Settings(**validate({"web": "public"})).to_json()["web"] == "public"
    with pytest.raises(SettingRejected) as info:
        validate({"web": "everyone"})
    assert info.value.values["choices"] == ("off", "public", "members")
    with pytest.raises(SettingRejected) as info:
        validate({"web": "public"}, table=True)
    assert info.value.reason == "server_only"
    assert known([("web", "public")], table=True) == {}
