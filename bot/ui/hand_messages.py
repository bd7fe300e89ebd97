"""A member's private hand panel: their hand, what the deal means for them, and
components for exactly their legal actions. The tables' *My hand* panel and the deal of
the day's panel (its components pointed at the run) are both this one."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.connection.custom_ids import PICK
from bot.engine import Action, ActionType, Card, Phase, SeatView, is_pass
from bot.engine.cards import CARD_NAMES, iter_bits
from bot.i18n.words import Words
from bot.store import ClaimStatus
from bot.tables.ids import Stamp, custom_id
from bot.tables.state import HandContext
from bot.ui.specs import (
    DANGER,
    MAX_OPTIONS,
    PRIMARY,
    SECONDARY,
    SUCCESS,
    ButtonSpec,
    Component,
    ImageKind,
    ImageSpec,
    MessageModel,
    SelectSpec,
    rows,
    shown_names,
)
from renderer.describe import sort_hand

from .deal_messages import contract_line


# -- the private hand -----------------------------------------------------------------
def hand_panel(ctx: HandContext, words: Words, note: str | None = None, *,
               after_action: bool = False) -> MessageModel:
    """The seat's hand, with components for exactly its legal actions now. The answer to
    an action (``after_action``) has the hand's picture only while its owner has more to
    do: otherwise they wait for the others (the text still lists the cards), and their
    turn ping leads to a fresh *My hand*. One image fewer to draw and send per action."""
    view = ctx.view
    names = shown_names(ctx.names)
    lines = []
    if note:
        lines.append(note)
    lines.append(words("hand.intro", seat=ctx.seat + 1, variant=words.variant_name()))
    if view.contract is not None:
        lines += _deal_lines_private(view, names, words)
    assert view.hand is not None
    lines.append(words("hand.cards", cards=words.cards(_sorted_hand(view))))
    if view.talon is not None and not view.is_over:
        lines.append(words("hand.talon", cards=words.cards(view.talon)))
    if view.discards is not None and not view.is_over:
        lines.append(words("hand.discards", cards=words.cards(view.discards)))
    if view.exchange_card is not None and not view.is_over and view.seat == view.declarer:
        lines.append(words("hand.gave", card=words.card(view.exchange_card)))
    main = _main_actions(view)
    if view.is_over:
        lines.append(words("hand.deal_over"))
    elif main:
        lines.append(words("hand.your_turn", task=_task_detail(view, main, words)))
    elif view.actor is not None:
        lines.append(words("hand.waiting", name=names[view.actor], task=words.task(view.phase)))
    if not view.is_over:
        lines += _hints(view.legal, view.options, words)
    claim_lines, claim_buttons = _claim(ctx, names, words)
    lines += claim_lines
    components = action_components(ctx.table_id, ctx.stamp, view, words, claim_buttons)
    return MessageModel(description="\n".join(lines),
                        image=hand_image(ctx, words.language, after_action=after_action),
                        components=components, view=view, shown=frozenset(words.named))


def hand_image(ctx: HandContext, language: str | None, *,
               after_action: bool = False) -> ImageSpec | None:
    """The picture of :func:`hand_panel` (its words in the reader's ``language``): none in
    the answer to an action once the hand's owner has nothing more to do."""
    if after_action and not _main_actions(ctx.view):
        return None
    return ImageSpec(ImageKind.HAND, ctx.view, ctx.names, ctx.style, language)


def _main_actions(view: SeatView) -> list[Action]:
    """The seat's legal actions but announcements (kontra, rekontra)."""
    return [a for a in view.legal if a.type not in (ActionType.KONTRA, ActionType.REKONTRA)]


def _deal_lines_private(view: SeatView, names: Sequence[str], words: Words) -> list[str]:
    who = names[view.declarer] if view.declarer is not None else None
    text = words.contract(view.contract)
    lines = [contract_line(words, text, who)]
    # the contract told from the reader's side: "you ..." to its declarer, the
    # declarer's name to the others
    explained = (words.declared(view.contract, who, view.options)
                 if who is not None and view.seat != view.declarer
                 else words.hint(view.contract, view.options))
    if explained is not None:
        lines.append(f"*{explained}*")
    if view.trump is not None:
        lines.append(words("table.trump", suit=words.suit(view.trump)))
    seat = view.seat
    mine = [a for s, a in view.auction if s == seat and not is_pass(view.variant, a)]
    if who is not None and seat != view.declarer and mine:  # the auction went past them
        lines.append(words("hand.outranked", word=words.action(mine[-1]), name=who,
                           contract=text))
    if seat is not None and seat == view.called_from and view.called_card is not None \
            and who is not None:  # their card was the one called: it went, another came
        got = (words("hand.got", card=words.card(view.exchange_card))
               if view.exchange_card is not None else "")
        lines.append(words("hand.called_yours", name=who,
                           card=words.card(view.called_card), got=got).rstrip())
    return lines


def _hints(actions: Sequence[Action], options: Mapping[str, Any],
           words: Words) -> list[str]:
    """One line per word offered now (a bid, a contract, Kontra...) saying what it
    means (with the deal's ``options``); cards, trumps and discards need none."""
    lines: list[str] = []
    for action in actions:
        explained = words.hint(action, options)
        line = f"› **{words.action(action)}**: {explained}" if explained else None
        if line is not None and line not in lines:
            lines.append(line)
    return lines


def _claim(ctx: HandContext, names: Sequence[str],
           words: Words) -> tuple[list[str], list[ButtonSpec]]:
    """What a claim at this moment means for the seat (lines) and what it may do about it
    (buttons): claim, or accept or refuse a claim put to it (whose cards it then sees)."""
    claim, stamp, view = ctx.claim, ctx.stamp, ctx.view
    if stamp is None:
        return [], []
    if claim is None:
        return [], [ButtonSpec(custom_id(ctx.table_id, stamp, f"claim.{kind}"),
                               words(f"button.claim.{kind}")) for kind in ctx.claimable]
    who, what = names[claim.seat], words(f"claim.what.{claim.kind}")
    if claim.status is ClaimStatus.REFUSED:
        if claim.refused_by is None:
            return [words("table.claim_failed", name=who)], []
        return [words("hand.claim_refused", name=who, by=names[claim.refused_by])], []
    if not claim.pending:
        return [], []
    waiting = ", ".join(names[s] for s in claim.waiting)
    if ctx.seat == claim.seat:
        return [words("hand.claim_yours", what=what, names=waiting)], []
    hand = view.open_hands.get(claim.seat)
    if hand is None:  # not one of those who decide
        return [], []
    cards = words.cards(sort_hand(iter_bits(hand.mask), view.trump))
    lines = [words("hand.claim_put", name=who, what=what, cards=cards)]
    if ctx.seat in claim.accepted:
        return lines + [words("hand.claim_accepted", names=waiting)], []
    return lines, [ButtonSpec(custom_id(ctx.table_id, stamp, "claim.yes"),
                              words("button.claim.yes"), SUCCESS),
                   ButtonSpec(custom_id(ctx.table_id, stamp, "claim.no"),
                              words("button.claim.no"), DANGER)]


def _task_detail(view: SeatView, main: list[Action], words: Words) -> str:
    if view.phase is Phase.DISCARD:
        return words("task.discard_n", n=main[0].count or 0)
    return words.task(view.phase)


def action_components(table_id: int, stamp: Stamp | None, view: SeatView, words: Words,
                      extra: Sequence[ButtonSpec] = ()) -> tuple[Component, ...]:
    """Components for exactly ``view.legal``: buttons, a multi-select for discards and
    selects for a called card; kontra or rekontra (and ``extra`` buttons: a claim's) on
    a last row."""
    if stamp is None or not (view.legal or extra):
        return ()
    buttons: list[ButtonSpec] = []
    selects: list[SelectSpec] = []
    trailing: list[ButtonSpec] = list(extra)
    calls: list[Action] = []
    for action in view.legal:
        kind = action.type
        if kind in (ActionType.KONTRA, ActionType.REKONTRA):
            trailing.append(ButtonSpec(custom_id(table_id, stamp, action.token),
                                       words.action(action), DANGER))
        elif kind is ActionType.DISCARD:
            assert view.hand is not None and action.count is not None
            options = tuple((words.card(c), CARD_NAMES[c]) for c in _sorted_hand(view))
            selects.append(SelectSpec(custom_id(table_id, stamp, PICK + "discard"),
                                      words("hand.discard_placeholder", n=action.count),
                                      options, action.count, action.count))
        elif kind is ActionType.CALL and action.card is not None:
            calls.append(action)
        else:
            style = PRIMARY if kind in (ActionType.PLAY, ActionType.GIVE) else SECONDARY
            if is_pass(view.variant, action):
                style = SECONDARY
            elif kind in (ActionType.BID, ActionType.DECLARE, ActionType.CONTRACT,
                          ActionType.TRUMP, ActionType.ANNOUNCE):
                style = PRIMARY
            buttons.append(ButtonSpec(custom_id(table_id, stamp, action.token),
                                      words.action(action), style))
    for i in range(0, len(calls), MAX_OPTIONS):
        chunk = calls[i:i + MAX_OPTIONS]
        token = PICK + "call" + (f".{i // MAX_OPTIONS + 1}" if i else "")
        options = tuple((words.action(a), CARD_NAMES[a.card or 0]) for a in chunk)
        selects.append(SelectSpec(custom_id(table_id, stamp, token),
                                  words("hand.call_placeholder"), options))
    if view.phase is Phase.PLAY:
        order = {c: i for i, c in enumerate(_sorted_hand(view))}
        buttons.sort(key=lambda b: order.get(_card_of(b.custom_id), 99))
    return rows(buttons, selects, trailing)


def _card_of(cid: str) -> int:
    return int(Card.parse(cid.rsplit(":", 1)[1]))


def _sorted_hand(view: SeatView) -> list[int]:
    """The hand in the order its image shows it (trumps first, colours alternating)."""
    assert view.hand is not None
    return sort_hand(iter_bits(view.hand.mask), view.trump)
