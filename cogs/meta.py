"""``/tapp about`` and ``/tapp ping``: what the bot is, and whether it answers."""

from __future__ import annotations

import math

import discord
from discord import app_commands
from discord.ext import commands

import bot

from .group import TappCog, add_tapp_cog


class Meta(TappCog):
    @app_commands.command(name="about", description="What this bot is and which version runs")
    async def about(self, interaction: discord.Interaction) -> None:
        embed = discord.Embed(
            title="Tapp",
            description="Tapp, the trick-taking card game, for Discord: Zuger Tapp, Tapp of "
            "1879, Dapp and Württemberg Tapp. Start a table with `/tapp new`, play with "
            "buttons, compare chips with `/tapp leaderboard`.",
        )
        embed.set_footer(text=f"tapp-bot {bot.__version__}, discord.py {discord.__version__}")
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(name="ping", description="Check that the bot answers")
    async def ping(self, interaction: discord.Interaction) -> None:
        latency = self.bot.latency
        shown = f"{latency * 1000:.0f} ms" if math.isfinite(latency) else "n/a"
        await interaction.response.send_message(f"Pong! Gateway latency: {shown}", ephemeral=True)


async def setup(client: commands.Bot) -> None:
    await add_tapp_cog(client, Meta(client))
