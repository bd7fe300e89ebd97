"""The components the bot sends: laid out once as payload (:class:`SpecView`), exactly as
discord.py's own ``View`` of the same buttons and selects lays them out, with no items
that would make cycles for the garbage collector."""

from __future__ import annotations

import gc
import random
from typing import Any

import discord
import pytest

from bot.display.rules_messages import rules_page
from bot.engine import Deal
from bot.engine.playout import random_action
from bot.i18n.words import Words
from bot.tables.ids import Stamp, custom_id
from bot.tables.state import HandContext
from bot.ui.component import SpecView, view
from bot.ui.hand_messages import hand_panel
from bot.ui.specs import ButtonSpec, Component, SelectSpec

NAMES = ("Anna", "Bo", "Cai", "Dana", "Eli", "Fay")


def _reference(specs: tuple[Component, ...]) -> list[dict[str, Any]]:
    """discord.py's own layout of the same components."""
    out = discord.ui.View(timeout=None)
    for spec in specs:
        if isinstance(spec, ButtonSpec):
            out.add_item(discord.ui.Button(label=spec.label, custom_id=spec.custom_id,
                                           style=discord.ButtonStyle[spec.style],
                                           disabled=spec.disabled, row=spec.row))
        else:
            out.add_item(discord.ui.Select(
                custom_id=spec.custom_id, placeholder=spec.placeholder, row=spec.row,
                min_values=spec.min_values, max_values=spec.max_values,
                options=[discord.SelectOption(label=label, value=value,
                                              default=value in spec.chosen)
                         for label, value in spec.options]))
    return out.to_components()


def _panels() -> list[tuple[Component, ...]]:
    rng, out = random.Random(2), []
    for variant, players in (("zuger", 4), ("tapp1879", 3), ("dapp", 4), ("wuerttemberg", 4)):
        deal = Deal.new(variant, players=players, rng=rng)
        while not deal.is_over:
            for seat in deal.to_act():
                ctx = HandContext(1, Stamp(0, deal.ply), seat, deal.view(seat),
                                  NAMES[:players], "french", "en")
                specs = hand_panel(ctx, Words("en", variant, "french")).components
                if specs:
                    out.append(specs)
            seat, action = random_action(deal, rng)
            deal.apply(seat, action)
    return out


async def test_the_payload_is_discord_pys_own_layout() -> None:
    layouts = _panels()
    layouts += [(*page.buttons, *(() if page.select is None else (page.select,)))
                for page in (rules_page("dapp", n, "de") for n in range(3))]
    mixed = (ButtonSpec(custom_id(1, None, "a"), "a", row=1),
             SelectSpec(custom_id(1, None, "pick.call"), "p", (("x", "1"),)),
             ButtonSpec(custom_id(1, None, "b"), "b"), ButtonSpec(custom_id(1, None, "c"), "c",
                                                                 row=1))
    layouts.append(mixed)
    assert len(layouts) > 50
    for specs in layouts:
        assert SpecView(specs).to_components() == _reference(specs)


async def test_a_sent_view_leaves_no_cyclic_garbage() -> None:
    specs = _panels()[0]
    gc.collect()
    gc.disable()
    try:
        for _ in range(20):
            shown = view(specs)
            assert shown is not None and shown.to_components()
            del shown
        assert gc.collect() == 0
    finally:
        gc.enable()


def test_an_id_not_of_the_bots_is_refused() -> None:
    with pytest.raises(ValueError):
        SpecView((ButtonSpec("other:1", "x"),))
    assert view(()) is None
