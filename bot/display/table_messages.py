"""What each table message shows, built from engine views: text, an image to render and
the components, as plain data (no Discord objects; the display turns them into those).

Every model remembers the view it was built from and the cards its text and components
name (``shown``), so the hidden-information tests can check each message against what
its viewer may see.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.cli.parsing import public_program
from bot.engine import (
    Ending,
    Phase,
    SeatView,
    rules_of,
)
from bot.engine.shuffle import verify_command
from bot.i18n import signed
from bot.i18n.words import Words
from bot.store import ClaimStatus
from bot.tables.config import SPECTATORS_OPTION, series_deal
from bot.tables.ids import WATCH, custom_id
from bot.tables.state import Absence, AbsenceKind, DealOver, TableOver, TableState
from bot.ui.deal_messages import contract_line, last_trick_line, play_lines, result_line
from bot.ui.specs import (
    COLOUR_CLOSED,
    COLOUR_LOBBY,
    COLOUR_PLAY,
    COLOUR_RESULT,
    DANGER,
    PRIMARY,
    SECONDARY,
    SUCCESS,
    ButtonSpec,
    ImageKind,
    ImageSpec,
    MessageModel,
    rows,
    shown_names,
)
from bot.usertext import safe


def lobby_message(state: TableState, words: Words) -> MessageModel:
    tid = state.table_id
    lines = [words("lobby.intro", variant=words.variant_name()), options_line(state, words), ""]
    for seat in range(state.players):
        info = state.seat(seat)
        if info is None:
            lines.append(words("lobby.seat_free", n=seat + 1))
        else:
            key = "lobby.seat_computer" if info.is_computer else "lobby.seat_taken"
            lines.append(words(key, n=seat + 1, name=safe(info.name)))
    free = state.players - len(state.seats)
    if series_deal(state.options) is not None:
        return _series_lobby(state, words, lines, free)
    lines += ["", words("lobby.waiting", n=free) if free else words("lobby.ready")]
    buttons = [
        ButtonSpec(custom_id(tid, None, "join"), words("button.join"), SUCCESS, free == 0),
        ButtonSpec(custom_id(tid, None, "leave"), words("button.leave")),
        ButtonSpec(custom_id(tid, None, "computer"), words("button.computer"), SECONDARY,
                   free == 0),
        ButtonSpec(custom_id(tid, None, "start"), words("button.start"), PRIMARY, free != 0),
        ButtonSpec(custom_id(tid, None, "cancel"), words("button.cancel"), DANGER),
    ]
    return MessageModel(title=words("lobby.title", variant=words.variant_name(), table=tid),
                        description="\n".join(lines), colour=COLOUR_LOBBY,
                        components=rows(buttons))


def _series_lobby(state: TableState, words: Words, lines: list[str],
                  free: int) -> MessageModel:
    """A series table forming: its seats are filled by ``/tapp series play`` (the
    movement's seat for each member); a member seated may start it at once, computers
    in the empty seats, or it starts by itself once its wait is over."""
    tid = state.table_id
    lines += ["", words("series.table.forming", n=free)]
    buttons = [
        ButtonSpec(custom_id(tid, None, "start"), words("series.table.start"), PRIMARY),
        ButtonSpec(custom_id(tid, None, "leave"), words("button.leave")),
        ButtonSpec(custom_id(tid, None, "cancel"), words("button.cancel"), DANGER),
    ]
    return MessageModel(title=words("lobby.title", variant=words.variant_name(), table=tid),
                        description="\n".join(lines), colour=COLOUR_LOBBY,
                        components=rows(buttons))


def series_table_message(state: TableState, words: Words) -> MessageModel:
    """The public message of a table playing a deal of a series: who sits where, who is
    to act (not what they are to do: bid or play), and the deal's number; no card, no
    contract, no trick, no chips and no picture (members of the series who have yet to
    play the deal read it: the chips a seat won would tell them the deal's result).
    Each member seated sees the deal in their own panel (*My hand*)."""
    view = state.view
    assert view is not None and state.stamp is not None
    tid, names = state.table_id, shown_names(state.names)
    lines = [options_line(state, words), ""]
    for seat in range(state.players):
        info = state.seat(seat)
        name = safe(info.name) if info else words("seat.empty")
        marks = [words("mark.computer")] if info is not None and info.is_computer else []
        if seat in state.timed_out:
            marks.append(words("mark.substitute"))
        marks += [absence_mark(a, words) for a in state.absences if a.seat == seat]
        arrow = words("mark.turn") if seat == view.actor else words("mark.no_turn")
        lines.append(arrow + " " + " ".join([words("seat.name", name=name), *marks]))
    lines.append("")
    if view.actor is not None:  # not what they are to do: that tells the auction is over
        lines.append(words("series.table.turn", name=names[view.actor]))
    lines.append(words("series.table.hidden"))
    # the same buttons all deal long: a Kontra button would come with the contract, a
    # claim's Accept and Refuse only in the card play; the seated members have those in
    # their own hand panels
    buttons = [ButtonSpec(custom_id(tid, None, "hand"), words("button.hand"), PRIMARY),
               ButtonSpec(custom_id(tid, None, "rules"), words("button.rules")),
               ButtonSpec(custom_id(tid, None, "end"), words("button.end"))]
    return MessageModel(
        title=words("table.title", variant=words.variant_name(), table=tid),
        description="\n".join(lines), colour=COLOUR_PLAY, components=rows(buttons),
        view=None, shown=frozenset(words.named))


def options_line(state: TableState, words: Words) -> str:
    """``Stake 1 · 4 players · 32 cards``: the table's options in words."""
    opts = state.options
    parts = [words("option.stake", n=opts.get("stake", 1)),
             words("option.players", n=state.players)]
    for key in sorted(opts):
        if key in ("stake", "players"):
            continue
        value = opts[key]
        if key == "computer_level":
            parts.append(words("option.computer_level", level=words(f"level.{value}")))
        elif isinstance(value, bool):
            if value:
                parts.append(words(f"option.{key}"))
        else:
            parts.append(words(f"option.{key}", value=value))
    return " · ".join(parts)


def table_message(state: TableState, words: Words) -> MessageModel:
    """The public table message of a playing table (built from the public view)."""
    if series_deal(state.options) is not None:
        return series_table_message(state, words)
    view = state.view
    assert view is not None and state.stamp is not None
    tid, names = state.table_id, shown_names(state.names)
    lines = [options_line(state, words) + " · " + words("table.deal_n", n=state.deals_played + 1)]
    lines.append("")
    for seat in range(state.players):
        lines.append(_seat_line(state, view, seat, words))
    lines.append("")
    lines += _deal_lines(view, names, words)
    if view.actor is not None:
        lines.append(words("table.turn", name=names[view.actor], task=words.task(view.phase)))
    claim = state.claim
    if claim is not None and claim.pending:
        lines.append(words("table.claim_pending", name=names[claim.seat],
                           what=words(f"claim.what.{claim.kind}"),
                           names=", ".join(names[s] for s in claim.waiting)))
    elif claim is not None and claim.status is ClaimStatus.REFUSED:
        lines.append(words("table.claim_failed", name=names[claim.seat])
                     if claim.refused_by is None else
                     words("table.claim_refused", name=names[claim.seat],
                           by=names[claim.refused_by]))
    ending = _ending_line(state, words)
    if ending:
        lines.append(ending)
    if state.commitment:
        lines.append(words("table.commitment", commitment=state.commitment))
    buttons = [ButtonSpec(custom_id(tid, None, "hand"), words("button.hand"), PRIMARY)]
    if view.tricks:  # (none before the deal's first trick is complete)
        buttons.append(ButtonSpec(custom_id(tid, None, "last"), words("button.last"),
                                  SECONDARY))
    buttons.append(ButtonSpec(custom_id(tid, None, "rules"), words("button.rules")))
    if state.kontra is not None:
        buttons.append(ButtonSpec(custom_id(tid, state.stamp, "kontra"),
                                  words(f"action.{state.kontra}"), DANGER))
    if claim is not None and claim.pending:  # the cards are in the panels, not here
        buttons += [ButtonSpec(custom_id(tid, state.stamp, "claim.yes"),
                               words("button.claim.yes"), SUCCESS),
                    ButtonSpec(custom_id(tid, state.stamp, "claim.no"),
                               words("button.claim.no"), DANGER)]
    if state.options.get(SPECTATORS_OPTION):  # members not seated may follow a hand
        buttons.append(ButtonSpec(custom_id(tid, None, WATCH), words("button.watch")))
    buttons.append(ButtonSpec(custom_id(tid, None, "end"), words("button.end")))
    image = ImageSpec(ImageKind.TABLE, state.picture or view, state.names, state.style,
                      state.language, chips=state.chips)
    return MessageModel(
        title=words("table.title", variant=words.variant_name(), table=tid),
        description="\n".join(lines), colour=COLOUR_PLAY, image=image,
        components=rows(buttons), view=view, shown=frozenset(words.named))


def _seat_line(state: TableState, view: SeatView, seat: int, words: Words) -> str:
    info = state.seat(seat)
    name = safe(info.name) if info else words("seat.empty")
    marks = []
    if seat == view.dealer:
        marks.append(words("mark.dealer"))
    if seat == view.declarer:
        marks.append(words("mark.declarer"))
    if info is not None and info.is_computer:
        marks.append(words("mark.computer"))
    elif seat in state.timed_out:
        marks.append(words("mark.substitute"))
    marks += [absence_mark(a, words) for a in state.absences if a.seat == seat]
    chips = state.chips[seat] if state.chips else 0
    status = ""
    if view.phase in (Phase.AUCTION, Phase.DECLARE):
        last = [a for s, a in view.auction if s == seat]
        if last:
            status = words("seat.said", word=words.action(last[-1]))
    elif view.tricks:
        status = words("seat.tricks", n=view.tricks_won[seat])
    arrow = words("mark.turn") if seat == view.actor else words("mark.no_turn")
    head = " ".join([words("seat.name", name=name), *marks])
    parts = [head, words("seat.chips", n=chips, chips=signed(chips))] + (
        [status] if status else [])
    return arrow + " " + " · ".join(parts)


def absence_mark(absence: Absence, words: Words) -> str:
    """``🌙 quiet until 07:00`` or ``🌴 away until Fri 6 June 18:00`` (Discord shows each
    reader the time in their own time zone)."""
    if absence.kind is AbsenceKind.QUIET:
        return words("mark.quiet", until=discord_time(absence.until, "t"))
    key = "mark.away_computer" if absence.computer else "mark.away"
    return words(key, until=discord_time(absence.until, "f"))


def discord_time(at: float, style: str) -> str:
    """A Discord timestamp: each reader sees ``at`` in their own time zone and language
    (``t``: the time, ``f``: the date and time)."""
    return f"<t:{int(at)}:{style}>"


def _deal_lines(view: SeatView, names: Sequence[str], words: Words) -> list[str]:
    lines = []
    if view.contract is not None:
        who = names[view.declarer] if view.declarer is not None else None
        text = words.contract(view.contract)
        if view.announcements:
            text += " · " + " · ".join(words(f"announce.{a}") for a in view.announcements)
        lines.append(contract_line(words, text, who))
    if view.trump is not None:
        lines.append(words("table.trump", suit=words.suit(view.trump)))
    return lines + play_lines(view, names, words)










def _ending_line(state: TableState, words: Words) -> str:
    if state.ending is Ending.NONE:
        if state.end_votes:
            return words("table.end_votes", n=state.end_votes, needed=state.votes_needed)
        return ""
    if state.ending.counts_deals:
        return words(f"table.ending.{state.ending.value}", n=state.special_left)
    return words(f"table.ending.{state.ending.value}")


def turn_ping(state: TableState, words: Words) -> MessageModel | None:
    """A short public mention of the member to act (None while a computer acts); silent
    (no notification) while they are in their quiet hours. At a series table it does not
    say what they are to do (bid or play: whether the auction is over is the deal's)."""
    view = state.view
    if state.actor_user is None or view is None or view.actor is None:
        return None
    mention = f"<@{state.actor_user}>"
    if series_deal(state.options) is not None:  # (what they are to do tells the phase)
        text = words("series.ping.turn", mention=mention)
    else:
        text = words("ping.turn", mention=mention, task=words.task(view.phase))
    quiet = any(a.seat == view.actor and a.kind is AbsenceKind.QUIET for a in state.absences)
    return MessageModel(description="", content=text, mentions=(state.actor_user,), view=view,
                        silent=quiet)


# -- results --------------------------------------------------------------------------
def result_message(event: DealOver, words: Words, style: str,
                   language: str | None = None) -> MessageModel:
    if event.hidden:  # a series' deal: over, nothing more (not even the seats' chips:
        # they tell its result to members who have yet to play it; each member's own
        # result is on their series page)
        return MessageModel(title=words("result.title", n=event.stamp.deal + 1),
                            description=words("series.table.over"),
                            colour=COLOUR_RESULT, shown=frozenset(words.named))
    view = event.view
    result = view.result
    assert result is not None
    names = shown_names(event.names)
    lines = [result_line(view, names, words)]
    if view.tricks:  # the table moves on to the next deal: its last trick is told here
        lines.append(last_trick_line(view, names, words))
    if event.claim is not None:
        lines.append(words(f"result.claim_{event.claim.status.value}",
                           name=names[event.claim.seat],
                           what=words(f"claim.what.{event.claim.kind}")))
    pays = ", ".join(words("result.payment", name=names[s], n=signed(p))
                     for s, p in enumerate(result.payments))
    lines.append(words("result.payments", payments=pays))
    if rules_of(view.variant).keeps_pot:  # what the players paid went to the pot, or back
        change = -sum(result.payments)
        lines.append(words("result.pot", before=result.pot - change, after=result.pot,
                           change=signed(change)))
    totals = ", ".join(words("result.payment", name=names[s], n=signed(c))
                       for s, c in enumerate(event.chips))
    lines.append(words("result.totals", totals=totals))
    if event.shuffle is not None:
        lines.append(words("result.seed", command=verify_command(
            view.variant, view.players, view.options, event.shuffle.seed,
            event.shuffle.commitment, program=public_program())))
    image = ImageSpec(ImageKind.RESULT, view, event.names, style, language)
    hands = ButtonSpec(custom_id(event.table_id, event.stamp, "hands"), words("button.hands"))
    review = ButtonSpec(custom_id(event.table_id, event.stamp, "review"),
                        words("button.review"))  # for the players of the deal (bot.review)
    return MessageModel(title=words("result.title", n=event.stamp.deal + 1),
                        description="\n".join(lines), colour=COLOUR_RESULT, image=image,
                        components=rows([hands, review]), view=view,
                        shown=frozenset(words.named))


def hands_message(view: SeatView, number: int, names: tuple[str, ...], words: Words,
                  style: str, language: str | None = None) -> MessageModel:
    """The hands of a finished deal as they were dealt (every card is public once the
    deal is over): the *Hands* button of its result."""
    image = ImageSpec(ImageKind.HANDS, view, names, style, language)
    return MessageModel(description=words("hands.intro", n=number + 1), image=image,
                        view=view)




def closed_message(event: TableOver, words: Words) -> MessageModel:
    if event.cancelled:
        return MessageModel(title=words("closed.cancelled_title"),
                            description=words("closed.cancelled"), colour=COLOUR_CLOSED)
    lines = [words("closed.intro")]
    if event.chips is not None:
        order = sorted(range(len(event.chips)), key=lambda s: -event.chips[s])  # type: ignore[index]
        for rank, seat in enumerate(order, 1):
            lines.append(words("closed.line", rank=rank, name=safe(event.names[seat]),
                               n=signed(event.chips[seat])))
    if event.pot_shares and any(event.pot_shares):
        shares = ", ".join(words("result.payment", name=safe(event.names[s]), n=signed(p))
                           for s, p in enumerate(event.pot_shares))
        lines.append(words("closed.pot_shares", shares=shares))
    return MessageModel(title=words("closed.title"), description="\n".join(lines),
                        colour=COLOUR_CLOSED)


def closed_note(event: TableOver, words: Words) -> MessageModel:
    """What the table message says once the table is closed (its buttons gone): the
    closing summary itself is posted once below it (:func:`closed_message`)."""
    if event.cancelled:
        return closed_message(event, words)
    return MessageModel(title=words("closed.title"), description=words("closed.note"),
                        colour=COLOUR_CLOSED)


# -- small public panels ----------------------------------------------------------------
def last_trick_message(view: SeatView, names: tuple[str, ...], words: Words, style: str,
                       language: str | None = None) -> MessageModel:
    text = last_trick_line(view, shown_names(names), words)
    image = ImageSpec(ImageKind.TRICK, view, names, style, language, trick=view.tricks[-1])
    return MessageModel(description=text, image=image, view=view, shown=frozenset(words.named))
