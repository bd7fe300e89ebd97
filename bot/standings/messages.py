"""The standings answers as Discord embeds, in the catalogue's words.

Members appear as mentions (an embed never pings, and Discord shows each reader the
member's current name); computer seats by the name they were seated under. Texts are
cut to Discord's embed limits.
"""

from __future__ import annotations

from datetime import UTC, datetime

import discord

from bot.cli.parsing import public_program, spoken
from bot.engine.shuffle import verify_command
from bot.i18n import signed, t
from bot.settings import WebAccess
from bot.store import MemberStats, Standing
from bot.ui.specs import DESCRIPTION_MAX, clip
from bot.usertext import safe

from .models import BoardPage, DealReplay, HistoryEntry, HistoryPage
from .words import contract_name, mention, span_title, variant_name

COLOUR = discord.Colour(0x2E7D32)  # the felt's green
FIELD_MAX = 1024


def chips(n: int, language: str | None) -> str:
    return t("standings.chips.1" if abs(n) == 1 else "standings.chips", language,
             chips=signed(n))


def count(key: str, n: int, language: str | None) -> str:
    """``n`` things: ``<key>.1`` for one, ``<key>`` (with ``{n}``) otherwise."""
    return t(f"{key}.1", language) if n == 1 else t(key, language, n=n)


def deals(n: int, language: str | None) -> str:
    return count("standings.deals", n, language)








# -- leaderboard ---------------------------------------------------------------------------
def _record(s: Standing, language: str | None) -> dict[str, str]:
    return {"chips": chips(s.net, language), "deals": deals(s.deals, language),
            "declarer": t("standings.declarer", language, won=s.declarer_won,
                          lost=s.declarer_lost)}






def board_embed(page: BoardPage, language: str | None) -> discord.Embed:
    key = page.key
    embed = discord.Embed(colour=COLOUR, title=t(
        "standings.board.title", language, variant=variant_name(key.variant, language),
        period=span_title(key.period.value, page.season, language)))
    lines = []
    for s in page.rows:
        who = mention(s.user_id, None)
        if s.user_id == page.viewer_id:
            who += " " + t("standings.board.mark", language)
        lines.append(t("standings.board.line", language, rank=s.rank, who=who,
                       **_record(s, language)))
    embed.description = (clip(lines, DESCRIPTION_MAX) if lines
                         else t("standings.board.empty", language))
    if page.viewer_id is not None:
        me = page.me
        embed.add_field(name=t("standings.board.you", language), inline=False, value=(
            t("standings.board.you.none", language) if me is None else t(
                "standings.board.you.line", language, rank=me.rank, players=page.players,
                **_record(me, language))))
    embed.set_footer(text=t("standings.board.footer", language, players=page.players,
                            n=page.players,
                            page=t("standings.page", language, page=key.page + 1,
                                   pages=page.pages)))
    return embed


# -- stats ---------------------------------------------------------------------------------
def stats_embed(stats: MemberStats, name: str, language: str | None,
                chart: str | None = None, rating: str | None = None) -> discord.Embed:
    """``chart``: the file name of the attached chip chart, shown as the embed's image;
    ``rating``: the member's ratings as a field's text."""
    name = safe(name)
    embed = discord.Embed(colour=COLOUR, title=t(
        "standings.stats.title", language, name=name,
        variant=variant_name(stats.variant, language)))
    if not stats.deals:
        embed.description = t("standings.stats.none", language, name=name)
        return embed
    embed.add_field(name=t("standings.stats.net", language), value=chips(stats.net, language))
    embed.add_field(name=t("standings.stats.deals", language), value=str(stats.deals))
    embed.add_field(name=t("standings.stats.declarer", language), value=t(
        "standings.stats.declarer.value", language,
        games=count("standings.games", stats.declarer_games, language),
        won=stats.declarer_won, lost=stats.declarer_lost))
    for key, best in (("best", stats.best), ("worst", stats.worst)):
        if best is not None:
            embed.add_field(name=t(f"standings.stats.{key}", language), value=t(
                "standings.stats.deal", language, chips=signed(best.amount), deal=best.deal_id))
    if stats.ramsch_deals:
        embed.add_field(name=t("standings.stats.ramsch", language), value=t(
            "standings.stats.ramsch.value", language,
            deals=deals(stats.ramsch_deals, language), jungfrau=stats.jungfrau))
    if stats.contracts:
        lines = [t("standings.stats.contract", language,
                   variant=variant_name(c.variant, language),
                   contract=contract_name(c.variant, c.contract, language),
                   games=count("standings.games", c.games, language),
                   won=c.won, lost=c.lost, chips=chips(c.net, language))
                 for c in stats.contracts]
        embed.add_field(name=t("standings.stats.contracts", language),
                        value=clip(lines, FIELD_MAX), inline=False)
    if rating:
        embed.add_field(name=t("standings.stats.rating", language), value=rating,
                        inline=False)
    if chart is not None:
        embed.set_image(url=f"attachment://{chart}")
    return embed


# -- history -------------------------------------------------------------------------------
def history_line(n: int, entry: HistoryEntry, language: str | None) -> str:
    contract = contract_name(entry.variant, entry.contract, language)
    outcome = entry.outcome
    if outcome in ("ramsch", "thrown_in"):
        game = t(f"standings.history.game.{outcome}", language, contract=contract)
    else:
        game = t("standings.history.game", language, contract=contract,
                 who=mention(entry.declarer_user_id, entry.declarer_name),
                 result=t(f"standings.result.{outcome}", language))
    return t("standings.history.line", language, n=n, when=f"<t:{int(entry.ended_at)}:d>",
             variant=variant_name(entry.variant, language), game=game,
             chips=signed(entry.chips))


def history_embed(page: HistoryPage, name: str, language: str | None) -> discord.Embed:
    name = safe(name)
    embed = discord.Embed(colour=COLOUR, title=t("standings.history.title", language,
                                                 name=name))
    if not page.entries:
        embed.description = t("standings.history.none", language, name=name)
        return embed
    embed.description = clip([history_line(n, e, language)
                              for n, e in enumerate(page.entries, 1)], DESCRIPTION_MAX)
    embed.set_footer(text=t("standings.history.footer", language,
                            page=t("standings.page.open", language, page=page.key.page + 1)))
    return embed


# -- replay --------------------------------------------------------------------------------
def replay_embed(replay: DealReplay, steps: list[str], language: str | None,
                 record_file: str) -> discord.Embed:
    contract = replay.result.get("contract")
    embed = discord.Embed(colour=COLOUR, title=t(
        "standings.replay.title", language, deal=replay.deal_id,
        variant=variant_name(replay.variant, language),
        contract=contract_name(replay.variant, contract, language)))
    embed.description = spoken(t("standings.replay.files", language, file=record_file),
                               public_program())
    result = [f"{mention(user, name)} **{signed(amount)}**"
              for user, name, amount in zip(replay.user_ids, replay.names, replay.chips,
                                            strict=False)]
    if replay.pot_change is not None:
        result.append(t("standings.replay.pot", language, chips=signed(replay.pot_change)))
    embed.add_field(name=t("standings.replay.chips", language), value=clip(result, FIELD_MAX),
                    inline=False)
    embed.add_field(name=t("standings.replay.auction", language), inline=False,
                    value=clip(steps, FIELD_MAX) or t("standings.replay.auction.none",
                                                      language))
    if replay.seed and replay.commitment:
        options = replay.record.get("options") or {}
        command = verify_command(replay.variant, len(replay.record.get("hands") or ()),
                                 options, replay.seed, replay.commitment,
                                 program=public_program())
        embed.add_field(name=t("standings.replay.shuffle", language), inline=False,
                        value=t("standings.replay.seed", language, seed=replay.seed,
                                commitment=replay.commitment, command=command))
    embed.timestamp = datetime.fromtimestamp(replay.ended_at, UTC)
    return embed


# -- the web pages -------------------------------------------------------------------------
def web_address(base: str, guild_id: int) -> str:
    """The address of a server's pages under the web process's ``base`` (``TAPP_WEB_URL``;
    the route is ``bot/web/app.py``'s ``/servers/{guild}``)."""
    return f"{base.rstrip('/')}/servers/{guild_id}"


def web_text(base: str | None, guild_id: int, access: WebAccess,
             language: str | None) -> str:
    """The answer to ``/tapp stats web``: the address of the server's pages, or why
    there is none (the bot serves none, or the server shows none)."""
    if base is None:
        return t("web.link.none", language)
    if access is WebAccess.OFF:
        return t("web.link.off", language)
    return t(f"web.link.{access.value}", language, url=web_address(base, guild_id))
