"""The deal of the day's tables as messages: a day's (today's placings only for a member
who has finished today's deal: everyone else reads how many have played it), a week's
and the streaks. Members appear as mentions (an embed pings nobody, and Discord shows
each reader the member's current name). No card is named anywhere here.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from bot.cli.parsing import public_program
from bot.engine.shuffle import verify_command
from bot.i18n.words import Words
from bot.ui.specs import PRIMARY, SECONDARY, ButtonSpec, rows

from .ids import board_id
from .models import DailyMessage, DayBoard, EmbedModel, StreakBoard, WeekBoard
from .run_messages import COLOUR, chips_text, percent_text
from .scoring import Placing

LINES_MAX = 25  # lines of a table shown (an embed's description holds 4096 characters)


def _words(language: str | None, variant: str | None) -> Words:
    return Words(language, variant or "zuger")


def day_message(board: DayBoard, language: str | None) -> DailyMessage:
    """A day's table. Today's (answered to the member alone) lists the placings only if
    they have finished it; a past day's is everyone's, with the day's seed."""
    words = _words(language, board.variant)
    date = board.day.isoformat()
    title = (words("daily.board.title", date=date, variant=words.variant_name())
             if board.variant else words("daily.board.title.none", date=date))
    lines: list[str] = []
    if board.variant is None:
        lines.append(words("daily.board.no_deal"))
    elif board.placings is None:
        lines.append(words("daily.board.hidden", n=board.finished) if board.finished
                     else words("daily.board.nobody_today"))
    elif not board.placings:
        lines.append(words("daily.board.nobody_today") if board.is_today
                     else words("daily.board.nobody"))
    else:
        lines += [_placing(p, board.seat, words) for p in board.placings[:LINES_MAX]]
        if len(board.placings) > LINES_MAX:
            lines.append("…")
    if board.is_today and board.playing:
        lines.append(words("daily.board.playing", n=board.playing))
    if board.seed is not None and board.variant is not None and board.placings:
        lines += ["", words("daily.board.seed", seed=board.seed, command=verify_command(
            board.variant, None, {}, board.seed, board.commitment,
            program=public_program()))]
    footer = words("daily.board.footer.today") if board.is_today else \
        words("daily.board.footer.day")
    buttons = [ButtonSpec(board_id("day", board.day - timedelta(days=1)),
                          words("daily.button.previous_day"))]
    if not board.is_today:
        buttons.append(ButtonSpec(board_id("day", board.day + timedelta(days=1)),
                                  words("daily.button.next_day")))
    if board.is_today and not board.viewer_finished:
        buttons.append(ButtonSpec(board_id("play"), words("daily.button.play"), PRIMARY))
    buttons += [ButtonSpec(board_id("week"), words("daily.button.week"), SECONDARY),
                ButtonSpec(board_id("streaks"), words("daily.button.streaks"), SECONDARY)]
    embed = EmbedModel(description="\n".join(lines), title=title, colour=COLOUR,
                       footer=footer)
    return DailyMessage((embed,), rows(buttons), ephemeral=board.is_today)


def _placing(p: Placing, seat: int, words: Words) -> str:
    return words("daily.board.line", rank=p.rank, who=f"<@{p.score.user_id}>",
                 percent=percent_text(p.percent, words),
                 chips=chips_text(p.score.chips, words),
                 outcome=outcome(p.score.result, seat, words))


def outcome(result: dict[str, Any], seat: int, words: Words) -> str:
    """What the deal came to, from the member's seat: who played what, and how it went."""
    if result.get("status") == "thrown_in":
        return words("daily.outcome.thrown_in")
    contract = words.contract(result.get("contract"))
    declarer = result.get("declarer")
    if declarer is None:
        return contract if result.get("contract") else words("daily.outcome.ramsch")
    won = result.get("won")
    how = words("standings.result.draw" if won is None
                else "standings.result.won" if won else "standings.result.lost")
    key = "daily.outcome.theirs" if declarer == seat else "daily.outcome.computer"
    return words(key, contract=contract, result=how)


def week_message(board: WeekBoard, language: str | None) -> DailyMessage:
    """A week's table over its days that are over (today's deal counts from tomorrow)."""
    words = _words(language, None)
    lines: list[str] = []
    if board.last_counted is None:
        lines.append(words("daily.board.week.none"))
    elif not board.lines:
        lines.append(words("daily.board.week.nobody"))
    for line in board.lines[:LINES_MAX]:
        lines.append(words("daily.board.week.line", rank=line.rank, who=f"<@{line.user_id}>",
                           total=percent_text(line.total, words),
                           days=words("daily.days", n=line.days),
                           average=percent_text(line.average, words)))
    if len(board.lines) > LINES_MAX:
        lines.append("…")
    if board.is_this_week:
        lines += ["", words("daily.board.week.today", n=board.today_finished)]
    footer = (words("daily.board.week.footer", first=board.monday.isoformat(),
                    last=board.last_counted.isoformat())
              if board.last_counted is not None else None)
    buttons = [ButtonSpec(board_id("week", board.monday - timedelta(days=7)),
                          words("daily.button.previous_week"))]
    if not board.is_this_week:
        buttons.append(ButtonSpec(board_id("week", board.monday + timedelta(days=7)),
                                  words("daily.button.next_week")))
    buttons += [ButtonSpec(board_id("day"), words("daily.button.table"), SECONDARY),
                ButtonSpec(board_id("streaks"), words("daily.button.streaks"), SECONDARY)]
    embed = EmbedModel(description="\n".join(lines),
                       title=words("daily.board.week.title", date=board.monday.isoformat()),
                       colour=COLOUR, footer=footer)
    return DailyMessage((embed,), rows(buttons), ephemeral=False)


def streaks_message(board: StreakBoard, language: str | None) -> DailyMessage:
    """Members by their best run of days played (having played is no result)."""
    words = _words(language, None)
    lines = [words("daily.board.streaks.line", rank=line.rank, who=f"<@{line.user_id}>",
                   best=words("daily.days", n=line.best),
                   current=words("daily.days", n=line.current))
             for line in board.lines[:LINES_MAX]]
    if len(board.lines) > LINES_MAX:
        lines.append("…")
    if not lines:
        lines.append(words("daily.board.streaks.none"))
    buttons = [ButtonSpec(board_id("day"), words("daily.button.table"), SECONDARY),
               ButtonSpec(board_id("week"), words("daily.button.week"), SECONDARY)]
    embed = EmbedModel(description="\n".join(lines), title=words("daily.board.streaks.title"),
                       colour=COLOUR, footer=words("daily.board.streaks.footer"))
    return DailyMessage((embed,), rows(buttons), ephemeral=False)
