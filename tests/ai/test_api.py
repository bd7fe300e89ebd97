"""The player interface and the level registry."""

from __future__ import annotations

import random

import pytest

from bot.ai import BaselinePlayer, Player, levels, make_player, register_level


def test_easy_level_is_the_baseline() -> None:
    assert "easy" in levels()
    player = make_player("easy", random.Random(0))
    assert isinstance(player, BaselinePlayer)
    assert isinstance(player, Player)


def test_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown level"):
        make_player("grandmaster", random.Random(0))


def test_levels_can_be_registered() -> None:
    register_level("test-easy", BaselinePlayer)
    try:
        assert isinstance(make_player("test-easy"), BaselinePlayer)
    finally:
        from bot.ai import base

        base._LEVELS.pop("test-easy")
