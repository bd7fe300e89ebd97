"""The standings' words that are plain text, for Discord's messages and the web pages
alike: a variant's and a contract's name, a leaderboard's span, a member as a mention,
a rating. Free of discord.py (the web process imports this, never :mod:`.messages`,
which builds embeds from these)."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.i18n import t
from bot.ratings import Rating
from bot.usertext import safe
from renderer import Labels

from .models import SeasonSpan

_LABELS = Labels()  # the game's own words for contracts


def variant_name(variant: str | None, language: str | None) -> str:
    return t("standings.variant.all" if variant is None else f"variant.{variant}", language)


def contract_name(variant: str, contract: str | None, language: str | None) -> str:
    if contract is None:
        return t("standings.contract.none", language)
    return _LABELS.contract(variant, contract)


def mention(user_id: int | None, name: str | None) -> str:
    """A member as Discord mentions them; a computer seat by its name."""
    if user_id is not None:
        return f"<@{user_id}>"
    return safe(name)


def season_title(season: SeasonSpan, language: str | None) -> str:
    """``season 2026-11`` or ``season 2026 Q4``, in ``language``."""
    start = datetime.fromtimestamp(season.start, UTC)
    return t(f"standings.season.title.{season.length.value}", language, year=start.year,
             month=f"{start.month:02d}", quarter=(start.month - 1) // 3 + 1)


def span_title(key_period: str, season: SeasonSpan | None, language: str | None) -> str:
    """A leaderboard's span: the season's name, else its period's."""
    return (season_title(season, language) if season is not None
            else t(f"standings.period.title.{key_period}", language))


def rating_text(r: Rating) -> str:
    """A rating as mu ± 2 sigma (see :mod:`.rating_messages`)."""
    return f"{r.mu:.1f} ± {r.spread:.1f}"
