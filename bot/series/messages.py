"""A series' messages (plain data; the cog sends them): the series as posted when it
opens and when it closes (its seed then, with the command that deals every deal again),
the list of a server's series, a member's private panel while they play a deal (their
own seat's view only, as the deal of the day's), their result, the table (text, and the
lines its image is drawn from) and a member's own page. No card is named anywhere but in
a member's own panel and in the result of a deal they have played.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from bot.cli.parsing import public_program
from bot.daily.run_messages import chips_text, percent_text, retarget
from bot.engine import SeatView
from bot.engine.shuffle import verify_args
from bot.i18n.words import Words
from bot.tables.ids import Stamp, custom_id
from bot.tables.state import HandContext
from bot.ui.deal_messages import play_lines, result_line, solo_seat_line
from bot.ui.hand_messages import hand_panel
from bot.ui.specs import (
    PRIMARY,
    SECONDARY,
    ButtonSpec,
    Component,
    EmbedModel,
    ImageKind,
    ImageSpec,
    rows,
    shown_names,
)
from bot.usertext import Where, safe

from .ids import DECLINE, HANDS, button_id, run_id
from .models import MemberPage, SeriesInfo, SeriesRunView, SeriesSeat, Standings
from .review_messages import review_menu
from .spec import Scoring

COLOUR = 0x0E7490
TITLE_MAX = 80  # (the service keeps a title to this length)
LINES_MAX = 25


@dataclass(frozen=True, slots=True)
class TableLine:
    """A line of the table's image, worded (the renderer draws what it is given)."""

    rank: int
    user_id: int
    name: str  # as the member joined (their id where none is known)
    total: str
    deals: str
    mine: bool


@dataclass(frozen=True, slots=True)
class SeriesMessage:
    """One message of a series; ``table``: the lines of the table's image (the cog
    draws it with the member's names), ``views``/``shown``: the views its text and
    images come from and the cards its text names (for the tests)."""

    embeds: tuple[EmbedModel, ...]
    components: tuple[Component, ...] = ()
    ephemeral: bool = True
    table: tuple[TableLine, ...] | None = None
    table_title: str = ""
    table_headers: tuple[str, str, str, str] = ("", "", "", "")
    views: tuple[SeatView, ...] = ()
    shown: frozenset[int] = frozenset()


def shown_title(title: str) -> str:
    """A series' title (its opener's words) as message text shows it."""
    return safe(title, Where.MARKDOWN, limit=TITLE_MAX)


def _words(language: str | None, info: SeriesInfo) -> Words:
    return Words(language, info.spec.variant)


def total_text(total: Fraction, scoring: Scoring, words: Words) -> str:
    if scoring is Scoring.MATCHPOINTS:
        return percent_text(total, words)
    return words("series.points", n=f"{float(total):g}")


def describe(info: SeriesInfo, words: Words) -> list[str]:
    """What the series is: its variant, deals, window, opponents and scoring."""
    spec = info.spec
    return [words("series.info.what", variant=words.variant_name(), deals=spec.deals,
                  players=spec.players, level=words(f"level.{spec.level}")
                  if spec.level in ("easy", "normal", "strong") else spec.level),
            words(f"series.scoring.{spec.scoring.value}"),
            words("series.info.window", opens=f"<t:{int(info.opens_at)}:f>",
                  closes=f"<t:{int(info.closes_at)}:R>"),
            words("series.info.members", n=info.members)]


def info_message(info: SeriesInfo, language: str | None, *, ephemeral: bool = False
                 ) -> SeriesMessage:
    """The series as its channel sees it: open (join and play), or closed (its seed)."""
    words = _words(language, info)
    lines = describe(info, words)
    buttons = [ButtonSpec(button_id(info.series_id, "standings"),
                          words("series.button.standings"), SECONDARY)]
    if info.is_open:
        lines += ["", words("series.info.commitment", hash=info.commitment)]
        buttons = [ButtonSpec(button_id(info.series_id, "join"), words("series.button.join"),
                              PRIMARY),
                   ButtonSpec(button_id(info.series_id, "play"), words("series.button.play")),
                   *buttons]
    else:
        lines += ["", *seed_lines(info, words)]
    embed = EmbedModel(description="\n".join(lines), colour=COLOUR,
                       title=words("series.info.title", id=info.series_id,
                                   title=shown_title(info.title)),
                       footer=words("series.info.footer", id=info.series_id))
    return SeriesMessage((embed,), rows(buttons), ephemeral=ephemeral)


def seed_lines(info: SeriesInfo, words: Words) -> list[str]:
    """The published seed and the command that deals deal 1 again (any deal: its
    number), once the series is closed."""
    if info.seed is None:
        return []
    spec = info.spec
    command = (f"{public_program()} verify "
               f"{verify_args(spec.variant, spec.players, spec.options)} --seed {info.seed}"
               f" --series-deal 1 --commitment {info.commitment}")
    return [words("series.closed.seed", seed=info.seed),
            words("series.closed.verify", command=command, deals=spec.deals)]


def list_message(infos: Sequence[SeriesInfo], language: str | None) -> SeriesMessage:
    words = Words(language, "zuger")
    lines = [words("series.list.line", id=i.series_id, title=shown_title(i.title),
                   variant=Words(language, i.spec.variant).variant_name(),
                   deals=i.spec.deals, members=i.members,
                   status=words(f"series.status.{i.status}"),
                   closes=f"<t:{int(i.closes_at)}:R>")
             for i in infos[:LINES_MAX]]
    embed = EmbedModel(description="\n".join(lines) or words("series.list.none"),
                       title=words("series.list.title"), colour=COLOUR)
    return SeriesMessage((embed,))


# -- a member's deal -------------------------------------------------------------------
def seat_names(run: SeriesRunView, words: Words, member: str) -> tuple[str, ...]:
    return tuple(member if s == run.seat else words("computer.name", n=s + 1)
                 for s in range(run.view.players))


def _title(run: SeriesRunView, words: Words) -> str:
    return words("series.run.title", title=shown_title(run.series.title), deal=run.deal,
                 deals=run.series.spec.deals)


def run_message(run: SeriesRunView, words: Words, member: str) -> SeriesMessage:
    """The member's panel while they play a deal; their result once it is over."""
    if run.finished:
        return summary_message(run, words, member)
    view = run.view
    names = seat_names(run, words, member)
    shown = shown_names(names)
    lines = [words("series.run.intro", seat=run.seat + 1), ""]
    lines += [solo_seat_line(view, s, shown, words, run.seat) for s in range(view.players)]
    play = play_lines(view, shown, words)
    if play:
        lines += ["", *play]
    table = EmbedModel(description="\n".join(lines), title=_title(run, words), colour=COLOUR,
                       image=ImageSpec(ImageKind.TABLE, view, names, run.style,
                                       words.language),
                       footer=words("series.info.commitment", hash=run.series.commitment))
    note = (words.done(run.done) if run.done is not None
            else words("daily.declined") if run.declined else None)
    ctx = HandContext(run.run_id, Stamp(0, run.step), run.seat, view, names, run.style,
                      words.language)
    panel = hand_panel(ctx, words, note)
    text = panel.description
    components = retarget(panel.components,
                          lambda token: run_id(run.run_id, run.step, token))
    if run.may_decline:
        text += "\n" + words("daily.may_announce",
                             word=" / ".join(words.action(a) for a in view.legal))
        row = max((c.row or 0 for c in components), default=0)
        components = (*components, ButtonSpec(run_id(run.run_id, run.step, DECLINE),
                                              words("daily.button.decline"), SECONDARY,
                                              row=row))
    hand = EmbedModel(description=text, colour=COLOUR, image=panel.image)
    return SeriesMessage((table, hand), components, views=(view,),
                         shown=frozenset(words.named))


def summary_message(run: SeriesRunView, words: Words, member: str) -> SeriesMessage:
    """Their result on the deal and how far they are; buttons for the hands as dealt,
    the next deal and their page."""
    view = run.view
    assert view.result is not None and run.chips is not None
    names = seat_names(run, words, member)
    spec = run.series.spec
    lines = [result_line(view, shown_names(names), words),
             words("daily.summary.chips", chips=chips_text(run.chips, words)),
             words("series.run.progress", played=run.played, deals=spec.deals)]
    buttons = [ButtonSpec(run_id(run.run_id, None, HANDS), words("button.hands"))]
    if run.played < spec.deals:
        buttons.append(ButtonSpec(button_id(run.series.series_id, "play"),
                                  words("series.button.next"), PRIMARY))
    buttons.append(ButtonSpec(button_id(run.series.series_id, "me"),
                              words("series.button.me"), SECONDARY))
    embed = EmbedModel(description="\n".join(lines), title=_title(run, words),
                       colour=COLOUR,
                       image=ImageSpec(ImageKind.RESULT, view, names, run.style,
                                       words.language),
                       footer=words("series.info.commitment", hash=run.series.commitment))
    return SeriesMessage((embed,), rows(buttons), views=(view,), shown=frozenset(words.named))


def hands_message(run: SeriesRunView, words: Words, member: str) -> SeriesMessage:
    """Every hand of the member's finished deal as it was dealt."""
    names = seat_names(run, words, member)
    embed = EmbedModel(description=words("series.hands.intro", deal=run.deal), colour=COLOUR,
                       image=ImageSpec(ImageKind.HANDS, run.view, names, run.style,
                                       words.language))
    return SeriesMessage((embed,), views=(run.view,))


# -- the table and a member's page -------------------------------------------------------
def standings_message(board: Standings, language: str | None, *,
                      public: bool = True) -> SeriesMessage:
    """The table: rank, member, total, deals played (no deal's result, no card); the
    image is drawn from :attr:`SeriesMessage.table`."""
    info = board.series
    words = _words(language, info)
    scoring = info.spec.scoring
    lines = [words("series.table.line", rank=line.rank, who=f"<@{line.user_id}>",
                   total=total_text(line.total, scoring, words),
                   deals=words("series.deals", n=line.deals))
             for line in board.lines[:LINES_MAX]]
    if len(board.lines) > LINES_MAX:
        lines.append("…")
    if not lines:
        lines.append(words("series.table.empty"))
    lines += ["", words("series.table.final") if board.final
              else words("series.table.running", closes=f"<t:{int(info.closes_at)}:R>")]
    lines += seed_lines(info, words)
    title = words("series.table.title", id=info.series_id, title=shown_title(info.title))
    table = tuple(TableLine(line.rank, line.user_id,
                            board.names.get(line.user_id) or str(line.user_id),
                            total_text(line.total, scoring, words),
                            words("series.deals", n=line.deals), line.user_id == board.viewer)
                  for line in board.lines)
    buttons = [ButtonSpec(button_id(info.series_id, "me"), words("series.button.me"),
                          SECONDARY)]
    if info.is_open:
        buttons.insert(0, ButtonSpec(button_id(info.series_id, "play"),
                                     words("series.button.play"), PRIMARY))
    embed = EmbedModel(description="\n".join(lines), title=title, colour=COLOUR,
                       footer=words("series.table.footer"))
    return SeriesMessage((embed,), rows(buttons), ephemeral=not public, table=table,
                         table_title=words("series.table.title", id=info.series_id,
                                           title=info.title),
                         table_headers=(words("series.table.rank"), words("series.table.who"),
                                        words("series.table.total"),
                                        words("series.table.deals")))


def page_message(page: MemberPage, language: str | None) -> SeriesMessage:
    """The member's own deals: seat, chips and score on each they played."""
    info = page.series
    words = _words(language, info)
    lines = []
    for deal in page.deals:
        if deal.status == "finished" and deal.chips is not None:
            score = (percent_text(deal.percent, words) if deal.percent is not None else "")
            lines.append(words("series.me.played", deal=deal.deal, seat=deal.seat + 1,
                               chips=chips_text(deal.chips, words), score=score,
                               rivals=deal.rivals))
        elif deal.status == "playing":
            lines.append(words("series.me.playing", deal=deal.deal, seat=deal.seat + 1))
        elif deal.status == "dropped":
            lines.append(words("series.me.dropped", deal=deal.deal))
    if not lines:
        lines.append(words("series.me.none"))
    if page.line is not None:
        lines += ["", words("series.me.total", rank=page.line.rank,
                            total=total_text(page.line.total, info.spec.scoring, words),
                            deals=words("series.deals", n=page.line.deals))]
    if page.left:
        lines.append(words("series.me.left"))
    embed = EmbedModel(description="\n".join(lines[:LINES_MAX * 2]), colour=COLOUR,
                       title=words("series.me.title", id=info.series_id,
                                   title=shown_title(info.title)))
    buttons = []
    if info.is_open and not page.left:
        buttons.append(ButtonSpec(button_id(info.series_id, "play"),
                                  words("series.button.play"), PRIMARY))
    buttons.append(ButtonSpec(button_id(info.series_id, "standings"),
                              words("series.button.standings"), SECONDARY))
    menu = review_menu(page, words)  # the review of each deal they have finished
    return SeriesMessage((embed,), rows(buttons, () if menu is None else (menu,)))


# -- a shared table ----------------------------------------------------------------------
def seat_message(seat: SeriesSeat, language: str | None) -> SeriesMessage:
    """Where the member plays their next deal of a series that shares tables: the table
    (its messages are in its thread, else in the series' channel), their seat, and
    whether it started; the button opens their hand at it (no card here)."""
    words = _words(language, seat.series)
    key = "series.seat.started" if seat.started else "series.seat.forming"
    place = f"<#{seat.thread_id or seat.series.channel_id}>"
    text = words(key, title=shown_title(seat.series.title), deal=seat.deal,
                 seat=seat.seat + 1, table=seat.table_id, members=seat.members,
                 players=seat.players, place=place)
    embed = EmbedModel(description=text, colour=COLOUR,
                       title=words("series.info.title", id=seat.series.series_id,
                                   title=shown_title(seat.series.title)))
    buttons = [ButtonSpec(custom_id(seat.table_id, None, "hand"), words("button.hand"),
                          PRIMARY)] if seat.started else []
    return SeriesMessage((embed,), rows(buttons))
