"""What the channel is told when a turn timer acts (a reminder, a substitute's move, an
abandoned deal): words that name no card."""

from __future__ import annotations

from bot.engine import Action, ActionType
from bot.i18n import t
from bot.i18n.words import Words
from bot.tables.timeouts import REMINDER, SUBSTITUTE, TimerNotice
from bot.usertext import safe


def left_text(seconds: int, language: str | None) -> str:
    """A duration in hours and minutes (at least one minute)."""
    minutes = max(1, round(seconds / 60))
    if minutes >= 60:
        return t("timer.hours", language, h=minutes // 60, m=minutes % 60)
    return t("timer.minutes", language, m=minutes)


def notice_text(notice: TimerNotice) -> str:
    """The channel text of a timer notice."""
    lang = notice.language
    if notice.kind == REMINDER:
        mention = f"<@{notice.user_id}>" if notice.user_id is not None else safe(notice.name)
        what = "timer.reminder_claim" if notice.claim else "timer.reminder"
        if notice.seconds_left:
            return t(what, lang, mention=mention, left=left_text(notice.seconds_left, lang))
        return t(f"{what}_open", lang, mention=mention)
    if notice.kind == SUBSTITUTE and notice.claim:
        return t("timer.claim_refused", lang, name=safe(notice.name))
    if notice.kind == SUBSTITUTE:
        return t("timer.substitute", lang, name=safe(notice.name),
                 action=public_action(notice.action, notice.variant, notice.style, lang))
    return t("timer.abandoned", lang, name=safe(notice.name))


def public_action(token: str, variant: str, style: str, language: str | None) -> str:
    """What everyone may be told of an action: bids and choices by name, card actions
    by their kind only (a discard or a card given in exchange is hidden; a card played
    is on the table message already)."""
    try:
        action = Action.parse(token)
    except ValueError:
        return ""
    words = Words(language, variant, style)
    kind = action.type
    if kind is ActionType.DISCARD:
        count = action.count or (action.cards or 0).bit_count()
        return words("action.discard_n", n=count)
    if kind in (ActionType.PLAY, ActionType.GIVE, ActionType.CALL):
        return words(f"task.{kind.value}")
    return words.action(action)
