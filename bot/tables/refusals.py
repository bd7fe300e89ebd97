"""An engine refusal (:class:`~bot.engine.IllegalAction` and its :class:`Refusal`) in the
reader's words: the catalogue key of each reason, with the suit or count it names in
the reader's language. A refusal never names a hidden card: where the reason is only
"not among the legal actions", the legal actions are listed unless they are cards."""

from __future__ import annotations

from bot.engine import Action, ActionType, IllegalAction, Refusal, SeatView, main_actions
from bot.i18n.errors import InLanguage
from bot.i18n.words import Words

from .errors import Refused

#: reasons with a message of their own
_KEYS: dict[Refusal, str] = {
    Refusal.NOT_IN_HAND: "error.card_not_in_hand",
    Refusal.MUST_FOLLOW: "error.must_follow",
    Refusal.MUST_TRUMP: "error.must_trump",
    Refusal.DISCARD_COUNT: "error.discard_count",
    Refusal.CALL_OWN_CARD: "error.call_own_card",
    Refusal.NO_KONTRA: "error.no_kontra",
}
_CARD_ACTIONS = (ActionType.PLAY, ActionType.GIVE, ActionType.CALL, ActionType.DISCARD)


def refusal(error: IllegalAction, view: SeatView, style: str) -> Refused:
    """Why the seat whose ``view`` this is may not take the action it tried."""
    variant = view.variant
    key = _KEYS.get(error.reason)
    if key is not None:
        suit = error.suit
        values: dict[str, object] = {}
        if suit is not None:
            values["suit"] = _suit(suit, variant, style)
        if error.count is not None:
            values["n"] = error.count
        return Refused(key, **values)
    main = main_actions(view.legal)
    if not main:
        return Refused("error.nothing_to_do")
    if any(a.type in _CARD_ACTIONS for a in main):  # name no card in an error
        return Refused("error.not_allowed_plain")
    return Refused("error.not_allowed", allowed=_listing(main, variant, style))


def _suit(suit: int, variant: str, style: str) -> InLanguage:
    return lambda language: Words(language, variant, style).suit(suit)


def _listing(actions: list[Action], variant: str, style: str) -> InLanguage:
    return lambda language: ", ".join(Words(language, variant, style).action(a)
                                      for a in actions)
