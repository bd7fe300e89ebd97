"""A league's messages (plain data; the cog sends them): the league as made or ended,
its table (each division's standings in the running season as text, and the divisions
its image is drawn from), and a season's news as its channel sees it. A league message
names no card and no deal's result: totals and deals played only, as the series' table.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.i18n.words import Words
from bot.ui.specs import PRIMARY, SECONDARY, ButtonSpec, Component, EmbedModel, clip, rows
from bot.usertext import Where, safe
from renderer.league_table import Division, LeagueLine, Mark

from .ids import button_id
from .league_models import DivisionTable, Joined, LeagueInfo, LeagueTable, SeasonNews
from .messages import total_text

COLOUR = 0x0E7490
TITLE_MAX = 60
#: the most members a division's text lists (the image shows its first twelve)
LINES_MAX = 20
#: the most divisions with a button of their own (Discord: 25 buttons a message)
BUTTONS_MAX = 10


@dataclass(frozen=True, slots=True)
class LeagueMessage:
    """One message of a league; ``divisions``: what its image is drawn from (None: no
    image), with ``image_title`` and ``headers``."""

    embeds: tuple[EmbedModel, ...]
    components: tuple[Component, ...] = ()
    divisions: tuple[Division, ...] | None = None
    image_title: str = ""
    headers: tuple[str, str, str, str] = ("", "", "", "")
    footer: str = ""


def shown_title(title: str) -> str:
    return safe(title, Where.MARKDOWN, limit=TITLE_MAX)


def _words(language: str | None, info: LeagueInfo) -> Words:
    return Words(language, info.spec.series.variant)


def _when(at: float) -> str:
    return f"<t:{int(at)}:R>"


def describe(info: LeagueInfo, words: Words) -> list[str]:
    """What the league is, and where its seasons stand."""
    spec, series = info.spec, info.spec.series
    level = (words(f"level.{series.level}") if series.level in ("easy", "normal", "strong")
             else series.level)
    lines = [words("league.info.what", variant=words.variant_name(), deals=series.deals,
                   players=series.players, level=level,
                   cadence=words(f"league.cadence.{spec.cadence.value}")),
             words(f"series.scoring.{series.scoring.value}"),
             words("league.info.divisions", size=spec.size, up=spec.movement.up,
                   down=spec.movement.down),
             words("league.info.members", n=info.members)]
    if not info.running:
        lines.append(words("league.info.ended"))
        return lines
    if info.season is not None and info.season.running:
        lines.append(words("league.info.season", season=info.season.number,
                           ends=_when(info.season.ends_at)))
    else:
        lines.append(words("league.info.next", at=_when(info.next_start)))
    return lines


def _embed(info: LeagueInfo, words: Words, lines: list[str]) -> EmbedModel:
    return EmbedModel(description=clip(lines), colour=COLOUR,
                      title=words("league.info.title", title=shown_title(info.title)))


def info_message(info: LeagueInfo, language: str | None) -> LeagueMessage:
    """The league as its channel sees it when it is made (or ended)."""
    words = _words(language, info)
    lines = describe(info, words)
    if info.running:
        lines += ["", words("league.info.how")]
    return LeagueMessage((_embed(info, words, lines),))


def joined_text(joined: Joined, language: str | None) -> str:
    words = _words(language, joined.league)
    if joined.series_id is not None and joined.division is not None:
        return words("league.joined.now", title=shown_title(joined.league.title),
                     division=joined.division + 1, series=joined.series_id)
    return words("league.joined.wait", title=shown_title(joined.league.title),
                 at=_when(joined.league.next_start))


def _mark(division: DivisionTable, user: int) -> Mark:
    return Mark.UP if user in division.up else Mark.DOWN if user in division.down \
        else Mark.NONE


def _arrow(mark: Mark) -> str:
    return {Mark.UP: " ↑", Mark.DOWN: " ↓"}.get(mark, "")


def table_message(table: LeagueTable, language: str | None) -> LeagueMessage:
    """Each division with its members best first (totals and deals played only), who
    would go up (↑) and down (↓) if the season ended now, and who waits for the next."""
    info = table.league
    words = _words(language, info)
    scoring = info.spec.series.scoring
    lines = describe(info, words)
    pictures: list[Division] = []
    buttons: list[ButtonSpec] = []
    for division in table.divisions:
        heading = words("league.table.division", division=division.division + 1,
                        series=division.series_id)
        lines += ["", f"**{heading}**"]
        shown: list[LeagueLine] = []
        for place, user in enumerate(division.members):
            line = division.lines.get(user)
            mark = _mark(division, user)
            name = table.names.get(user) or str(user)
            if line is None:
                total, deals, rank = "–", words("series.deals", n=0), ""
            else:
                total = total_text(line.total, scoring, words)
                deals, rank = words("series.deals", n=line.deals), str(line.rank)
            if place < LINES_MAX:
                lines.append(words("league.table.line", rank=rank or "–", who=f"<@{user}>",
                                   total=total, deals=deals) + _arrow(mark))
            elif place == LINES_MAX:
                lines.append("…")
            shown.append(LeagueLine(rank or "–", name, total, deals, mark,
                                    user == table.viewer))
        if not division.members:
            lines.append(words("series.table.empty"))
        pictures.append(Division(heading, tuple(shown)))
        if division.open and len(buttons) < BUTTONS_MAX:
            buttons.append(ButtonSpec(button_id(division.series_id, "play"),
                                      words("league.button.play",
                                            division=division.division + 1),
                                      PRIMARY if table.viewer in division.members
                                      else SECONDARY))
    if table.waiting:
        lines += ["", words("league.table.waiting",
                            who=", ".join(f"<@{u}>" for u in table.waiting[:LINES_MAX]))]
    footer = words("league.table.footer")
    embed = EmbedModel(description=clip(lines), colour=COLOUR,
                       title=words("league.table.title", title=shown_title(info.title),
                                   season=info.season.number if info.season else 0),
                       footer=footer)
    return LeagueMessage(
        (embed,), rows(buttons), divisions=tuple(pictures) if pictures else None,
        image_title=words("league.table.title", title=info.title,
                          season=info.season.number if info.season else 0),
        headers=(words("series.table.rank"), words("series.table.who"),
                 words("series.table.total"), words("series.table.deals")),
        footer=footer)


def news_message(news: SeasonNews, language: str | None) -> LeagueMessage:
    """A season opened (each division's series and the commitment to its deals, *Play*
    buttons) or closed (who went up and who down), as the league's channel sees it."""
    info = news.league
    words = _words(language, info)
    title = shown_title(info.title)
    buttons: list[ButtonSpec] = []
    if news.opened:
        lines = [words("league.season.opened", season=news.season.number, title=title,
                       ends=_when(news.season.ends_at))]
        for index, division in enumerate(news.divisions):  # each with its commitment
            lines += [words("league.season.division", division=index + 1,
                            series=division.series_id, members=len(division.members)),
                      words("series.info.commitment", hash=division.commitment)]
            if index < BUTTONS_MAX:
                buttons.append(ButtonSpec(button_id(division.series_id, "play"),
                                          words("league.button.play", division=index + 1),
                                          PRIMARY if index == 0 else SECONDARY))
    else:
        lines = [words("league.season.closed", season=news.season.number, title=title)]
        ups = [u for u, before, after in news.moves if before is not None and after < before]
        downs = [u for u, before, after in news.moves if before is not None and after > before]
        if ups:
            lines.append(words("league.season.up", who=", ".join(f"<@{u}>" for u in ups)))
        if downs:
            lines.append(words("league.season.down", who=", ".join(f"<@{u}>" for u in downs)))
        if not ups and not downs:
            lines.append(words("league.season.still"))
    return LeagueMessage((_embed(info, words, lines),), rows(buttons))
