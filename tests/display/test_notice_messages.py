"""The texts of the timer notices: the reminder's time left, the substitute's move (which
names no card) and the abandoned deal."""

from __future__ import annotations

from bot.tables.timeouts import ABANDONED, REMINDER, SUBSTITUTE, TimerNotice


def test_notice_texts() -> None:
    from bot.display.notice_messages import notice_text

    base = TimerNotice(REMINDER, 1, 2, 0, 42, "Anna", None, "zuger", seconds_left=3000)
    text = notice_text(base)
    assert "<@42>" in text and "50 min" in text
    assert "1 h 40 min" in notice_text(TimerNotice(REMINDER, 1, 2, 0, 42, "Anna", None, "zuger",
                                                   seconds_left=6000))
    sub = notice_text(TimerNotice(SUBSTITUTE, 1, 2, 0, 42, "Anna", "de", "zuger",
                                  action="bid:pass"))
    assert "Anna" in sub and "🤖" in sub and "(Passe)" in sub and "bid:" not in sub
    assert "Anna" in notice_text(TimerNotice(ABANDONED, 1, 2, 0, 42, "Anna", "sv", "zuger"))


def test_a_substitute_notice_names_no_card() -> None:
    """Cards a substitute discarded or gave are hidden; the one it played is shown on the
    table message: the public notice names none of them, only what kind of move it was."""
    from bot.display.notice_messages import notice_text

    from ..e2e.tables.driver import cards_in_text

    for token, words in (("discard:AS.KS", "Discard 2 cards"), ("give:AS", "give a card"),
                         ("play:TH", "play a card"), ("call:7C", "call a card")):
        for style in ("french", "german", "swiss"):
            text = notice_text(TimerNotice(SUBSTITUTE, 1, 2, 0, 42, "Anna", None, "dapp",
                                           style=style, action=token))
            assert words in text and not cards_in_text(text), text
            assert token not in text
