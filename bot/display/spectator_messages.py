"""The spectator's private panel: the followed seat's hand one trick behind, the last
complete trick in words, and a button per seat to follow another one."""

from __future__ import annotations

from bot.i18n.words import Words
from bot.tables.ids import custom_id
from bot.tables.watching import Spectated
from bot.ui.deal_messages import contract_line, last_trick_line
from bot.ui.specs import (
    PRIMARY,
    SECONDARY,
    ButtonSpec,
    ImageKind,
    ImageSpec,
    MessageModel,
    rows,
    shown_names,
)
from renderer.describe import sort_hand

#: characters of a name on a button (Discord allows 80 per label)
LABEL_NAME = 40


def spectator_panel(s: Spectated, words: Words) -> MessageModel:
    names = shown_names(s.names)
    view = s.view
    lines = [words("watch.intro", name=names[s.seat])]
    if view is None:
        lines.append(words("watch.no_play"))
    else:
        assert view.hand is not None
        if view.contract is not None:
            who = names[view.declarer] if view.declarer is not None else None
            lines.append(contract_line(words, words.contract(view.contract), who))
        lines.append(words("watch.cards", cards=words.cards(sort_hand(view.hand, view.trump))))
        if view.tricks:
            lines.append(last_trick_line(view, names, words))
        lines.append(words("watch.delay"))
    buttons = [ButtonSpec(custom_id(s.table_id, None, f"watch.{seat}"),
                          words("button.watch_seat", n=seat + 1,
                                name=(s.names[seat] or "")[:LABEL_NAME]),
                          PRIMARY if seat == s.seat else SECONDARY)
               for seat in range(s.players)]
    image = (ImageSpec(ImageKind.HAND, view, s.names, s.style, words.language)
             if view is not None else None)
    return MessageModel(description="\n".join(lines), image=image, components=rows(buttons),
                        view=view, shown=frozenset(words.named))


__all__ = ["spectator_panel"]
