"""Every string the tables show comes from the catalogue, and every key they use (also
the ones built from the game's words) is in it."""

from __future__ import annotations

import re
from pathlib import Path

from bot.engine import ActionType, Phase
from bot.engine.session import Ending
from bot.engine.variants import VARIANTS, dapp, tapp1879, wuerttemberg, zuger
from bot.i18n import strings
from bot.i18n.words import Words

ROOT = Path(__file__).resolve().parents[2]
FILES = [*sorted((ROOT / "bot" / "tables").glob("*.py")),
         *(ROOT / "cogs" / f"{name}.py" for name in ("lobby", "table", "play"))]
KEY = re.compile(r"""(?:\bt|words|self|Refused|TableError|NoTableHere|NotHost|TableFull|"""
                 r"""NotPlaying|BadOptions|NotSeated)\(\s*"([a-z_]+(?:\.[a-z0-9_]+)+)\"""")
CLASS_KEY = re.compile(r'^\s+key = "([a-z_.]+)"', re.M)
EN = strings("en")

CONTRACTS = {*zuger.Contract, *tapp1879.Contract, *dapp.Contract, *wuerttemberg.Game}
BIDS = {"pass", "weg", "play", "self", "hold", "spiele"}


def test_every_literal_key_is_in_the_catalogue() -> None:
    missing = []
    for path in FILES:
        text = path.read_text(encoding="utf-8")
        for key in KEY.findall(text) + CLASS_KEY.findall(text):
            if key not in EN:
                missing.append(f"{path.name}: {key}")
    assert missing == []


def test_keys_built_from_the_game_are_in_the_catalogue() -> None:
    wanted = {f"variant.{v}" for v in VARIANTS} | {f"rules.{v}" for v in VARIANTS}
    wanted |= {f"task.{p.value}" for p in Phase} | {f"done.{a.value}" for a in ActionType}
    wanted |= {f"table.ending.{e.value}" for e in Ending if e is not Ending.NONE}
    wanted |= {f"option.{k}" for cls in VARIANTS.values() for k in cls.option_defaults
               if k not in ("closing_ramsch", "forced_ramsch")}
    wanted |= {"option.closing_round", "option.herz_ass_ende"}
    wanted |= {f"announce.{a}" for a in ("tout", "kontra", "rekontra")}
    assert sorted(k for k in wanted if k not in EN) == []
    assert sorted(c for c in CONTRACTS if f"contract.{c}" not in EN) == []
    for variant in VARIANTS:
        words = Words(None, variant)
        for bid in BIDS:
            assert words.bid(bid) and f"bid.{bid}" in EN


def test_no_user_facing_literals_in_the_cogs() -> None:
    """The table cogs send no text that bypasses the catalogue."""
    for name in ("lobby", "table", "play"):
        text = (ROOT / "cogs" / f"{name}.py").read_text(encoding="utf-8")
        for call in re.findall(r"send_message\(\s*(\"[^\"]*\"|'[^']*')", text):
            raise AssertionError(f"{name}.py sends a literal: {call}")
        assert not re.search(r'description="', text), name
