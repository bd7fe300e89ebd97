"""``/tapp about`` and ``/tapp ping``: what the bot is, and whether it answers (both
ephemeral, in the reader's Discord language)."""

from __future__ import annotations

import math

import discord
from discord import app_commands

import bot
from bot.connection.client import TappBot
from bot.connection.context import Context
from bot.i18n import t

from .group import TappCog, add_tapp_cog


def about_embed(language: str | None) -> discord.Embed:
    embed = discord.Embed(title=t("meta.about.title", language),
                          description=t("meta.about.description", language))
    embed.set_footer(text=t("meta.about.footer", language, version=bot.__version__,
                            library=discord.__version__))
    return embed


def ping_text(latency: float, language: str | None) -> str:
    shown = (t("meta.ping.ms", language, ms=f"{latency * 1000:.0f}") if math.isfinite(latency)
             else t("meta.ping.unknown", language))
    return t("meta.ping", language, latency=shown)


class Meta(TappCog):
    @app_commands.command(name="about", description=t("cmd.about"))
    async def about(self, interaction: discord.Interaction) -> None:
        ctx = Context(interaction)
        await ctx.send(ephemeral=True, embed=about_embed(ctx.language))

    @app_commands.command(name="ping", description=t("cmd.ping"))
    async def ping(self, interaction: discord.Interaction) -> None:
        ctx = Context(interaction)
        await ctx.tell(ping_text(self.bot.latency, ctx.language))


async def setup(client: TappBot) -> None:
    await add_tapp_cog(client, Meta(client))
