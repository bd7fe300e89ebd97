"""The rating leaderboard and a member's ratings, in the catalogue's words.

A rating is shown as mu ± 2 sigma (the band the member's skill is 95% likely to lie
in) and ranked by its lower end, mu - 2 sigma, so a player with few deals (a wide band)
does not lead on luck; a computer level appears as "🤖 Computer (strong)".
"""

from __future__ import annotations

from collections.abc import Mapping

import discord

from bot.i18n import t
from bot.ratings import computer_level
from bot.store.ratings import RatingLine, StoredRating

from .messages import (
    COLOUR,
    DESCRIPTION_MAX,
    FIELD_MAX,
    clip,
    count,
)
from .models import RatingPage
from .words import mention, rating_text, span_title, variant_name


def who(line: RatingLine, viewer_id: int | None, language: str | None) -> str:
    level = computer_level(line.player)
    if level is not None:
        return t("standings.rating.computer", language, level=t(f"level.{level}", language))
    text = mention(line.user_id, None)
    if line.user_id == viewer_id:
        text += " " + t("standings.board.mark", language)
    return text


def rating_board_embed(page: RatingPage, language: str | None) -> discord.Embed:
    key = page.key
    embed = discord.Embed(colour=COLOUR, title=t(
        "standings.rating.title", language, variant=variant_name(page.variant, language),
        period=span_title(key.period.value, page.season, language)))
    lines = [t("standings.rating.line", language, rank=line.rank,
               who=who(line, page.viewer_id, language), rating=rating_text(line.rating),
               deals=count("standings.deals", line.deals, language))
             for line in page.rows]
    embed.description = (clip(lines, DESCRIPTION_MAX) if lines
                         else t("standings.rating.empty", language, min=page.min_deals))
    if page.viewer_id is not None:
        me = page.me
        if me is None:
            mine = t("standings.rating.you.none", language)
        elif me.rank is None:
            mine = t("standings.rating.you.unranked", language, rating=rating_text(me.rating),
                     deals=count("standings.deals", me.deals, language), min=page.min_deals)
        else:
            mine = t("standings.rating.you.line", language, rank=me.rank,
                     players=page.players, rating=rating_text(me.rating),
                     deals=count("standings.deals", me.deals, language))
        embed.add_field(name=t("standings.board.you", language), value=mine, inline=False)
    embed.set_footer(text=t("standings.rating.footer", language, min=page.min_deals,
                            page=t("standings.page", language, page=key.page + 1,
                                   pages=page.pages)))
    return embed


def ratings_field(ratings: Mapping[str, StoredRating], language: str | None) -> str | None:
    """The member's all-time rating in each variant they were rated in (variant ->
    rating), with their rated deals there (None: never rated)."""
    lines = [t("standings.stats.rating.line", language, variant=variant_name(v, language),
               rating=rating_text(s.rating), deals=count("standings.deals", s.deals, language))
             for v, s in sorted(ratings.items())]
    return clip(lines, FIELD_MAX) if lines else None
