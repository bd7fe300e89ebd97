"""Every cog loads, and cogs share the one /tapp group."""

from __future__ import annotations

import importlib
from pathlib import Path

import discord
from discord import app_commands

from bot.config import Settings
from bot.connection.client import TappBot
from cogs import EXTENSIONS
from cogs.group import TappCog, add_tapp_cog, tapp_group


def test_every_cog_module_is_listed() -> None:
    folder = Path(importlib.import_module("cogs").__file__ or "").parent
    modules = {f"cogs.{p.stem}" for p in folder.glob("*.py") if p.stem not in ("__init__", "group")}
    assert modules == set(EXTENSIONS)


async def test_every_cog_loads_into_the_tapp_group() -> None:
    bot = TappBot(Settings(token="unused"))
    for name in EXTENSIONS:
        await bot.load_extension(name)
    [group] = bot.tree.get_commands()
    assert isinstance(group, app_commands.Group) and group.name == "tapp"
    assert {"about", "ping"} <= {c.name for c in group.commands}
    await bot.close()


class Other(TappCog):
    @app_commands.command(name="leaderboard", description="Chip standings")
    async def leaderboard(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("standings")


async def test_two_cogs_add_to_one_group_and_unload_cleanly() -> None:
    bot = TappBot(Settings(token="unused"), extensions=("cogs.meta",))
    await bot.load_extension("cogs.meta")
    await add_tapp_cog(bot, Other(bot))
    group = tapp_group(bot.tree)
    assert bot.tree.get_commands() == [group]
    assert {"about", "ping", "leaderboard"} <= {c.name for c in group.commands}
    leaderboard = group.get_command("leaderboard")
    assert leaderboard is not None and leaderboard.qualified_name == "tapp leaderboard"
    await bot.remove_cog("Other")
    assert group.get_command("leaderboard") is None and group.get_command("about") is not None
    await bot.close()
