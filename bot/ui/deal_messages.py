"""The deal in words as every message tells it: the contract, what the table has seen of
the play, the result. Public lines (no hidden card): the table message, the result and
the spectators' panel of a table, a member's hand panel (:mod:`.hand_messages`) and the
panels of the deal of the day and of a series use them."""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine import ResultStatus, SeatView, TrickView, rules_of
from bot.engine.cards import iter_bits
from bot.i18n.words import Words
from renderer.describe import sort_hand


def contract_line(words: Words, contract: str, declarer: str | None) -> str:
    """The contract (``contract`` in words) and, where there is one, who declared it."""
    return (words("table.contract_by", contract=contract, name=declarer) if declarer
            else words("table.contract", contract=contract))


def play_lines(view: SeatView, names: Sequence[str], words: Words) -> list[str]:
    """What everyone at the table has seen of the play: the called card, the pot, the
    last trick and the one in play, hands laid open (the table message; the deal of the
    day's panel too)."""
    lines = []
    if view.called_card is not None:
        where = (words("table.called_in_talon") if view.called_in_talon
                 else words("table.called_from", name=names[view.called_from])
                 if view.called_from is not None else "")
        lines.append(words("table.called", card=words.card(view.called_card), where=where)
                     .rstrip())
    if rules_of(view.variant).keeps_pot:
        lines.append(words("table.pot", n=view.pot))
    if view.tricks:  # the trick completed last, always: no trick goes unshown
        lines.append(last_trick_line(view, names, words))
    trick = view.current_trick
    if trick is not None and trick.cards:
        lines.append(words("table.trick", n=len(view.tricks) + 1,
                           plays=_plays(trick, view.players, names, words)))
    for seat, hand in sorted(view.open_hands.items()):
        cards = sort_hand(iter_bits(hand.mask), view.trump)
        lines.append(words("table.open_hand", name=names[seat], cards=words.cards(cards)))
    return lines


def last_trick_line(view: SeatView, names: Sequence[str], words: Words) -> str:
    """The trick completed last in words: who played which card, and who took it."""
    last = view.tricks[-1]
    assert last.winner is not None
    return words("table.last_trick", n=len(view.tricks),
                 plays=_plays(last, view.players, names, words), name=names[last.winner])


def _plays(trick: TrickView, players: int, names: Sequence[str], words: Words) -> str:
    return ", ".join(words("table.play", name=names[trick.seat_of(i, players)],
                           card=words.card(c)) for i, c in enumerate(trick.cards))


def result_line(view: SeatView, names: Sequence[str], words: Words) -> str:
    result = view.result
    assert result is not None
    if result.status is ResultStatus.THROWN_IN:
        return words("result.thrown_in")
    contract = words.contract(result.contract)
    if result.declarer is None:  # Ramsch
        losers = [names[s] for s, p in enumerate(result.payments) if p < 0]
        return words("result.ramsch", names=", ".join(losers) or words("none"), n=len(losers))
    name = names[result.declarer]
    if result.won is None:
        return words("result.draw", name=name, contract=contract)
    points = result.declarer_points
    key = "result.won" if result.won else "result.lost"
    if rules_of(view.variant).decided_by_tricks(result):
        key += "_tricks"
    return words(key, name=name, contract=contract, points=points)


def solo_seat_line(view: SeatView, seat: int, names: Sequence[str], words: Words,
                   mine: int) -> str:
    """A seat's line on the panel of a member playing alone against computers (the deal
    of the day, a series): their own seat marked as theirs, every other a computer's."""
    name = words("daily.you", name=names[seat]) if seat == mine else names[seat]
    marks = []
    if seat == view.dealer:
        marks.append(words("mark.dealer"))
    if seat == view.declarer:
        marks.append(words("mark.declarer"))
    if seat != mine:
        marks.append(words("mark.computer"))
    status = ""
    if view.tricks or view.current_trick is not None:
        status = words("seat.tricks", n=view.tricks_won[seat])
    else:
        said = [a for s, a in view.auction if s == seat]
        if said:
            status = words("seat.said", word=words.action(said[-1]))
    arrow = words("mark.turn") if seat == view.actor else words("mark.no_turn")
    head = " ".join([words("seat.name", name=name), *marks])
    return arrow + " " + " · ".join([head, *([status] if status else [])])
