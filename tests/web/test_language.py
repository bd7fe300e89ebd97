"""The visitor's language: the switch, then its cookie, then the browser's."""

from __future__ import annotations

import pytest

from bot.web.language import accepted, chosen


@pytest.mark.parametrize(("header", "language"), [
    ("de-CH,de;q=0.9,en;q=0.8", "de"),
    ("sv", "sv"),
    ("en-US;q=0.8,en;q=0.9,sv;q=0.95", "sv"),  # the highest q wins, wherever it stands
    ("fr-FR,fr;q=0.9,de;q=0.5", "de"),  # languages we have not are skipped
    ("de;q=0,en;q=0.1", "en"),  # q=0: not acceptable
    ("de;q=abc,sv;q=0.2", "sv"),
    ("*", None),
    ("", None),
    (None, None),
    ("fr", None),
    ("DE-de", "de"),
    ("sv;q=0.5,de;q=0.5", "sv"),  # a tie: the first
])
def test_the_browsers_choice(header: str | None, language: str | None) -> None:
    assert accepted(header) == language


def test_the_switch_then_the_cookie_then_the_browser() -> None:
    assert chosen({"lang": "sv"}, {"tapp_lang": "de"}, "en") == ("sv", True)
    assert chosen({"lang": "xx"}, {"tapp_lang": "de"}, "sv") == ("de", False)
    assert chosen({}, {"tapp_lang": "fr"}, "sv") == ("sv", False)
    assert chosen({}, {}, "fr") == ("en", False)
