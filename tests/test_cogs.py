"""Every cog loads, cogs share the one /tapp command and its groups (but the league's,
/league), and no cog imports another cog."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import discord
from discord import app_commands

from bot.config import Settings
from bot.connection.client import TappBot
from cogs import EXTENSIONS
from cogs.group import TappCog, add_tapp_cog, tapp_group

FOLDER = Path(importlib.import_module("cogs").__file__ or "").parent
#: the cogs' shared kit: bases and option choices, not cogs (no ``setup``)
KIT = ("__init__", "group", "base", "choices")


def test_every_cog_module_is_listed() -> None:
    modules = {f"cogs.{p.stem}" for p in FOLDER.glob("*.py") if p.stem not in KIT}
    assert modules == set(EXTENSIONS)


def imported(path: Path) -> set[str]:
    """The modules ``path`` imports (relative ones made absolute within ``cogs``)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = ("cogs." * (node.level > 0)) + (node.module or "")
            found.add(base.rstrip("."))
            found.update(f"{base}.{alias.name}".replace("cogs..", "cogs.")
                         for alias in node.names if node.module is None)
    return found


def test_no_cog_imports_another_cog() -> None:
    """A cog takes what it shares from the kit (:data:`KIT`) or from ``bot``, never
    from another cog: each can be loaded, unloaded and read alone."""
    cogs = set(EXTENSIONS)
    for name in EXTENSIONS:
        path = FOLDER / f"{name.removeprefix('cogs.')}.py"
        others = {m for m in imported(path) if any(m == c or m.startswith(c + ".")
                                                    for c in cogs - {name})}
        assert others == set(), f"{name} imports {sorted(others)}"


#: what answers an interaction behind the Context's back
RAW_ANSWERS = ("interaction.response.", ".followup.", "edit_original_response")


def test_every_cog_answers_through_the_context() -> None:
    """One shape of answer: a cog says things through its interaction's
    :class:`bot.connection.context.Context` (or the display's answer), never by
    calling discord.py's response, follow-up or edit itself."""
    for path in FOLDER.glob("*.py"):
        source = path.read_text(encoding="utf-8")
        assert [raw for raw in RAW_ANSWERS if raw in source] == [], path.name


def test_the_kit_imports_no_cog() -> None:
    for stem in KIT:
        imports = imported(FOLDER / f"{stem}.py")
        assert not imports & set(EXTENSIONS), stem


def test_the_import_check_sees_a_cogs_import_of_another(tmp_path: Path) -> None:
    source = tmp_path / "cog.py"
    source.write_text("from .table import TableCog\nfrom . import lobby\n"
                      "import cogs.review\nfrom .base import TableCog as B\n")
    assert {"cogs.table", "cogs.lobby", "cogs.review", "cogs.base"} <= imported(source)


async def test_every_cog_loads_into_the_tapp_group() -> None:
    bot = TappBot(Settings(token="unused"))
    for name in EXTENSIONS:
        await bot.load_extension(name)
    groups = {c.name: c for c in bot.tree.get_commands()}
    assert set(groups) == {"tapp", "league"}  # the league's is a command of its own
    group = groups["tapp"]
    assert isinstance(group, app_commands.Group)
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


class Ratings(TappCog):
    group = "stats"

    @app_commands.command(name="ratings", description="Skill ratings")
    async def ratings(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("ratings")


async def test_cogs_share_a_group_under_tapp_and_an_empty_group_goes() -> None:
    bot = TappBot(Settings(token="unused"), extensions=("cogs.standings",))
    await bot.load_extension("cogs.standings")
    await add_tapp_cog(bot, Ratings(bot))
    stats = tapp_group(bot.tree).get_command("stats")
    assert isinstance(stats, app_commands.Group)
    assert {c.name for c in stats.commands} == {"leaderboard", "player", "history", "web",
                                                "ratings"}
    ratings = stats.get_command("ratings")
    assert ratings is not None and ratings.qualified_name == "tapp stats ratings"
    await bot.remove_cog("Ratings")
    assert stats.get_command("ratings") is None and stats.get_command("player") is not None
    await bot.unload_extension("cogs.standings")
    assert tapp_group(bot.tree).get_command("stats") is None  # no empty group synced
    await bot.close()
