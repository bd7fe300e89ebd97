"""A member's private messages of their run: the panel while they play (the table as
their seat sees it, their hand and exactly their legal actions), the result once they
have finished, and every hand as dealt on request. Everything comes from the member's
own seat's view; the hand part is the tables' private panel
(:func:`bot.ui.hand_messages.hand_panel`) with its components pointed at the run.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction

from bot.i18n import signed
from bot.i18n.words import Words
from bot.tables.ids import ComponentId, Stamp
from bot.tables.state import HandContext
from bot.ui.deal_messages import play_lines, result_line, solo_seat_line
from bot.ui.hand_messages import hand_panel
from bot.ui.specs import (
    SECONDARY,
    ButtonSpec,
    Component,
    ImageKind,
    ImageSpec,
    SelectSpec,
    rows,
    shown_names,
)

from .ids import HANDS, board_id, run_id
from .models import DailyMessage, EmbedModel, RunView
from .scoring import Placing

COLOUR = 0x7C3AED
DECLINE = "decline"


def seat_names(run: RunView, words: Words, member: str) -> tuple[str, ...]:
    """The member's name at their seat, the computers' elsewhere (as images show them)."""
    return tuple(member if s == run.seat else words("computer.name", n=s + 1)
                 for s in range(run.view.players))


def chips_text(n: int, words: Words) -> str:
    return words("standings.chips", n=n, chips=signed(n))


def percent_text(value: Fraction, words: Words) -> str:
    """``66.7%`` (``66,7 %`` in German and Swedish); whole numbers without decimals."""
    number = float(value)
    text = f"{number:.0f}" if abs(number - round(number)) < 0.05 else f"{number:.1f}"
    return words("daily.percent", n=text.replace(".", words("daily.decimal")))


def title(run: RunView, words: Words) -> str:
    return words("daily.title", date=run.day.isoformat(), variant=words.variant_name())


# -- while they play -------------------------------------------------------------------
def run_message(run: RunView, words: Words, member: str) -> DailyMessage:
    """The member's panel: the result once they have finished."""
    if run.finished:
        return summary_message(run, words, member)
    view = run.view
    names = seat_names(run, words, member)
    shown = shown_names(names)
    lines = [words("daily.intro", seat=run.seat + 1), ""]
    lines += [solo_seat_line(view, s, shown, words, run.seat) for s in range(view.players)]
    play = play_lines(view, shown, words)
    if play:
        lines += ["", *play]
    table = EmbedModel(description="\n".join(lines), title=title(run, words), colour=COLOUR,
                       image=ImageSpec(ImageKind.TABLE, view, names, run.style,
                                       words.language),
                       footer=words("daily.commitment", hash=run.commitment))
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
        components = _with_decline(components, run, words)
    hand = EmbedModel(description=text, colour=COLOUR, image=panel.image)
    return DailyMessage((table, hand), components, views=(view,),
                        shown=frozenset(words.named))


def retarget(components: Sequence[Component],
             new_id: Callable[[str], str]) -> tuple[Component, ...]:
    """The tables' action components, each id made anew from its token by ``new_id``
    (pointed at a run's step: the deal of the day's, a series')."""
    out: list[Component] = []
    for c in components:
        cid = ComponentId.parse(c.custom_id)
        assert cid is not None
        new = new_id(cid.token)
        if isinstance(c, ButtonSpec):
            out.append(ButtonSpec(new, c.label, c.style, c.disabled, c.row))
        else:
            out.append(SelectSpec(new, c.placeholder, c.options, c.min_values, c.max_values,
                                  c.row))
    return tuple(out)


def _with_decline(components: tuple[Component, ...], run: RunView,
                  words: Words) -> tuple[Component, ...]:
    """The announcements' row with *Play on* beside them."""
    row = max((c.row or 0 for c in components), default=0)
    return (*components, ButtonSpec(run_id(run.run_id, run.step, DECLINE),
                                    words("daily.button.decline"), SECONDARY, row=row))


def summary_message(run: RunView, words: Words, member: str) -> DailyMessage:
    """Their result, their place among those who have finished so far, the result image;
    buttons for every hand as dealt and the day's table."""
    view = run.view
    assert view.result is not None and run.chips is not None
    names = seat_names(run, words, member)
    lines = [result_line(view, shown_names(names), words),
             words("daily.summary.chips", chips=chips_text(run.chips, words))]
    lines.append(place_line(run.place, run.finished_count, words))
    lines.append(words("daily.summary.final"))
    buttons = [ButtonSpec(run_id(run.run_id, None, HANDS), words("button.hands")),
               ButtonSpec(board_id("day", run.day), words("daily.button.table"))]
    embed = EmbedModel(description="\n".join(lines),
                       title=words("daily.summary.title", date=run.day.isoformat()),
                       colour=COLOUR,
                       image=ImageSpec(ImageKind.RESULT, view, names, run.style,
                                       words.language),
                       footer=words("daily.commitment", hash=run.commitment))
    return DailyMessage((embed,), rows(buttons), views=(view,), shown=frozenset(words.named))


def place_line(place: Placing | None, finished: int, words: Words) -> str:
    if place is None or finished <= 1:
        return words("daily.summary.first")
    return words("daily.summary.place", rank=place.rank, n=finished,
                 percent=percent_text(place.percent, words))


def hands_message(run: RunView, words: Words, member: str) -> DailyMessage:
    """Every hand of the member's finished deal as it was dealt."""
    names = seat_names(run, words, member)
    embed = EmbedModel(description=words("daily.hands.intro", date=run.day.isoformat()),
                       colour=COLOUR,
                       image=ImageSpec(ImageKind.HANDS, run.view, names, run.style,
                                       words.language))
    return DailyMessage((embed,), views=(run.view,))
